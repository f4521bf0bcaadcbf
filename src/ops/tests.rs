//! The registry's eager checks and shared messages. Expected texts are the documented ones
//! (docs/contracts/eager.md#project-defined-messages, TensorFlow's wording for the rest); the
//! graph-mode checks are tested through `Graph::add` in `crate::graph`'s tests.

use std::sync::Arc;

use super::*;
use crate::error::ErrorKind;

fn ints(values: &[i32]) -> Arc<Tensor> {
    Arc::new(Tensor::from_vec1(values).unwrap())
}

fn floats(values: &[f32]) -> Arc<Tensor> {
    Arc::new(Tensor::from_vec1(values).unwrap())
}

fn set<'a>(name: &'a str, value: AttrValue, given_as: &'static str) -> EagerAttr<'a> {
    EagerAttr { name, value, given_as }
}

fn long(name: &str, v: i64) -> EagerAttr<'_> {
    set(name, AttrValue::I(v), "Long")
}

fn dtype(name: &str, t: DataType) -> EagerAttr<'_> {
    set(name, AttrValue::Type(t.as_i32()), "DataType")
}

fn eager(op: &str) -> &'static OpDef {
    lookup(op, Mode::Eager).unwrap()
}

/// The error of an eager call, which must be an `InvalidArgument`.
fn refused(op: &str, inputs: &[Arc<Tensor>], attrs: &[EagerAttr<'_>]) -> String {
    let err = execute(eager(op), inputs, attrs).unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidArgument, "{}", err.message);
    err.message
}

fn slice_inputs() -> Vec<Arc<Tensor>> {
    vec![ints(&[7, 8, 9]), ints(&[1]), ints(&[3]), ints(&[1])]
}

#[test]
fn unknown_op_types_have_each_modes_ending() {
    let eager = lookup("Identity", Mode::Eager).err().unwrap();
    assert_eq!(eager.kind, ErrorKind::Internal);
    assert_eq!(
        eager.message,
        "Op type not registered 'Identity' in binary running on tensorbridge. Only Const and \
         StridedSlice can be executed eagerly by tensorbridge."
    );
    let graph = lookup("MatMul", Mode::Graph).err().unwrap();
    assert_eq!(graph.kind, ErrorKind::Internal);
    assert_eq!(
        graph.message,
        "Op type not registered 'MatMul' in binary running on tensorbridge. Make sure the Op and \
         Kernel are registered in the binary running in this process."
    );
    assert!(lookup("Identity", Mode::Graph).is_ok());
    let names: Vec<&str> = ops(Mode::Eager).map(|d| d.name).collect();
    assert_eq!(names, ["Const", "StridedSlice"]);
    assert_eq!(eager_op(1).map(|d| d.name), Some("StridedSlice"));
    assert!(eager_op(2).is_none());
}

#[test]
fn const_checks_in_order() {
    let v = ints(&[1, 2]);
    let value = || set("value", AttrValue::Tensor(Arc::clone(&v)), "tensor");
    assert_eq!(refused("Const", &[], &[]), "Const requires the attribute 'value' (a tensor)");
    assert_eq!(
        refused("Const", &[], &[set("value", AttrValue::S(b"1".to_vec()), "String"), dtype("dtype", DataType::Int32)]),
        "Attribute 'value' of op Const must be a tensor, got a String"
    );
    assert_eq!(refused("Const", &[], &[value()]), "Const requires the attribute 'dtype' (a type)");
    assert_eq!(
        refused("Const", &[], &[value(), long("dtype", 3)]),
        "Attribute 'dtype' of op Const must be a type, got a Long"
    );
    assert_eq!(
        refused("Const", &[], &[value(), dtype("dtype", DataType::Float)]),
        "Const: attribute 'dtype' is FLOAT but the value is a INT32 tensor"
    );
    assert_eq!(
        refused("Const", &[], &[value(), dtype("dtype", DataType::Int32), set("bogus", AttrValue::B(true), "Boolean")]),
        "Op Const has no attribute 'bogus'"
    );
    assert_eq!(refused("Const", &[ints(&[1])], &[value()]), "Const takes no inputs, got 1");
    // The output is the attribute's value itself.
    let out = execute(eager("Const"), &[], &[value(), dtype("dtype", DataType::Int32)]).unwrap();
    assert!(Arc::ptr_eq(&out, &v));
}

#[test]
fn strided_slice_checks_in_order() {
    let three = &slice_inputs()[..3];
    assert_eq!(
        refused("StridedSlice", three, &[]),
        "StridedSlice takes 4 inputs (input, begin, end, strides), got 3"
    );
    let inputs = slice_inputs();
    // Unknown names first, in the order first set; then each declared attribute.
    assert_eq!(
        refused("StridedSlice", &inputs, &[set("begin_mask", AttrValue::F(1.0), "Float"), long("x", 1), long("y", 1)]),
        "Op StridedSlice has no attribute 'x'"
    );
    assert_eq!(
        refused("StridedSlice", &inputs, &[long("end_mask", 0), set("begin_mask", AttrValue::F(1.0), "Float")]),
        "Attribute 'begin_mask' of op StridedSlice must be an int, got a Float"
    );
    assert_eq!(
        refused("StridedSlice", &inputs, &[dtype("T", DataType::Float)]),
        "StridedSlice: attribute 'T' is FLOAT but the input is a INT32 tensor"
    );
    assert_eq!(
        refused("StridedSlice", &inputs, &[dtype("Index", DataType::Int64)]),
        "StridedSlice: attribute 'Index' is INT64 but the input is a INT32 tensor"
    );
    assert_eq!(
        refused("StridedSlice", &inputs, &[long("end_mask", 1 << 32)]),
        "Attr end_mask has value 4294967296 out of range for an int32"
    );
    // The kernel's own type checks follow the attribute checks.
    let mixed = vec![ints(&[7, 8, 9]), ints(&[1]), floats(&[3.0]), ints(&[1])];
    assert!(refused("StridedSlice", &mixed, &[]).starts_with("cannot compute StridedSlice as input #2"));
}

#[test]
fn an_attribute_set_again_takes_its_last_value() {
    let inputs = slice_inputs();
    let attrs = [
        set("begin_mask", AttrValue::F(1.0), "Float"),
        dtype("T", DataType::Int32),
        long("begin_mask", 1),
        long("end_mask", 0),
    ];
    // x[:3] of [7, 8, 9]: bit 0 of begin_mask ignores begin 1 (with the first value, 0, the
    // result would be [8, 9]).
    let out = execute(eager("StridedSlice"), &inputs, &attrs).unwrap();
    assert_eq!(out.shape().dim_sizes(), &[3]);
    let expected: Vec<u8> = [7i32, 8, 9].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(out.tensor_data().unwrap(), &expected[..]);
}

#[test]
fn argument_lists() {
    assert_eq!(arg_list_length("StridedSlice", "strides", true).unwrap(), 1);
    assert_eq!(arg_list_length("Const", "output", false).unwrap(), 1);
    let err = arg_list_length("Const", "input", true).unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidArgument);
    assert_eq!(err.message, "Op Const has no input list named 'input'");
    assert_eq!(
        arg_list_length("NoOp", "output", false).unwrap_err().message,
        "Op NoOp has no output list named 'output'"
    );
}

#[test]
fn kernels_find_their_attributes_where_they_read_them() {
    let def = lookup("StridedSlice", Mode::Graph).unwrap();
    let names: Vec<&str> = def.attrs[..5].iter().map(|a| a.name).collect();
    assert_eq!(names, kernels::STRIDED_SLICE_MASKS);
}
