//! StridedSliceGrad (docs/contracts/strided_slice.md#related-ops) and the assign/update ops, cases beyond the golden
//! vectors (our own decisions where TensorFlow aborts or misbehaves).

use tensorbridge::ErrorKind;
use tensorbridge::strided_slice::{
    IndexTensor, IndexType, Masks, SliceArgs, strided_slice_assign, strided_slice_grad,
};

#[test]
fn grad_places_dy_and_zeroes_the_rest() {
    // Observed in TF 2.21: shape [3,4], x[1:3, 0:4:2], dy [[1,2],[3,4]].
    let args = SliceArgs::new(
        &[1, 0],
        &[3, 4],
        &[1, 2],
        IndexType::Int32,
        Masks::default(),
    );
    let (shape, out) = strided_slice_grad(
        &IndexTensor::vector(&[3, 4]),
        &args,
        &[1.0f32, 2.0, 3.0, 4.0],
        &[2, 2],
    )
    .unwrap();
    assert_eq!(shape, [3, 4]);
    assert_eq!(out, [0., 0., 0., 0., 1., 0., 2., 0., 3., 0., 4., 0.]);
}

#[test]
fn grad_rejects_an_unallocatable_shape_cleanly() {
    // Valid TensorShape (2^62 elements) that no machine can hold: TF reports OOM; we must not abort.
    let args = SliceArgs::new(&[0], &[1], &[1], IndexType::Int64, Masks::default());
    let e = strided_slice_grad(
        &IndexTensor::vector(&[1 << 31, 1 << 31]),
        &args,
        &[0f32; 0],
        &[1, 2147483648],
    );
    assert_eq!(e.unwrap_err().kind, ErrorKind::ResourceExhausted);
}

#[test]
fn grad_and_assign_reject_int16_indices_like_the_op_definition() {
    let args = SliceArgs::new(&[0], &[1], &[1], IndexType::Int16, Masks::default());
    let msg = "Value for attr 'Index' of int16 is not in the list of allowed values: int32, int64";
    let e = strided_slice_grad(&IndexTensor::vector(&[3]), &args, &[1i32], &[1]).unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::InvalidArgument, msg)
    );
    let mut target = [0i32; 3];
    let e = strided_slice_assign(&mut target, &[3], &args, &[1], &[1]).unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::InvalidArgument, msg)
    );
}

#[test]
fn rank_9_grad_is_computed() {
    // TF 2.21 leaves this output unwritten (uninitialised memory); we return the real gradient.
    let shape = [2i64; 9];
    let args = SliceArgs::new(
        &[1],
        &[2],
        &[1],
        IndexType::Int32,
        Masks {
            shrink_axis: 1,
            ..Masks::default()
        },
    );
    let dy = vec![7u8; 256];
    let (_, out) = strided_slice_grad(&IndexTensor::vector(&shape), &args, &dy, &[2; 8]).unwrap();
    assert_eq!(out[..256], [0u8; 256]);
    assert_eq!(out[256..], [7u8; 256]);
}

#[test]
fn failed_assign_leaves_the_target_untouched() {
    let mut target = [1i32, 2, 3, 4];
    let args = SliceArgs::new(&[0], &[2], &[1], IndexType::Int64, Masks::default());
    let e = strided_slice_assign(&mut target, &[4], &args, &[9, 9, 9], &[3]).unwrap_err();
    assert_eq!(
        e.message,
        "Cannot broadcast input shape [3] into final shape [2]"
    );
    assert_eq!(target, [1, 2, 3, 4]);
    strided_slice_assign(&mut target, &[4], &args, &[9], &[1]).unwrap();
    assert_eq!(target, [9, 9, 3, 4]);
}
