//! The generic printer (docs/contracts/tensor.md#summaries-and-debug-strings) for kinds without an element printer: a flat list, no nesting, no
//! v2 head-and-tail.

use super::elements::ElementFormatter;

pub(crate) fn generic_summary(
    elements: &dyn ElementFormatter,
    rank: usize,
    num_elements: usize,
    max_entries: usize,
    limit: usize,
    v2: bool,
) -> Vec<u8> {
    let bracketed = v2 && rank > 0;
    let mut out = Vec::new();
    if bracketed {
        out.push(b'[');
    }
    for index in 0..limit {
        if index > 0 {
            out.push(b' ');
        }
        elements.fmt_element(index, v2, &mut out);
    }
    // Upstream compares the requested count, not the clamped limit (equivalent once -1 became num).
    if max_entries < num_elements {
        out.extend_from_slice(b"...");
    }
    if bracketed {
        out.push(b']');
    }
    out
}
