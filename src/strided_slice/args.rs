//! The raw arguments of `StridedSlice`, as the op receives them.

use std::borrow::Cow;

use crate::error::{Error, Result};

/// The dtype of `begin`/`end`/`strides`. The op forces one type for all three and the validator
/// reads them with the type of `strides`. All arithmetic is done in `i64` after widening, so the
/// type only decides whether validation may proceed at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IndexType {
    /// `int16` indices (accepted by the kernel; not reachable from TF 1.x Java).
    Int16,
    /// `int32` indices.
    Int32,
    /// `int64` indices.
    Int64,
    /// Any other dtype. TensorFlow aborts the process here (LOG(FATAL)); we fail with the same text
    /// as an `InvalidArgument` at the point where TensorFlow would abort (after the shape and
    /// multiple-ellipsis checks).
    Unsupported,
}

impl IndexType {
    /// Maps a TensorFlow dtype name (`"int16"`, `"int32"`, `"int64"`) to an index type.
    pub fn from_name(name: &str) -> IndexType {
        match name {
            "int16" => IndexType::Int16,
            "int32" => IndexType::Int32,
            "int64" => IndexType::Int64,
            _ => IndexType::Unsupported,
        }
    }

    pub(crate) fn check_supported(self) -> Result<()> {
        match self {
            IndexType::Unsupported => Err(Error::invalid_argument(
                "begin must be either int16, int32 or int64",
            )),
            _ => Ok(()),
        }
    }
}

/// One of the index inputs: its tensor shape (only a 1-D shape is valid) and its values, widened to
/// `i64`, in row-major order. `values.len()` should equal the element count of `shape`; validation
/// reads entries by position in `values` and uses `shape` only for the shape checks and messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexTensor<'a> {
    /// The tensor shape as given; validation requires rank 1.
    pub shape: Cow<'a, [i64]>,
    /// The entries, widened to `i64`, in row-major order.
    pub values: &'a [i64],
}

impl<'a> IndexTensor<'a> {
    /// A 1-D tensor holding `values` (shape `[len]`).
    pub fn vector(values: &'a [i64]) -> Self {
        IndexTensor {
            shape: Cow::Owned(vec![values.len() as i64]),
            values,
        }
    }

    /// A tensor of any shape (e.g. a scalar `[]` or a 2-D `[1,1]`, which validation rejects).
    pub fn with_shape(shape: &'a [i64], values: &'a [i64]) -> Self {
        IndexTensor {
            shape: Cow::Borrowed(shape),
            values,
        }
    }

    pub(crate) fn is_vector(&self) -> bool {
        self.shape.len() == 1
    }

    /// Element count as the shape states it (product of the dims).
    pub(crate) fn num_elements(&self) -> i64 {
        self.shape
            .iter()
            .fold(1i64, |acc, &d| acc.saturating_mul(d.max(0)))
    }
}

/// The five mask attributes. They are 32-bit two's-complement values: bit 31 is the sign bit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Masks {
    /// Bit `i`: ignore `begin[i]` and start at the widest end of the range.
    pub begin: i32,
    /// Bit `i`: ignore `end[i]` and run to the widest end of the range.
    pub end: i32,
    /// Bit `i`: entry `i` is the ellipsis (at most one bit may be set).
    pub ellipsis: i32,
    /// Bit `i`: entry `i` inserts a dimension of size 1.
    pub new_axis: i32,
    /// Bit `i`: entry `i` selects the single index `begin[i]` and drops the dimension.
    pub shrink_axis: i32,
}

impl Masks {
    /// Masks from 64-bit attribute values (as the Java API passes them), checked the way the
    /// kernel reads its attributes: in the order begin, end, ellipsis, new_axis, shrink_axis, each
    /// failing with `Attr <name> has value <v> out of range for an int32` (observed in TF 2.21).
    pub fn from_attrs(
        begin: i64,
        end: i64,
        ellipsis: i64,
        new_axis: i64,
        shrink_axis: i64,
    ) -> Result<Masks> {
        let narrow = |name: &str, v: i64| {
            i32::try_from(v).map_err(|_| {
                Error::invalid_argument(format!(
                    "Attr {name} has value {v} out of range for an int32"
                ))
            })
        };
        Ok(Masks {
            begin: narrow("begin_mask", begin)?,
            end: narrow("end_mask", end)?,
            ellipsis: narrow("ellipsis_mask", ellipsis)?,
            new_axis: narrow("new_axis_mask", new_axis)?,
            shrink_axis: narrow("shrink_axis_mask", shrink_axis)?,
        })
    }
}

/// Bit `i` of a 32-bit mask; positions beyond bit 31 are never set.
pub(crate) fn bit(mask: i32, i: usize) -> bool {
    i < 32 && (mask as u32 >> i) & 1 == 1
}

/// TensorShape / PartialTensorShape debug format: `[2,3]`, scalar `[]`, unknown size `?`.
pub(crate) fn shape_debug_string(dims: &[i64]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .map(|&d| {
            if d < 0 {
                "?".to_string()
            } else {
                d.to_string()
            }
        })
        .collect();
    format!("[{}]", parts.join(","))
}

/// The four op inputs besides `input`, with the index type and masks: everything validation needs
/// apart from the input shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SliceArgs<'a> {
    /// First index of each sparse entry.
    pub begin: IndexTensor<'a>,
    /// End index (exclusive) of each sparse entry.
    pub end: IndexTensor<'a>,
    /// Step of each sparse entry; zero is rejected.
    pub strides: IndexTensor<'a>,
    /// The shared dtype of `begin`, `end` and `strides`.
    pub index_type: IndexType,
    /// The five mask attributes.
    pub masks: Masks,
}

impl<'a> SliceArgs<'a> {
    /// 1-D `begin`/`end`/`strides` of the given index type and masks.
    pub fn new(
        begin: &'a [i64],
        end: &'a [i64],
        strides: &'a [i64],
        index_type: IndexType,
        masks: Masks,
    ) -> Self {
        SliceArgs {
            begin: IndexTensor::vector(begin),
            end: IndexTensor::vector(end),
            strides: IndexTensor::vector(strides),
            index_type,
            masks,
        }
    }
}
