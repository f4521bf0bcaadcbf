//! The bilinear x pass of a UINT8 RGB image with AVX2: the camera-frame case, where this pass is
//! most of the resize's time.
//!
//! Each output pixel reads its two source pixels as one unaligned 4-byte load each (three
//! channels and one byte that is never used), eight pixels per vector; a lane permute and a byte
//! shuffle spread the 24 channel bytes into three vectors of zero-extended 32-bit integers, in
//! the interleaved order of the output row. The arithmetic is TensorFlow's, lane by lane:
//! `a + (b - a) * w` in float32, with no fused multiply-add, so every value equals the scalar
//! path's bit for bit. Gathers (`vpgatherdd`) were measured slower than the eight scalar loads
//! on the machines at hand.

use std::arch::x86_64::*;

/// The x taps of one resize, ready for the vector pass.
pub(super) struct RgbTaps {
    /// Per output pixel, the element offset of the lower source pixel within a source row.
    lower: Vec<usize>,
    /// Per output pixel, the element offset of the upper source pixel.
    upper: Vec<usize>,
    /// Per output value (three per pixel), the weight of the upper pixel.
    weights: Vec<f32>,
    /// One past the last byte a row pass reads: the largest offset plus the 4-byte load.
    reach: usize,
}

impl RgbTaps {
    /// The taps `(lower, upper, weight)` of each output pixel, or `None` when this CPU lacks
    /// AVX2 (or under Miri, which runs the scalar path).
    pub(super) fn new(taps: &[(usize, usize, f32)]) -> Option<RgbTaps> {
        if cfg!(miri) || !std::is_x86_feature_detected!("avx2") {
            return None;
        }
        let reach = taps
            .iter()
            .map(|&(lo, hi, _)| lo.max(hi))
            .max()
            .unwrap_or(0)
            .checked_add(4)?;
        Some(RgbTaps {
            lower: taps.iter().map(|t| t.0).collect(),
            upper: taps.iter().map(|t| t.1).collect(),
            weights: taps.iter().flat_map(|t| [t.2; 3]).collect(),
            reach,
        })
    }

    /// Interpolates `row` (a source row and anything after it) along x into `dst`, three values
    /// per output pixel. Returns `false`, writing nothing, when a 4-byte load would pass the end
    /// of `row` (the image's last row or two): the caller then runs the scalar pass.
    ///
    /// # Panics
    /// If `dst` does not hold three values per tap.
    pub(super) fn horizontal(&self, row: &[u8], dst: &mut [f32]) -> bool {
        assert_eq!(dst.len(), self.weights.len(), "three values per tap");
        if row.len() < self.reach {
            return false;
        }
        // SAFETY: `new` checked the CPU for AVX2; every offset plus 4 is at most `reach`, which
        // is within `row`; `dst` has three values per tap (asserted above).
        unsafe { horizontal_avx2(row, self, dst) };
        true
    }
}

