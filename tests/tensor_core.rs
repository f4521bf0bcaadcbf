//! Construction, sizes, sharing and slices (docs/contracts/tensor.md#c-tensor-methods), with the
//! cases of TensorFlow's `tensor_test.cc`.
//! Expected values are the spec's (upstream `tensor_test.cc` facts), not our output.

use half::{bf16, f16};
use num_complex::Complex;
use tensorbridge::ErrorKind;
use tensorbridge::dtype::DataType;
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_shape::TensorShape;

fn shape(dims: &[i64]) -> TensorShape {
    TensorShape::from_dims(dims).unwrap()
}

fn iota_f32(dims: &[i64]) -> Tensor {
    let s = shape(dims);
    let values: Vec<f32> = (0..s.num_elements()).map(|i| i as f32).collect();
    Tensor::from_vec(s, values).unwrap()
}

fn err_msg<T: std::fmt::Debug>(r: tensorbridge::Result<T>) -> String {
    r.unwrap_err().message
}

// ---- constructors ----

#[test]
fn default_tensor_is_float_rank1_empty_and_initialised() {
    let t = Tensor::default();
    assert_eq!(t.dtype(), DataType::Float);
    assert_eq!(t.dims(), 1);
    assert_eq!(t.dim_size(0).unwrap(), 0);
    assert_eq!(t.num_elements(), 0);
    assert!(t.is_initialized());
    assert!(!t.shares_buffer_with(&t));
    assert_eq!(t.data_address(), None);
    assert_eq!(t.total_bytes().unwrap(), 0);
}

#[test]
fn dtype_only_constructor() {
    let t = Tensor::empty(DataType::Int64);
    assert_eq!(t.dtype(), DataType::Int64);
    assert_eq!(t.shape().dim_sizes(), &[0]);
    assert!(t.is_initialized());
}

#[test]
fn shaped_constructor_allocates_aligned_zeroed_memory_for_every_dtype() {
    for dt in DataType::ALL.into_iter().skip(1) {
        let t = Tensor::new(dt, shape(&[2, 3])).unwrap();
        assert_eq!(t.dtype(), dt);
        assert!(t.is_initialized(), "{dt}");
        assert!(t.is_aligned(), "{dt}");
        if dt.can_use_memcpy() {
            let data = t.tensor_data().unwrap();
            assert_eq!(data.len(), 6 * dt.size(), "{dt}");
            assert!(data.iter().all(|&b| b == 0), "{dt}");
            assert_eq!(t.data_address().unwrap() % 64, 0, "{dt}");
        }
    }
    let s = Tensor::new(DataType::String, shape(&[2])).unwrap();
    assert_eq!(
        s.flat::<Vec<u8>>().unwrap().data(),
        &[Vec::<u8>::new(), Vec::new()]
    );
}

#[test]
fn no_buffer_without_elements() {
    let t = Tensor::new(DataType::Float, shape(&[3, 0])).unwrap();
    assert!(t.is_initialized());
    assert_eq!(t.data_address(), None);
    assert_eq!(t.buffer_size(), 0);
}

#[test]
fn invalid_dtype_and_build_tensor_errors() {
    assert_eq!(
        err_msg(Tensor::new(DataType::Invalid, shape(&[2]))),
        "Type not set"
    );
    assert!(Tensor::new(DataType::Invalid, shape(&[0])).is_ok());
    assert_eq!(err_msg(Tensor::build(0, shape(&[0]))), "Type not set");
    assert_eq!(
        err_msg(Tensor::build(101, shape(&[1]))),
        "Unexpected type: DT_FLOAT_REF"
    );
    assert_eq!(
        Tensor::build(1, shape(&[2])).unwrap().dtype(),
        DataType::Float
    );
}

#[test]
fn failed_allocation_is_an_error_not_an_abort() {
    for dt in [
        DataType::Float,
        DataType::Int8,
        DataType::String,
        DataType::Complex128,
    ] {
        let e = Tensor::new(dt, shape(&[1 << 60])).unwrap_err();
        assert_eq!(e.kind, ErrorKind::ResourceExhausted, "{dt}");
    }
}

