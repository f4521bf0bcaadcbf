//! How SummarizeValue treats each dtype: which printer it dispatches to, and how many bytes one
//! element takes in a numeric buffer.

use crate::dtype::DataType;

/// Which of the two summary printers a dtype uses
/// (docs/contracts/tensor.md#summaries-and-debug-strings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printer {
    /// Nested brackets, v1 truncation / v2 head-and-tail.
    Array,
    /// Flat list of `?` or `<summary>` items.
    Generic,
}

/// The summary-specific facts about a [`DataType`].
pub trait SummaryKind {
    /// The printer upstream dispatches to. Complex numbers, qint32, resources, variants and the two
    /// "fnuz" float8 formats other than e4m3b11fnuz have no element printer and go generic.
    fn printer(self) -> Printer;
    /// Bytes one element occupies in a numeric buffer; `None` for string, resource and variant (their
    /// elements are objects rather than bytes) and for `INVALID`.
    fn element_size(self) -> Option<usize>;
}

impl SummaryKind for DataType {
    fn printer(self) -> Printer {
        match self {
            DataType::Complex64
            | DataType::Complex128
            | DataType::QInt32
            | DataType::Resource
            | DataType::Variant
            | DataType::Float8E4M3FNUZ
            | DataType::Float8E5M2FNUZ => Printer::Generic,
            _ => Printer::Array,
        }
    }

    fn element_size(self) -> Option<usize> {
        Some(self.size()).filter(|&size| size > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_printer_kinds() {
        // SummarizeValue's dispatch: "everything else" goes to the generic printer.
        let generic: Vec<DataType> =
            DataType::ALL.iter().copied().filter(|k| *k != DataType::Invalid && k.printer() == Printer::Generic).collect();
        assert_eq!(
            generic,
            [
                DataType::Complex64,
                DataType::QInt32,
                DataType::Complex128,
                DataType::Resource,
                DataType::Variant,
                DataType::Float8E4M3FNUZ,
                DataType::Float8E5M2FNUZ,
            ]
        );
    }

    #[test]
    fn element_sizes_are_the_datatype_sizes_of_byte_backed_types() {
        assert_eq!(DataType::Complex128.element_size(), Some(16));
        assert_eq!(DataType::Int4.element_size(), Some(1));
        assert_eq!(DataType::String.element_size(), None);
        assert_eq!(DataType::Variant.element_size(), None);
    }
}
