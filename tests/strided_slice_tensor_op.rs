//! Replays the TensorFlow 2.21 golden vectors (`tests/vectors/strided_slice.jsonl`) through the
//! tensor-level op `strided_slice_tensor`, and pins down what only that level decides: input type
//! checks, the attribute range check order, and buffer sharing on the fast paths.

#[path = "common/slice_vectors.rs"]
mod slice_vectors;
use serde_json::Value;
use slice_vectors::{compare, hex, ints};
use tensorbridge::ErrorKind;
use tensorbridge::dtype::DataType;
use tensorbridge::strided_slice::{Masks, strided_slice_tensor, strided_slice_tensor_attrs};
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_shape::TensorShape;

fn shape(dims: &[i64]) -> TensorShape {
    TensorShape::from_dims(dims).unwrap()
}

fn index_tensor(index_type: &str, dims: &[i64], values: &[i64]) -> Tensor {
    match index_type {
        "int16" => Tensor::from_slice(
            shape(dims),
            &values.iter().map(|&v| v as i16).collect::<Vec<_>>(),
        ),
        "int32" => Tensor::from_slice(
            shape(dims),
            &values.iter().map(|&v| v as i32).collect::<Vec<_>>(),
        ),
        "int64" => Tensor::from_slice(shape(dims), values),
        other => panic!("index type {other}"),
    }
    .unwrap()
}

fn input_tensor(case: &Value) -> Tensor {
    let dtype = case["dtype"].as_str().unwrap();
    let dims = ints(&case["shape"]);
    if dtype == "string" {
        let values: Vec<Vec<u8>> = case["input"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().as_bytes().to_vec())
            .collect();
        Tensor::from_vec(shape(&dims), values).unwrap()
    } else {
        let dt = DataType::from_name(dtype).unwrap();
        Tensor::from_bytes(dt, shape(&dims), &hex(case["input"].as_str().unwrap())).unwrap()
    }
}

fn output_value(t: &Tensor) -> Value {
    if t.dtype() == DataType::String {
        Value::from(
            t.flat::<Vec<u8>>()
                .unwrap()
                .data()
                .iter()
                .map(|s| String::from_utf8(s.clone()).unwrap())
                .collect::<Vec<_>>(),
        )
    } else {
        Value::from(
            t.tensor_data()
                .unwrap()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>(),
        )
    }
}

fn check(case: &Value) -> Result<(), String> {
    let it = case["index_type"].as_str().unwrap();
    let (b, e, s) = (
        ints(&case["begin"]),
        ints(&case["end"]),
        ints(&case["strides"]),
    );
    let dims_of =
        |key: &str, len: usize| case.get(key).map(ints).unwrap_or_else(|| vec![len as i64]);
    let begin = index_tensor(it, &dims_of("begin_shape", b.len()), &b);
    let end = index_tensor(it, &dims_of("end_shape", e.len()), &e);
    let strides = index_tensor(it, &dims_of("strides_shape", s.len()), &s);
    let m = ints(&case["masks"]);
    let input = input_tensor(case);
    let outcome = strided_slice_tensor_attrs(
        &input,
        &begin,
        &end,
        &strides,
        [m[0], m[1], m[2], m[3], m[4]],
    );
    let expect = &case["expect"];
    if let Ok(out) = &outcome {
        if out.dtype() != input.dtype() {
            return Err(format!("dtype {:?}", out.dtype()));
        }
    }
    compare(
        outcome.map(|out| (out.shape().dim_sizes().to_vec(), output_value(&out))),
        expect,
    )
}

#[test]
fn golden_vectors_through_tensors() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/strided_slice.jsonl"
    ))
    .unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (n, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        if let Err(why) = check(&case) {
            failures.push(format!("line {}: [{}] {why}", n + 1, case["tag"]));
        }
    }
    assert!(total >= 3000, "only {total} vectors");
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

fn grid() -> Tensor {
    // [[0,1,2,3],[4,5,6,7],[8,9,10,11]] (the TF 1.15 usage example)
    Tensor::from_slice(shape(&[3, 4]), &(0..12).collect::<Vec<i32>>()).unwrap()
}

fn v32(values: &[i32]) -> Tensor {
    Tensor::from_vec1(values).unwrap()
}

#[test]
fn identity_slice_shares_the_input_buffer() {
    let x = grid();
    let out = strided_slice_tensor(
        &x,
        &v32(&[0]),
        &v32(&[0]),
        &v32(&[1]),
        Masks {
            begin: 1,
            end: 1,
            ..Masks::default()
        },
    )
    .unwrap();
    assert!(out.shares_buffer_with(&x));
    assert_eq!(out.shape().dim_sizes(), &[3, 4]);
}

