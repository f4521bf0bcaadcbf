//! The graph core through its public API: building with shape inference, runs with feeds,
//! targets and control inputs, concurrent runs on a shared graph, and GraphDef round trips.

use std::sync::Arc;

use tensorbridge::dtype::DataType;
use tensorbridge::graph::{AttrValue, Endpoint, Graph, NodeSpec, Session, SharedGraph};
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_shape::TensorShape;

fn tensor(dtype: DataType, dims: &[i64], bytes: Vec<u8>) -> Tensor {
    let shape = TensorShape::from_dims(dims).unwrap();
    Tensor::from_filled(dtype, shape, bytes.len(), |dst| -> tensorbridge::Result<()> {
        dst.copy_from_slice(&bytes);
        Ok(())
    })
    .unwrap()
}

fn ints(values: &[i32]) -> Tensor {
    tensor(DataType::Int32, &[values.len() as i64], values.iter().flat_map(|v| v.to_le_bytes()).collect())
}

fn floats(dims: &[i64], values: &[f32]) -> Tensor {
    tensor(DataType::Float, dims, values.iter().flat_map(|v| v.to_le_bytes()).collect())
}

fn spec(name: &str, op: &str, inputs: &[usize], attrs: Vec<(&str, AttrValue)>) -> NodeSpec {
    NodeSpec {
        name: name.into(),
        op: op.into(),
        inputs: inputs.iter().map(|&node| Endpoint { node, index: 0 }).collect(),
        attrs: attrs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
        ..Default::default()
    }
}

fn constant(g: &mut Graph, name: &str, t: Tensor) -> usize {
    let dtype = t.dtype().as_i32();
    g.add(spec(name, "Const", &[], vec![("value", AttrValue::Tensor(Arc::new(t))), ("dtype", AttrValue::Type(dtype))]))
        .unwrap()
}

fn e(node: usize) -> Endpoint {
    Endpoint { node, index: 0 }
}

fn f32s(t: &Tensor) -> Vec<f32> {
    t.tensor_data().unwrap().chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn constant_indices_through_identity_still_refine_the_shape() {
    let mut g = Graph::new();
    let x = g
        .add(spec("x", "Placeholder", &[], vec![
            ("dtype", AttrValue::Type(1)),
            ("shape", AttrValue::Shape(Some(vec![5, -1]))),
        ]))
        .unwrap();
    let b = constant(&mut g, "b", ints(&[1]));
    let b_id = g.add(spec("b_id", "Identity", &[b], vec![])).unwrap();
    let en = constant(&mut g, "e", ints(&[4]));
    let s = constant(&mut g, "s", ints(&[2]));
    // x[1:4:2] of a [5, ?] input: 2 rows, the unknown column count stays unknown.
    let y = g.add(spec("y", "StridedSlice", &[x, b_id, en, s], vec![])).unwrap();
    assert_eq!(g.node(y).unwrap().outputs[0].shape, Some(vec![2, -1]));
    // With the strides coming from a placeholder the rank is unknown.
    let p = g
        .add(spec("p", "Placeholder", &[], vec![("dtype", AttrValue::Type(DataType::Int32.as_i32()))]))
        .unwrap();
    let z = g.add(spec("z", "StridedSlice", &[x, b, en, p], vec![])).unwrap();
    assert_eq!(g.node(z).unwrap().outputs[0].shape, None);
}

#[test]
fn targets_and_control_inputs_run_only_what_is_needed() {
    let mut g = Graph::new();
    let unfed = g.add(spec("unfed", "Placeholder", &[], vec![("dtype", AttrValue::Type(1))])).unwrap();
    let c = constant(&mut g, "c", floats(&[2], &[1.5, -2.0]));
    let mut noop = spec("n", "NoOp", &[], vec![]);
    noop.control_inputs = vec![c];
    let n = g.add(noop).unwrap();
    let out = tensorbridge::graph::run(&g, &[], &[e(c)], &[n]).unwrap();
    assert_eq!(f32s(&out[0]), vec![1.5, -2.0]);
    // A control input on the unfed placeholder makes the target fail with the placeholder's error.
    let mut needs = spec("needs", "NoOp", &[], vec![]);
    needs.control_inputs = vec![unfed];
    let needs = g.add(needs).unwrap();
    let err = tensorbridge::graph::run(&g, &[], &[], &[needs]).unwrap_err();
    assert_eq!(err.message, "You must feed a value for placeholder tensor 'unfed' with dtype float\n\t [[{{node unfed}}]]");
    // Fetching an output that does not exist.
    let err = tensorbridge::graph::run(&g, &[], &[Endpoint { node: c, index: 1 }], &[]).unwrap_err();
    assert_eq!(err.message, "FetchOutputs node c:1: output index too large, must be < 1");
}

#[test]
fn concurrent_runs_share_one_graph() {
    let shared = Arc::new(SharedGraph::new());
    let (x, y) = {
        let mut g = shared.write();
        let x = g
            .add(spec("x", "Placeholder", &[], vec![
                ("dtype", AttrValue::Type(1)),
                ("shape", AttrValue::Shape(Some(vec![-1]))),
            ]))
            .unwrap();
        let b = constant(&mut g, "b", ints(&[1]));
        let en = constant(&mut g, "e", ints(&[0]));
        let s = constant(&mut g, "s", ints(&[1]));
        let y = g
            .add(spec("y", "StridedSlice", &[x, b, en, s], vec![("end_mask", AttrValue::I(1))]))
            .unwrap();
        (x, y)
    };
    let session = Arc::new(Session::new(Arc::clone(&shared)));
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let session = Arc::clone(&session);
            std::thread::spawn(move || {
                for i in 0..200 {
                    let v = (t * 1000 + i) as f32;
                    let input = Arc::new(floats(&[3], &[v, v + 1.0, v + 2.0]));
                    let out = session.run(&[(e(x), input)], &[e(y)], &[]).unwrap();
                    assert_eq!(f32s(&out[0]), vec![v + 1.0, v + 2.0]);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn exported_graphs_keep_names_inputs_and_attributes() {
    use prost::Message;
    let mut g = Graph::new();
    let x = g.add(spec("x", "Placeholder", &[], vec![("dtype", AttrValue::Type(1))])).unwrap();
    g.add(spec("id", "Identity", &[x], vec![])).unwrap();
    let def = tensorbridge::graph::proto::GraphDef::decode(&*g.to_graph_def().unwrap()).unwrap();
    assert_eq!(def.node.len(), 2);
    assert_eq!(def.node[1].input, vec!["x".to_owned()]);
    // Defaults are written: the Placeholder's unknown-rank shape, Identity's inferred T.
    assert!(def.node[0].attr.contains_key("shape"));
    assert!(def.node[1].attr.contains_key("T"));
    let mut h = Graph::new();
    h.import_graph_def(&g.to_graph_def().unwrap(), "a/b").unwrap();
    let id = h.find("a/b/id").unwrap();
    assert_eq!(h.node(id).unwrap().inputs, vec![e(h.find("a/b/x").unwrap())]);
}
