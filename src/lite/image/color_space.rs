//! The shape and size rules of TFLite Support's `ColorSpaceType`, with its exception texts.
//!
//! RGB images have the shape (h, w, 3) or (1, h, w, 3); GRAYSCALE images (h, w) or (1, h, w, 1)
//! (three dimensions are refused: (1, h, w) and (h, w, 1) would be ambiguous); height and width
//! positive. The YUV 4:2:0 layouts have no shape rule, only an element count. Counts are Java
//! `int` arithmetic, wrapping on overflow as the Java API's always have.

use crate::lite::buffer::localized_digits;
use crate::{Error, ErrorKind, Result};

/// A constant of `ColorSpaceType`, in Java declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorSpace {
    /// Three channels: R, G, B.
    Rgb,
    /// One channel.
    Grayscale,
    /// Y plane, then interleaved U, V.
    Nv12,
    /// Y plane, then interleaved V, U.
    Nv21,
    /// Y plane, V plane, U plane.
    Yv12,
    /// Y plane, U plane, V plane.
    Yv21,
    /// Android's three-plane YUV 4:2:0 of any strides.
    Yuv420_888,
}

/// The methods that only RGB and GRAYSCALE have; the others fail with "… is unsupported for the
/// color space type …" (the method's Java name comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RgbOnly {
    /// `getChannelValue()`.
    ChannelValue,
    /// `getNormalizedShape()`.
    NormalizedShape,
    /// `getShapeInfoMessage()`.
    ShapeInfoMessage,
    /// `toBitmapConfig()`.
    ToBitmapConfig,
    /// `convertTensorBufferToBitmap()`.
    ConvertTensorBufferToBitmap,
}

impl RgbOnly {
    /// Every method, by its code (`ColorSpaceType`'s facade passes the index).
    pub const ALL: [RgbOnly; 5] = [
        RgbOnly::ChannelValue,
        RgbOnly::NormalizedShape,
        RgbOnly::ShapeInfoMessage,
        RgbOnly::ToBitmapConfig,
        RgbOnly::ConvertTensorBufferToBitmap,
    ];

    /// The method of code `code`.
    pub fn from_code(code: i32) -> Result<RgbOnly> {
        java_index(&Self::ALL, code)
            .ok_or_else(|| Error::invalid_argument(format!("no color space method {code}")))
    }

    fn java_name(self) -> &'static str {
        match self {
            RgbOnly::ChannelValue => "getChannelValue()",
            RgbOnly::NormalizedShape => "getNormalizedShape()",
            RgbOnly::ShapeInfoMessage => "getShapeInfoMessage()",
            RgbOnly::ToBitmapConfig => "toBitmapConfig()",
            RgbOnly::ConvertTensorBufferToBitmap => "convertTensorBufferToBitmap()",
        }
    }
}

/// A normalized shape, and whether it is the given array itself (a 4-dimensional shape is
/// returned as given, not copied).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Normalized {
    /// (1, h, w, c) for a valid shape; a 4-dimensional input is passed through unchecked.
    pub shape: [i32; 4],
    /// Whether `shape` is the input unchanged (the caller hands back the same array).
    pub as_given: bool,
}

const SHAPE_PREFIX: &str = "The provided image shape is ";

impl ColorSpace {
    /// Every constant, `ALL[ordinal]`.
    pub const ALL: [ColorSpace; 7] = [
        ColorSpace::Rgb,
        ColorSpace::Grayscale,
        ColorSpace::Nv12,
        ColorSpace::Nv21,
        ColorSpace::Yv12,
        ColorSpace::Yv21,
        ColorSpace::Yuv420_888,
    ];

    /// The constant of Java ordinal `ordinal`.
    pub fn from_ordinal(ordinal: i32) -> Result<ColorSpace> {
        java_index(&Self::ALL, ordinal)
            .ok_or_else(|| Error::invalid_argument(format!("no ColorSpaceType ordinal {ordinal}")))
    }