#[test]
fn scalar_constructors() {
    let f = Tensor::from_scalar(1.5f32);
    assert_eq!(
        (f.dtype(), f.dims(), f.num_elements()),
        (DataType::Float, 0, 1)
    );
    assert_eq!(*f.scalar::<f32>().unwrap(), 1.5);
    assert_eq!(Tensor::from_scalar(7i32).dtype(), DataType::Int32);
    assert_eq!(Tensor::from_scalar(7i64).dtype(), DataType::Int64);
    assert_eq!(Tensor::from_scalar(true).dtype(), DataType::Bool);
    assert_eq!(
        Tensor::from_scalar(f16::from_f32(1.0)).dtype(),
        DataType::Half
    );
    assert_eq!(
        Tensor::from_scalar(bf16::from_f32(1.0)).dtype(),
        DataType::BFloat16
    );
    assert_eq!(
        Tensor::from_scalar(Complex::new(1.0f32, 2.0)).dtype(),
        DataType::Complex64
    );
    assert_eq!(
        Tensor::from_scalar(Complex::new(1.0f64, 2.0)).dtype(),
        DataType::Complex128
    );
    let s = Tensor::from_scalar(b"s".to_vec());
    assert_eq!(s.dtype(), DataType::String);
    assert_eq!(s.scalar::<Vec<u8>>().unwrap(), b"s");
}

#[test]
fn copy_shares_and_move_leaves_null_buffer() {
    let mut a = iota_f32(&[4]);
    let b = a.clone();
    assert!(a.shares_buffer_with(&b));
    assert_eq!(a.data_address(), b.data_address());
    let moved = a.move_out();
    assert!(moved.shares_buffer_with(&b));
    assert_eq!(a.data_address(), None);
    assert!(!a.is_initialized());
    assert_eq!(moved.flat::<f32>().unwrap().data(), &[0.0, 1.0, 2.0, 3.0]);
}

// ---- sizes ----

#[test]
fn allocated_bytes_examples() {
    assert_eq!(
        Tensor::new(DataType::Float, shape(&[10, 20]))
            .unwrap()
            .allocated_bytes()
            .unwrap(),
        800
    );
    let t = Tensor::new(DataType::Float, shape(&[10, 4, 36])).unwrap();
    assert_eq!(t.slice(4, 8).unwrap().allocated_bytes().unwrap(), 2304);
}

#[test]
fn string_total_bytes() {
    let words = ["hello", "world", "machine", "learning", "new", "york"];
    let t = Tensor::from_vec(
        shape(&[3, 2]),
        words.iter().map(|w| w.as_bytes().to_vec()).collect(),
    )
    .unwrap();
    assert_eq!(t.total_bytes().unwrap(), 176);
    assert_eq!(t.buffer_size(), 6 * 24);
}

#[test]
fn total_bytes_with_null_buffer_and_elements_is_an_error() {
    let t = Tensor::new(DataType::Float, shape(&[0, 3]))
        .unwrap()
        .sub_slice(0)
        .unwrap();
    assert_eq!(t.shape().dim_sizes(), &[3]);
    assert!(!t.is_initialized());
    assert_eq!(
        err_msg(t.total_bytes()),
        "null buf_ with non-zero shape size 3"
    );
}

#[test]
fn element_bytes_of_an_uninitialised_tensor_are_an_error() {
    // tensor_data() of a null buffer is empty (upstream); reading its n > 0 values is not.
    let t = Tensor::new(DataType::Int32, shape(&[0, 3]))
        .unwrap()
        .sub_slice(0)
        .unwrap();
    assert_eq!(t.tensor_data().unwrap(), &[] as &[u8]);
    let e = t.element_bytes().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Internal);
    assert_eq!(e.message, "null buf_ with non-zero shape size 3");
    // No elements: nothing to read, no error.
    assert_eq!(Tensor::default().element_bytes().unwrap(), &[] as &[u8]);
    let v = Tensor::from_vec1(&[1i16, 0x0203]).unwrap();
    assert_eq!(v.element_bytes().unwrap(), &[1, 0, 3, 2]);
}

#[test]
fn tensor_data_rules() {
    let s = Tensor::from_scalar(b"x".to_vec());
    assert_eq!(
        err_msg(s.tensor_data()),
        "tensor_data() is not available for dtype string"
    );
    assert_eq!(Tensor::default().tensor_data().unwrap(), &[] as &[u8]);
    let t = Tensor::from_vec1(&[1i16, 0x0203]).unwrap();
    assert_eq!(t.tensor_data().unwrap(), &[1, 0, 3, 2]);
}

