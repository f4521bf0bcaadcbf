//! Replays `tests/vectors/shape.jsonl` (format: `tests/vectors/shape.format.md`) against
//! `tensorbridge::shape`, the same vectors the Java `ShapeVectorsTest` replays.

use serde_json::Value;
use tensorbridge::ErrorKind;
use tensorbridge::shape::Shape;

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/shape.jsonl");

/// What a call produced, in a form comparable with the `expect` field.
#[derive(Debug, PartialEq)]
enum Outcome {
    Value(Value),
    Error { kind: ErrorKind, message: String },
}

fn int(value: &Value) -> i64 {
    value.as_i64().unwrap_or_else(|| panic!("not an integer: {value}"))
}

fn int32(value: &Value) -> i32 {
    i32::try_from(int(value)).unwrap_or_else(|_| panic!("not an int: {value}"))
}

fn dims(value: &Value) -> Vec<i64> {
    value.as_array().unwrap_or_else(|| panic!("not an array: {value}")).iter().map(int).collect()
}

fn shape_of(dims_value: &Value) -> Shape {
    if dims_value.is_null() { Shape::unknown() } else { Shape::of(&dims(dims_value)) }
}

fn receiver(vector: &Value) -> Shape {
    match vector.get("ctor").and_then(Value::as_str) {
        Some("scalar") | Some("of_null") => Shape::scalar(),
        Some("unknown") => Shape::unknown(),
        Some(other) => panic!("unknown ctor {other}"),
        None => shape_of(&vector["dims"]),
    }
}

/// A `{"shape": ..}` argument. Java `null` arguments never get here (see `replay`).
fn shape_arg(arg: &Value) -> Shape {
    shape_of(arg.get("shape").unwrap_or_else(|| panic!("not a shape argument: {arg}")))
}

fn from_shape(result: tensorbridge::Result<Shape>) -> Outcome {
    match result {
        Ok(shape) => Outcome::Value(match shape.as_array() {
            Some(dims) => Value::from(dims.to_vec()),
            None => Value::Null,
        }),
        Err(error) => Outcome::Error { kind: error.kind, message: error.message },
    }
}

fn from_long(result: tensorbridge::Result<i64>) -> Outcome {
    match result {
        Ok(value) => Outcome::Value(Value::from(value)),
        Err(error) => Outcome::Error { kind: error.kind, message: error.message },
    }
}

fn value(v: impl Into<Value>) -> Outcome {
    Outcome::Value(v.into())
}

fn invoke(vector: &Value) -> Outcome {
    let op = vector["op"].as_str().unwrap_or_else(|| panic!("no op in {vector}"));
    let args = vector["args"].as_array().unwrap_or_else(|| panic!("no args in {vector}"));
    if op == "isCompatible" {
        return value(Shape::is_compatible(int(&args[0]), int(&args[1])));
    }
    let s = receiver(vector);
    match op {
        "size" if args.is_empty() => value(s.size()),
        "size" => from_long(s.size_at(int32(&args[0]))),
        "get" => from_long(s.get(int32(&args[0]))),
        "numDimensions" => value(s.num_dimensions()),
        "hasUnknownDimension" => value(s.has_unknown_dimension()),
        "isScalar" => value(s.is_scalar()),
        "isVector" => value(s.is_vector()),
        "isMatrix" => value(s.is_matrix()),
        "isUnknown" => value(s.is_unknown()),
        "asArray" => value(s.as_array().map(<[i64]>::to_vec)),
        "toListOrNull" => value(s.to_list_or_null()),
        "head" => from_shape(s.head()),
        "tail" => from_shape(s.tail()),
        "take" => from_shape(s.take(int32(&args[0]))),
        "takeLast" => from_shape(s.take_last(int32(&args[0]))),
        "subShape" => from_shape(s.sub_shape(int32(&args[0]), int32(&args[1]))),
        "prepend" if args[0].is_number() => from_shape(s.prepend(int(&args[0]))),
        "prepend" => from_shape(s.prepend_shape(&shape_arg(&args[0]))),
        "append" if args[0].is_number() => from_shape(s.append(int(&args[0]))),
        "append" => from_shape(s.append_shape(&shape_arg(&args[0]))),
        "isCompatibleWith" => value(s.is_compatible_with(&shape_arg(&args[0]))),
        // Java's identity hash of an unknown rank has no vector; a `None` here fails the line.
        "hashCode" => value(s.hash_code()),
        "toString" => value(s.to_string()),
        "equals" => match &args[0] {
            Value::String(self_marker) if self_marker == "self" => value(s.equals(&s)),
            // A List<Long> is not a Shape, so Java's equals is false; Rust's types rule it out.
            arg if arg.get("list").is_some() => value(false),
            arg => value(s.equals(&shape_arg(arg))),
        },
        other => panic!("unknown op {other}"),
    }
}

fn kind_of(java_class: &str) -> ErrorKind {
    match java_class {
        "ArrayIndexOutOfBoundsException" => ErrorKind::ArrayIndexOutOfBounds,
        "NegativeArraySizeException" => ErrorKind::NegativeArraySize,
        "NullPointerException" => ErrorKind::NullPointer,
        other => panic!("no error kind for {other}"),
    }
}

/// Compares one line; returns a description of the mismatch, if any.
fn check(vector: &Value) -> Option<String> {
    let expr = vector["expr"].as_str().unwrap_or("?");
    let outcome = invoke(vector);
    match (vector.get("error"), outcome) {
        (Some(class), Outcome::Error { kind, message }) => {
            let class = class.as_str().unwrap_or_else(|| panic!("bad error in {vector}"));
            if kind != kind_of(class) {
                return Some(format!("{expr}: expected {class}, got {kind:?}: {message}"));
            }
            match vector.get("message").and_then(Value::as_str) {
                Some(expected) if expected != message => {
                    Some(format!("{expr}: expected message {expected:?}, got {message:?}"))
                }
                _ => None,
            }
        }
        (Some(class), Outcome::Value(got)) => Some(format!("{expr}: expected {class}, got {got}")),
        (None, Outcome::Error { kind, message }) => {
            Some(format!("{expr}: unexpected {kind:?}: {message}"))
        }
        (None, Outcome::Value(got)) => {
            let expected = &vector["expect"];
            (expected != &got).then(|| format!("{expr}: expected {expected}, got {got}"))
        }
    }
}

/// True if an argument is a Java `null` reference, which no Rust `&Shape` can be.
fn has_java_null_argument(vector: &Value) -> bool {
    vector["args"].as_array().is_some_and(|args| args.iter().any(Value::is_null))
}

#[test]
fn replay() {
    let text = std::fs::read_to_string(VECTORS).unwrap_or_else(|e| panic!("{VECTORS}: {e}"));
    let mut failures = Vec::new();
    let (mut checked, mut skipped) = (0, 0);
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let vector: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        if has_java_null_argument(&vector) {
            skipped += 1;
            continue;
        }
        checked += 1;
        if let Some(failure) = check(&vector) {
            failures.push(format!("line {}: {failure}", number + 1));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The file has a few Java-null lines; everything else must have been checked.
    assert!(checked >= 200, "only {checked} vectors checked");
    assert!(skipped <= 10, "{skipped} vectors skipped");
}
