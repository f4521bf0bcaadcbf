//! How the codec transports each value dtype: which typed `TensorProto` field carries it
//! and how its elements convert. Sizes, names and memcpy-ability come from [`crate::dtype`].

use crate::dtype::DataType;

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

/// The typed field that carries a memcpy-able dtype, with its element conversion.
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

/// The codec's view of a value dtype; `None` for `DT_INVALID` (the only `DataType` that is not
/// a value type; reference and unknown enum values never become a `DataType`).
pub(crate) fn kind(dtype: DataType) -> Option<Kind> {
    use DataType as D;
    use PodField as F;
    let field = match dtype {
        D::Invalid => return None,
        D::String => return Some(Kind::String),
        D::Resource => return Some(Kind::Resource),
        D::Variant => return Some(Kind::Variant),
        D::Float => F::Float,
        D::Double => F::Double,
        D::Int32 | D::Int16 | D::Int8 | D::QInt8 | D::QInt16 | D::QInt32 => F::IntSigned,
        D::UInt8 | D::UInt16 | D::QUInt8 | D::QUInt16 => F::IntUnsigned,
        D::Int4 => F::IntSubByte { bits: 4, signed: true },
        D::UInt4 => F::IntSubByte { bits: 4, signed: false },
        D::Int2 => F::IntSubByte { bits: 2, signed: true },
        D::UInt2 => F::IntSubByte { bits: 2, signed: false },
        D::Int64 => F::Int64,
        D::UInt32 => F::Uint32,
        D::UInt64 => F::Uint64,
        D::Bool => F::Bool,
        D::Complex64 => F::ComplexFloat,
        D::Complex128 => F::ComplexDouble,
        D::Half | D::BFloat16 => F::Half,
        D::Float8E5M2
        | D::Float8E4M3FN
        | D::Float8E4M3FNUZ
        | D::Float8E4M3B11FNUZ
        | D::Float8E5M2FNUZ
        | D::Float4E2M1FN => F::Float8,
    };
    Some(Kind::Pod { size: dtype.size(), field })
}

/// The value dtype with enum value `v` and its kind; `None` for 0, reference and unknown values.
pub(crate) fn value_type(v: i32) -> Option<(DataType, Kind)> {
    let dtype = DataType::from_i32(v)?;
    kind(dtype).map(|k| (dtype, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_type_has_a_kind_matching_the_dtype_table() {
        assert_eq!(value_type(0), None);
        assert_eq!(value_type(34), None);
        assert_eq!(value_type(101), None);
        assert_eq!(value_type(-1), None);
        for v in 1..=33 {
            let (dtype, kind) = value_type(v).expect("value type");
            match kind {
                // Pod kinds are exactly the memcpy-able dtypes, with their DataTypeSize.
                Kind::Pod { size, .. } => {
                    assert!(dtype.can_use_memcpy() && size == dtype.size() && size > 0, "{dtype}")
                }
                _ => assert!(!dtype.can_use_memcpy(), "{dtype}"),
            }
        }
        assert_eq!(
            value_type(18),
            Some((DataType::Complex128, Kind::Pod { size: 16, field: PodField::ComplexDouble }))
        );
        assert_eq!(value_type(7), Some((DataType::String, Kind::String)));
    }
}
