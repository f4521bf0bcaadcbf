//! The element types a TFLite `TensorBuffer` stores, and the byte order of its storage.

use crate::{Error, Result};

/// An element type of a `TensorBuffer`, named after `org.tensorflow.lite.DataType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElementType {
    Float32,
    Int32,
    Uint8,
    Int64,
    Int16,
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
        match code {
            1 => Ok(ElementType::Float32),
            2 => Ok(ElementType::Int32),
            3 => Ok(ElementType::Uint8),
            4 => Ok(ElementType::Int64),
            7 => Ok(ElementType::Int16),
            9 => Ok(ElementType::Int8),
            other => Err(Error::invalid_argument(format!(
                "TensorBuffer kernels do not support TfLiteType {other}"
            ))),
        }
    }

    /// The TfLiteType code (the inverse of [`Self::from_tflite_code`]).
    pub fn tflite_code(self) -> i32 {
        match self {
            ElementType::Float32 => 1,
            ElementType::Int32 => 2,
            ElementType::Uint8 => 3,
            ElementType::Int64 => 4,
            ElementType::Int16 => 7,
            ElementType::Int8 => 9,
        }
    }

    /// Bytes per element (`DataType.byteSize()`).
    pub fn size(self) -> usize {
        match self {
            ElementType::Uint8 | ElementType::Int8 => 1,
            ElementType::Int16 => 2,
            ElementType::Float32 | ElementType::Int32 => 4,
            ElementType::Int64 => 8,
        }
    }
}

/// The byte order of a buffer's storage (a Java `ByteBuffer` keeps its own, which may differ
/// from the platform's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    Little,
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
