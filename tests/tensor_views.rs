//! Typed views (docs/contracts/tensor.md#typed-views): the checks and flattening examples of
//! TensorFlow's C++ class; expected values are upstream's.

use tensorbridge::dtype::DataType;
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor::element::{QInt8, QUInt8};
use tensorbridge::tensor_shape::TensorShape;

fn shape(dims: &[i64]) -> TensorShape {
    TensorShape::from_dims(dims).unwrap()
}

fn float_tensor(dims: &[i64]) -> Tensor {
    let s = shape(dims);
    let values: Vec<f32> = (0..s.num_elements()).map(|i| i as f32).collect();
    Tensor::from_vec(s, values).unwrap()
}

fn err<T: std::fmt::Debug>(r: tensorbridge::Result<T>) -> String {
    r.unwrap_err().message
}

#[test]
fn flattening_table() {
    let t = float_tensor(&[2, 3, 4, 5]);
    assert_eq!(t.flat_inner_dims::<f32, 2>().unwrap().dims(), [24, 5]);
    assert_eq!(t.flat_inner_dims::<f32, 3>().unwrap().dims(), [6, 4, 5]);
    assert_eq!(
        t.flat_inner_dims::<f32, 5>().unwrap().dims(),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(t.flat_outer_dims::<f32, 2>().unwrap().dims(), [2, 60]);
    assert_eq!(t.flat_outer_dims::<f32, 3>().unwrap().dims(), [2, 3, 20]);
    assert_eq!(
        t.flat_outer_dims::<f32, 5>().unwrap().dims(),
        [2, 3, 4, 5, 1]
    );
    assert_eq!(
        t.flat_inner_outer_dims::<f32, 6>(-2).unwrap().dims(),
        [1, 1, 2, 3, 4, 5]
    );
    assert_eq!(
        t.flat_inner_outer_dims::<f32, 3>(1).unwrap().dims(),
        [6, 4, 5]
    );
    assert_eq!(
        t.flat_inner_outer_dims::<f32, 2>(1).unwrap().dims(),
        [6, 20]
    );

    let z = Tensor::new(DataType::Float, shape(&[3, 0, 2, 0, 5])).unwrap();
    assert_eq!(z.flat_inner_dims::<f32, 2>().unwrap().dims(), [0, 5]);
    assert_eq!(z.flat_inner_dims::<f32, 3>().unwrap().dims(), [0, 0, 5]);
    assert_eq!(z.flat_outer_dims::<f32, 2>().unwrap().dims(), [3, 0]);
    assert_eq!(z.flat_outer_dims::<f32, 3>().unwrap().dims(), [3, 0, 0]);
    assert_eq!(z.flat_inner_outer_dims::<f32, 2>(3).unwrap().dims(), [0, 5]);
}

#[test]
fn flattened_views_read_row_major() {
    let t = float_tensor(&[2, 3, 4, 5]);
    let m = t.flat_inner_dims::<f32, 2>().unwrap();
    assert_eq!(m.get([23, 4]), Some(&119.0));
    assert_eq!(m.get([1, 0]), Some(&5.0));
    let o = t.flat_outer_dims::<f32, 2>().unwrap();
    assert_eq!(o.get([1, 0]), Some(&60.0));
    assert_eq!(o.get([2, 0]), None);
}

#[test]
fn shaped_count_mismatch() {
    let t = float_tensor(&[2, 3, 4, 5]);
    assert_eq!(
        err(t.shaped::<f32, 0>(&[])),
        "Check failed: new_num_elements == NumElements() (1 vs. 120)"
    );
    assert_eq!(
        err(t.shaped::<f32, 1>(&[119])),
        "Check failed: new_num_elements == NumElements() (119 vs. 120)"
    );
    assert_eq!(
        err(t.shaped::<f32, 4>(&[2, 3, 4, 6])),
        "Check failed: new_num_elements == NumElements() (144 vs. 120)"
    );
    assert_eq!(
        t.shaped::<f32, 2>(&[10, 12]).unwrap().get([1, 0]),
        Some(&12.0)
    );
    assert_eq!(
        err(t.unaligned_shaped::<f32, 1>(&[119])),
        "Check failed: new_num_elements == NumElements() (119 vs. 120)"
    );
}

#[test]
fn bit_casted_shaped_byte_mismatch() {
    let t = float_tensor(&[2, 3, 4, 5]);
    for (sizes, have) in [(&[1i64][..], 4), (&[119][..], 476), (&[144][..], 576)] {
        let e = err(t.bit_casted_shaped::<f32, 1>(sizes));
        assert!(e.ends_with(&format!("({have} vs. 480)")), "{e}");
        assert_eq!(
            e,
            format!(
                "Check failed: new_num_elements * sizeof(T) == NumElements() * element_size ({have} vs. 480)"
            )
        );
    }
}

#[test]
fn bit_casted_shaped_successes_share_the_buffer() {
    let t = float_tensor(&[2, 3, 4, 5]);
    let base = t.data_address().unwrap();
    let u1 = t.bit_casted_shaped::<u8, 1>(&[480]).unwrap();
    assert_eq!((u1.dims(), u1.data().as_ptr() as usize), ([480], base));
    assert_eq!(&u1.data()[4..8], &1.0f32.to_le_bytes());
    assert_eq!(
        t.bit_casted_shaped::<u8, 2>(&[24, 20])
            .unwrap()
            .data()
            .as_ptr() as usize,
        base
    );
    assert_eq!(
        t.bit_casted_shaped::<u8, 3>(&[6, 16, 5])
            .unwrap()
            .data()
            .as_ptr() as usize,
        base
    );
    assert_eq!(
        t.bit_casted_shaped::<u8, 4>(&[2, 3, 4, 20])
            .unwrap()
            .data()
            .as_ptr() as usize,
        base
    );

    assert_eq!(
        t.bit_casted_shaped::<i16, 1>(&[240])
            .unwrap()
            .data()
            .as_ptr() as usize,
        base
    );
    assert_eq!(
        t.bit_casted_shaped::<i16, 2>(&[6, 40]).unwrap().dims(),
        [6, 40]
    );
    assert_eq!(
        t.bit_casted_shaped::<i16, 3>(&[12, 4, 5]).unwrap().dims(),
        [12, 4, 5]
    );
    assert_eq!(
        t.bit_casted_shaped::<i16, 4>(&[2, 3, 8, 5]).unwrap().dims(),
        [2, 3, 8, 5]
    );
    assert_eq!(
        t.bit_casted_shaped::<i16, 5>(&[2, 3, 4, 1, 10])
            .unwrap()
            .dims(),
        [2, 3, 4, 1, 10]
    );
}

#[test]
fn bit_casted_string_compares_element_counts() {
    let t = Tensor::new(DataType::String, shape(&[10])).unwrap();
    assert_eq!(
        err(t.bit_casted_shaped::<Vec<u8>, 1>(&[9])),
        "Check failed: new_num_elements == NumElements() (9 vs. 10)"
    );
    assert_eq!(
        t.bit_casted_shaped::<Vec<u8>, 2>(&[2, 5]).unwrap().dims(),
        [2, 5]
    );
}

#[test]
fn bit_casted_tensor_keeps_the_shape() {
    let t = Tensor::from_vec1(&[1u8, 2, 255]).unwrap();
    let q = t.bit_casted_tensor::<QUInt8, 1>().unwrap();
    assert_eq!(q.data(), &[QUInt8(1), QUInt8(2), QUInt8(255)]);
    assert_eq!(t.bit_casted_tensor::<QInt8, 1>().unwrap()[2], QInt8(-1));
    let e = err(t.bit_casted_tensor::<f32, 1>());
    assert!(e.ends_with("(12 vs. 3)"), "{e}");
    assert_eq!(
        err(t.bit_casted_tensor::<u8, 2>()),
        "Asking for tensor of 2 dimensions from a tensor of 1 dimensions"
    );
}

#[test]
fn dtype_mismatch() {
    let t = float_tensor(&[2]);
    assert_eq!(err(t.flat::<i32>()), "int32 expected, got float");
    let i = Tensor::from_vec1(&[1i32]).unwrap();
    assert_eq!(err(i.flat::<f32>()), "float expected, got int32");
    assert_eq!(err(i.vec::<f32>()), "float expected, got int32");
    assert_eq!(err(i.scalar::<f32>()), "float expected, got int32");
    assert_eq!(err(i.unaligned_flat::<f32>()), "float expected, got int32");
    assert_eq!(err(i.shaped::<u8, 1>(&[4])), "uint8 expected, got int32");
}

#[test]
fn misaligned_views() {
    let t = float_tensor(&[30]);
    let s = t.slice(1, 13).unwrap();
    let expected = format!("ptr = {:#x}", t.data_address().unwrap() + 4);
    assert_eq!(err(s.flat::<f32>()), expected);
    assert_eq!(err(s.vec::<f32>()), expected);
    assert_eq!(err(s.bit_casted_shaped::<u8, 1>(&[48])), expected);
    assert_eq!(s.unaligned_flat::<f32>().unwrap()[0], 1.0);
    assert_eq!(
        s.unaligned_shaped::<f32, 2>(&[3, 4]).unwrap().get([2, 3]),
        Some(&12.0)
    );
}

#[test]
fn rank_checks() {
    let t = float_tensor(&[6]);
    assert_eq!(
        err(t.matrix::<f32>()),
        "Asking for tensor of 2 dimensions from a tensor of 1 dimensions"
    );
    assert_eq!(
        err(t.tensor::<f32, 3>()),
        "Asking for tensor of 3 dimensions from a tensor of 1 dimensions"
    );
    let m = float_tensor(&[2, 3]);
    assert_eq!(
        err(m.vec::<f32>()),
        "Asking for tensor of 1 dimensions from a tensor of 2 dimensions"
    );
    assert_eq!(m.matrix::<f32>().unwrap().get([1, 2]), Some(&5.0));
    assert_eq!(m.tensor::<f32, 2>().unwrap().dims(), [2, 3]);
}

#[test]
fn scalar_needs_one_element() {
    assert_eq!(
        err(float_tensor(&[2]).scalar::<f32>()),
        "Must have a one element tensor"
    );
    assert_eq!(
        err(float_tensor(&[0]).scalar::<f32>()),
        "Must have a one element tensor"
    );
    assert_eq!(*float_tensor(&[1, 1]).scalar::<f32>().unwrap(), 0.0);
    let mut t = Tensor::new(DataType::Int64, shape(&[1])).unwrap();
    *t.scalar_mut::<i64>().unwrap() = -5;
    assert_eq!(t.flat::<i64>().unwrap().data(), &[-5]);
}

#[test]
fn reinterpret_last_dimension() {
    let bytes: Vec<u8> = (0..24).collect();
    let t = Tensor::from_slice(shape(&[2, 3, 4]), &bytes).unwrap();
    let r = t.reinterpret_last_dimension::<i32, 2>().unwrap();
    assert_eq!(r.dims(), [2, 3]);
    assert_eq!(r.get([0, 1]), Some(&i32::from_le_bytes([4, 5, 6, 7])));
    // N == rank: plain tensor<T, N>, dtype must match.
    assert_eq!(
        t.reinterpret_last_dimension::<u8, 3>().unwrap().dims(),
        [2, 3, 4]
    );
    assert_eq!(
        err(t.reinterpret_last_dimension::<i32, 3>()),
        "int32 expected, got uint8"
    );
    assert_eq!(
        err(t.reinterpret_last_dimension::<i32, 1>()),
        "Check failed: NDIMS == dims() - 1 (1 vs. 2)"
    );
    let odd = Tensor::new(DataType::UInt8, shape(&[2, 5])).unwrap();
    assert_eq!(
        err(odd.reinterpret_last_dimension::<i32, 1>()),
        "Check failed: sizeof(T) == shape_.dim_sizes()[NDIMS] * DataTypeSize(dtype()) (4 vs. 5)"
    );
}

#[test]
fn views_of_tensors_without_buffer() {
    let empty = Tensor::new(DataType::Float, shape(&[0, 3])).unwrap();
    assert_eq!(empty.flat::<f32>().unwrap().size(), 0);
    let uninit = empty.sub_slice(0).unwrap();
    assert_eq!(
        err(uninit.flat::<f32>()),
        "null buf_ with non-zero shape size 3"
    );
}

#[test]
fn bool_views_validate_bytes() {
    let mut t = Tensor::new(DataType::Bool, shape(&[3])).unwrap();
    t.tensor_data_mut().unwrap().copy_from_slice(&[0, 1, 2]);
    assert_eq!(
        err(t.flat::<bool>()),
        "bool tensor holds a byte other than 0 or 1"
    );
    t.tensor_data_mut().unwrap()[2] = 1;
    assert_eq!(t.flat::<bool>().unwrap().data(), &[false, true, true]);
}

#[test]
fn mutable_views() {
    let mut t = Tensor::new(DataType::Int32, shape(&[2, 3])).unwrap();
    {
        let mut m = t.matrix_mut::<i32>().unwrap();
        *m.get_mut([1, 2]).unwrap() = 7;
    }
    t.flat_outer_dims_mut::<i32, 2>().unwrap()[0] = 1;
    t.flat_inner_dims_mut::<i32, 2>().unwrap()[1] = 2;
    t.bit_casted_shaped_mut::<u8, 1>(&[24]).unwrap()[8] = 3;
    assert_eq!(t.flat::<i32>().unwrap().data(), &[1, 2, 3, 0, 0, 7]);
    assert_eq!(
        err(t.tensor_mut::<i32, 1>()),
        "Asking for tensor of 1 dimensions from a tensor of 2 dimensions"
    );
}
