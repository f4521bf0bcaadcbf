//! `tf.image.rgb_to_grayscale`: the image converted to float32 (`convert_image_dtype`: a UINT8
//! value times float32(1/255)), the weighted sum `r * 0.2989 + g * 0.5870 + b * 0.1140`, and for
//! a UINT8 image the conversion back, `convert_image_dtype` again: times 255.5, truncated.
//! A FLOAT32 image gets the weighted sum itself.

use super::pixel::flush;
use crate::lite::ElementType;

/// TensorFlow's weights (float32). Android's colour matrix, which TFLite Support used, has
/// 0.299 / 0.587 / 0.114; a UINT8 result differs by at most 1.
pub const WEIGHTS: [f32; 3] = [0.2989, 0.5870, 0.1140];

/// float32(1 / 255), the scale from UINT8 to float images.
const FROM_UINT8: f32 = (1.0f64 / 255.0) as f32;

/// Whether images of `ty` can be converted (UINT8 and FLOAT32, TFLite Support's image types).
pub fn supports(ty: ElementType) -> bool {
    matches!(ty, ElementType::Uint8 | ElementType::Float32)
}

/// The weighted sum, in TensorFlow's order.
#[inline(always)]
pub fn weighted(r: f32, g: f32, b: f32) -> f32 {
    r * WEIGHTS[0] + g * WEIGHTS[1] + b * WEIGHTS[2]
}

/// [`weighted`] with TensorFlow's flushing of subnormal operands and results (FLOAT32 images).
#[inline(always)]
pub fn weighted_flushed(r: f32, g: f32, b: f32) -> f32 {
    let (r, g, b) = (flush(r), flush(g), flush(b));
    flush(flush(flush(r * WEIGHTS[0]) + flush(g * WEIGHTS[1])) + flush(b * WEIGHTS[2]))
}

/// The gray value of a UINT8 pixel, as an integer held in a float.
#[inline(always)]
pub fn uint8(r: f32, g: f32, b: f32) -> f32 {
    let v = weighted(r * FROM_UINT8, g * FROM_UINT8, b * FROM_UINT8) * 255.5;
    // max/min rather than clamp: no NaN can arrive, and the form matches the other kernels.
    #[allow(clippy::manual_clamp)]
    let clamped = v.max(0.0).min(255.0);
    clamped.trunc()
}

/// The gray value of a pixel of an image of `ty` (one of [`supports`]).
#[inline(always)]
pub fn gray(ty: ElementType, r: f32, g: f32, b: f32) -> f32 {
    if ty == ElementType::Uint8 {
        uint8(r, g, b)
    } else {
        weighted_flushed(r, g, b)
    }
}
