//! Replays the shape-inference golden vectors recorded from TensorFlow 2.21's shape function
//! (`tests/vectors/strided_slice_shape_inference.jsonl`, made by
//! `tests/vectors/gen/strided_slice_shape_gen.py`): partial input shapes, unknown begin/end.

use serde_json::Value;
use tensorbridge::ErrorKind;
use tensorbridge::strided_slice::spec::infer_shape;
use tensorbridge::strided_slice::{IndexTensor, IndexType, Masks};

fn ints(v: &Value) -> Option<Vec<i64>> {
    v.as_array()
        .map(|a| a.iter().map(|x| x.as_i64().unwrap()).collect())
}

fn check(case: &Value) -> Result<(), String> {
    let shape = ints(&case["shape"]);
    let begin = ints(&case["begin"]);
    let end = ints(&case["end"]);
    let strides = ints(&case["strides"]).unwrap();
    let m = ints(&case["masks"]).unwrap();
    let masks = Masks {
        begin: m[0] as i32,
        end: m[1] as i32,
        ellipsis: m[2] as i32,
        new_axis: m[3] as i32,
        shrink_axis: m[4] as i32,
    };
    let b = begin.as_deref().map(IndexTensor::vector);
    let e = end.as_deref().map(IndexTensor::vector);
    let got = infer_shape(
        shape.as_deref(),
        b.as_ref(),
        e.as_ref(),
        Some(&IndexTensor::vector(&strides)),
        IndexType::from_name(case["index_type"].as_str().unwrap()),
        masks,
    );
    let expect = &case["expect"];
    match (got, expect.get("error")) {
        (Ok(shape), None) => {
            let want = ints(&expect["shape"]);
            if shape != want {
                return Err(format!("shape {shape:?} != {want:?}"));
            }
            Ok(())
        }
        (Err(err), Some(_)) => {
            let want = expect["message"].as_str().unwrap();
            // The shape function's failures are INVALID_ARGUMENT statuses (ValueError in Python).
            if err.kind != ErrorKind::InvalidArgument || err.message != want {
                return Err(format!(
                    "error {:?} {:?} != {want:?}",
                    err.kind, err.message
                ));
            }
            Ok(())
        }
        (Ok(s), Some(_)) => Err(format!("inferred {s:?}, expected {expect}")),
        (Err(err), None) => Err(format!("failed with {:?}, expected {expect}", err.message)),
    }
}

#[test]
fn shape_inference_vectors_from_tensorflow() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/strided_slice_shape_inference.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        if let Err(why) = check(&case) {
            failures.push(format!("line {}: [{}] {why}", i + 1, case["tag"]));
        }
    }
    assert!(total >= 800, "only {total} vectors");
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}
