//! YUV 4:2:0 frames to RGB bytes.
//!
//! **The rule (one, for every layout).** By default ITU-R BT.601, limited ("video") range, as
//! camera pipelines and libyuv's default conversion assume: with `c = Y − 16`, `d = U − 128`,
//! `e = V − 128`,
//!
//! ```text
//! R = clamp((76309·c             + 104597·e + 32768) >> 16)
//! G = clamp((76309·c −  25675·d −  53279·e + 32768) >> 16)
//! B = clamp((76309·c + 132201·d            + 32768) >> 16)
//! ```
//!
//! i.e. the coefficients 255/219, 1.402·255/224, 0.344136·255/224, 0.714136·255/224 and
//! 1.772·255/224 in 16-bit fixed point (rounded to the nearest integer), the sum rounded half up
//! (`+ 2^15`, arithmetic shift), then clamped to 0..=255. It is exact integer arithmetic, so every
//! platform gives the same bytes; it differs from the real-valued formula by at most 1.
//!
//! The other [`Matrix`]es (BT.601 full range as JFIF defines it, BT.709 limited and full) follow
//! the same rule with their own coefficients: derived from the standard's luma weights, scaled by
//! 255/219 and 255/224 in limited range (1 and no offset in full range), rounded to 16-bit fixed
//! point.
//!
//! Chroma is sampled once per 2×2 block (pixel `(x, y)` uses chroma sample `(x / 2, y / 2)`, no
//! interpolation); odd widths and heights have a last chroma column/row of ceil(n/2) samples.
//!
//! A frame is three planes with their strides ([`Planes`]); the packed layouts (NV21, NV12, YV12,
//! YV21) are the same planes inside one buffer ([`Planes::packed`]).

use crate::{Error, Result};

const HALF: i32 = 1 << 15;

/// A YUV → RGB matrix in 16-bit fixed point: `R = gain·(Y − offset) + v_to_r·e`,
/// `G = gain·(Y − offset) − u_to_g·d − v_to_g·e`, `B = gain·(Y − offset) + u_to_b·d`, each
/// coefficient the real one times 2^16 rounded to the nearest integer (derived from the standard's
/// luma weights, see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Matrix {
    y_offset: i32,
    y_gain: i32,
    v_to_r: i32,
    u_to_g: i32,
    v_to_g: i32,
    u_to_b: i32,
}

impl Matrix {
    /// ITU-R BT.601, limited ("video") range: Y 16..=235, U and V 16..=240. The default.
    pub const BT601_LIMITED: Matrix = Matrix::new(0.299, 0.114, false);
    /// BT.601, full range (JFIF): Y, U and V 0..=255.
    pub const BT601_FULL: Matrix = Matrix::new(0.299, 0.114, true);
    /// ITU-R BT.709 (HD), limited range.
    pub const BT709_LIMITED: Matrix = Matrix::new(0.2126, 0.0722, false);
    /// BT.709, full range.
    pub const BT709_FULL: Matrix = Matrix::new(0.2126, 0.0722, true);

    /// The matrix of the luma weights `kr` and `kb` (`kg = 1 − kr − kb`): `R = Y + 2(1 − kr)·e`,
    /// `G = Y − 2kb(1 − kb)/kg·d − 2kr(1 − kr)/kg·e`, `B = Y + 2(1 − kb)·d`, with luma scaled by
    /// 255/219 and chroma by 255/224 in limited range.
    const fn new(kr: f64, kb: f64, full_range: bool) -> Matrix {
        let kg = 1.0 - kr - kb;
        let (y_scale, c_scale) = if full_range {
            (1.0, 1.0)
        } else {
            (255.0 / 219.0, 255.0 / 224.0)
        };
        Matrix {
            y_offset: if full_range { 0 } else { 16 },
            y_gain: fixed(y_scale),
            v_to_r: fixed(2.0 * (1.0 - kr) * c_scale),
            u_to_g: fixed(2.0 * kb * (1.0 - kb) / kg * c_scale),
            v_to_g: fixed(2.0 * kr * (1.0 - kr) / kg * c_scale),
            u_to_b: fixed(2.0 * (1.0 - kb) * c_scale),
        }
    }

