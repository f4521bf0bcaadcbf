//! Tensor::summarize_value / debug_string / device_safe_debug_string against
//! docs/contracts/tensor.md#summaries-and-debug-strings.

use tensorbridge::dtype::DataType;
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor::opaque::ResourceHandle;
use tensorbridge::tensor_shape::TensorShape;

fn shape(dims: &[i64]) -> TensorShape {
    TensorShape::from_dims(dims).unwrap()
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

#[test]
fn debug_string_examples_of_section_9() {
    assert_eq!(text(Tensor::default().debug_string().unwrap()), "Tensor<type: float shape: [0] values: >");
    let t = Tensor::from_vec(shape(&[2, 3]), vec![0f32, 1., 2., 3., 4., 5.]).unwrap();
    assert_eq!(text(t.debug_string().unwrap()), "Tensor<type: float shape: [2,3] values: [0 1 2]...>");
    assert_eq!(t.device_safe_debug_string(), "Tensor<type: float shape: [2,3]>");
    assert_eq!(text(Tensor::from_scalar(42f32).debug_string().unwrap()), "Tensor<type: float shape: [] values: 42>");
}

#[test]
fn stream_output_is_debug_string_of_100_values() {
    let t = Tensor::from_vec(shape(&[2, 3]), vec![0f32, 1., 2., 3., 4., 5.]).unwrap();
    assert_eq!(
        text(t.debug_string_with(100).unwrap()),
        // v1 nests without separators (TensorFlow 2.21 prints `[1 2 3 4][5 6 7 8]...`).
        "Tensor<type: float shape: [2,3] values: [0 1 2][3 4 5]>"
    );
}

#[test]
fn summaries_follow_the_worked_examples() {
    let t = Tensor::from_vec(shape(&[2, 3]), vec![0f32, 1., 2., 3., 4., 5.]).unwrap();
    assert_eq!(text(t.summarize_value(-1, true).unwrap()), "[[0 1 2]\n [3 4 5]]");
    assert_eq!(text(t.summarize_value(3, false).unwrap()), "[0 1 2]...");
}

#[test]
fn a_slice_summarizes_its_own_window() {
    let t = Tensor::from_vec(shape(&[3, 2]), vec![0i32, 1, 2, 3, 4, 5]).unwrap();
    let row = t.slice(1, 2).unwrap();
    assert_eq!(text(row.debug_string().unwrap()), "Tensor<type: int32 shape: [1,2] values: [2 3]>");
}

#[test]
fn a_tensor_without_buffer_or_elements_prints_nothing() {
    let t = Tensor::empty(DataType::Int32);
    // IsInitialized is true for zero elements even without a buffer.
    assert!(t.is_initialized());
    assert_eq!(text(t.summarize_value(3, false).unwrap()), "");
    assert_eq!(text(t.debug_string().unwrap()), "Tensor<type: int32 shape: [0] values: >");
}

#[test]
fn resource_handles_print_wrapped_in_angle_brackets() {
    let handle = ResourceHandle { name: "a".into(), ..ResourceHandle::default() };
    let t = Tensor::from_vec(shape(&[1]), vec![handle]).unwrap();
    assert_eq!(
        text(t.summarize_value(3, false).unwrap()),
        "<ResourceHandle(name=\"a\", device=\"\", container=\"\", type=\"\", dtype and shapes : \"[  ]\")>"
    );
}

#[test]
fn strings_print_raw_and_escaped() {
    let t = Tensor::from_vec(shape(&[2]), vec![b"ab".to_vec(), b"c\"d".to_vec()]).unwrap();
    assert_eq!(text(t.summarize_value(-1, false).unwrap()), "ab c\\\"d");
}