#[test]
fn alignment_examples() {
    assert!(
        !Tensor::new(DataType::Float, shape(&[30]))
            .unwrap()
            .slice(1, 13)
            .unwrap()
            .is_aligned()
    );
    assert!(
        !Tensor::new(DataType::Int8, shape(&[30]))
            .unwrap()
            .slice(1, 13)
            .unwrap()
            .is_aligned()
    );
    assert!(
        !Tensor::new(DataType::Float, shape(&[30, 5]))
            .unwrap()
            .sub_slice(1)
            .unwrap()
            .is_aligned()
    );
    let t = Tensor::new(DataType::Float, shape(&[10, 4, 36])).unwrap();
    for (start, limit) in [(0, 1), (1, 2), (3, 7), (9, 10)] {
        assert!(
            t.slice(start, limit).unwrap().is_aligned(),
            "{start}..{limit}"
        );
    }
    for i in 0..10 {
        assert!(t.sub_slice(i).unwrap().is_aligned());
    }
    // Strings and empty tensors always count as aligned.
    let s = Tensor::new(DataType::String, shape(&[30])).unwrap();
    assert!(s.slice(1, 13).unwrap().is_aligned());
    assert!(
        Tensor::new(DataType::Float, shape(&[30]))
            .unwrap()
            .slice(1, 1)
            .unwrap()
            .is_aligned()
    );
}

// ---- CopyFrom ----

#[test]
fn copy_from_adopts_dtype_and_shares() {
    let src = Tensor::from_vec1(&[1i32, 2, 3, 4, 5, 6]).unwrap();
    let mut dst = Tensor::default();
    assert!(!dst.copy_from(&src, &shape(&[5])));
    assert_eq!(dst.dtype(), DataType::Float);
    assert_eq!(dst.shape().dim_sizes(), &[0]);
    assert!(dst.copy_from(&src, &shape(&[2, 3])));
    assert_eq!(dst.dtype(), DataType::Int32);
    assert!(dst.shares_buffer_with(&src));
    assert_eq!(dst.matrix::<i32>().unwrap().get([1, 0]), Some(&4));
}

// ---- BitcastFrom ----

#[test]
fn bitcast_from_rules() {
    let d = Tensor::from_slice(shape(&[2, 2]), &[1.0f64, 2.0, 3.0, 4.0]).unwrap();
    let mut f = Tensor::default();
    f.bitcast_from(&d, DataType::Float, &shape(&[2, 4]))
        .unwrap();
    assert_eq!(f.dtype(), DataType::Float);
    assert!(f.shares_buffer_with(&d));
    assert_eq!(f.tensor_data().unwrap(), d.tensor_data().unwrap());

    let s = Tensor::new(DataType::String, shape(&[2])).unwrap();
    assert_eq!(
        err_msg(f.bitcast_from(&s, DataType::Float, &shape(&[2]))),
        "other tensor has zero-sized data type"
    );
    assert_eq!(
        err_msg(f.bitcast_from(&d, DataType::String, &shape(&[4]))),
        "specified output type is zero-sized"
    );
    assert_eq!(
        err_msg(f.bitcast_from(&d, DataType::Float, &shape(&[7]))),
        "input and output shapes/data type sizes are not compatible"
    );
    assert_eq!(
        f.shape().dim_sizes(),
        &[2, 4],
        "failed bitcast leaves the tensor alone"
    );
    assert!(
        f.unsafe_copy_from_internal(&d, DataType::UInt8, &shape(&[32]))
            .is_ok()
    );
}

// ---- Slice ----

#[test]
fn slice_basic() {
    let t = iota_f32(&[5, 4, 3]);
    let s = t.slice(1, 4).unwrap();
    assert_eq!(s.shape().dim_sizes(), &[3, 4, 3]);
    assert!(s.shares_buffer_with(&t));
    assert_eq!(
        s.data_address().unwrap(),
        t.data_address().unwrap() + 12 * 4
    );
    let expected: Vec<f32> = (12..48).map(|i| i as f32).collect();
    assert_eq!(
        s.flat::<f32>().unwrap_err().message,
        format!("ptr = {:#x}", t.data_address().unwrap() + 48)
    );
    assert_eq!(s.unaligned_flat::<f32>().unwrap().data(), &expected[..]);
    // Slice of a slice.
    let ss = s.slice(1, 2).unwrap();
    let expected2: Vec<f32> = (24..36).map(|i| i as f32).collect();
    assert_eq!(ss.unaligned_flat::<f32>().unwrap().data(), &expected2[..]);
    assert_eq!(
        ss.data_address().unwrap(),
        t.data_address().unwrap() + 24 * 4
    );
}