    /// The matrices by code, in the order of `dev.tensorbridge.image.YuvColorMatrix`.
    pub fn from_code(code: i32) -> Result<Matrix> {
        match code {
            0 => Ok(Matrix::BT601_LIMITED),
            1 => Ok(Matrix::BT601_FULL),
            2 => Ok(Matrix::BT709_LIMITED),
            3 => Ok(Matrix::BT709_FULL),
            _ => Err(Error::invalid_argument(format!("unknown YUV matrix {code}"))),
        }
    }
}

/// A positive coefficient in 16-bit fixed point, rounded to the nearest integer.
const fn fixed(x: f64) -> i32 {
    (x * 65536.0 + 0.5) as i32
}

/// The packed YUV 4:2:0 layouts of a single buffer (`ColorSpaceType` NV12, NV21, YV12, YV21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Y plane, then interleaved U, V.
    Nv12,
    /// Y plane, then interleaved V, U.
    Nv21,
    /// Y plane, then the V plane, then the U plane.
    Yv12,
    /// Y plane, then the U plane, then the V plane.
    Yv21,
}

/// One frame: three planes (which may be windows of one buffer) and how to step through them.
#[derive(Clone, Copy, Debug)]
pub struct Planes<'a> {
    /// Luma bytes, row by row.
    pub y: &'a [u8],
    /// Cb samples.
    pub u: &'a [u8],
    /// Cr samples.
    pub v: &'a [u8],
    /// Bytes from one luma row to the next (at least the width).
    pub y_row_stride: usize,
    /// Bytes from one chroma row to the next.
    pub uv_row_stride: usize,
    /// Bytes from one chroma sample to the next in a row (1 planar, 2 semi-planar).
    pub uv_pixel_stride: usize,
    /// Pixels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

/// Chroma plane width or height: ceil(n / 2).
pub fn chroma_len(n: usize) -> usize {
    n.div_ceil(2)
}

/// Bytes a packed frame of `width × height` occupies: `w·h + 2·ceil(w/2)·ceil(h/2)`.
pub fn packed_len(width: usize, height: usize) -> Option<usize> {
    let chroma = chroma_len(width)
        .checked_mul(chroma_len(height))?
        .checked_mul(2)?;
    width.checked_mul(height)?.checked_add(chroma)
}

impl<'a> Planes<'a> {
    /// The planes of a packed frame at the start of `data` (which may be longer).
    ///
    /// # Errors
    /// `InvalidArgument` if `data` is shorter than [`packed_len`] or the size overflows.
    pub fn packed(data: &'a [u8], layout: Layout, width: usize, height: usize) -> Result<Self> {
        let needed = packed_len(width, height)
            .ok_or_else(|| Error::invalid_argument("YUV frame size overflows"))?;
        if data.len() < needed {
            return Err(Error::invalid_argument(format!(
                "a {width} x {height} YUV 4:2:0 frame needs {needed} bytes, got {}",
                data.len()
            )));
        }
        let luma = width * height;
        let (cw, ch) = (chroma_len(width), chroma_len(height));
        let plane = cw * ch;
        // An empty frame (no chroma) may start its planes past the end of `data`.
        let from = |start: usize| data.get(start..).unwrap_or(&[]);
        let (u, v, row, step) = match layout {
            Layout::Nv12 => (from(luma), from(luma + 1), 2 * cw, 2),
            Layout::Nv21 => (from(luma + 1), from(luma), 2 * cw, 2),
            Layout::Yv12 => (from(luma + plane), from(luma), cw, 1),
            Layout::Yv21 => (from(luma), from(luma + plane), cw, 1),
        };
        Ok(Planes {
            y: &data[..luma],
            u,
            v,
            y_row_stride: width,
            uv_row_stride: row,
            uv_pixel_stride: step,
            width,
            height,
        })
    }

