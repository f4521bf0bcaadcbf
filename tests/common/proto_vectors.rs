//! Shared by the two replays of `tests/vectors/tensor_proto.jsonl` (codec and `Tensor` API):
//! hex helpers, the rejection check, and the replay loop that collects every failure.

use std::collections::BTreeMap;

use serde_json::Value;
use tensorbridge::{Error, ErrorKind};

pub const VECTORS: &str = include_str!("../vectors/tensor_proto.jsonl");

pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex in vector file"))
        .collect()
}

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A rejection must be INVALID_ARGUMENT with the vector's exact message, or its prefix where TF's
/// message ends in a randomised proto dump.
pub fn check_rejection(err: &Error, v: &Value) -> Result<(), String> {
    if err.kind != ErrorKind::InvalidArgument {
        return Err(format!("error kind {:?}", err.kind));
    }
    if let Some(exact) = v["error"].as_str() {
        if err.message != exact {
            return Err(format!("message {:?}\n   expected {exact:?}", err.message));
        }
    } else {
        let prefix = v["error_prefix"].as_str().expect("error or error_prefix");
        if !err.message.starts_with(prefix) {
            return Err(format!("message {:?} lacks prefix {prefix:?}", err.message));
        }
    }
    Ok(())
}

/// Runs every vector through `serialize` or `parse` (by its `kind`) and returns the total, or a
/// report of all failures.
pub fn replay(
    serialize: fn(&Value) -> Result<(), String>,
    parse: fn(&Value) -> Result<(), String>,
) -> Result<usize, String> {
    let mut counts = BTreeMap::<String, usize>::new();
    let mut failures = Vec::new();
    for line in VECTORS.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("vector line is JSON");
        let id = v["id"].as_str().expect("id").to_string();
        let kind = v["kind"].as_str().expect("kind");
        let outcome = match kind {
            "serialize" => serialize(&v),
            "parse" => parse(&v),
            other => panic!("unknown vector kind {other}"),
        };
        *counts.entry(kind.to_string()).or_default() += 1;
        if let Err(why) = outcome {
            failures.push(format!("{id}: {why}"));
        }
    }
    let total: usize = counts.values().sum();
    if failures.is_empty() {
        Ok(total)
    } else {
        Err(format!(
            "{} of {total} vectors failed ({counts:?}):\n{}",
            failures.len(),
            failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
        ))
    }
}
