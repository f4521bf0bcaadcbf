use std::sync::Arc;

use super::*;

use crate::dtype::DataType;
use crate::error::{ErrorKind, Result};

fn placeholder(g: &mut Graph, name: &str, dtype: DataType, shape: Option<Vec<i64>>) -> usize {
    g.add(NodeSpec {
        name: name.into(),
        op: "Placeholder".into(),
        attrs: vec![
            ("dtype".into(), AttrValue::Type(dtype.as_i32())),
            ("shape".into(), AttrValue::Shape(shape)),
        ],
        ..Default::default()
    })
    .unwrap()
}

fn int_vector(values: &[i32]) -> Tensor {
    let shape = crate::tensor_shape::TensorShape::from_dims(&[values.len() as i64]).unwrap();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    Tensor::from_filled(DataType::Int32, shape, bytes.len(), |dst| -> Result<()> {
        dst.copy_from_slice(&bytes);
        Ok(())
    })
    .unwrap()
}

fn floats(dims: &[i64], values: &[f32]) -> Tensor {
    let shape = crate::tensor_shape::TensorShape::from_dims(dims).unwrap();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    Tensor::from_filled(DataType::Float, shape, bytes.len(), |dst| -> Result<()> {
        dst.copy_from_slice(&bytes);
        Ok(())
    })
    .unwrap()
}

fn constant(g: &mut Graph, name: &str, t: Tensor) -> usize {
    let dtype = t.dtype().as_i32();
    g.add(NodeSpec {
        name: name.into(),
        op: "Const".into(),
        attrs: vec![("value".into(), AttrValue::Tensor(Arc::new(t))), ("dtype".into(), AttrValue::Type(dtype))],
        ..Default::default()
    })
    .unwrap()
}

fn e(node: usize) -> Endpoint {
    Endpoint { node, index: 0 }
}

/// x: float [?,4]; y = x[:, 1:3] (begin_mask = end_mask = 1).
fn example() -> (Graph, usize, usize) {
    let mut g = Graph::new();
    let x = placeholder(&mut g, "x", DataType::Float, Some(vec![-1, 4]));
    let b = constant(&mut g, "b", int_vector(&[0, 1]));
    let en = constant(&mut g, "e", int_vector(&[0, 3]));
    let s = constant(&mut g, "s", int_vector(&[1, 1]));
    let y = g
        .add(NodeSpec {
            name: "y".into(),
            op: "StridedSlice".into(),
            inputs: vec![e(x), e(b), e(en), e(s)],
            attrs: vec![("begin_mask".into(), AttrValue::I(1)), ("end_mask".into(), AttrValue::I(1))],
            ..Default::default()
        })
        .unwrap();
    (g, x, y)
}

#[test]
fn strided_slice_shape_is_inferred_partially() {
    let (g, _, y) = example();
    assert_eq!(g.node(y).unwrap().outputs[0].shape, Some(vec![-1, 2]));
    assert_eq!(g.node(y).unwrap().outputs[0].dtype, DataType::Float);
}

#[test]
fn run_feeds_slices_and_fetches() {
    let (g, x, y) = example();
    let input = Arc::new(floats(&[2, 4], &[1., 2., 3., 4., 5., 6., 7., 8.]));
    let out = run(&g, &[(e(x), input)], &[e(y)], &[]).unwrap();
    assert_eq!(out[0].shape().dim_sizes(), &[2, 2]);
    let expected: Vec<u8> = [2f32, 3., 6., 7.].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(out[0].tensor_data().unwrap(), &expected[..]);
}

#[test]
fn missing_feed_fails_with_tensorflow_message() {
    let (g, _, y) = example();
    let err = run(&g, &[], &[e(y)], &[]).unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidArgument);
    assert_eq!(
        err.message,
        "You must feed a value for placeholder tensor 'x' with dtype float and shape [?,4]\n\t [[{{node x}}]]"
    );
}