#[test]
fn slice_keeps_data_alive() {
    let s = {
        let t = iota_f32(&[4, 16]);
        t.slice(2, 3).unwrap()
    };
    let expected: Vec<f32> = (32..48).map(|i| i as f32).collect();
    assert_eq!(s.flat::<f32>().unwrap().data(), &expected[..]);
}

#[test]
fn slice_quirks() {
    let t = iota_f32(&[4, 2]);
    let whole = t.slice(0, 4).unwrap();
    assert_eq!(whole.data_address(), t.data_address());
    assert_eq!(whole.shape(), t.shape());
    let empty = t.slice(2, 2).unwrap();
    assert_eq!(empty.shape().dim_sizes(), &[0, 2]);
    assert!(empty.shares_buffer_with(&t));
    let z = Tensor::new(DataType::Float, shape(&[10, 0, 36]))
        .unwrap()
        .slice(4, 8)
        .unwrap();
    assert_eq!(z.shape().dim_sizes(), &[4, 0, 36]);
    assert_eq!(z.data_address(), None);
}

#[test]
fn slice_errors() {
    let t = iota_f32(&[4, 2]);
    assert_eq!(
        err_msg(Tensor::from_scalar(1f32).slice(0, 0)),
        "Slice requires a tensor of rank >= 1, got rank 0"
    );
    assert_eq!(
        err_msg(t.slice(3, 2)),
        "Slice bounds [3, 2) out of range for dimension 0 of size 4"
    );
    assert_eq!(
        err_msg(t.slice(-1, 2)),
        "Slice bounds [-1, 2) out of range for dimension 0 of size 4"
    );
    assert_eq!(
        err_msg(t.slice(0, 5)),
        "Slice bounds [0, 5) out of range for dimension 0 of size 4"
    );
}

// ---- SubSlice ----

#[test]
fn sub_slice_basic() {
    let t = iota_f32(&[5, 4, 3]);
    for i in 0..5 {
        let s = t.sub_slice(i).unwrap();
        assert_eq!(s.shape().dim_sizes(), &[4, 3]);
        assert!(s.shares_buffer_with(&t));
        assert_eq!(
            s.data_address().unwrap(),
            t.data_address().unwrap() + (i as usize) * 12 * 4
        );
        let expected: Vec<f32> = (i * 12..i * 12 + 12).map(|v| v as f32).collect();
        assert_eq!(s.unaligned_flat::<f32>().unwrap().data(), &expected[..]);
    }
    let ss = t.sub_slice(2).unwrap().sub_slice(3).unwrap();
    assert_eq!(
        ss.unaligned_flat::<f32>().unwrap().data(),
        &[33.0, 34.0, 35.0]
    );
}

#[test]
fn sub_slice_edges() {
    let t = iota_f32(&[4, 2]);
    assert_eq!(
        err_msg(t.sub_slice(4)),
        "SubSlice index 4 out of range for dimension 0 of size 4"
    );
    assert_eq!(
        err_msg(t.sub_slice(-1)),
        "SubSlice index -1 out of range for dimension 0 of size 4"
    );
    assert_eq!(
        err_msg(t.sub_slice(5)),
        "SubSlice index 5 out of range for dimension 0 of size 4"
    );
    assert_eq!(
        err_msg(Tensor::from_scalar(1f32).sub_slice(0)),
        "SubSlice requires a tensor of rank >= 1, got rank 0"
    );
    // index == dim0 with empty rows is allowed.
    let e = Tensor::new(DataType::Float, shape(&[4, 0]))
        .unwrap()
        .sub_slice(4)
        .unwrap();
    assert_eq!(e.shape().dim_sizes(), &[0]);
    let kept = {
        let t = iota_f32(&[3, 2]);
        t.sub_slice(1).unwrap()
    };
    assert_eq!(kept.unaligned_flat::<f32>().unwrap().data(), &[2.0, 3.0]);
}

// ---- round trips for every dtype ----

