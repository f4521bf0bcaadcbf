#![allow(clippy::type_complexity)]
//! Validation vectors (TensorFlow's `strided_slice_op_test.cc`) and shape inference with partial
//! shapes (docs/contracts/strided_slice.md#shape-inference).

use tensorbridge::ErrorKind;
use tensorbridge::strided_slice::spec::{ValidatedSlice, infer_shape, validate, validate_partial};
use tensorbridge::strided_slice::{IndexTensor, IndexType, Masks};

const U: i64 = -1; // unknown size

fn masks(b: i32, e: i32, el: i32, na: i32, sh: i32) -> Masks {
    Masks {
        begin: b,
        end: e,
        ellipsis: el,
        new_axis: na,
        shrink_axis: sh,
    }
}

fn ok(shape: &[i64], b: &[i64], e: &[i64], s: &[i64], t: IndexType, m: Masks) -> ValidatedSlice {
    validate(
        shape,
        &IndexTensor::vector(b),
        &IndexTensor::vector(e),
        &IndexTensor::vector(s),
        t,
        m,
    )
    .unwrap()
}

fn err(
    shape: &[i64],
    b: &[i64],
    e: &[i64],
    s: &[i64],
    t: IndexType,
    m: Masks,
) -> (ErrorKind, String) {
    let e = validate(
        shape,
        &IndexTensor::vector(b),
        &IndexTensor::vector(e),
        &IndexTensor::vector(s),
        t,
        m,
    )
    .unwrap_err();
    (e.kind, e.message)
}

fn invalid(msg: &str) -> (ErrorKind, String) {
    (ErrorKind::InvalidArgument, msg.to_string())
}

#[test]
fn basic_stride() {
    let v = ok(
        &[10, 10],
        &[1, 1],
        &[7, 7],
        &[2, 2],
        IndexType::Int32,
        masks(2, 1, 0, 0, 0),
    );
    assert_eq!(v.processing_shape[..], [5, 4]);
    assert_eq!(v.final_shape[..], [5, 4]);
    assert!(!v.is_identity && !v.is_simple_slice && !v.slice_dim0);
    assert_eq!(v.begin[..], [1, 0]);
    assert_eq!(v.end[..], [10, 7]);
    assert_eq!(v.strides[..], [2, 2]);
}

#[test]
fn negative_begin_end() {
    let v = ok(
        &[10, 10],
        &[-9, -20],
        &[-3, -3],
        &[2, 2],
        IndexType::Int32,
        masks(0, 0, 0, 0, 0),
    );
    assert_eq!(v.processing_shape[..], [3, 4]);
    assert_eq!(v.begin[..], [1, 0]);
    assert_eq!(v.end[..], [7, 7]);
}

#[test]
fn empty_output_dim() {
    let v = ok(
        &[10, 10],
        &[1, 1],
        &[7, 1],
        &[2, 1],
        IndexType::Int32,
        Masks::default(),
    );
    assert_eq!(v.processing_shape[..], [3, 0]);
}

#[test]
fn zero_stride_fails() {
    assert_eq!(
        err(
            &[10, 10],
            &[1, 1],
            &[7, 7],
            &[0, 2],
            IndexType::Int32,
            masks(2, 1, 0, 0, 0)
        ),
        invalid("strides[0] must be non-zero")
    );
}

#[test]
fn shrink_axis() {
    let v = ok(
        &[3, 4, 5],
        &[0, 1, 0],
        &[3, 1, 5],
        &[1, 1, 1],
        IndexType::Int16,
        masks(2, 2, 0, 0, 2),
    );
    assert_eq!(v.final_shape[..], [3, 5]);
}

#[test]
fn shrink_slice_out_of_bounds_fails() {
    assert_eq!(
        err(
            &[3, 4, 5],
            &[0, 7, 0],
            &[3, 7, 5],
            &[1, 1, 1],
            IndexType::Int16,
            masks(2, 2, 0, 0, 2)
        ),
        invalid("slice index 7 of dimension 1 out of bounds.")
    );
}

#[test]
fn shrink_axis_negative_stride_fails() {
    assert_eq!(
        err(
            &[3, 4, 5],
            &[0, 1, 0],
            &[3, 2, 5],
            &[1, -1, 1],
            IndexType::Int16,
            masks(2, 2, 0, 0, 2)
        ),
        invalid("only stride 1 allowed on non-range indexing.")
    );
}

