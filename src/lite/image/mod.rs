//! The rules of TFLite Support's image helpers, `ColorSpaceType`'s shapes and sizes
//! ([`color_space`]) and `BoundingBoxUtil`'s boxes ([`boxes`]), and the pixel work of its image
//! classes, over borrowed bytes: the conversions between Android's packed ARGB pixels and RGB
//! tensors ([`argb`]) and YUV 4:2:0 frames to RGB ([`yuv`]);
//! and the image ops on HWC pixel memory, with TensorFlow's numbers: `tf.image.resize`
//! (bilinear and nearest neighbour, half-pixel centres, no antialiasing), `resize_with_crop_or_pad`,
//! `rot90` and `rgb_to_grayscale`, and a [`pipeline`] that runs a program of these followed by the
//! elementwise steps of [`super::ops`] in as few passes over the pixels as it can.
//!
//! Crop/pad, rot90 and nearest-neighbour resizing only choose which source pixel lands where, so
//! they are [`index_map::IndexMap`]s and compose into one map, and into the sampling of a bilinear
//! resize. Values are computed once per output pixel, with the arithmetic of the one-op-at-a-time
//! path (including the rounding of an integer image after each op), so fusing never changes a bit.

pub mod argb;
pub mod boxes;
pub mod color_space;
pub mod crop_pad;
pub mod grayscale;
pub mod index_map;
pub mod pipeline;
pub mod pixel;
pub mod resize;
#[cfg(target_arch = "x86_64")]
mod resize_x86;
pub mod rot90;
pub mod yuv;

#[cfg(test)]
mod tests;

use crate::{Error, Result};

/// The dimensions of an image stored row-major as height × width × channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageShape {
    /// Rows.
    pub height: usize,
    /// Pixels per row.
    pub width: usize,
    /// Values per pixel.
    pub channels: usize,
}

impl ImageShape {
    /// A shape; every dimension must be positive and the element count must fit `i32` (the
    /// largest buffer a Java caller can hold).
    pub fn new(height: usize, width: usize, channels: usize) -> Result<ImageShape> {
        let shape = ImageShape {
            height,
            width,
            channels,
        };
        shape.check()?;
        Ok(shape)
    }

    fn check(&self) -> Result<()> {
        if self.height == 0 || self.width == 0 || self.channels == 0 {
            return Err(Error::invalid_argument(format!(
                "image dimensions must be positive, got {}x{}x{}",
                self.height, self.width, self.channels
            )));
        }
        self.height
            .checked_mul(self.width)
            .and_then(|n| n.checked_mul(self.channels))
            .filter(|&n| n <= i32::MAX as usize)
            .map(|_| ())
            .ok_or_else(|| {
                Error::invalid_argument(format!(
                    "image of {}x{}x{} elements is too large",
                    self.height, self.width, self.channels
                ))
            })
    }

    /// Elements (height × width × channels).
    pub fn len(&self) -> usize {
        self.height * self.width * self.channels
    }

    /// Whether the image holds no element (never true for a checked shape).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How [`Geometry::Resize`] samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResizeMethod {
    /// `tf.image.resize(method="bilinear", antialias=False)`.
    Bilinear,
    /// `tf.image.resize(method="nearest")`.
    NearestNeighbor,
}

/// One geometry step of an image program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geometry {
    /// Resize to `height` × `width`.
    Resize {
        /// Target rows.
        height: usize,
        /// Target columns.
        width: usize,
        /// Sampling method.
        method: ResizeMethod,
    },
    /// `tf.image.resize_with_crop_or_pad` to `height` × `width`: centred, zero padding.
    CropOrPad {
        /// Target rows.
        height: usize,
        /// Target columns.
        width: usize,
    },
    /// `tf.image.rot90`: `k` quarter turns counter-clockwise (any integer).
    Rot90 {
        /// Quarter turns; negative turns clockwise.
        k: i32,
    },
    /// `tf.image.rgb_to_grayscale` of a 3-channel image; a 1-channel image stays as it is.
    Grayscale,
}

impl Geometry {
    /// The shape this step gives an image of shape `input`, or why it cannot apply.
    pub fn output_shape(&self, input: ImageShape) -> Result<ImageShape> {
        match *self {
            Geometry::Resize { height, width, .. } | Geometry::CropOrPad { height, width } => {
                ImageShape::new(height, width, input.channels)
            }
            Geometry::Rot90 { k } => Ok(if k.rem_euclid(2) == 1 {
                ImageShape {
                    height: input.width,
                    width: input.height,
                    channels: input.channels,
                }
            } else {
                input
            }),
            Geometry::Grayscale => match input.channels {
                1 => Ok(input),
                3 => Ok(ImageShape {
                    channels: 1,
                    ..input
                }),
                c => Err(Error::invalid_argument(format!(
                    "grayscale conversion needs 3 channels (RGB), got {c}"
                ))),
            },
        }
    }
}

/// The shape a program gives an image of shape `input` (checked), or the first step's reason
/// why it cannot apply.
pub fn output_shape(input: ImageShape, program: &[Geometry]) -> Result<ImageShape> {
    input.check()?;
    program
        .iter()
        .try_fold(input, |shape, step| step.output_shape(shape))
}
