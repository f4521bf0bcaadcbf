//! `SummarizeValue(max_entries, print_v2)`
//! (docs/contracts/tensor.md#summaries-and-debug-strings): clamps the entry count, reports uninitialised
//! tensors, and dispatches to the array or generic printer.

use super::array::{ArrayLayout, array_summary};
use super::elements::ElementFormatter;
use super::generic::generic_summary;
use super::kind::{Printer, SummaryKind};
use crate::dtype::DataType;
use crate::error::{Error, Result};

/// Summarises a tensor of `kind` and shape `dims`.
///
/// `elements` is `None` for a tensor without a buffer; it is only consulted when something is to be
/// printed. A negative `max_entries` prints every element. The result is bytes because string elements keep
/// bytes ≥ 0x80 raw, which need not be UTF-8.
///
/// Errors (never produced by a well-formed tensor): a negative dimension, an element count that overflows
/// `i64`, or `elements` holding a different number of elements than `dims` describes.
pub fn summarize_value(
    kind: DataType,
    dims: &[i64],
    elements: Option<&dyn ElementFormatter>,
    max_entries: i64,
    print_v2: bool,
) -> Result<Vec<u8>> {
    if let Some(&negative) = dims.iter().find(|&&d| d < 0) {
        return Err(Error::invalid_argument(format!("negative dimension {negative}")));
    }
    let num_elements = dims
        .iter()
        .try_fold(1i64, |count, &d| count.checked_mul(d))
        .ok_or_else(|| Error::invalid_argument("element count overflows int64"))?;
    let max_entries = if max_entries < 0 { num_elements } else { max_entries };
    let limit = max_entries.min(num_elements);

    let elements: &dyn ElementFormatter = match elements {
        None if limit > 0 => {
            return Ok(
                format!("uninitialized Tensor of {num_elements} elements of type {}", kind.as_i32()).into_bytes()
            );
        }
        None => &NoElements,
        Some(elements) => {
            if i64::try_from(elements.len()).ok() != Some(num_elements) {
                return Err(Error::internal(format!(
                    "summary of {num_elements} elements given {} elements",
                    elements.len()
                )));
            }
            elements
        }
    };

    // Everything below indexes memory, so sizes must fit the address space. They do whenever a buffer holds
    // the elements; only a buffer-less tensor with a huge shape on a 32-bit target can fail here.
    let too_large = || Error::invalid_argument("tensor too large to summarize on this platform");
    let dims = dims.iter().map(|&d| usize::try_from(d)).collect::<std::result::Result<Vec<usize>, _>>();
    let dims = dims.map_err(|_| too_large())?;
    let num_elements = usize::try_from(num_elements).map_err(|_| too_large())?;
    let max_entries = usize::try_from(max_entries).unwrap_or(usize::MAX);
    let limit = max_entries.min(num_elements);

    Ok(match kind.printer() {
        Printer::Array => {
            let layout = ArrayLayout { dims: &dims, num_elements, limit, is_bool: kind == DataType::Bool };
            array_summary(&layout, elements, print_v2)
        }
        Printer::Generic => generic_summary(elements, dims.len(), num_elements, max_entries, limit, print_v2),
    })
}

/// Stand-in for a missing buffer when no element is printed.
struct NoElements;

impl ElementFormatter for NoElements {
    fn len(&self) -> usize {
        0
    }
    fn fmt_element(&self, _index: usize, _print_v2: bool, _out: &mut Vec<u8>) {}
}