#[test]
fn new_axis() {
    let v = ok(
        &[10, 10],
        &[0, 0],
        &[10, 10],
        &[1, 1],
        IndexType::Int64,
        masks(0, 0, 0, 2, 0),
    );
    assert_eq!(v.processing_shape[..], [10, 10]);
    assert_eq!(v.final_shape[..], [10, 1, 10]);
}

#[test]
fn ellipsis() {
    let v = ok(
        &[10, 10],
        &[0, 0],
        &[10, 10],
        &[1, 1],
        IndexType::Int32,
        masks(0, 0, 1, 2, 0),
    );
    assert_eq!(v.processing_shape[..], [10, 10]);
    assert_eq!(v.final_shape[..], [10, 10, 1]);
}

#[test]
fn multiple_ellipsis_fails() {
    assert_eq!(
        err(
            &[10, 10],
            &[0, 0],
            &[10, 10],
            &[1, 1],
            IndexType::Int32,
            masks(0, 0, 3, 0, 0)
        ),
        invalid("Multiple ellipses in slice spec not allowed")
    );
}

#[test]
fn wrong_begin_tensor_fails() {
    assert_eq!(
        err(
            &[10, 10],
            &[0],
            &[10, 10],
            &[1, 1],
            IndexType::Int32,
            Masks::default()
        ),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [1], [2], and [2] instead."
        )
    );
}

#[test]
fn wrong_strides_tensor_with_null_begin_fails() {
    let e = validate_partial(
        Some(&[10, 10]),
        None,
        Some(&IndexTensor::vector(&[10, 10])),
        &IndexTensor::vector(&[1]),
        IndexType::Int32,
        Masks::default(),
    )
    .unwrap_err();
    assert_eq!(
        (e.kind, e.message),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shape [1] for strides."
        )
    );
}

#[test]
fn null_begin_end_with_shrink_axis() {
    let v = validate_partial(
        Some(&[10, 10, 1]),
        None,
        None,
        &IndexTensor::vector(&[2, -2, 1]),
        IndexType::Int32,
        masks(3, 3, 0, 0, 4),
    )
    .unwrap();
    assert_eq!(v.processing_shape[..], [5, 5, 1]);
    assert_eq!(v.final_shape[..], [5, 5]);
    assert_eq!(v.strides[..], [2, -2, 1]);
}

#[test]
fn unknown_input_rank_fails() {
    let e = validate_partial(
        None,
        None,
        Some(&IndexTensor::vector(&[10, 10])),
        &IndexTensor::vector(&[1, 1]),
        IndexType::Int32,
        masks(0, 0, 1, 2, 0),
    )
    .unwrap_err();
    assert_eq!(
        (e.kind, e.message),
        invalid("Unexpected input_shape with unknown rank")
    );
}

#[test]
fn partial_input_shape() {
    let v = validate_partial(
        Some(&[10, U]),
        None,
        Some(&IndexTensor::vector(&[10, 10])),
        &IndexTensor::vector(&[1, 1]),
        IndexType::Int32,
        Masks::default(),
    );
    assert!(v.is_ok());
}

/// Upstream shape-function vectors: begin value unknown, shrink bit 0, strides {1}.
#[test]
fn shape_function_shrink_with_unknown_begin() {
    for (input, want) in [
        (vec![2, 3, 4, 5], vec![3, 4, 5]),
        (vec![2, 0, 3, 4], vec![0, 3, 4]),
    ] {
        let got = infer_shape(
            Some(&input),
            None,
            None,
            Some(&IndexTensor::vector(&[1])),
            IndexType::Int32,
            masks(0, 0, 0, 0, 1),
        )
        .unwrap();
        assert_eq!(got, Some(want.clone()));
        let v = ok(
            &input,
            &[1],
            &[1],
            &[1],
            IndexType::Int32,
            masks(0, 0, 0, 0, 1),
        );
        assert_eq!(v.final_shape[..], want);
    }
}