#[test]
fn wrong_feed_dtype_fails() {
    let (g, x, y) = example();
    let err = run(&g, &[(e(x), Arc::new(int_vector(&[1])))], &[e(y)], &[]).unwrap_err();
    assert_eq!(err.message, "Expects arg[0] to be float but int32 is provided");
}

#[test]
fn invalid_slice_fails_when_added() {
    let mut g = Graph::new();
    let x = placeholder(&mut g, "x", DataType::Float, Some(vec![3]));
    let b = constant(&mut g, "b", int_vector(&[5]));
    let en = constant(&mut g, "e", int_vector(&[6]));
    let s = constant(&mut g, "s", int_vector(&[1]));
    let err = g
        .add(NodeSpec {
            name: "y".into(),
            op: "StridedSlice".into(),
            inputs: vec![e(x), e(b), e(en), e(s)],
            attrs: vec![("shrink_axis_mask".into(), AttrValue::I(1))],
            ..Default::default()
        })
        .unwrap_err();
    assert!(err.message.starts_with("slice index 5 of dimension 0 out of bounds."), "{}", err.message);
    assert_eq!(g.len(), 4, "a failed add leaves the graph unchanged");
}

#[test]
fn unknown_op_and_duplicate_name() {
    let mut g = Graph::new();
    let err = g.add(NodeSpec { name: "a".into(), op: "MatMul".into(), ..Default::default() }).unwrap_err();
    assert!(err.message.starts_with("Op type not registered 'MatMul' in binary running on"));
    g.add(NodeSpec { name: "a".into(), op: "NoOp".into(), ..Default::default() }).unwrap();
    let err = g.add(NodeSpec { name: "a".into(), op: "NoOp".into(), ..Default::default() }).unwrap_err();
    assert_eq!(err.message, "Duplicate node name in graph: 'a'");
}

#[test]
fn graph_def_round_trip_with_prefix() {
    let (g, _, _) = example();
    let bytes = g.to_graph_def().unwrap();
    let mut h = Graph::new();
    h.import_graph_def(&bytes, "").unwrap();
    h.import_graph_def(&bytes, "p").unwrap();
    assert_eq!(h.len(), 10);
    let y = h.find("p/y").unwrap();
    assert_eq!(h.node(y).unwrap().outputs[0].shape, Some(vec![-1, 2]));
    let x = h.find("p/x").unwrap();
    let input = Arc::new(floats(&[1, 4], &[1., 2., 3., 4.]));
    let out = run(&h, &[(e(x), input)], &[e(y)], &[]).unwrap();
    assert_eq!(out[0].shape().dim_sizes(), &[1, 2]);
    // Importing the same names again fails and changes nothing.
    assert!(h.import_graph_def(&bytes, "").is_err());
    assert_eq!(h.len(), 10);
}

#[test]
fn hostile_graph_defs_fail_cleanly() {
    use prost::Message;
    let mut g = Graph::new();
    assert_eq!(g.import_graph_def(&[0xff, 0xff, 0xff], "").unwrap_err().message, "Invalid GraphDef");
    let node = |name: &str, op: &str, input: &[&str]| proto::NodeDef {
        name: name.into(),
        op: op.into(),
        input: input.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let cycle = proto::GraphDef {
        node: vec![node("a", "Identity", &["b"]), node("b", "Identity", &["a"])],
        versions: None,
    };
    let err = g.import_graph_def(&cycle.encode_to_vec(), "").unwrap_err();
    assert_eq!(err.message, "Graph is invalid, contains a cycle with 2 nodes, including: a, b");
    let dangling = proto::GraphDef { node: vec![node("a", "Identity", &["nowhere:0"])], versions: None };
    let err = g.import_graph_def(&dangling.encode_to_vec(), "").unwrap_err();
    assert_eq!(err.message, "Node 'a': Unknown input node 'nowhere:0'");
    let unknown = proto::GraphDef { node: vec![node("a", "Conv2D", &[])], versions: None };
    let err = g.import_graph_def(&unknown.encode_to_vec(), "").unwrap_err();
    assert!(err.message.starts_with("Op type not registered 'Conv2D'"));
    assert!(g.is_empty());
}
