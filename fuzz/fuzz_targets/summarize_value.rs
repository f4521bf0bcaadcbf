//! SummarizeValue over arbitrary dtype, shape, max_entries and element bytes: it must never panic,
//! and must succeed whenever the element storage matches the shape.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensorbridge::dtype::DataType;
use tensorbridge::summarize::{NumericElements, StringElements, SummaryKind, summarize_value};

fuzz_target!(|data: &[u8]| {
    let [dtype, rank, entries_lo, entries_hi, flags, rest @ ..] = data else { return };
    let Some(kind) = DataType::from_i32(i32::from(*dtype % 40)) else { return };
    let rank = usize::from(rank % 6);
    if rest.len() < rank {
        return;
    }
    let (dim_bytes, payload) = rest.split_at(rank);
    let dims: Vec<i64> = dim_bytes.iter().map(|d| i64::from(d % 7)).collect();
    let count: usize = dims.iter().map(|&d| d as usize).product();
    let max_entries = i64::from(i16::from_le_bytes([*entries_lo, *entries_hi]));
    let print_v2 = flags & 1 == 1;

    if kind == DataType::String {
        let strings: Vec<&[u8]> = payload.chunks(3).take(count).collect();
        let elements = StringElements::new(&strings);
        let result = summarize_value(kind, &dims, Some(&elements), max_entries, print_v2);
        assert_eq!(result.is_ok(), strings.len() == count, "{result:?}");
        return;
    }
    let Some(width) = kind.element_size() else {
        let _ = summarize_value(kind, &dims, None, max_entries, print_v2);
        return;
    };
    let bytes = &payload[..payload.len().min(count * width)];
    if let Ok(elements) = NumericElements::new(kind, bytes) {
        let result = summarize_value(kind, &dims, Some(&elements), max_entries, print_v2);
        if bytes.len() == count * width {
            assert!(result.is_ok(), "{result:?}");
        }
    }
    let _ = summarize_value(kind, &dims, None, max_entries, print_v2);
});
