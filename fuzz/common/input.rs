//! The fuzzer's bytes read front to back as the parameters of a case; zeros once they run out,
//! so every input, however short, describes a complete case.

pub struct Input<'a>(pub &'a [u8]);

impl Input<'_> {
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// A value in `0..n` (`n > 0`).
    #[allow(dead_code)] // not every target draws bounded values
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    /// The next `n` bytes.
    #[allow(dead_code)]
    pub fn take(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.byte()).collect()
    }
}
