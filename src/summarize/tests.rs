//! SummarizeValue / DebugString outputs observed with TensorFlow 2.21, and its quirks
//! (docs/contracts/tensor.md#summaries-and-debug-strings).

use super::*;
use crate::dtype::DataType;

fn bytes_of<T: bytemuck::NoUninit>(values: &[T]) -> Vec<u8> {
    bytemuck::cast_slice(values).to_vec()
}

fn numeric(kind: DataType, bytes: &[u8], dims: &[i64], max_entries: i64, v2: bool) -> String {
    let elements = NumericElements::new(kind, bytes).unwrap();
    String::from_utf8(summarize_value(kind, dims, Some(&elements), max_entries, v2).unwrap()).unwrap()
}

fn int32(values: &[i32], dims: &[i64], max_entries: i64, v2: bool) -> String {
    numeric(DataType::Int32, &bytes_of(values), dims, max_entries, v2)
}

fn float(values: &[f32], dims: &[i64], max_entries: i64, v2: bool) -> String {
    numeric(DataType::Float, &bytes_of(values), dims, max_entries, v2)
}

fn strings(values: &[&str], dims: &[i64], max_entries: i64, v2: bool) -> String {
    let elements = StringElements::new(values);
    String::from_utf8(summarize_value(DataType::String, dims, Some(&elements), max_entries, v2).unwrap()).unwrap()
}

fn cycle<T: Copy>(pattern: &[T], n: usize) -> Vec<T> {
    pattern.iter().copied().cycle().take(n).collect()
}

/// The element bytes of `values` (small non-negative integers) in `kind`'s representation.
fn encode_small(kind: DataType, values: &[u8]) -> Vec<u8> {
    use DataType::*;
    let mut out = Vec::new();
    for &v in values {
        match kind {
            QUInt8 | UInt8 | Int8 => out.push(v),
            QUInt16 | UInt16 | Int16 => out.extend(u16::from(v).to_ne_bytes()),
            UInt32 | Int32 => out.extend(u32::from(v).to_ne_bytes()),
            UInt64 | Int64 => out.extend(u64::from(v).to_ne_bytes()),
            Half => out.extend(half::f16::from(v).to_ne_bytes()),
            BFloat16 => out.extend(half::bf16::from(v).to_ne_bytes()),
            Float => out.extend(f32::from(v).to_ne_bytes()),
            Double => out.extend(f64::from(v).to_ne_bytes()),
            // float8 encodings of 0..4 (exponent/mantissa by hand from the format definitions).
            Float8E4M3FN => out.push([0x00, 0x38, 0x40, 0x44, 0x48][usize::from(v)]),
            Float8E5M2 => out.push([0x00, 0x3C, 0x40, 0x42, 0x44][usize::from(v)]),
            _ => unreachable!(),
        }
    }
    out
}

#[test]
fn upstream_per_dtype_vectors() {
    use DataType::*;
    for kind in [
        QUInt8,
        QUInt16,
        UInt8,
        UInt16,
        UInt32,
        UInt64,
        Int8,
        Int16,
        Int32,
        Int64,
        Float8E4M3FN,
        Float8E5M2,
        Half,
        BFloat16,
        Float,
        Double,
    ] {
        let five = encode_small(kind, &[1, 2, 3, 4, 0]);
        assert_eq!(numeric(kind, &five, &[5], 10, false), "1 2 3 4 0", "{kind:?}");
        let four = encode_small(kind, &[1, 2, 3, 4]);
        assert_eq!(numeric(kind, &four, &[2, 2], 10, false), "[1 2][3 4]", "{kind:?}");
        assert_eq!(numeric(kind, &four, &[2, 2, 1, 1], 10, false), "[[[1]][[2]]][[[3]][[4]]]", "{kind:?}");
        assert_eq!(numeric(kind, &four, &[2, 2, 1, 1], 3, false), "[[[1]][[2]]][[[3]]]...", "{kind:?}");
        assert_eq!(numeric(kind, &[], &[0], 10, false), "", "{kind:?}");
    }
}

#[test]
fn int32_three_by_four() {
    let values: Vec<i32> = (1..=12).collect();
    assert_eq!(int32(&values, &[3, 4], 3, false), "[1 2 3...]...");
    assert_eq!(int32(&values, &[3, 4], 10, false), "[1 2 3 4][5 6 7 8][9 10...]...");
    assert_eq!(int32(&values, &[3, 4], 1, true), "[[1 ... 4]\n ...\n [9 ... 12]]");
    assert_eq!(int32(&values, &[3, 4], 10, true), "[[1 2 3 4]\n [5 6 7 8]\n [9 10 11 12]]");
    assert_eq!(int32(&values, &[3, 4], -1, true), "[[1 2 3 4]\n [5 6 7 8]\n [9 10 11 12]]");
}