#[test]
fn copy_assignment_and_move_preserve_every_dtype() {
    for dt in DataType::ALL.into_iter().skip(1) {
        let mut t = Tensor::new(dt, shape(&[3])).unwrap();
        if dt.can_use_memcpy() {
            let data = t.tensor_data_mut().unwrap();
            for (i, b) in data.iter_mut().enumerate() {
                *b = if dt == DataType::Bool {
                    (i % 2) as u8
                } else {
                    i as u8 + 1
                };
            }
        }
        if dt == DataType::String {
            t.flat_mut::<Vec<u8>>().unwrap().clone_from_slice(&[
                b"a".to_vec(),
                b"".to_vec(),
                b"\xff\x00".to_vec(),
            ]);
        }
        let bytes = t.tensor_data().ok().map(<[u8]>::to_vec);

        let assigned = t.clone();
        let mut copied = Tensor::default();
        assert!(copied.copy_from(&t, t.shape()));
        let mut source = t.clone();
        let moved = source.move_out();
        for u in [&assigned, &copied, &moved] {
            assert_eq!(u.dtype(), dt);
            assert_eq!(u.shape().dim_sizes(), &[3]);
            assert_eq!(u.tensor_data().ok().map(<[u8]>::to_vec), bytes, "{dt}");
        }
        if dt == DataType::String {
            assert_eq!(moved.flat::<Vec<u8>>().unwrap()[2], b"\xff\x00");
        }
    }
}

#[test]
fn writes_need_an_unshared_buffer() {
    let mut t = iota_f32(&[2]);
    let alias = t.clone();
    let e = t.flat_mut::<f32>().unwrap_err();
    assert_eq!(e.kind, ErrorKind::FailedPrecondition);
    drop(alias);
    t.flat_mut::<f32>().unwrap()[1] = 9.0;
    assert_eq!(t.flat::<f32>().unwrap().data(), &[0.0, 9.0]);
}

#[test]
fn tensors_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Tensor>();
}

#[test]
fn ref_count_is_one_tracks_sharing() {
    let t = iota_f32(&[4]);
    assert!(t.ref_count_is_one());
    let s = t.slice(1, 2).unwrap();
    assert!(!t.ref_count_is_one());
    drop(s);
    assert!(t.ref_count_is_one());
    assert!(!Tensor::default().ref_count_is_one());
}

struct ReadOnly(Vec<u8>);

impl tensorbridge::tensor::ExternalBytes for ReadOnly {
    fn as_bytes(&self) -> &[u8] {
        &self.0
    }
    fn as_bytes_mut(&mut self) -> Option<&mut [u8]> {
        None
    }
}

#[test]
fn read_only_external_memory_rejects_writes() {
    let mut t = Tensor::from_external(
        DataType::UInt8,
        shape(&[3]),
        Box::new(ReadOnly(vec![7, 8, 9])),
    )
    .unwrap();
    assert_eq!(t.unaligned_flat::<u8>().unwrap().data(), &[7, 8, 9]);
    let e = t.tensor_data_mut().unwrap_err();
    assert_eq!(e.kind, ErrorKind::ReadOnlyBuffer);
}

