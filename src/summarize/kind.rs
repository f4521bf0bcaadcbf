//! The element kinds SummarizeValue distinguishes, numbered like TensorFlow's `DataType` so that
//! `crate::dtype::DataType` maps onto them one to one.

/// A tensor element type as far as summaries are concerned. The discriminant is the `DataType` enum value
/// (it appears in the "uninitialized Tensor" message).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum ElementKind {
    Float = 1,
    Double = 2,
    Int32 = 3,
    UInt8 = 4,
    Int16 = 5,
    Int8 = 6,
    String = 7,
    Complex64 = 8,
    Int64 = 9,
    Bool = 10,
    QInt8 = 11,
    QUInt8 = 12,
    QInt32 = 13,
    BFloat16 = 14,
    QInt16 = 15,
    QUInt16 = 16,
    UInt16 = 17,
    Complex128 = 18,
    Half = 19,
    Resource = 20,
    Variant = 21,
    UInt32 = 22,
    UInt64 = 23,
    Float8E5M2 = 24,
    Float8E4M3FN = 25,
    Float8E4M3FNUZ = 26,
    Float8E4M3B11FNUZ = 27,
    Float8E5M2FNUZ = 28,
    Int4 = 29,
    UInt4 = 30,
    Int2 = 31,
    UInt2 = 32,
    Float4E2M1FN = 33,
}

/// Which of the two summary printers a kind uses (tensor.md §8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printer {
    /// Nested brackets, v1 truncation / v2 head-and-tail (§8.2).
    Array,
    /// Flat list of `?` or `<summary>` items (§8.4).
    Generic,
}

impl ElementKind {
    /// Every kind, in `DataType` order.
    pub const ALL: [ElementKind; 33] = [
        ElementKind::Float,
        ElementKind::Double,
        ElementKind::Int32,
        ElementKind::UInt8,
        ElementKind::Int16,
        ElementKind::Int8,
        ElementKind::String,
        ElementKind::Complex64,
        ElementKind::Int64,
        ElementKind::Bool,
        ElementKind::QInt8,
        ElementKind::QUInt8,
        ElementKind::QInt32,
        ElementKind::BFloat16,
        ElementKind::QInt16,
        ElementKind::QUInt16,
        ElementKind::UInt16,
        ElementKind::Complex128,
        ElementKind::Half,
        ElementKind::Resource,
        ElementKind::Variant,
        ElementKind::UInt32,
        ElementKind::UInt64,
        ElementKind::Float8E5M2,
        ElementKind::Float8E4M3FN,
        ElementKind::Float8E4M3FNUZ,
        ElementKind::Float8E4M3B11FNUZ,
        ElementKind::Float8E5M2FNUZ,
        ElementKind::Int4,
        ElementKind::UInt4,
        ElementKind::Int2,
        ElementKind::UInt2,
        ElementKind::Float4E2M1FN,
    ];

    /// The `DataType` enum value.
    pub fn dtype_number(self) -> i32 {
        self as i32
    }

    /// The kind with this `DataType` enum value, if any (reference types have none).
    pub fn from_dtype_number(number: i32) -> Option<ElementKind> {
        ElementKind::ALL.iter().copied().find(|kind| kind.dtype_number() == number)
    }

    /// The printer upstream dispatches this kind to. Complex numbers, qint32, resources, variants and the
    /// two "fnuz" float8 formats other than e4m3b11fnuz have no element printer and go generic.
    pub fn printer(self) -> Printer {
        match self {
            ElementKind::Complex64
            | ElementKind::Complex128
            | ElementKind::QInt32
            | ElementKind::Resource
            | ElementKind::Variant
            | ElementKind::Float8E4M3FNUZ
            | ElementKind::Float8E5M2FNUZ => Printer::Generic,
            _ => Printer::Array,
        }
    }

    /// Bytes one element occupies in a numeric buffer; `None` for string, resource and variant, whose
    /// elements are objects rather than bytes.
    pub fn element_size(self) -> Option<usize> {
        use ElementKind::*;
        match self {
            String | Resource | Variant => None,
            UInt8 | Int8 | Bool | QInt8 | QUInt8 | Float8E5M2 | Float8E4M3FN | Float8E4M3FNUZ | Float8E4M3B11FNUZ
            | Float8E5M2FNUZ | Int4 | UInt4 | Int2 | UInt2 | Float4E2M1FN => Some(1),
            Int16 | QInt16 | QUInt16 | UInt16 | BFloat16 | Half => Some(2),
            Float | Int32 | QInt32 | UInt32 => Some(4),
            Double | Int64 | UInt64 | Complex64 => Some(8),
            Complex128 => Some(16),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_datatype_table() {
        // tensor.md §2: values 1..=33 in table order.
        for (index, kind) in ElementKind::ALL.iter().enumerate() {
            assert_eq!(kind.dtype_number(), index as i32 + 1);
            assert_eq!(ElementKind::from_dtype_number(index as i32 + 1), Some(*kind));
        }
        assert_eq!(ElementKind::from_dtype_number(0), None);
        assert_eq!(ElementKind::from_dtype_number(101), None);
    }

    #[test]
    fn generic_printer_kinds() {
        // tensor.md §8.1 dispatch table, "everything else" row.
        let generic: Vec<ElementKind> =
            ElementKind::ALL.iter().copied().filter(|k| k.printer() == Printer::Generic).collect();
        assert_eq!(
            generic,
            [
                ElementKind::Complex64,
                ElementKind::QInt32,
                ElementKind::Complex128,
                ElementKind::Resource,
                ElementKind::Variant,
                ElementKind::Float8E4M3FNUZ,
                ElementKind::Float8E5M2FNUZ,
            ]
        );
    }
}