#[test]
fn v2_int_and_float() {
    let ints = [1, 2, 3, 4, 0];
    let floats = [1.0f32, 2.0, 3.0, 4.0, 0.0];
    for (max, expected) in [(16, "[1 2 3 4 0]"), (-1, "[1 2 3 4 0]"), (2, "[1 2 ... 4 0]"), (1, "[1 ... 0]")] {
        assert_eq!(int32(&ints, &[5], max, true), expected);
        assert_eq!(float(&floats, &[5], max, true), expected);
    }
    assert_eq!(int32(&ints[..4], &[2, 2], -1, true), "[[1 2]\n [3 4]]");
    assert_eq!(float(&floats[..4], &[2, 2], -1, true), "[[1 2]\n [3 4]]");
    let nested = "[[[[1]]\n\n  [[2]]]\n\n\n [[[3]]\n\n  [[4]]]]";
    assert_eq!(int32(&ints[..4], &[2, 2, 1, 1], -1, true), nested);
    assert_eq!(float(&floats[..4], &[2, 2, 1, 1], -1, true), nested);
    assert_eq!(int32(&[], &[0], -1, true), "[]");
    assert_eq!(float(&[], &[0], -1, true), "[]");
}

#[test]
fn bools() {
    let values = cycle(&[0u8, 1, 1], 5);
    let bools = |dims: &[i64], max, v2| {
        numeric(DataType::Bool, &values[..dims.iter().product::<i64>() as usize], dims, max, v2)
    };
    assert_eq!(bools(&[5], 16, false), "0 1 1 0 1");
    assert_eq!(bools(&[5], 3, false), "0 1 1...");
    assert_eq!(bools(&[5], 2, true), "[0 1 ... 0 1]");
    // Quirk: nothing at all when limit is 0, scalars included.
    for dims in [&[5][..], &[], &[1, 5], &[0]] {
        assert_eq!(bools(dims, 0, false), "");
        assert_eq!(bools(dims, 0, true), "");
    }
}

#[test]
fn string_vectors() {
    let five = ["one", "two", "three", "four", "five"];
    assert_eq!(strings(&five, &[5], 3000, false), "one two three four five");
    assert_eq!(strings(&cycle(&five, 25), &[5, 1, 5], 6, false), "[[one two three four five]][[one...]]...");
    assert_eq!(strings(&five, &[5], -1, true), "[\"one\" \"two\" \"three\" \"four\" \"five\"]");
    assert_eq!(strings(&five, &[5], 2, true), "[\"one\" \"two\" ... \"four\" \"five\"]");
    assert_eq!(strings(&five[..4], &[2, 2], -1, true), "[[\"one\" \"two\"]\n [\"three\" \"four\"]]");
    assert_eq!(
        strings(&cycle(&five, 25), &[5, 1, 5], 1, true),
        "[[[\"one\" ... \"five\"]]\n\n ...\n\n [[\"one\" ... \"five\"]]]"
    );
    assert_eq!(strings(&["hi"], &[], 3, false), "hi");
    assert_eq!(strings(&["hi"], &[], 3, true), "\"hi\"");
    assert_eq!(strings(&["q\"'\\"], &[], 3, false), "q\\\"\\'\\\\");
    let raw: [&[u8]; 1] = [&[0xFF, 0xFE]];
    let elements = StringElements::new(&raw);
    assert_eq!(summarize_value(DataType::String, &[], Some(&elements), 3, false).unwrap(), [0xFF, 0xFE]);
}

#[test]
fn observed_float_vectors() {
    let values = [0.1f32, 1.0 / 3.0, 1e20, -0.0, 1e-7, 123456789.0];
    assert_eq!(float(&values, &[6], 2, false), "0.1 0.333333343...");
    assert_eq!(float(&values, &[6], 2, true), "[0.1 0.333333343 ... 1e-07 123456792]");
    assert_eq!(float(&values, &[6], 0, false), "...");
    assert_eq!(float(&values, &[6], 0, true), "[ ...]");
    assert_eq!(float(&values, &[6], -1, true), "[0.1 0.333333343 1e+20 -0 1e-07 123456792]");
    let specials = [f32::NAN, -f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1.5];
    assert_eq!(float(&specials, &[5], -1, false), "nan -nan inf -inf 1.5");
}

