//! TFLite Support's `BoundingBoxUtil.convert`: the four values of each box gathered along one
//! axis of a FLOAT32 tensor, put in order by an index array, and turned into left, top, right,
//! bottom, with the checks, their order and the messages of the Java API.
//!
//! The arithmetic is `f32` throughout with the Java API's operation order (`x - w / 2`, then
//! `left * width` with the `int` converted to `f32` by rounding to nearest), so every result is
//! bit for bit what Java's float arithmetic gives.

use super::color_space::java_ints;
use crate::dtype::LiteDataType;
use crate::lite::ByteOrder;
use crate::lite::buffer::localized_digits;
use crate::{Error, ErrorKind, Result};

/// How the four values describe a box (`BoundingBoxUtil.Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxType {
    /// left, top, right, bottom.
    Boundaries,
    /// left, top, width, height.
    UpperLeft,
    /// centre x, centre y, width, height.
    Center,
}

/// Whether values are pixels or fractions of the image (`BoundingBoxUtil.CoordinateType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoordinateType {
    /// Fractions of the width (x) and height (y).
    Ratio,
    /// Pixels.
    Pixel,
}

impl BoxType {
    /// The constant of Java ordinal `ordinal`; `None` for a null reference (-1).
    pub fn from_ordinal(ordinal: i32) -> Result<Option<BoxType>> {
        match ordinal {
            -1 => Ok(None),
            0 => Ok(Some(BoxType::Boundaries)),
            1 => Ok(Some(BoxType::UpperLeft)),
            2 => Ok(Some(BoxType::Center)),
            other => Err(Error::invalid_argument(format!(
                "no BoundingBoxUtil.Type ordinal {other}"
            ))),
        }
    }
}

impl CoordinateType {
    /// The constant of Java ordinal `ordinal`; `None` for a null reference (-1).
    pub fn from_ordinal(ordinal: i32) -> Result<Option<CoordinateType>> {
        match ordinal {
            -1 => Ok(None),
            0 => Ok(Some(CoordinateType::Ratio)),
            1 => Ok(Some(CoordinateType::Pixel)),
            other => Err(Error::invalid_argument(format!(
                "no BoundingBoxUtil.CoordinateType ordinal {other}"
            ))),
        }
    }
}

/// Everything `convert` takes besides the values.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The tensor's shape.
    pub shape: &'a [i32],
    /// The tensor's data type.
    pub data_type: LiteDataType,
    /// Where each of the type's four values sits along the axis; `None` for a null array.
    pub value_index: Option<&'a [i32]>,
    /// The axis of the four values; negative counts from the end.
    pub axis: i32,
    /// `None` for a null `Type`.
    pub box_type: Option<BoxType>,
    /// `None` for a null `CoordinateType`.
    pub coordinate_type: Option<CoordinateType>,
    /// Image height (RATIO).
    pub height: i32,
    /// Image width (RATIO).
    pub width: i32,
    /// The zero digit of Java's `%d` in the default locale.
    pub zero_digit: char,
}

/// The boxes' layout: `outer` × 4 × `inner` values, box (i, j) at `(i·4 + k)·inner + j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    outer: usize,
    inner: usize,
}

impl Plan {
    /// The number of boxes.
    pub fn boxes(&self) -> usize {
        self.outer * self.inner
    }

    /// The number of `f32` values the tensor must hold.
    pub fn values(&self) -> usize {
        self.boxes() * 4
    }

    /// The bytes of those values (at most `i32::MAX`, so this never overflows).
    pub fn bytes(&self) -> usize {
        self.values() * 4
    }
}

/// The argument checks, in the Java API's order and with its messages: the axis range, the
/// axis size 4, the index array's length 4 (a null array: `NullPointerException`), the data type
/// FLOAT32. Returns the layout; the per-box checks come with [`convert`].
pub fn plan(req: &Request<'_>) -> Result<Plan> {
    let shape = req.shape;
    let rank = i32::try_from(shape.len())
        .map_err(|_| Error::invalid_argument("shape has too many dimensions"))?;
    let d = |v: i32| localized_digits(v, req.zero_digit);
    if req.axis < -rank || req.axis >= rank {
        return Err(Error::invalid_argument(format!(
            "Axis {} is not in range (-(D+1), D), where D is the number of dimensions of input \
             tensor (shape={})",
            d(req.axis),
            java_ints(shape)
        )));
    }
    let axis = if req.axis < 0 {
        req.axis + rank
    } else {
        req.axis
    };
    // In 0..rank, checked above.
    let axis_index = axis as usize;
    if shape[axis_index] != 4 {
        return Err(Error::invalid_argument(format!(
            "Size of bounding box dimension {} is not 4. Got {} in shape {}",
            d(axis),
            d(shape[axis_index]),
            java_ints(shape)
        )));
    }
    let index = req
        .value_index
        .ok_or_else(|| Error::new(ErrorKind::NullPointer, "valueIndex is null"))?;
    if index.len() != 4 {
        return Err(Error::invalid_argument(format!(
            "Bounding box index array length {} is not 4. Got index array {}",
            d(i32::try_from(index.len()).unwrap_or(i32::MAX)),
            java_ints(index)
        )));
    }
    if req.data_type != LiteDataType::Float32 {
        return Err(Error::invalid_argument(format!(
            "Bounding Boxes only create from FLOAT32 buffers. Got: {}",
            req.data_type.name()
        )));
    }
    let too_large = || Error::invalid_argument(format!("shape {} is too large", java_ints(shape)));
    if shape.iter().any(|&dim| dim < 0) {
        return Err(Error::invalid_argument(format!(
            "shape {} has a negative dimension",
            java_ints(shape)
        )));
    }
    if shape.contains(&0) {
        // No box, however large the other dimensions.
        return Ok(Plan { outer: 0, inner: 0 });
    }
    let product = |dims: &[i32]| -> Result<usize> {
        dims.iter()
            .try_fold(1usize, |acc, &dim| acc.checked_mul(dim as usize))
            .ok_or_else(too_large)
    };
    let outer = product(&shape[..axis_index])?;
    let inner = product(&shape[axis_index + 1..])?;
    // The values' bytes must fit an int-indexed Java buffer; a larger shape is no tensor's.
    outer
        .checked_mul(inner)
        .and_then(|n| n.checked_mul(16))
        .filter(|&bytes| bytes <= i32::MAX as usize)
        .ok_or_else(too_large)?;
    Ok(Plan { outer, inner })
}