    /// Checks strides and plane lengths against the size, so the conversion cannot index out of
    /// bounds.
    fn validate(&self) -> Result<()> {
        let (w, h) = (self.width, self.height);
        if w == 0 || h == 0 {
            return Ok(());
        }
        if self.y_row_stride < w {
            return Err(Error::invalid_argument(format!(
                "Y row stride {} is less than the width {w}",
                self.y_row_stride
            )));
        }
        if self.uv_pixel_stride == 0 {
            return Err(Error::invalid_argument("UV pixel stride must be positive"));
        }
        let (cw, ch) = (chroma_len(w), chroma_len(h));
        let chroma_row = (cw - 1)
            .checked_mul(self.uv_pixel_stride)
            .and_then(|n| n.checked_add(1))
            .ok_or_else(|| Error::invalid_argument("UV strides overflow"))?;
        if self.uv_row_stride < chroma_row {
            return Err(Error::invalid_argument(format!(
                "UV row stride {} is less than the {chroma_row} bytes a chroma row spans",
                self.uv_row_stride
            )));
        }
        let need = |rows: usize, stride: usize, last: usize| {
            (rows - 1)
                .checked_mul(stride)
                .and_then(|n| n.checked_add(last))
        };
        let y_need = need(h, self.y_row_stride, w)
            .ok_or_else(|| Error::invalid_argument("Y plane size overflows"))?;
        let uv_need = need(ch, self.uv_row_stride, chroma_row)
            .ok_or_else(|| Error::invalid_argument("UV plane size overflows"))?;
        for (name, len, needed) in [
            ("Y", self.y.len(), y_need),
            ("U", self.u.len(), uv_need),
            ("V", self.v.len(), uv_need),
        ] {
            if len < needed {
                return Err(Error::invalid_argument(format!(
                    "the {name} plane holds {len} bytes, {needed} needed for {w} x {h}"
                )));
            }
        }
        Ok(())
    }
}

/// Converts a frame to RGB bytes (`width × height × 3`, row-major, R, G, B).
///
/// # Errors
/// `InvalidArgument` for inconsistent strides, planes too short for the size, or an output that
/// is not exactly `width · height · 3` bytes.
pub fn to_rgb(planes: &Planes<'_>, rgb: &mut [u8]) -> Result<()> {
    to_rgb_with(planes, &Matrix::BT601_LIMITED, rgb)
}

/// [`to_rgb`] with another matrix: the same rounding, clamp and chroma sampling.
///
/// # Errors
/// As [`to_rgb`].
pub fn to_rgb_with(planes: &Planes<'_>, matrix: &Matrix, rgb: &mut [u8]) -> Result<()> {
    planes.validate()?;
    let (w, h) = (planes.width, planes.height);
    let out_len = w
        .checked_mul(h)
        .and_then(|n| n.checked_mul(3))
        .ok_or_else(|| Error::invalid_argument("RGB size overflows"))?;
    if rgb.len() != out_len {
        return Err(Error::invalid_argument(format!(
            "the RGB output holds {} bytes, {out_len} needed",
            rgb.len()
        )));
    }
    if out_len == 0 {
        return Ok(());
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("sse4.1") && std::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSE4.1 and SSSE3 (checked just above).
            unsafe { x86::convert_sse41(planes, matrix, rgb) };
            return Ok(());
        }
    }
    convert(planes, matrix, rgb, luma_row);
    Ok(())
}

/// Row by row: the chroma terms of each chroma sample of a row pair are computed once into
/// scratch arrays (one value per sample, each serving two pixels of two rows), then each luma row
/// is written. `planes` is validated.
#[inline(always)]
fn convert(
    planes: &Planes<'_>,
    matrix: &Matrix,
    rgb: &mut [u8],
    row_kernel: impl Fn(&[u8], &Matrix, &[i32], &[i32], &[i32], &mut [u8]),
) {
    let (w, h) = (planes.width, planes.height);
    let cw = chroma_len(w);
    let mut r_term = vec![0i32; cw];
    let mut g_term = vec![0i32; cw];
    let mut b_term = vec![0i32; cw];
    for (row, out) in rgb.chunks_exact_mut(w * 3).enumerate().take(h) {
        if row % 2 == 0 {
            let base = (row / 2) * planes.uv_row_stride;
            chroma_terms(planes, matrix, base, &mut r_term, &mut g_term, &mut b_term);
        }
        let y = &planes.y[row * planes.y_row_stride..][..w];
        row_kernel(y, matrix, &r_term, &g_term, &b_term, out);
    }
}