#[test]
fn external_memory_is_wrapped_without_copy() {
    let bytes: Vec<u8> = [1.0f32, 2.0, 3.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let addr = bytes.as_ptr() as usize;
    let mut t = Tensor::from_external(DataType::Float, shape(&[3]), Box::new(bytes)).unwrap();
    assert_eq!(t.data_address(), Some(addr));
    assert_eq!(t.unaligned_flat::<f32>().unwrap().data(), &[1.0, 2.0, 3.0]);
    t.unaligned_flat_mut::<f32>().unwrap()[0] = 5.0;
    assert_eq!(
        t.slice(0, 1)
            .unwrap()
            .unaligned_flat::<f32>()
            .unwrap()
            .data(),
        &[5.0]
    );
    assert!(Tensor::from_external(DataType::Float, shape(&[4]), Box::new(vec![0u8; 15])).is_err());
    assert!(Tensor::from_external(DataType::String, shape(&[1]), Box::new(vec![0u8; 24])).is_err());
}

#[test]
fn typed_round_trip_for_every_element_type() {
    use tensorbridge::tensor::element::*;
    use tensorbridge::tensor::{ResourceHandle, TensorElement, Variant};

    fn round_trip<T: TensorElement + Clone + PartialEq + std::fmt::Debug>(values: Vec<T>) {
        let t = Tensor::from_vec(shape(&[values.len() as i64]), values.clone()).unwrap();
        assert_eq!(t.dtype(), T::DTYPE);
        let copy = t.clone();
        let mut assigned = Tensor::default();
        assert!(assigned.copy_from(&t, t.shape()));
        let mut src = t.clone();
        let moved = src.move_out();
        for u in [&t, &copy, &assigned, &moved] {
            assert_eq!(u.dtype(), T::DTYPE);
            assert_eq!(u.flat::<T>().unwrap().data(), &values[..], "{:?}", T::DTYPE);
        }
    }
    round_trip(vec![1.5f32, -0.0, f32::INFINITY]);
    round_trip(vec![1.5f64, -2.25]);
    round_trip(vec![i32::MIN, 0, i32::MAX]);
    round_trip(vec![0u8, 255]);
    round_trip(vec![i16::MIN, i16::MAX]);
    round_trip(vec![i8::MIN, i8::MAX]);
    round_trip(vec![b"".to_vec(), b"\x00\xff".to_vec()]);
    round_trip(vec![Complex::new(1.0f32, -2.0)]);
    round_trip(vec![i64::MIN, i64::MAX]);
    round_trip(vec![true, false]);
    round_trip(vec![QInt8(-128), QInt8(127)]);
    round_trip(vec![QUInt8(255)]);
    round_trip(vec![QInt32(-7)]);
    round_trip(vec![bf16::from_f32(1.0), bf16::from_f32(-2.0)]);
    round_trip(vec![QInt16(-300)]);
    round_trip(vec![QUInt16(60000)]);
    round_trip(vec![u16::MAX]);
    round_trip(vec![Complex::new(1.0f64, 2.0)]);
    round_trip(vec![f16::from_f32(0.5), f16::from_f32(-3.0)]);
    round_trip(vec![ResourceHandle {
        name: "a".into(),
        device: "/cpu:0".into(),
        ..Default::default()
    }]);
    round_trip(vec![u32::MAX]);
    round_trip(vec![u64::MAX]);
    round_trip(vec![Float8E5M2(0x3c)]);
    round_trip(vec![Float8E4M3FN(0x38)]);
    round_trip(vec![Float8E4M3FNUZ(0x40)]);
    round_trip(vec![Float8E4M3B11FNUZ(0x58)]);
    round_trip(vec![Float8E5M2FNUZ(0x40)]);
    round_trip(vec![Int4(-8), Int4(7)]);
    round_trip(vec![UInt4(15)]);
    round_trip(vec![Int2(-2), Int2(1)]);
    round_trip(vec![UInt2(3)]);
    round_trip(vec![Float4E2M1FN(0x2)]);

    // Variant has no PartialEq (it may hold tensors); compare its fields.
    let v = Variant {
        type_name: "tensorflow::Tensor".into(),
        metadata: vec![1],
        tensors: vec![Tensor::from_scalar(42f32)],
    };
    let t = Tensor::from_vec(TensorShape::scalar(), vec![v]).unwrap();
    let copy = t.clone();
    let got = copy.scalar::<Variant>().unwrap();
    assert_eq!(got.type_name, "tensorflow::Tensor");
    assert_eq!(got.metadata, vec![1]);
    assert_eq!(*got.tensors[0].scalar::<f32>().unwrap(), 42.0);
    assert!(
        Tensor::new(DataType::Variant, shape(&[1]))
            .unwrap()
            .flat::<Variant>()
            .unwrap()[0]
            .is_empty()
    );
}

#[test]
fn from_bytes_copies_little_endian_elements() {
    let t = Tensor::from_bytes(DataType::Int16, shape(&[2]), &[1, 0, 0xff, 0xff]).unwrap();
    assert_eq!(t.flat::<i16>().unwrap().data(), &[1, -1]);
    assert!(Tensor::from_bytes(DataType::Int16, shape(&[2]), &[1, 0, 0xff]).is_err());
    assert!(Tensor::from_bytes(DataType::String, shape(&[1]), &[0; 24]).is_err());
    let empty = Tensor::from_bytes(DataType::Float, shape(&[0]), &[]).unwrap();
    assert_eq!(empty.num_elements(), 0);
}

#[test]
fn deep_copy_makes_an_unshared_aligned_buffer() {
    let t = iota_f32(&[30]);
    let s = t.slice(1, 4).unwrap();
    assert!(!s.is_aligned());
    let d = s.deep_copy().unwrap();
    assert!(!d.shares_buffer_with(&t));
    assert!(d.is_aligned());
    assert!(d.ref_count_is_one());
    assert_eq!(d.flat::<f32>().unwrap().data(), &[1.0, 2.0, 3.0]);
    let strings = Tensor::from_vec(shape(&[2]), vec![b"x".to_vec(), b"yz".to_vec()]).unwrap();
    let sd = strings.deep_copy().unwrap();
    assert!(!sd.shares_buffer_with(&strings));
    assert_eq!(
        sd.flat::<Vec<u8>>().unwrap().data(),
        &[b"x".to_vec(), b"yz".to_vec()]
    );
    assert_eq!(Tensor::default().deep_copy().unwrap().num_elements(), 0);
}