/// Left, top, right, bottom of every box, in row-major order of the other axes, from `values`
/// (the tensor's storage from byte 0, `f32` in `order`; at least `plan.bytes()` bytes).
///
/// For the first box, as the Java API does per box: an index entry outside 0..4 throws
/// `ArrayIndexOutOfBoundsException` ("Index 7 out of bounds for length 4", the first such entry),
/// then a null `Type` `NullPointerException`, then a null `CoordinateType`
/// `IllegalArgumentException("Cannot convert coordinate type null")`. With no box, none of
/// these is looked at.
pub fn convert(req: &Request<'_>, plan: Plan, values: &[u8], order: ByteOrder) -> Result<Vec<f32>> {
    let needed = plan.bytes();
    if values.len() < needed {
        return Err(Error::new(
            ErrorKind::IndexOutOfBounds,
            format!(
                "{needed} bytes of box values needed but the buffer holds {}",
                values.len()
            ),
        ));
    }
    if plan.boxes() == 0 {
        return Ok(Vec::new());
    }
    let index = reorder(req.value_index.unwrap_or(&[]))?;
    let box_type = req
        .box_type
        .ok_or_else(|| Error::new(ErrorKind::NullPointer, "type is null"))?;
    let coordinate_type = req
        .coordinate_type
        .ok_or_else(|| Error::invalid_argument("Cannot convert coordinate type null"))?;
    let read = |i: usize| -> f32 {
        let b = [
            values[4 * i],
            values[4 * i + 1],
            values[4 * i + 2],
            values[4 * i + 3],
        ];
        match order {
            ByteOrder::Little => f32::from_le_bytes(b),
            ByteOrder::Big => f32::from_be_bytes(b),
        }
    };
    let mut out = Vec::with_capacity(plan.values());
    for i in 0..plan.outer {
        for j in 0..plan.inner {
            let raw: [f32; 4] = std::array::from_fn(|k| read((i * 4 + k) * plan.inner + j));
            let ordered = index.map(|k| raw[k]);
            out.extend_from_slice(&to_edges(
                ordered,
                box_type,
                coordinate_type,
                req.height,
                req.width,
            ));
        }
    }
    Ok(out)
}

/// The index array as positions, or the Java exception for the first entry outside 0..4.
fn reorder(index: &[i32]) -> Result<[usize; 4]> {
    let mut out = [0usize; 4];
    for (slot, &entry) in out.iter_mut().zip(index) {
        *slot = usize::try_from(entry)
            .ok()
            .filter(|&k| k < 4)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::ArrayIndexOutOfBounds,
                    format!("Index {entry} out of bounds for length 4"),
                )
            })?;
    }
    Ok(out)
}

/// One box's left, top, right, bottom, in Java's float arithmetic.
pub fn to_edges(
    v: [f32; 4],
    box_type: BoxType,
    coordinates: CoordinateType,
    height: i32,
    width: i32,
) -> [f32; 4] {
    let [left, top, right, bottom] = match box_type {
        BoxType::Boundaries => v,
        BoxType::UpperLeft => [v[0], v[1], v[0] + v[2], v[1] + v[3]],
        BoxType::Center => [
            v[0] - v[2] / 2.0,
            v[1] - v[3] / 2.0,
            v[0] + v[2] / 2.0,
            v[1] + v[3] / 2.0,
        ],
    };
    match coordinates {
        CoordinateType::Pixel => [left, top, right, bottom],
        CoordinateType::Ratio => {
            // Java's int-to-float conversion: round to nearest, ties to even (as `as f32`).
            let (w, h) = (width as f32, height as f32);
            [left * w, top * h, right * w, bottom * h]
        }
    }
}

#[cfg(test)]
mod tests;