#[test]
fn aligned_dim0_slice_shares_and_unaligned_copies() {
    // Rows of 16 floats are 64 bytes: aligned, so x[1:3] is a view
    // (docs/contracts/strided_slice.md#buffer-sharing).
    let aligned = Tensor::from_slice(shape(&[3, 16]), &[1.5f32; 48]).unwrap();
    let out = strided_slice_tensor(
        &aligned,
        &v32(&[1]),
        &v32(&[3]),
        &v32(&[1]),
        Masks::default(),
    )
    .unwrap();
    assert!(out.shares_buffer_with(&aligned));
    assert_eq!(out.shape().dim_sizes(), &[2, 16]);
    // Rows of 4 int32 are 16 bytes: not aligned, so the slice is copied.
    let x = grid();
    let out =
        strided_slice_tensor(&x, &v32(&[1]), &v32(&[3]), &v32(&[1]), Masks::default()).unwrap();
    assert!(!out.shares_buffer_with(&x));
    assert_eq!(
        out.flat::<i32>().unwrap().data(),
        &[4, 5, 6, 7, 8, 9, 10, 11]
    );
}

#[test]
fn index_dtypes_must_agree_with_begin() {
    let x = grid();
    let e = strided_slice_tensor(
        &x,
        &v32(&[0]),
        &Tensor::from_vec1(&[1i64]).unwrap(),
        &v32(&[1]),
        Masks::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert_eq!(
        e.message,
        "cannot compute StridedSlice as input #2(zero-based) was expected to be a int32 tensor but is a int64 tensor"
    );
    let f = Tensor::from_vec1(&[0f32]).unwrap();
    let e = strided_slice_tensor(&x, &f, &f, &f, Masks::default()).unwrap_err();
    assert_eq!(e.message, "begin must be either int16, int32 or int64");
    let e = strided_slice_tensor(&x, &v32(&[0]), &v32(&[1]), &f, Masks::default()).unwrap_err();
    assert_eq!(
        e.message,
        "cannot compute StridedSlice as input #3(zero-based) was expected to be a int32 tensor but is a float tensor"
    );
}

#[test]
fn type_errors_come_before_mask_range_errors() {
    let x = grid();
    let i64t = Tensor::from_vec1(&[1i64]).unwrap();
    let e = strided_slice_tensor_attrs(&x, &v32(&[0]), &i64t, &v32(&[1]), [1 << 32, 0, 0, 0, 0])
        .unwrap_err();
    assert!(
        e.message
            .starts_with("cannot compute StridedSlice as input #2"),
        "{}",
        e.message
    );
    let e = strided_slice_tensor_attrs(
        &x,
        &v32(&[0]),
        &v32(&[1]),
        &v32(&[1]),
        [0, 0, 0, 0, 1 << 32],
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "Attr shrink_axis_mask has value 4294967296 out of range for an int32"
    );
    // Mask range before the kernel's own checks (lengths differ here).
    let e = strided_slice_tensor_attrs(
        &x,
        &v32(&[0, 0]),
        &v32(&[1]),
        &v32(&[1]),
        [-1 - (1 << 31), 0, 0, 0, 0],
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "Attr begin_mask has value -2147483649 out of range for an int32"
    );
}

#[test]
fn unregistered_element_type_is_rejected() {
    let x = Tensor::new(DataType::QInt16, shape(&[2])).unwrap();
    let e =
        strided_slice_tensor(&x, &v32(&[0]), &v32(&[1]), &v32(&[1]), Masks::default()).unwrap_err();
    assert_eq!(e.message, "StridedSlice: unsupported element type qint16");
}

#[test]
fn strings_are_copied_by_value_and_reversed() {
    let x = Tensor::from_vec1(&[b"a".to_vec(), b"bc".to_vec(), b"".to_vec()]).unwrap();
    let out = strided_slice_tensor(
        &x,
        &v32(&[0]),
        &v32(&[0]),
        &v32(&[-1]),
        Masks {
            begin: 1,
            end: 1,
            ..Masks::default()
        },
    )
    .unwrap();
    assert_eq!(
        out.flat::<Vec<u8>>().unwrap().data(),
        &[b"".to_vec(), b"bc".to_vec(), b"a".to_vec()]
    );
}