    /// Java `name()`.
    pub fn name(self) -> &'static str {
        match self {
            ColorSpace::Rgb => "RGB",
            ColorSpace::Grayscale => "GRAYSCALE",
            ColorSpace::Nv12 => "NV12",
            ColorSpace::Nv21 => "NV21",
            ColorSpace::Yv12 => "YV12",
            ColorSpace::Yv21 => "YV21",
            ColorSpace::Yuv420_888 => "YUV_420_888",
        }
    }

    fn is_rgb_or_grayscale(self) -> bool {
        matches!(self, ColorSpace::Rgb | ColorSpace::Grayscale)
    }

    /// Fails for the YUV layouts, which lack `method`.
    pub fn require(self, method: RgbOnly) -> Result<()> {
        if self.is_rgb_or_grayscale() {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::Unimplemented,
                format!(
                    "{} is unsupported for the color space type {}",
                    method.java_name(),
                    self.name()
                ),
            ))
        }
    }

    /// The guard of the shape checks (`method` is the Java name, e.g. `getWidth()`).
    fn require_shaped(self, method: &str) -> Result<()> {
        if self.is_rgb_or_grayscale() {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::Unimplemented,
                format!(
                    "{method} only supports RGB and GRAYSCALE formats, but not {}",
                    self.name()
                ),
            ))
        }
    }

    /// `getChannelValue()`: 3 for RGB, 1 for GRAYSCALE.
    pub fn channels(self) -> Result<i32> {
        self.require(RgbOnly::ChannelValue)?;
        Ok(if self == ColorSpace::Rgb { 3 } else { 1 })
    }

    /// `getShapeInfoMessage()`: the first sentence of the shape errors (ends with a space).
    pub fn shape_info(self) -> Result<&'static str> {
        self.require(RgbOnly::ShapeInfoMessage)?;
        Ok(if self == ColorSpace::Rgb {
            "The shape of a RGB image should be (h, w, c) or (1, h, w, c), and channels \
             representing R, G, B in order. "
        } else {
            "The shape of a grayscale image should be (h, w) or (1, h, w, 1). "
        })
    }

    /// `getNormalizedShape(shape)`: (h, w, c) for RGB and (h, w) for GRAYSCALE gain the batch
    /// (and channel) dimension; 4 dimensions pass as they are; other ranks fail with the shape
    /// error. `None` is a null array.
    pub fn normalized_shape(self, shape: Option<&[i32]>) -> Result<Normalized> {
        self.require(RgbOnly::NormalizedShape)?;
        let shape = non_null(shape)?;
        match (self, shape) {
            (_, &[b, h, w, c]) => Ok(Normalized {
                shape: [b, h, w, c],
                as_given: true,
            }),
            (ColorSpace::Rgb, &[h, w, c]) => Ok(Normalized {
                shape: [1, h, w, c],
                as_given: false,
            }),
            (ColorSpace::Grayscale, &[h, w]) => Ok(Normalized {
                shape: [1, h, w, 1],
                as_given: false,
            }),
            _ => Err(self.shape_error(shape)),
        }
    }

    /// `assertShape(shape)`: a valid normalized shape has batch 1, positive height and width
    /// and this color space's channel count.
    pub fn assert_shape(self, shape: Option<&[i32]>) -> Result<()> {
        self.require_shaped("assertShape()")?;
        self.checked(shape).map(|_| ())
    }

    /// `getWidth(shape)`: the width of a valid shape.
    pub fn width(self, shape: Option<&[i32]>) -> Result<i32> {
        self.require_shaped("getWidth()")?;
        Ok(self.checked(shape)?[2])
    }

    /// `getHeight(shape)`: the height of a valid shape.
    pub fn height(self, shape: Option<&[i32]>) -> Result<i32> {
        self.require_shaped("getHeight()")?;
        Ok(self.checked(shape)?[1])
    }

    /// `isValidNormalizedShape(shape)`: batch 1, positive height and width, this color space's
    /// channel count; read left to right as Java's `&&` does, so a short array fails at the first
    /// index it lacks, and only a shape that gets that far asks for the channel count.
    pub fn is_valid_normalized_shape(self, shape: Option<&[i32]>) -> Result<bool> {
        let shape = non_null(shape)?;
        let at = |i: usize| {
            shape.get(i).copied().ok_or_else(|| {
                Error::new(
                    ErrorKind::ArrayIndexOutOfBounds,
                    format!("Index {i} out of bounds for length {}", shape.len()),
                )
            })
        };
        Ok(at(0)? == 1 && at(1)? > 0 && at(2)? > 0 && at(3)? == self.channels()?)
    }

    /// The normalized form of a shape that passes `assertShape`.
    fn checked(self, shape: Option<&[i32]>) -> Result<[i32; 4]> {
        let n = self.normalized_shape(shape)?.shape;
        if self.is_valid_normalized_shape(Some(&n))? {
            Ok(n)
        } else {
            Err(self.shape_error(non_null(shape)?))
        }
    }

    fn shape_error(self, shape: &[i32]) -> Error {
        // Only called after `require`, so the info exists.
        let info = self.shape_info().unwrap_or_default();
        Error::invalid_argument(format!("{info}{SHAPE_PREFIX}{}", java_ints(shape)))
    }

    /// `getNumElements(height, width)`: h·w·3 (RGB), h·w (GRAYSCALE), or for the YUV 4:2:0
    /// layouts h·w + 2·((h + 1) / 2)·((w + 1) / 2), all in wrapping `int` arithmetic with Java's
    /// division (rounding toward zero).
    pub fn num_elements(self, height: i32, width: i32) -> i32 {
        let pixels = height.wrapping_mul(width);
        match self {
            ColorSpace::Rgb => pixels.wrapping_mul(3),
            ColorSpace::Grayscale => pixels,
            _ => {
                let chroma_h = height.wrapping_add(1) / 2;
                let chroma_w = width.wrapping_add(1) / 2;
                pixels.wrapping_add(chroma_h.wrapping_mul(chroma_w).wrapping_mul(2))
            }
        }
    }

    /// `assertNumElements(numElements, height, width)`: at least `num_elements(height, width)`
    /// values. Numbers in the message use `zero_digit` as Java's `%d` does in the default
    /// locale.
    pub fn assert_num_elements(
        self,
        num_elements: i32,
        height: i32,
        width: i32,
        zero_digit: char,
    ) -> Result<()> {
        let needed = self.num_elements(height, width);
        if num_elements >= needed {
            return Ok(());
        }
        let d = |v: i32| localized_digits(v, zero_digit);
        Err(Error::invalid_argument(format!(
            "The given number of elements ({}) does not match the image ({}) in {} x {}. The \
             expected number of elements should be at least {}.",
            d(num_elements),
            self.name(),
            d(height),
            d(width),
            d(needed)
        )))
    }
}

fn non_null(shape: Option<&[i32]>) -> Result<&[i32]> {
    shape.ok_or_else(|| Error::new(ErrorKind::NullPointer, "shape is null"))
}

/// The element of `all` at the index a Java caller passed, if there is one.
fn java_index<T: Copy>(all: &[T], index: i32) -> Option<T> {
    usize::try_from(index)
        .ok()
        .and_then(|i| all.get(i).copied())
}

/// Java's `Arrays.toString(int[])`: `[1, 2, 3]`, `[]` when empty.
pub fn java_ints(values: &[i32]) -> String {
    let parts: Vec<String> = values.iter().map(i32::to_string).collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests;