#[test]
fn observed_shape_edge_vectors() {
    let values: Vec<i32> = (0..6).collect();
    assert_eq!(int32(&values, &[2, 3], 1, false), "[0...]...");
    assert_eq!(int32(&values, &[2, 3], 1, true), "[[0 ... 2]\n [3 ... 5]]");
    assert_eq!(int32(&values, &[2, 3], 0, true), "[\n ...]");
    for max in [-1, 0, 3] {
        assert_eq!(int32(&[], &[2, 0], max, false), "");
        assert_eq!(int32(&[], &[2, 0], max, true), "[\n ...]");
        assert_eq!(int32(&[], &[0, 3], max, false), "");
        assert_eq!(int32(&[], &[0, 3], max, true), "[]");
    }
    assert_eq!(int32(&[1, 2, 3, 4], &[2, 2, 1, 1], 0, true), "[\n\n\n ...]");
    assert_eq!(int32(&[42], &[], 0, false), "...");
    assert_eq!(int32(&[42], &[], 0, true), "...");
    assert_eq!(int32(&[42], &[], 3, true), "42");
}

#[test]
fn generic_printer_vectors() {
    let zeros = [0u8; 16];
    let complex = |max, v2| numeric(DataType::Complex64, &zeros, &[2], max, v2);
    assert_eq!(complex(-1, false), "? ?");
    assert_eq!(complex(-1, true), "[? ?]");
    assert_eq!(complex(0, false), "...");
    assert_eq!(complex(0, true), "[...]");
    assert_eq!(complex(1, false), "?...");
    assert_eq!(complex(1, true), "[?...]");
    assert_eq!(numeric(DataType::QInt32, &[0; 12], &[3], -1, false), "? ? ?");
    for kind in [DataType::QInt8, DataType::QUInt8] {
        assert_eq!(numeric(kind, &[1, 2, 3], &[3], -1, false), "1 2 3");
    }
    for kind in [DataType::QInt16, DataType::QUInt16] {
        assert_eq!(numeric(kind, &bytes_of(&[1u16, 2, 3]), &[3], -1, false), "1 2 3");
    }
    let handle = ["ResourceHandle(name=\"a\", device=\"\", container=\"\", type=\"\", dtype and shapes : \"[  ]\")"];
    let elements = ObjectSummaries::new(&handle);
    assert_eq!(
        String::from_utf8(summarize_value(DataType::Resource, &[], Some(&elements), -1, true).unwrap()).unwrap(),
        "<ResourceHandle(name=\"a\", device=\"\", container=\"\", type=\"\", dtype and shapes : \"[  ]\")>"
    );
    let variant = ["Tensor<type: float shape: [] values: 42>"];
    for v2 in [false, true] {
        let elements = ObjectSummaries::new(&variant);
        assert_eq!(
            String::from_utf8(summarize_value(DataType::Variant, &[], Some(&elements), -1, v2).unwrap()).unwrap(),
            "<Tensor<type: float shape: [] values: 42>>"
        );
    }
}

#[test]
fn uninitialized_tensor() {
    for v2 in [false, true] {
        for max in [1, 3, -1] {
            assert_eq!(
                summarize_value(DataType::Int32, &[4, 4], None, max, v2).unwrap(),
                b"uninitialized Tensor of 16 elements of type 3"
            );
        }
    }
    // Nothing to print: no buffer needed.
    assert_eq!(summarize_value(DataType::Int32, &[4, 4], None, 0, true).unwrap(), b"[\n ...]");
    assert_eq!(summarize_value(DataType::Float, &[0], None, 3, false).unwrap(), b"");
}

#[test]
fn inconsistent_inputs_are_errors() {
    let elements = NumericElements::new(DataType::Int32, &[0; 8]).unwrap();
    assert!(summarize_value(DataType::Int32, &[3], Some(&elements), 3, false).is_err());
    assert!(summarize_value(DataType::Int32, &[-1], None, 3, false).is_err());
    assert!(summarize_value(DataType::Int32, &[i64::MAX, 4], None, 0, false).is_err());
}

#[test]
fn debug_strings() {
    // DebugString examples of TensorFlow 2.21.
    let empty = summarize_value(DataType::Float, &[0], None, DEBUG_STRING_ENTRIES, false).unwrap();
    assert_eq!(debug_string("float", "[0]", &empty), b"Tensor<type: float shape: [0] values: >");
    let values: Vec<f32> = (0..6).map(|v| v as f32).collect();
    let bytes = bytes_of(&values);
    let elements = NumericElements::new(DataType::Float, &bytes).unwrap();
    let summary = summarize_value(DataType::Float, &[2, 3], Some(&elements), DEBUG_STRING_ENTRIES, false).unwrap();
    assert_eq!(debug_string("float", "[2,3]", &summary), b"Tensor<type: float shape: [2,3] values: [0 1 2]...>");
    let scalar = bytes_of(&[42.0f32]);
    let elements = NumericElements::new(DataType::Float, &scalar).unwrap();
    let summary = summarize_value(DataType::Float, &[], Some(&elements), DEBUG_STRING_ENTRIES, false).unwrap();
    assert_eq!(debug_string("float", "[]", &summary), b"Tensor<type: float shape: [] values: 42>");
    assert_eq!(device_safe_debug_string("float", "[2,3]"), "Tensor<type: float shape: [2,3]>");
}
