//! TEMPORARY minimal DataType table for the codec.
//!
//! LEAD: replace this module with `crate::dtype::DataType` once it lands. The codec only needs, per
//! enum value: is it a known value type (1..=33), its `DataTypeSize`, whether it is memcpy-able,
//! its `DataTypeString`, and which typed `TensorProto` field carries it (§11). Keep the `Kind`
//! classification (or an equivalent match on the real enum) when switching.

/// How the codec stores and transports elements of a dtype.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Fixed-size, memcpy-able elements of `size` bytes.
    Pod {
        size: usize,
        field: PodField,
    },
    String,
    Resource,
    Variant,
}

/// The typed field of §11 that carries a memcpy-able dtype, with its element conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PodField {
    Float,
    Double,
    /// `int_val`, element sign-extended from its width (int8, int16, qint8, qint16, qint32, int32).
    IntSigned,
    /// `int_val`, element zero-extended (uint8, uint16, quint8, quint16).
    IntUnsigned,
    /// `int_val` for the sub-byte integer types: the stored byte keeps the low 8 bits of the value,
    /// reading back sign- or zero-extends the low `bits` bits (ml_dtypes `intN` semantics).
    IntSubByte {
        bits: u32,
        signed: bool,
    },
    Int64,
    Uint32,
    Uint64,
    Bool,
    ComplexFloat,
    ComplexDouble,
    /// `half_val`: the 16-bit pattern of half / bfloat16.
    Half,
    /// `float8_val`: one raw byte per element (float8 types and float4_e2m1fn).
    Float8,
}

use PodField as F;

/// `(value, name, kind)` for every value type 1..=33 (spec §2).
#[rustfmt::skip]
const TABLE: [(i32, &str, Kind); 33] = [
    (1, "float", Kind::Pod { size: 4, field: F::Float }),
    (2, "double", Kind::Pod { size: 8, field: F::Double }),
    (3, "int32", Kind::Pod { size: 4, field: F::IntSigned }),
    (4, "uint8", Kind::Pod { size: 1, field: F::IntUnsigned }),
    (5, "int16", Kind::Pod { size: 2, field: F::IntSigned }),
    (6, "int8", Kind::Pod { size: 1, field: F::IntSigned }),
    (7, "string", Kind::String),
    (8, "complex64", Kind::Pod { size: 8, field: F::ComplexFloat }),
    (9, "int64", Kind::Pod { size: 8, field: F::Int64 }),
    (10, "bool", Kind::Pod { size: 1, field: F::Bool }),
    (11, "qint8", Kind::Pod { size: 1, field: F::IntSigned }),
    (12, "quint8", Kind::Pod { size: 1, field: F::IntUnsigned }),
    (13, "qint32", Kind::Pod { size: 4, field: F::IntSigned }),
    (14, "bfloat16", Kind::Pod { size: 2, field: F::Half }),
    (15, "qint16", Kind::Pod { size: 2, field: F::IntSigned }),
    (16, "quint16", Kind::Pod { size: 2, field: F::IntUnsigned }),
    (17, "uint16", Kind::Pod { size: 2, field: F::IntUnsigned }),
    (18, "complex128", Kind::Pod { size: 16, field: F::ComplexDouble }),
    (19, "half", Kind::Pod { size: 2, field: F::Half }),
    (20, "resource", Kind::Resource),
    (21, "variant", Kind::Variant),
    (22, "uint32", Kind::Pod { size: 4, field: F::Uint32 }),
    (23, "uint64", Kind::Pod { size: 8, field: F::Uint64 }),
    (24, "float8_e5m2", Kind::Pod { size: 1, field: F::Float8 }),
    (25, "float8_e4m3fn", Kind::Pod { size: 1, field: F::Float8 }),
    (26, "float8_e4m3fnuz", Kind::Pod { size: 1, field: F::Float8 }),
    (27, "float8_e4m3b11fnuz", Kind::Pod { size: 1, field: F::Float8 }),
    (28, "float8_e5m2fnuz", Kind::Pod { size: 1, field: F::Float8 }),
    (29, "int4", Kind::Pod { size: 1, field: F::IntSubByte { bits: 4, signed: true } }),
    (30, "uint4", Kind::Pod { size: 1, field: F::IntSubByte { bits: 4, signed: false } }),
    (31, "int2", Kind::Pod { size: 1, field: F::IntSubByte { bits: 2, signed: true } }),
    (32, "uint2", Kind::Pod { size: 1, field: F::IntSubByte { bits: 2, signed: false } }),
    (33, "float4_e2m1fn", Kind::Pod { size: 1, field: F::Float8 }),
];

/// The codec's view of a value dtype; `None` for DT_INVALID, reference types and unknown values.
pub(crate) fn kind(dtype: i32) -> Option<Kind> {
    entry(dtype).map(|e| e.2)
}

/// `DataTypeString`, including `_ref` names and the unknown-value text (spec §2).
pub(crate) fn name(dtype: i32) -> String {
    if dtype == 0 {
        return "INVALID".to_string();
    }
    if let Some(e) = entry(dtype) {
        return e.1.to_string();
    }
    if let Some(e) = dtype.checked_sub(100).and_then(entry) {
        return format!("{}_ref", e.1);
    }
    format!("unknown dtype enum ({dtype})")
}

fn entry(dtype: i32) -> Option<&'static (i32, &'static str, Kind)> {
    usize::try_from(dtype).ok().and_then(|v| v.checked_sub(1)).and_then(|i| TABLE.get(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_by_enum_value() {
        for (i, e) in TABLE.iter().enumerate() {
            assert_eq!(e.0 as usize, i + 1);
        }
        assert_eq!(name(1), "float");
        assert_eq!(name(101), "float_ref");
        assert_eq!(name(133), "float4_e2m1fn_ref");
        assert_eq!(name(99), "unknown dtype enum (99)");
        assert_eq!(name(0), "INVALID");
        assert_eq!(kind(0), None);
        assert_eq!(kind(34), None);
        assert_eq!(kind(-1), None);
        assert_eq!(kind(18), Some(Kind::Pod { size: 16, field: PodField::ComplexDouble }));
        assert_eq!(kind(7), Some(Kind::String));
    }
}