/// Shape inference, input (5, ?, 7) with constant begin/end/strides.
#[test]
fn shape_inference_partial_input() {
    let x = [5, U, 7];
    // (begin, end, strides, masks, expected)
    let cases: Vec<(Vec<i64>, Vec<i64>, Vec<i64>, Masks, Vec<i64>)> = vec![
        (
            vec![3],
            vec![5],
            vec![1],
            masks(0, 0, 0, 0, 0),
            vec![2, U, 7],
        ),
        (
            vec![3, 0, 4],
            vec![5, 0, 5],
            vec![1, 1, 1],
            masks(2, 2, 0, 0, 4),
            vec![2, U],
        ),
        (
            vec![3, 3, 4],
            vec![5, 4, 5],
            vec![1, 1, 1],
            masks(0, 0, 0, 0, 4),
            vec![2, U],
        ),
        (
            vec![3, 0, 5],
            vec![5, 0, 10],
            vec![1, 1, 1],
            masks(2, 2, 0, 0, 0),
            vec![2, U, 2],
        ),
        (
            vec![3, 0, 50],
            vec![5, 0, 3],
            vec![1, 1, 1],
            masks(2, 2, 0, 0, 0),
            vec![2, U, 0],
        ),
        (
            vec![3, 0, 0, 50],
            vec![5, 0, 0, 3],
            vec![1, 1, 1, 1],
            masks(2, 2, 0, 4, 0),
            vec![2, U, 1, 0],
        ),
        (
            vec![1, 0, 0, 50],
            vec![5, 0, 0, 3],
            vec![2, 1, 1, 1],
            masks(2, 2, 0, 4, 0),
            vec![2, U, 1, 0],
        ),
        (
            vec![0, 0, 0, 50],
            vec![5, 0, 0, 3],
            vec![3, 1, 1, 1],
            masks(3, 2, 0, 4, 0),
            vec![2, U, 1, 0],
        ),
        (
            vec![0, 0, 0, 50],
            vec![2, 0, 0, 3],
            vec![3, 1, 1, 1],
            masks(3, 2, 0, 4, 0),
            vec![1, U, 1, 0],
        ),
        (
            vec![0, 0, 0, 0],
            vec![0, 0, 0, 0],
            vec![-1, 1, 1, -2],
            masks(11, 11, 0, 4, 0),
            vec![5, U, 1, 4],
        ),
    ];
    for (b, e, s, m, want) in cases {
        let got = infer_shape(
            Some(&x),
            Some(&IndexTensor::vector(&b)),
            Some(&IndexTensor::vector(&e)),
            Some(&IndexTensor::vector(&s)),
            IndexType::Int32,
            m,
        )
        .unwrap();
        assert_eq!(got, Some(want), "begin {b:?} end {e:?} strides {s:?}");
    }
}

/// Shape inference, input (5, 3, 7) with an unknown scalar in the spec: begin/end unknown as a whole.
#[test]
fn shape_inference_unknown_begin_end() {
    let x = [5, 3, 7];
    let cases: Vec<(Vec<i64>, Masks, Vec<i64>)> = vec![
        (vec![1], masks(0, 0, 0, 0, 1), vec![3, 7]),     // x[y]
        (vec![1, -1], masks(2, 2, 0, 0, 1), vec![3, 7]), // x[y, ::-1]
        (vec![1, -2], masks(2, 2, 0, 0, 1), vec![2, 7]), // x[y, ::-2]
        (vec![1, 1], masks(0, 0, 0, 0, 1), vec![U, 7]),  // x[y, s:2]
    ];
    for (s, m, want) in cases {
        let got = infer_shape(
            Some(&x),
            None,
            None,
            Some(&IndexTensor::vector(&s)),
            IndexType::Int32,
            m,
        )
        .unwrap();
        assert_eq!(got, Some(want), "strides {s:?}");
    }
}

#[test]
fn shape_inference_unknown_rank_gives_unknown_rank() {
    let got = infer_shape(
        None,
        None,
        None,
        Some(&IndexTensor::vector(&[1])),
        IndexType::Int32,
        masks(0, 0, 1, 0, 0),
    )
    .unwrap();
    assert_eq!(got, None);
}

/// Where TensorFlow misbehaves: without begin, 32 or more strides would shift past the 32-bit masks in TensorFlow.
#[test]
fn absent_begin_with_32_strides_is_rejected() {
    let s = [1i64; 32];
    let e = validate_partial(
        Some(&[3]),
        None,
        None,
        &IndexTensor::vector(&s),
        IndexType::Int32,
        Masks::default(),
    )
    .unwrap_err();
    assert_eq!(
        (e.kind, e.message),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shape [32] for strides."
        )
    );
}

/// Where TensorFlow aborts: an index dtype other than int16/int32/int64, after the shape and ellipsis checks.
#[test]
fn unsupported_index_type() {
    assert_eq!(
        err(
            &[3],
            &[0],
            &[1],
            &[1],
            IndexType::from_name("float"),
            Masks::default()
        ),
        invalid("begin must be either int16, int32 or int64")
    );
    assert_eq!(
        err(
            &[3],
            &[0],
            &[1],
            &[1],
            IndexType::Unsupported,
            masks(0, 0, 3, 0, 0)
        ),
        invalid("Multiple ellipses in slice spec not allowed")
    );
}

