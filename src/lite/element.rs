//! The element types a TFLite `TensorBuffer` stores, and the byte order of its storage.

use crate::dtype::LiteDataType;
use crate::{Error, Result};

/// An element type of a `TensorBuffer`, named after `org.tensorflow.lite.DataType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElementType {
    /// `FLOAT32`: 4-byte IEEE 754 floats.
    Float32,
    /// `INT32`: 4-byte signed integers (project extension).
    Int32,
    /// `UINT8`: unsigned bytes.
    Uint8,
    /// `INT64`: 8-byte signed integers (project extension).
    Int64,
    /// `INT16`: 2-byte signed integers (project extension).
    Int16,
    /// `INT8`: signed bytes (project extension).
    Int8,
}

impl ElementType {
    /// Every supported element type.
    pub const ALL: [ElementType; 6] = [
        ElementType::Float32,
        ElementType::Int32,
        ElementType::Uint8,
        ElementType::Int64,
        ElementType::Int16,
        ElementType::Int8,
    ];

    /// The type for a TfLiteType code (`DataType.c()` in Java). STRING (5) and BOOL (6) have no
    /// fixed-size numeric conversion and are rejected.
    pub fn from_tflite_code(code: i32) -> Result<Self> {
        LiteDataType::from_c(code)
            .ok_or_else(|| Error::invalid_argument(format!("no TfLiteType {code}")))?
            .try_into()
    }

    /// The TfLiteType code (the inverse of [`Self::from_tflite_code`]).
    pub fn tflite_code(self) -> i32 {
        LiteDataType::from(self).c()
    }

    /// Bytes per element (`DataType.byteSize()`, from the one TFLite table in `crate::dtype`).
    pub fn size(self) -> usize {
        // Every ElementType has a fixed size there (only STRING and BOOL are variable).
        LiteDataType::from(self).byte_size().max(0) as usize
    }
}

impl TryFrom<LiteDataType> for ElementType {
    type Error = Error;

    fn try_from(t: LiteDataType) -> Result<Self> {
        match t {
            LiteDataType::Float32 => Ok(ElementType::Float32),
            LiteDataType::Int32 => Ok(ElementType::Int32),
            LiteDataType::UInt8 => Ok(ElementType::Uint8),
            LiteDataType::Int64 => Ok(ElementType::Int64),
            LiteDataType::Int16 => Ok(ElementType::Int16),
            LiteDataType::Int8 => Ok(ElementType::Int8),
            LiteDataType::String | LiteDataType::Bool => Err(Error::invalid_argument(format!(
                "TensorBuffer kernels do not support {t:?}"
            ))),
        }
    }
}

impl From<ElementType> for LiteDataType {
    fn from(t: ElementType) -> Self {
        match t {
            ElementType::Float32 => LiteDataType::Float32,
            ElementType::Int32 => LiteDataType::Int32,
            ElementType::Uint8 => LiteDataType::UInt8,
            ElementType::Int64 => LiteDataType::Int64,
            ElementType::Int16 => LiteDataType::Int16,
            ElementType::Int8 => LiteDataType::Int8,
        }
    }
}

/// The byte order of a buffer's storage (a Java `ByteBuffer` keeps its own, which may differ
/// from the platform's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Least significant byte first (`ByteOrder.LITTLE_ENDIAN`).
    Little,
    /// Most significant byte first (`ByteOrder.BIG_ENDIAN`, the default of a new Java buffer).
    Big,
}

impl ByteOrder {
    /// The order of the machine this code runs on (`ByteOrder.nativeOrder()` in Java).
    pub const NATIVE: ByteOrder = if cfg!(target_endian = "big") {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };

    /// `Big` for `true`, `Little` for `false`.
    pub fn from_big_endian(big_endian: bool) -> Self {
        if big_endian {
            ByteOrder::Big
        } else {
            ByteOrder::Little
        }
    }
}