/// The chroma terms (with the rounding half added) of every chroma sample of a row pair.
#[inline(always)]
fn chroma_terms(
    planes: &Planes<'_>,
    matrix: &Matrix,
    base: usize,
    r: &mut [i32],
    g: &mut [i32],
    b: &mut [i32],
) {
    let samples = r.len();
    if samples == 0 {
        return;
    }
    // `validate` guarantees a chroma row of `samples` samples at `base` in both planes.
    let span = |step: usize| (samples - 1) * step + 1;
    let step = planes.uv_pixel_stride;
    let (u, v) = (
        &planes.u[base..][..span(step)],
        &planes.v[base..][..span(step)],
    );
    // The common strides as constants, so the loop compiles to straight vector code.
    match step {
        1 => chroma_row::<1>(u, v, matrix, r, g, b),
        2 => chroma_row::<2>(u, v, matrix, r, g, b),
        _ => {
            let uv = u.iter().step_by(step).zip(v.iter().step_by(step));
            let terms = r.iter_mut().zip(g.iter_mut()).zip(b.iter_mut());
            for (((rt, gt), bt), (&u, &v)) in terms.zip(uv) {
                (*rt, *gt, *bt) = chroma_sample(matrix, u, v);
            }
        }
    }
}

/// [`chroma_terms`] for a constant sample stride; `u` and `v` hold `(r.len() - 1) · STEP + 1`
/// bytes.
#[inline(always)]
fn chroma_row<const STEP: usize>(
    u: &[u8],
    v: &[u8],
    matrix: &Matrix,
    r: &mut [i32],
    g: &mut [i32],
    b: &mut [i32],
) {
    let n = r.len().min(g.len()).min(b.len());
    assert!(n > 0 && u.len() > (n - 1) * STEP && v.len() > (n - 1) * STEP);
    for s in 0..n {
        (r[s], g[s], b[s]) = chroma_sample(matrix, u[s * STEP], v[s * STEP]);
    }
}

/// One chroma sample's terms for R, G and B, with the rounding half added.
#[inline(always)]
fn chroma_sample(m: &Matrix, u: u8, v: u8) -> (i32, i32, i32) {
    let d = i32::from(u) - 128;
    let e = i32::from(v) - 128;
    (
        m.v_to_r * e + HALF,
        HALF - m.u_to_g * d - m.v_to_g * e,
        m.u_to_b * d + HALF,
    )
}

#[inline(always)]
fn clamp(x: i32) -> u8 {
    (x >> 16).clamp(0, 255) as u8
}

/// One output row from its luma and the row pair's chroma terms, one per two pixels (`out`
/// holds `3 · y.len()`; the terms start at the sample of `y[0]`, which is even).
#[inline(always)]
fn luma_row(y: &[u8], m: &Matrix, r: &[i32], g: &[i32], b: &[i32], out: &mut [u8]) {
    for (x, (o, &l)) in out.chunks_exact_mut(3).zip(y).enumerate() {
        let (rt, gt, bt) = (r[x / 2], g[x / 2], b[x / 2]);
        let l = m.y_gain * (i32::from(l) - m.y_offset);
        o[0] = clamp(l + rt);
        o[1] = clamp(l + gt);
        o[2] = clamp(l + bt);
    }
}