/// `Unexpected large dense.dims` is unreachable through TensorShape but part of TensorFlow's
/// checks; rank 1024 reaches it.
#[test]
fn large_dense_dims_message_keeps_the_literal_format_directive() {
    let shape = vec![1i64; 1024];
    assert_eq!(
        err(&shape, &[], &[], &[], IndexType::Int32, Masks::default()),
        invalid("Unexpected large dense.dims: %d1024")
    );
}

/// Where TensorFlow's masks alias: above rank 32 every dimension keeps its own flags (no aliasing of mask bits).
#[test]
fn rank_above_32_keeps_per_dimension_flags() {
    let mut shape = vec![1i64; 40];
    shape[33] = 3;
    shape[1] = 3;
    // x[..., 1:, :, ..] touching dense dim 33 only: ellipsis covers 0..33, then dims 33.. .
    let n = 40 - 33;
    let mut b = vec![0i64; n + 1];
    let e = vec![0i64; n + 1];
    let s = vec![1i64; n + 1];
    b[1] = 1;
    let v = ok(&shape, &b, &e, &s, IndexType::Int32, masks(!2, !0, 1, 0, 0));
    let mut want = shape.clone();
    want[33] = 2;
    assert_eq!(v.final_shape[..], want);
    assert_eq!(v.begin[1], 0);
    assert_eq!(v.end[1], 3);
}

#[test]
fn shape_spec_bookkeeping_for_the_worked_example() {
    // REF[-2::-1, newaxis, ..., 1] on [3,2,3] (the worked example of the value rule).
    let v = ok(
        &[3, 2, 3],
        &[-2, 0, 0, 1],
        &[0, 0, 0, 2],
        &[-1, 1, 1, 1],
        IndexType::Int32,
        masks(0, 1, 4, 2, 8),
    );
    assert_eq!(v.processing_shape[..], [2, 2, 1]);
    assert_eq!(v.final_shape[..], [2, 1, 2]);
    assert_eq!(v.begin[..], [1, 0, 1]);
    assert_eq!(v.end[..], [-1, 2, 2]);
    assert!(!v.is_identity && !v.is_simple_slice && !v.slice_dim0);
    let ss = &v.shape_spec;
    assert_eq!(ss.output_to_sparse_mapping[..], [0, -1, -1]);
    assert_eq!(ss.output_to_processing_mapping[..], [0, -1, 1]);
    assert_eq!(ss.processing_to_sparse_mapping[..], [0, 2, 3]);
    assert_eq!(ss.begin_dense_mask[..], [false, true, false]);
    assert_eq!(ss.end_dense_mask[..], [true, true, false]);
    assert_eq!(ss.shrink_axis_dense_mask[..], [false, false, true]);
}

#[test]
fn non_vector_index_tensors() {
    let one = [0i64];
    let shape2 = [1i64, 1];
    let t = IndexTensor::with_shape(&shape2, &one);
    let e = validate(&[3], &t, &t, &t, IndexType::Int32, Masks::default()).unwrap_err();
    assert_eq!(
        (e.kind, e.message),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [1,1], [1,1], and [1,1] instead."
        )
    );
    let scalar = IndexTensor::with_shape(&[], &one);
    let e = validate(
        &[3],
        &scalar,
        &scalar,
        &scalar,
        IndexType::Int32,
        Masks::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [], [], and [] instead."
    );
}

/// Mask attributes arrive as 64-bit values from Java; TF 2.21 checks them in attribute order.
#[test]
fn mask_attributes_must_fit_in_int32() {
    let e = Masks::from_attrs(1 << 32, 1 << 33, 0, 0, 0).unwrap_err();
    assert_eq!(
        (e.kind, e.message),
        invalid("Attr begin_mask has value 4294967296 out of range for an int32")
    );
    let e = Masks::from_attrs(0, 0, -(1 << 31) - 1, 0, 1 << 31).unwrap_err();
    assert_eq!(
        e.message,
        "Attr ellipsis_mask has value -2147483649 out of range for an int32"
    );
    let e = Masks::from_attrs(0, 1 << 40, 1 << 35, 0, 0).unwrap_err();
    assert_eq!(
        e.message,
        "Attr end_mask has value 1099511627776 out of range for an int32"
    );
    assert_eq!(
        Masks::from_attrs(0, 0, 0, -(1 << 31), 0).unwrap(),
        masks(0, 0, 0, i32::MIN, 0)
    );
}
