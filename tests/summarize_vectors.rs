//! Replays the SummarizeValue golden vectors recorded from TensorFlow 2.21
//! (tests/vectors/summarize.jsonl, made by tests/vectors/gen/summarize_gen.py) and compares byte for byte.

use serde_json::Value;
use tensorbridge::dtype::DataType;
use tensorbridge::summarize::{NumericElements, StringElements, SummaryKind, summarize_value};

const VECTORS: &str = include_str!("vectors/summarize.jsonl");

fn hex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "odd hex length");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
}

/// Converts the recorded little-endian element bytes to native order.
fn native_order(kind: DataType, mut bytes: Vec<u8>) -> Vec<u8> {
    if cfg!(target_endian = "big") {
        let size = kind.element_size().unwrap();
        // Complex numbers are two reals, each swapped on its own.
        let unit = if matches!(kind, DataType::Complex64 | DataType::Complex128) { size / 2 } else { size };
        bytes.chunks_mut(unit).for_each(<[u8]>::reverse);
    }
    bytes
}

fn replay(record: &Value) -> Result<(), String> {
    let number = record["dtype_enum"].as_i64().unwrap() as i32;
    let kind = DataType::from_i32(number).filter(|d| *d != DataType::Invalid).ok_or(format!("no kind for dtype {number}"))?;
    let dims: Vec<i64> = record["shape"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).collect();
    let max_entries = record["max_entries"].as_i64().unwrap();
    let print_v2 = record["print_v2"].as_bool().unwrap();
    let expected = match record.get("expected") {
        Some(text) => text.as_str().unwrap().as_bytes().to_vec(),
        None => hex(record["expected_hex"].as_str().unwrap()),
    };

    let actual = if let Some(strings) = record.get("strings_hex") {
        let items: Vec<Vec<u8>> = strings.as_array().unwrap().iter().map(|s| hex(s.as_str().unwrap())).collect();
        summarize_value(kind, &dims, Some(&StringElements::new(&items)), max_entries, print_v2)
    } else {
        let bytes = native_order(kind, hex(record["data_hex"].as_str().unwrap()));
        let elements = NumericElements::new(kind, &bytes).map_err(|e| e.to_string())?;
        summarize_value(kind, &dims, Some(&elements), max_entries, print_v2)
    }
    .map_err(|e| e.to_string())?;

    if actual == expected {
        Ok(())
    } else {
        Err(format!(
            "expected {:?}\n     got {:?}",
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(&actual)
        ))
    }
}

#[test]
fn summarize_matches_tensorflow() {
    let mut total = 0;
    let mut failures = Vec::new();
    for (line_number, line) in VECTORS.lines().enumerate() {
        let record: Value = serde_json::from_str(line).unwrap();
        total += 1;
        if let Err(message) = replay(&record) {
            failures.push(format!(
                "line {} ({} {} max_entries={} v2={}): {message}",
                line_number + 1,
                record["dtype"],
                record["shape"],
                record["max_entries"],
                record["print_v2"]
            ));
        }
    }
    assert!(total >= 600, "only {total} vectors");
    assert!(
        failures.is_empty(),
        "{} of {total} vectors differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
