//! What the two replays of `tests/vectors/strided_slice.jsonl` share: reading a case's fields and
//! comparing an outcome with the case's expectation (the byte kernel in `strided_slice_vectors.rs`,
//! the whole op on tensors in `strided_slice_tensor_op.rs`). Included with `#[path]`, so each test
//! binary gets only this file.

use serde_json::Value;
use tensorbridge::{Error, ErrorKind};

/// Bytes of a lowercase hex string.
pub fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// A JSON array of integers.
pub fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

/// The error kind a vector names by TensorFlow's status class.
pub fn kind(name: &str) -> ErrorKind {
    match name {
        "InvalidArgumentError" => ErrorKind::InvalidArgument,
        "UnimplementedError" => ErrorKind::Unimplemented,
        "InternalError" => ErrorKind::Internal,
        other => panic!("unexpected error class {other}"),
    }
}

/// Compares an outcome (output shape and output value as the vector writes it, or an error) with
/// the case's `expect`; returns a description of the mismatch, if any.
pub fn compare(outcome: Result<(Vec<i64>, Value), Error>, expect: &Value) -> Result<(), String> {
    match (outcome, expect.get("error")) {
        (Ok((got_shape, got)), None) => {
            let want_shape = ints(&expect["shape"]);
            if got_shape != want_shape {
                return Err(format!("shape {got_shape:?} != {want_shape:?}"));
            }
            if got != expect["output"] {
                return Err(format!("values {got} != {}", expect["output"]));
            }
            Ok(())
        }
        (Err(e), Some(class)) => {
            let want = expect["message"].as_str().unwrap();
            if e.kind != kind(class.as_str().unwrap()) || e.message != want {
                return Err(format!(
                    "error {:?} {:?} != {class} {want:?}",
                    e.kind, e.message
                ));
            }
            Ok(())
        }
        (Ok((s, _)), Some(_)) => Err(format!("succeeded with shape {s:?}, expected {expect}")),
        (Err(e), None) => Err(format!(
            "failed with {:?} {:?}, expected {expect}",
            e.kind, e.message
        )),
    }
}
