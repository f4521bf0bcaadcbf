//! YUV 4:2:0 frames to RGB bytes.
//!
//! **The rule (one, for every layout).** ITU-R BT.601, limited ("video") range, as camera
//! pipelines and libyuv's default conversion assume: with `c = Y − 16`, `d = U − 128`,
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
//! Chroma is sampled once per 2×2 block (pixel `(x, y)` uses chroma sample `(x / 2, y / 2)`, no
//! interpolation); odd widths and heights have a last chroma column/row of ceil(n/2) samples.
//!
//! A frame is three planes with their strides ([`Planes`]); the packed layouts (NV21, NV12, YV12,
//! YV21) are the same planes inside one buffer ([`Planes::packed`]).

use crate::{Error, Result};

const Y_GAIN: i32 = 76309;
const V_TO_R: i32 = 104597;
const U_TO_G: i32 = 25675;
const V_TO_G: i32 = 53279;
const U_TO_B: i32 = 132201;
const HALF: i32 = 1 << 15;

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
    let chroma = chroma_len(width).checked_mul(chroma_len(height))?.checked_mul(2)?;
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
        let (u, v, row, step) = match layout {
            Layout::Nv12 => (&data[luma..], &data[luma + 1..], 2 * cw, 2),
            Layout::Nv21 => (&data[luma + 1..], &data[luma..], 2 * cw, 2),
            Layout::Yv12 => (&data[luma + plane..], &data[luma..], cw, 1),
            Layout::Yv21 => (&data[luma..], &data[luma + plane..], cw, 1),
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
            (rows - 1).checked_mul(stride).and_then(|n| n.checked_add(last))
        };
        let y_need = need(h, self.y_row_stride, w)
            .ok_or_else(|| Error::invalid_argument("Y plane size overflows"))?;
        let uv_need = need(ch, self.uv_row_stride, chroma_row)
            .ok_or_else(|| Error::invalid_argument("UV plane size overflows"))?;
        for (name, len, needed) in
            [("Y", self.y.len(), y_need), ("U", self.u.len(), uv_need), ("V", self.v.len(), uv_need)]
        {
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
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { convert_avx2(planes, rgb) };
            return Ok(());
        }
    }
    convert(planes, rgb);
    Ok(())
}

/// The same loop compiled for AVX2, so the per-row arithmetic is vectorised wider.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convert_avx2(planes: &Planes<'_>, rgb: &mut [u8]) {
    convert(planes, rgb);
}

/// Row by row: the chroma terms of a row of 2×2 blocks are computed once into scratch arrays
/// (shared by two luma rows), then each luma row is written. `planes` is validated.
#[inline(always)]
fn convert(planes: &Planes<'_>, rgb: &mut [u8]) {
    let (w, h) = (planes.width, planes.height);
    let cw = chroma_len(w);
    let mut r_term = vec![0i32; cw];
    let mut g_term = vec![0i32; cw];
    let mut b_term = vec![0i32; cw];
    for (row, out) in rgb.chunks_exact_mut(w * 3).enumerate().take(h) {
        if row % 2 == 0 {
            let base = (row / 2) * planes.uv_row_stride;
            chroma_terms(planes, base, &mut r_term, &mut g_term, &mut b_term);
        }
        let y = &planes.y[row * planes.y_row_stride..][..w];
        luma_row(y, &r_term, &g_term, &b_term, out);
    }
}

#[inline(always)]
fn chroma_terms(planes: &Planes<'_>, base: usize, r: &mut [i32], g: &mut [i32], b: &mut [i32]) {
    let step = planes.uv_pixel_stride;
    let (u, v) = (&planes.u[base..], &planes.v[base..]);
    for i in 0..r.len() {
        let d = i32::from(u[i * step]) - 128;
        let e = i32::from(v[i * step]) - 128;
        r[i] = V_TO_R * e + HALF;
        g[i] = HALF - U_TO_G * d - V_TO_G * e;
        b[i] = U_TO_B * d + HALF;
    }
}

#[inline(always)]
fn clamp(x: i32) -> u8 {
    (x >> 16).clamp(0, 255) as u8
}

#[inline(always)]
fn luma_row(y: &[u8], r: &[i32], g: &[i32], b: &[i32], out: &mut [u8]) {
    let pairs = y.len() / 2;
    for i in 0..pairs {
        let (rt, gt, bt) = (r[i], g[i], b[i]);
        let o = &mut out[i * 6..i * 6 + 6];
        let l0 = Y_GAIN * (i32::from(y[2 * i]) - 16);
        let l1 = Y_GAIN * (i32::from(y[2 * i + 1]) - 16);
        o[0] = clamp(l0 + rt);
        o[1] = clamp(l0 + gt);
        o[2] = clamp(l0 + bt);
        o[3] = clamp(l1 + rt);
        o[4] = clamp(l1 + gt);
        o[5] = clamp(l1 + bt);
    }
    if y.len() % 2 == 1 {
        let i = pairs;
        let l = Y_GAIN * (i32::from(y[2 * i]) - 16);
        let o = &mut out[i * 6..i * 6 + 3];
        o[0] = clamp(l + r[i]);
        o[1] = clamp(l + g[i]);
        o[2] = clamp(l + b[i]);
    }
}
