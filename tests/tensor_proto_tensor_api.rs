//! Replays the TensorFlow 2.21 golden vectors of `tests/vectors/tensor_proto.jsonl` through the
//! `Tensor` API (`Tensor::from_proto`, `as_proto_field_bytes`, `as_proto_tensor_content_bytes`,
//! `serialize_tensor`), building the input tensors with the tensor constructors rather than the
//! codec's plain form. `tests/tensor_proto_vectors.rs` replays the same file against the codec.

use serde_json::Value;
use tensorbridge::dtype::DataType;
use tensorbridge::tensor::{Tensor, Variant};
use tensorbridge::tensor_proto::{DecodeOptions, parse_tensor_to_tensor};
use tensorbridge::tensor_shape::TensorShape;

mod common;

use common::proto_vectors::{check_rejection, hex, replay, unhex};

fn dims(v: &Value) -> Vec<i64> {
    v.as_array().expect("dims").iter().map(|d| d.as_i64().expect("dim")).collect()
}

/// The vector's tensor, built with `Tensor` constructors.
fn tensor(v: &Value) -> Tensor {
    let dtype = DataType::from_i32(v["dtype"].as_i64().expect("dtype") as i32).expect("value dtype");
    let shape = TensorShape::from_dims(&dims(&v["dims"])).expect("valid shape");
    let data = &v["data"];
    if let Some(raw) = data["raw"].as_str() {
        Tensor::from_bytes(dtype, shape, &unhex(raw)).expect("raw tensor")
    } else if let Some(strings) = data["strings"].as_array() {
        let values: Vec<Vec<u8>> = strings.iter().map(|s| unhex(s.as_str().expect("string hex"))).collect();
        Tensor::from_vec(shape, values).expect("string tensor")
    } else if let Some(variants) = data["variants"].as_array() {
        let values: Vec<Variant> = variants
            .iter()
            .map(|x| {
                if x.is_null() {
                    Variant::default()
                } else {
                    Variant {
                        type_name: "tensorflow::Tensor".into(),
                        metadata: Vec::new(),
                        tensors: vec![tensor(x)],
                    }
                }
            })
            .collect();
        Tensor::from_vec(shape, values).expect("variant tensor")
    } else {
        panic!("unknown data in vector: {data}")
    }
}

fn encode(t: &Tensor, form: &str) -> Result<Vec<u8>, String> {
    match form {
        "content" => t.as_proto_tensor_content_bytes(),
        "field" => t.as_proto_field_bytes(),
        other => panic!("unknown form {other}"),
    }
    .map_err(|e| e.message)
}

/// Our bytes must be TensorFlow's; parsing them and encoding again in the same form must give
/// them back, with the same dtype and shape.
fn check_serialize(v: &Value) -> Result<(), String> {
    let t = tensor(v);
    let form = v["form"].as_str().expect("form");
    let expected = v["expected_hex"].as_str().expect("expected_hex");
    let got = encode(&t, form)?;
    if hex(&got) != expected {
        return Err(format!("encoded {}\n   expected {expected}", hex(&got)));
    }
    let parsed = Tensor::from_proto(&got, &DecodeOptions::default()).map_err(|e| e.message)?;
    if parsed.dtype() != t.dtype() || parsed.shape() != t.shape() {
        return Err(format!("parsed as {:?}", parsed));
    }
    // The content form carries the bytes as they are (the field form narrows sub-byte integers
    // with stray high bits to their canonical value, so only its re-encoding is compared).
    if form == "content" && t.dtype().can_use_memcpy() && parsed.tensor_data().ok() != t.tensor_data().ok() {
        return Err("parsed elements differ".into());
    }
    let again = encode(&parsed, form)?;
    if hex(&again) != expected {
        return Err(format!("parse + encode gave {}", hex(&again)));
    }
    Ok(())
}

fn check_parse(v: &Value) -> Result<(), String> {
    let input = unhex(v["input_hex"].as_str().expect("input_hex"));
    let out_type = v["out_type"].as_i64().expect("out_type") as i32;
    let limitless = DecodeOptions::default();
    let result = parse_tensor_to_tensor(&input, out_type, &limitless);
    if v["ok"].as_bool().expect("ok") {
        let t = result.map_err(|e| format!("rejected: {}", e.message))?;
        if t.shape().dim_sizes() != dims(&v["dims"]).as_slice() {
            return Err(format!("shape {}", t.shape()));
        }
        if let Some(expected) = v["reserialized_hex"].as_str() {
            let got = t.serialize_tensor().map_err(|e| e.message)?;
            if hex(&got) != expected {
                return Err(format!("reserialized {}\n   expected {expected}", hex(&got)));
            }
            // And the reserialized bytes parse back to the same serialization. Resource content
            // accumulates dtypes_and_shapes on every encoding, so resources round-trip
            // through the field form instead.
            let (once, twice) = if t.dtype() == DataType::Resource {
                let field = t.as_proto_field_bytes().map_err(|e| e.message)?;
                let back = Tensor::from_proto(&field, &limitless).and_then(|b| b.as_proto_field_bytes());
                (field, back)
            } else {
                let back = Tensor::from_proto(&got, &limitless).and_then(|b| b.serialize_tensor());
                (got, back)
            };
            if twice.as_deref().ok() != Some(&once[..]) {
                return Err("reserialized bytes do not round-trip".into());
            }
        }
        if let Some(raw) = v["raw"].as_str() {
            let data = t.tensor_data().map_err(|e| e.message)?;
            if hex(data) != raw {
                return Err(format!("elements {}, expected raw {raw}", hex(data)));
            }
            if !t.is_aligned() {
                return Err("decoded buffer is not aligned".into());
            }
        }
        return Ok(());
    }
    // Rejections other than the dtype check come from FromProto itself.
    let from_proto = Tensor::from_proto(&input, &limitless);
    let err = match result {
        Ok(t) => return Err(format!("accepted as {t:?}")),
        Err(e) => e,
    };
    if !err.message.starts_with("Type mismatch") && from_proto.is_ok() {
        return Err("Tensor::from_proto accepts what parse_tensor rejects".into());
    }
    check_rejection(&err, v)
}

#[test]
fn tensorflow_golden_vectors_through_the_tensor_api() {
    let total = replay(check_serialize, check_parse).unwrap_or_else(|report| panic!("{report}"));
    assert_eq!(total, 2044, "vector count changed; update this test");
}
