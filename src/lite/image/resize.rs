//! `tf.image.resize(..., antialias=False)` with half-pixel centres, in TensorFlow's float32
//! arithmetic (its `ResizeBilinear` and `ResizeNearestNeighbor` CPU kernels):
//!
//! - scale = `in / out`, one float32 division;
//! - bilinear: source coordinate `(i + 0.5) * scale - 0.5` (float32, multiply then subtract),
//!   lower index `max(floor, 0)`, upper `min(ceil, in - 1)`, weight `coordinate - floor`; the value
//!   interpolates along x first, on the lower and the upper row, then along y, each as
//!   `a + (b - a) * t`; a resize to the same height and width returns the input unchanged;
//! - nearest: source index `floor((i + 0.5) * scale)`, clamped to `0..in`.
//!
//! Float32 rounding matters: for some size pairs (2 → 41, for one) exact arithmetic would pick a
//! different pixel than TensorFlow does.

use super::index_map::IndexMap;

/// TensorFlow's resize scale: `in / out` in float32.
pub fn scale(in_size: usize, out_size: usize) -> f32 {
    in_size as f32 / out_size as f32
}

/// One output coordinate's two source indices and the weight of the upper one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lerp {
    /// The lower source index.
    pub lower: usize,
    /// The upper source index.
    pub upper: usize,
    /// `coordinate - floor(coordinate)`.
    pub weight: f32,
}

/// The bilinear sampling of one axis resized from `in_size` to `out_size`.
pub fn bilinear_axis(in_size: usize, out_size: usize) -> Vec<Lerp> {
    let s = scale(in_size, out_size);
    let last = in_size as i64 - 1;
    (0..out_size)
        .map(|i| {
            let coordinate = (i as f32 + 0.5) * s - 0.5;
            let floor = coordinate.floor();
            Lerp {
                // TensorFlow clamps the lower index at 0 only; it never exceeds `last` for these
                // coordinates, and the second clamp keeps that a fact rather than an argument.
                lower: (floor as i64).clamp(0, last) as usize,
                upper: (coordinate.ceil() as i64).clamp(0, last) as usize,
                weight: coordinate - floor,
            }
        })
        .collect()
}

/// The nearest-neighbour source index per output index along one axis.
pub fn nearest_axis(in_size: usize, out_size: usize) -> Vec<Option<u32>> {
    let s = scale(in_size, out_size);
    let last = in_size as i64 - 1;
    (0..out_size)
        .map(|i| Some(((((i as f32) + 0.5) * s).floor() as i64).clamp(0, last) as u32))
        .collect()
}

/// The map of a nearest-neighbour resize of `height` × `width` to `out_height` × `out_width`.
pub fn nearest_map(height: usize, width: usize, out_height: usize, out_width: usize) -> IndexMap {
    IndexMap::separable(
        (height, width),
        nearest_axis(height, out_height),
        nearest_axis(width, out_width),
    )
}

/// TensorFlow's interpolation step `a + (b - a) * t` (no fused multiply-add), each operation's
/// subnormal result flushed to zero when `flush` is set (a constant per image type, so the branch folds) (as TensorFlow's float kernels run).
#[inline(always)]
pub fn lerp(a: f32, b: f32, t: f32, flush: bool) -> f32 {
    if flush {
        use super::pixel::flush;
        flush(a + flush(flush(b - a) * t))
    } else {
        a + (b - a) * t
    }
}
