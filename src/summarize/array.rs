//! The array printer (docs/contracts/tensor.md#summaries-and-debug-strings): nested brackets with v1's flat cut-off or v2's head-and-tail view.

use super::elements::ElementFormatter;

/// What the array printer needs besides the elements.
pub(crate) struct ArrayLayout<'a> {
    pub dims: &'a [usize],
    pub num_elements: usize,
    /// `min(max_entries, num_elements)`.
    pub limit: usize,
    pub is_bool: bool,
}

pub(crate) fn array_summary(layout: &ArrayLayout<'_>, elements: &dyn ElementFormatter, v2: bool) -> Vec<u8> {
    let mut out = Vec::new();
    // Upstream returns before printing anything for bool when nothing is to be shown, even the "...".
    if layout.is_bool && layout.limit == 0 {
        return out;
    }
    if layout.dims.is_empty() {
        for index in 0..layout.limit {
            if index > 0 {
                out.push(b' ');
            }
            elements.fmt_element(index, v2, &mut out);
        }
        if layout.num_elements > layout.limit {
            out.extend_from_slice(b"...");
        }
    } else if !v2 {
        let mut printer = NestedV1 { dims: layout.dims, limit: layout.limit, next: 0, elements, out };
        printer.level(0);
        out = printer.out;
        if layout.num_elements > layout.limit {
            out.extend_from_slice(b"...");
        }
    } else {
        let strides = row_major_strides(layout.dims);
        let printer = NestedV2 { dims: layout.dims, strides: &strides, edge: layout.limit, elements };
        printer.level(0, 0, &mut out);
    }
    out
}

/// Elements per step of each dimension (product of the dimensions after it).
fn row_major_strides(dims: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; dims.len()];
    for level in (0..dims.len().saturating_sub(1)).rev() {
        strides[level] = strides[level + 1].saturating_mul(dims[level + 1]);
    }
    strides
}

/// v1: walks elements in flat order and stops after `limit` of them, closing the brackets it opened.
struct NestedV1<'a> {
    dims: &'a [usize],
    limit: usize,
    /// Elements printed so far.
    next: usize,
    elements: &'a dyn ElementFormatter,
    out: Vec<u8>,
}

impl NestedV1<'_> {
    fn level(&mut self, level: usize) {
        if self.next >= self.limit {
            return;
        }
        let count = self.dims[level];
        if level + 1 == self.dims.len() {
            for j in 0..count {
                if self.next >= self.limit {
                    // A row cut short says so; for rank 1 the caller's trailing "..." does.
                    if level != 0 {
                        self.out.extend_from_slice(b"...");
                    }
                    return;
                }
                if j > 0 {
                    self.out.push(b' ');
                }
                self.elements.fmt_element(self.next, false, &mut self.out);
                self.next += 1;
            }
            return;
        }
        for _ in 0..count {
            let opened = self.next < self.limit;
            if opened {
                self.out.push(b'[');
            }
            self.level(level + 1);
            if self.next < self.limit || opened {
                self.out.push(b']');
            }
        }
    }
}

/// v2: NumPy-like; at every level shows the first and last `edge` items with `...` between.
struct NestedV2<'a> {
    dims: &'a [usize],
    strides: &'a [usize],
    edge: usize,
    elements: &'a dyn ElementFormatter,
}

impl NestedV2<'_> {
    fn level(&self, level: usize, base: usize, out: &mut Vec<u8>) {
        if level == self.dims.len() {
            self.elements.fmt_element(base, true, out);
            return;
        }
        let count = self.dims[level];
        let stride = self.strides[level];
        out.push(b'[');
        for j in 0..self.edge.min(count) {
            if j > 0 {
                self.separator(level, out);
            }
            self.level(level + 1, base + j * stride, out);
        }
        if count > self.edge.saturating_mul(2) {
            self.separator(level, out);
            out.extend_from_slice(b"...");
        }
        for j in self.edge.max(count.saturating_sub(self.edge))..count {
            self.separator(level, out);
            self.level(level + 1, base + j * stride, out);
        }
        out.push(b']');
    }

    /// A space between innermost items; between outer items one newline per enclosed level, then indentation
    /// to align under the opening bracket.
    fn separator(&self, level: usize, out: &mut Vec<u8>) {
        let rank = self.dims.len();
        if level + 1 < rank {
            out.extend(std::iter::repeat_n(b'\n', rank - level - 1));
            out.extend(std::iter::repeat_n(b' ', level + 1));
        } else {
            out.push(b' ');
        }
    }
}