/// The luma loop with SSE4.1: 16 pixels per step, the clamp done by the saturating packs (the
/// sums shifted by 16 fit in i16), R, G, B interleaved with three byte shuffles per output vector.
/// Same arithmetic as [`luma_row`], so the same bytes.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    use super::{Matrix, Planes, convert, luma_row};

    /// For output vector `o` (bytes 16·o .. 16·o + 15 of 48) and channel `c`, the shuffle that
    /// picks that channel's pixels into their places (0x80: zero).
    const fn mask(o: usize, c: usize) -> [u8; 16] {
        let mut m = [0x80u8; 16];
        let mut j = 0;
        while j < 16 {
            let k = 16 * o + j;
            if k % 3 == c {
                m[j] = (k / 3) as u8;
            }
            j += 1;
        }
        m
    }

    const MASKS: [[[u8; 16]; 3]; 3] = [
        [mask(0, 0), mask(0, 1), mask(0, 2)],
        [mask(1, 0), mask(1, 1), mask(1, 2)],
        [mask(2, 0), mask(2, 1), mask(2, 2)],
    ];

    /// # Safety
    /// The CPU must support SSE4.1 and SSSE3; `planes` is validated and `rgb` sized for it.
    #[target_feature(enable = "sse4.1,ssse3")]
    pub(super) unsafe fn convert_sse41(planes: &Planes<'_>, matrix: &Matrix, rgb: &mut [u8]) {
        // SAFETY: the caller's CPU contract covers the row kernel.
        convert(planes, matrix, rgb, |y, m, r, g, b, out| unsafe {
            row(y, m, r, g, b, out)
        });
    }

    #[target_feature(enable = "sse4.1,ssse3")]
    unsafe fn row(y: &[u8], m: &Matrix, r: &[i32], g: &[i32], b: &[i32], out: &mut [u8]) {
        let n = y.len();
        let blocks = n / 16;
        let samples = n.div_ceil(2);
        assert!(
            r.len() >= samples && g.len() >= samples && b.len() >= samples && out.len() >= 3 * n
        );
        let gain = _mm_set1_epi32(m.y_gain);
        let offset = _mm_set1_epi32(m.y_offset);
        let load_mask = |m: &[u8; 16]| {
            // SAFETY: 16 readable bytes.
            unsafe { _mm_loadu_si128(m.as_ptr().cast()) }
        };
        let masks = [
            [
                load_mask(&MASKS[0][0]),
                load_mask(&MASKS[0][1]),
                load_mask(&MASKS[0][2]),
            ],
            [
                load_mask(&MASKS[1][0]),
                load_mask(&MASKS[1][1]),
                load_mask(&MASKS[1][2]),
            ],
            [
                load_mask(&MASKS[2][0]),
                load_mask(&MASKS[2][1]),
                load_mask(&MASKS[2][2]),
            ],
        ];
        for blk in 0..blocks {
            let x = blk * 16;
            // SAFETY: x + 16 <= n; the term slices hold ceil(n/2) samples and out 3n bytes (asserted
            // above), and the last sample read, x/2 + 7, is below n/2.
            unsafe {
                let yv = _mm_loadu_si128(y.as_ptr().add(x).cast());
                let quads = [
                    _mm_cvtepu8_epi32(yv),
                    _mm_cvtepu8_epi32(_mm_srli_si128::<4>(yv)),
                    _mm_cvtepu8_epi32(_mm_srli_si128::<8>(yv)),
                    _mm_cvtepu8_epi32(_mm_srli_si128::<12>(yv)),
                ];
                let channel = |terms: &[i32]| {
                    let mut v = [_mm_setzero_si128(); 4];
                    for (q, l) in quads.iter().enumerate() {
                        let luma = _mm_mullo_epi32(_mm_sub_epi32(*l, offset), gain);
                        // Pixels x + 4q .. x + 4q + 3 share the samples x/2 + 2q and the next.
                        let t = _mm_loadl_epi64(terms.as_ptr().add(x / 2 + 2 * q).cast());
                        let t = _mm_unpacklo_epi32(t, t);
                        v[q] = _mm_srai_epi32::<16>(_mm_add_epi32(luma, t));
                    }
                    _mm_packus_epi16(_mm_packs_epi32(v[0], v[1]), _mm_packs_epi32(v[2], v[3]))
                };
                let (rv, gv, bv) = (channel(r), channel(g), channel(b));
                let dst = out.as_mut_ptr().add(3 * x);
                for (o, m) in masks.iter().enumerate() {
                    let v = _mm_or_si128(
                        _mm_or_si128(_mm_shuffle_epi8(rv, m[0]), _mm_shuffle_epi8(gv, m[1])),
                        _mm_shuffle_epi8(bv, m[2]),
                    );
                    _mm_storeu_si128(dst.add(16 * o).cast(), v);
                }
            }
        }
        let done = blocks * 16;
        let half = done / 2;
        luma_row(
            &y[done..],
            m,
            &r[half..],
            &g[half..],
            &b[half..],
            &mut out[3 * done..],
        );
    }
}
