//! Replays tests/vectors/tensor.jsonl: facts about `tensorflow::Tensor` recorded from the real
//! TensorFlow 2.21 C++ library by tests/vectors/gen/tensor_gen.py (constructors, BuildTensor,
//! sizes, Slice/SubSlice windows and alignment, BitcastFrom statuses).

use serde_json::Value;
use tensorbridge::dtype::DataType;
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_shape::TensorShape;

fn dims_of(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_i64().unwrap())
        .collect()
}

fn shape(dims: &[i64]) -> TensorShape {
    TensorShape::from_dims(dims).unwrap()
}

fn dtype(v: &Value) -> DataType {
    DataType::from_i32(v.as_i64().unwrap() as i32).unwrap()
}

/// Compares the fields `describe()` of the generator records.
fn check_description(t: &Tensor, rec: &Value, line: &str) {
    assert_eq!(
        t.dtype().as_i32() as i64,
        rec["dtype"].as_i64().unwrap(),
        "{line}"
    );
    assert_eq!(
        t.shape().debug_string(),
        rec["shape"].as_str().unwrap(),
        "{line}"
    );
    assert_eq!(
        t.num_elements(),
        rec["num_elements"].as_i64().unwrap(),
        "{line}"
    );
    assert_eq!(
        t.is_initialized(),
        rec["initialized"].as_bool().unwrap(),
        "{line}"
    );
    if let Some(total) = rec["total_bytes"].as_u64() {
        assert_eq!(t.total_bytes().unwrap() as u64, total, "{line}");
        assert_eq!(
            t.allocated_bytes().unwrap() as u64,
            rec["allocated_bytes"].as_u64().unwrap(),
            "{line}"
        );
    }
    if let Some(len) = rec["data_len"].as_u64() {
        assert_eq!(t.tensor_data().unwrap().len() as u64, len, "{line}");
    }
}

#[test]
fn tensor_vectors_from_tensorflow() {
    let text = include_str!("vectors/tensor.jsonl");
    let mut checked = 0;
    for line in text.lines() {
        let rec: Value = serde_json::from_str(line).unwrap();
        match rec["op"].as_str().unwrap() {
            "default" => check_description(&Tensor::default(), &rec, line),
            "dtype_ctor" => check_description(&Tensor::empty(dtype(&rec["dtype_in"])), &rec, line),
            "build_tensor" => {
                let r = Tensor::build(
                    rec["dtype_in"].as_i64().unwrap() as i32,
                    shape(&dims_of(&rec["dims"])),
                );
                assert_eq!(
                    r.as_ref().err().map(|e| e.message.as_str()),
                    rec["status"].as_str(),
                    "{line}"
                );
                if let Ok(t) = r {
                    check_description(&t, &rec, line);
                    if let Some(aligned) = rec["aligned64"].as_bool() {
                        assert_eq!(t.data_address().unwrap_or(0) % 64 == 0, aligned, "{line}");
                    }
                }
            }
            "shaped_ctor" => {
                let t =
                    Tensor::new(dtype(&rec["dtype_in"]), shape(&dims_of(&rec["dims"]))).unwrap();
                assert_eq!(
                    t.total_bytes().unwrap() as u64,
                    rec["total_bytes"].as_u64().unwrap(),
                    "{line}"
                );
                assert_eq!(
                    t.allocated_bytes().unwrap() as u64,
                    rec["allocated_bytes"].as_u64().unwrap(),
                    "{line}"
                );
                assert_eq!(
                    t.is_initialized(),
                    rec["initialized"].as_bool().unwrap(),
                    "{line}"
                );
                assert_eq!(
                    t.data_address().unwrap_or(0) % 64 == 0,
                    rec["aligned64"].as_bool().unwrap(),
                    "{line}"
                );
            }
            op @ ("slice" | "sub_slice") => {
                let parent =
                    Tensor::new(dtype(&rec["dtype_in"]), shape(&dims_of(&rec["dims"]))).unwrap();
                let t = if op == "slice" {
                    parent.slice(
                        rec["start"].as_i64().unwrap(),
                        rec["limit"].as_i64().unwrap(),
                    )
                } else {
                    parent.sub_slice(rec["index"].as_i64().unwrap())
                }
                .unwrap();
                check_description(&t, &rec, line);
                let shares = rec["shares"].as_bool().unwrap();
                assert_eq!(t.shares_buffer_with(&parent), shares, "{line}");
                if shares {
                    let offset = rec["offset"].as_u64().unwrap() as usize;
                    let base = parent.data_address().unwrap();
                    assert_eq!(t.data_address().unwrap(), base + offset, "{line}");
                    assert_eq!(
                        (base + offset) % 64 == 0,
                        rec["aligned64"].as_bool().unwrap(),
                        "{line}"
                    );
                } else {
                    assert_eq!(t.data_address(), None, "{line}");
                }
            }
            "bitcast_from" => {
                let src = Tensor::new(dtype(&rec["src_dtype"]), shape(&dims_of(&rec["src_dims"])))
                    .unwrap();
                let mut dst = Tensor::default();
                let r = dst.bitcast_from(
                    &src,
                    dtype(&rec["dtype_in"]),
                    &shape(&dims_of(&rec["dims"])),
                );
                assert_eq!(
                    r.as_ref().err().map(|e| e.message.as_str()),
                    rec["status"].as_str(),
                    "{line}"
                );
                if r.is_ok() {
                    check_description(&dst, &rec, line);
                    assert_eq!(
                        dst.shares_buffer_with(&src),
                        rec["shares"].as_bool().unwrap(),
                        "{line}"
                    );
                }
            }
            other => panic!("unknown op {other}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 221);
}
