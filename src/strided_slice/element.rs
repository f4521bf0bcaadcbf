//! Which element types the TensorFlow 2.21 CPU kernel is registered for, and the element
//! size its dim-0 alignment rule uses (docs/contracts/strided_slice.md#buffer-sharing). Keyed by TensorFlow's dtype names so this module
//! needs no dtype table of its own.

use crate::error::{Error, Result};

use super::kernel::TSTRING_ALIGNMENT_SIZE;

/// The element size TensorFlow's `IsDim0SliceAligned` multiplies by, for a registered dtype:
/// `DataTypeSize` for numeric types (`bool` 1), 24 for `string` (`tstring`), and `None` for
/// `resource` and `variant`, whose C++ object sizes the spec leaves open (rank ≥ 9 slices of them
/// are not conformance targets; any size gives the same values).
///
/// Unregistered dtypes (`qint16`, `quint16`, `int4`, `uint4`, `int2`, `uint2`, the `fnuz`/`b11`
/// float8 variants, `float4_e2m1fn`, anything unknown) fail: TensorFlow finds no kernel
/// (NotFound, "Could not find device for node"); we return InvalidArgument
/// `StridedSlice: unsupported element type <name>`.
pub fn alignment_size(dtype_name: &str) -> Result<Option<usize>> {
    let size = match dtype_name {
        "bool" | "int8" | "uint8" | "qint8" | "quint8" | "float8_e5m2" | "float8_e4m3fn" => 1,
        "int16" | "uint16" | "half" | "bfloat16" => 2,
        "float" | "int32" | "uint32" | "qint32" => 4,
        "double" | "int64" | "uint64" | "complex64" => 8,
        "complex128" => 16,
        "string" => TSTRING_ALIGNMENT_SIZE,
        "resource" | "variant" => return Ok(None),
        other => {
            return Err(Error::invalid_argument(format!(
                "StridedSlice: unsupported element type {other}"
            )));
        }
    };
    Ok(Some(size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_and_unregistered_types() {
        assert_eq!(alignment_size("float").unwrap(), Some(4));
        assert_eq!(alignment_size("string").unwrap(), Some(24));
        assert_eq!(alignment_size("complex128").unwrap(), Some(16));
        assert_eq!(alignment_size("float8_e4m3fn").unwrap(), Some(1));
        assert_eq!(alignment_size("variant").unwrap(), None);
        for name in [
            "qint16",
            "quint16",
            "int4",
            "uint4",
            "float8_e4m3fnuz",
            "float4_e2m1fn",
        ] {
            let e = alignment_size(name).unwrap_err();
            assert_eq!(
                e.message,
                format!("StridedSlice: unsupported element type {name}")
            );
        }
    }
}