/// # Safety
/// The CPU supports AVX2; `row.len() >= taps.reach`; `dst.len() == taps.weights.len()`.
#[target_feature(enable = "avx2")]
unsafe fn horizontal_avx2(row: &[u8], taps: &RgbTaps, dst: &mut [f32]) {
    let pixels = taps.lower.len();
    let blocks = pixels / 8;
    // Output value v of a block (0..24) is channel v % 3 of pixel v / 3. Vector k holds values
    // 8k..8k+8: its low half needs two neighbouring pixels, its high half the next two, so a
    // dword permute first brings those pixels into dwords 0 and 1 of each half; the shuffle
    // then takes one byte per value (byte 4p + channel of the half) and zeroes the rest.
    let gather = [
        _mm256_setr_epi32(0, 1, 0, 0, 1, 2, 0, 0),
        _mm256_setr_epi32(2, 3, 0, 0, 4, 5, 0, 0),
        _mm256_setr_epi32(5, 6, 0, 0, 6, 7, 0, 0),
    ];
    const Z: i8 = -1;
    #[rustfmt::skip]
    let spread = [
        _mm256_setr_epi8(0, Z, Z, Z, 1, Z, Z, Z, 2, Z, Z, Z, 4, Z, Z, Z,
                         1, Z, Z, Z, 2, Z, Z, Z, 4, Z, Z, Z, 5, Z, Z, Z),
        _mm256_setr_epi8(2, Z, Z, Z, 4, Z, Z, Z, 5, Z, Z, Z, 6, Z, Z, Z,
                         0, Z, Z, Z, 1, Z, Z, Z, 2, Z, Z, Z, 4, Z, Z, Z),
        _mm256_setr_epi8(1, Z, Z, Z, 2, Z, Z, Z, 4, Z, Z, Z, 5, Z, Z, Z,
                         2, Z, Z, Z, 4, Z, Z, Z, 5, Z, Z, Z, 6, Z, Z, Z),
    ];
    let base = row.as_ptr();
    // SAFETY (every load below): offsets come from `taps`, each plus 4 within `row`.
    let load = |offsets: &[usize]| unsafe {
        let at = |i: usize| base.add(offsets[i]).cast::<i32>().read_unaligned();
        _mm256_setr_epi32(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7))
    };
    for block in 0..blocks {
        let first = block * 8;
        let lower = load(&taps.lower[first..first + 8]);
        let upper = load(&taps.upper[first..first + 8]);
        let weights = &taps.weights[first * 3..first * 3 + 24];
        let out = &mut dst[first * 3..first * 3 + 24];
        for k in 0..3 {
            let widen = |v: __m256i| {
                _mm256_cvtepi32_ps(_mm256_shuffle_epi8(
                    _mm256_permutevar8x32_epi32(v, gather[k]),
                    spread[k],
                ))
            };
            let (a, b) = (widen(lower), widen(upper));
            // SAFETY: `weights` and `out` hold 24 values; 8k + 8 <= 24.
            unsafe {
                let w = _mm256_loadu_ps(weights.as_ptr().add(8 * k));
                let v = _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), w));
                _mm256_storeu_ps(out.as_mut_ptr().add(8 * k), v);
            }
        }
    }
    for p in blocks * 8..pixels {
        let (lo, hi) = (taps.lower[p], taps.upper[p]);
        for ch in 0..3 {
            let a = f32::from(row[lo + ch]);
            let b = f32::from(row[hi + ch]);
            dst[p * 3 + ch] = a + (b - a) * taps.weights[p * 3 + ch];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RgbTaps;

    fn scalar(row: &[u8], taps: &[(usize, usize, f32)]) -> Vec<f32> {
        taps.iter()
            .flat_map(|&(lo, hi, w)| {
                (0..3).map(move |ch| {
                    let (a, b) = (f32::from(row[lo + ch]), f32::from(row[hi + ch]));
                    a + (b - a) * w
                })
            })
            .collect()
    }

    #[test]
    fn vector_pass_equals_the_scalar_formula_bit_for_bit() {
        let Some(_) = RgbTaps::new(&[]) else {
            return; // no AVX2 here: the scalar path is all there is
        };
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state >> 33
        };
        for pixels in [1usize, 7, 8, 9, 16, 23, 224, 225] {
            let row: Vec<u8> = (0..3 * 500).map(|_| next() as u8).collect();
            let taps: Vec<(usize, usize, f32)> = (0..pixels)
                .map(|_| {
                    let lo = 3 * (next() as usize % 499);
                    // Upper pixel: the next one, the same one (clamped edge), or anywhere (a
                    // rotated or transposed source).
                    let hi = match next() % 3 {
                        0 => lo + 3,
                        1 => lo,
                        _ => 3 * (next() as usize % 500),
                    };
                    (lo, hi, (next() % 1000) as f32 / 1000.0)
                })
                .collect();
            let v = RgbTaps::new(&taps).expect("AVX2 was detected");
            let mut got = vec![f32::NAN; 3 * pixels];
            assert!(v.horizontal(&row, &mut got));
            let want = scalar(&row, &taps);
            let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&got), bits(&want), "{pixels} pixels");
        }
    }

    #[test]
    fn a_load_past_the_row_is_refused_without_writing() {
        let taps = [(0usize, 3usize, 0.5f32), (3, 6, 0.25)];
        let Some(v) = RgbTaps::new(&taps) else {
            return;
        };
        // The upper pixel of the second tap ends at byte 9; its 4-byte load needs 10.
        let row = [7u8; 9];
        let mut dst = [1.0f32; 6];
        assert!(!v.horizontal(&row, &mut dst));
        assert_eq!(dst, [1.0; 6]);
        let row = [7u8; 10];
        assert!(v.horizontal(&row, &mut dst));
        assert_eq!(dst, [7.0; 6]);
    }
}
