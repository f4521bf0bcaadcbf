//! `GraphDef` (`graph.proto`, `node_def.proto`, `attr_value.proto`) as `prost` messages, and the
//! conversions of a [`Graph`] to and from it.
//!
//! Import is all or nothing, as TensorFlow's: the nodes are added to a copy of the graph, which
//! replaces the graph only when every node was added.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use prost::Message;

use super::{AttrValue, Endpoint, Graph, NodeSpec};
use crate::error::{Error, Result};
use crate::tensor_proto::messages::{Dim, TensorProto, TensorShapeProto};
use crate::tensor_proto::{DecodeOptions, tensor_as_proto_tensor_content, tensor_from_proto_message};

/// `tensorflow.GraphDef` (the function library, field 2, is not supported and ignored).
#[derive(Clone, PartialEq, prost::Message)]
pub struct GraphDef {
    /// The nodes.
    #[prost(message, repeated, tag = "1")]
    pub node: Vec<NodeDef>,
    /// Producer and consumer versions.
    #[prost(message, optional, tag = "4")]
    pub versions: Option<VersionDef>,
}

/// `tensorflow.VersionDef`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct VersionDef {
    /// The version of the code that produced the graph.
    #[prost(int32, tag = "1")]
    pub producer: i32,
    /// The oldest consumer version that may read it.
    #[prost(int32, tag = "2")]
    pub min_consumer: i32,
    /// Consumer versions that must not read it.
    #[prost(int32, repeated, tag = "3")]
    pub bad_consumers: Vec<i32>,
}

/// `tensorflow.NodeDef`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NodeDef {
    /// The unique name.
    #[prost(string, tag = "1")]
    pub name: String,
    /// The op type.
    #[prost(string, tag = "2")]
    pub op: String,
    /// Inputs: `node`, `node:index` or `^node` (a control input).
    #[prost(string, repeated, tag = "3")]
    pub input: Vec<String>,
    /// The requested device.
    #[prost(string, tag = "4")]
    pub device: String,
    /// The attributes.
    #[prost(btree_map = "string, message", tag = "5")]
    pub attr: BTreeMap<String, AttrValueProto>,
}

/// `tensorflow.AttrValue`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct AttrValueProto {
    /// The value.
    #[prost(oneof = "attr_value_proto::Value", tags = "1, 2, 3, 4, 5, 6, 7, 8, 9")]
    pub value: Option<attr_value_proto::Value>,
}

/// The `AttrValue` oneof and `ListValue`.
pub mod attr_value_proto {
    use super::{TensorProto, TensorShapeProto};

    /// `AttrValue.value` (field 10, `func`, is not supported).
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Value {
        /// `list`.
        #[prost(message, tag = "1")]
        List(ListValue),
        /// `s`.
        #[prost(bytes = "vec", tag = "2")]
        S(Vec<u8>),
        /// `i`.
        #[prost(int64, tag = "3")]
        I(i64),
        /// `f`.
        #[prost(float, tag = "4")]
        F(f32),
        /// `b`.
        #[prost(bool, tag = "5")]
        B(bool),
        /// `type` (raw enum value).
        #[prost(int32, tag = "6")]
        Type(i32),
        /// `shape`.
        #[prost(message, tag = "7")]
        Shape(TensorShapeProto),
        /// `tensor`.
        #[prost(message, tag = "8")]
        Tensor(TensorProto),
        /// `placeholder` (a function attribute reference; refused on import).
        #[prost(string, tag = "9")]
        Placeholder(String),
    }

    /// `AttrValue.ListValue`.
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct ListValue {
        /// Strings.
        #[prost(bytes = "vec", repeated, tag = "2")]
        pub s: Vec<Vec<u8>>,
        /// Integers.
        #[prost(int64, repeated, tag = "3")]
        pub i: Vec<i64>,
        /// Floats.
        #[prost(float, repeated, tag = "4")]
        pub f: Vec<f32>,
        /// Booleans.
        #[prost(bool, repeated, tag = "5")]
        pub b: Vec<bool>,
        /// Types.
        #[prost(int32, repeated, tag = "6")]
        pub r#type: Vec<i32>,
        /// Shapes.
        #[prost(message, repeated, tag = "7")]
        pub shape: Vec<TensorShapeProto>,
        /// Tensors.
        #[prost(message, repeated, tag = "8")]
        pub tensor: Vec<TensorProto>,
    }
}

use attr_value_proto::{ListValue, Value};

/// The `producer` version written into exported graphs. TensorFlow's importers only require it
/// to be at least their minimum producer (0), and `min_consumer` is written as 0, so any
/// TensorFlow 1.x or 2.x reader accepts these graphs.
pub const PRODUCER_VERSION: i32 = 134;

/// The largest tensor attribute import decodes (bytes of its buffer): a `TensorProto` may describe
/// a huge tensor in a few bytes (a shape and no values), which TensorFlow would allocate.
pub const MAX_IMPORTED_TENSOR_BYTES: u64 = 1 << 30;

fn shape_proto(shape: &Option<Vec<i64>>) -> TensorShapeProto {
    match shape {
        None => TensorShapeProto { dim: Vec::new(), unknown_rank: true },
        Some(dims) => TensorShapeProto {
            dim: dims.iter().map(|&size| Dim { size, name: String::new() }).collect(),
            unknown_rank: false,
        },
    }
}

fn shape_from_proto(p: &TensorShapeProto) -> Result<Option<Vec<i64>>> {
    if p.unknown_rank {
        if !p.dim.is_empty() {
            return Err(Error::invalid_argument("Unknown rank with non-empty dims in TensorShapeProto"));
        }
        return Ok(None);
    }
    if p.dim.len() > crate::tensor_shape::MAX_DIMENSIONS {
        return Err(Error::invalid_argument(format!(
            "Shape has {} dimensions, more than the maximum of {}",
            p.dim.len(),
            crate::tensor_shape::MAX_DIMENSIONS
        )));
    }
    Ok(Some(p.dim.iter().map(|d| d.size).collect()))
}

fn attr_to_proto(v: &AttrValue) -> Result<AttrValueProto> {
    let list = |l: ListValue| Some(Value::List(l));
    let value = match v {
        AttrValue::S(s) => Some(Value::S(s.clone())),
        AttrValue::I(i) => Some(Value::I(*i)),
        AttrValue::F(f) => Some(Value::F(*f)),
        AttrValue::B(b) => Some(Value::B(*b)),
        AttrValue::Type(t) => Some(Value::Type(*t)),
        AttrValue::Shape(s) => Some(Value::Shape(shape_proto(s))),
        AttrValue::Tensor(t) => Some(Value::Tensor(tensor_as_proto_tensor_content(t)?)),
        AttrValue::ListS(s) => list(ListValue { s: s.clone(), ..Default::default() }),
        AttrValue::ListI(i) => list(ListValue { i: i.clone(), ..Default::default() }),
        AttrValue::ListF(f) => list(ListValue { f: f.clone(), ..Default::default() }),
        AttrValue::ListB(b) => list(ListValue { b: b.clone(), ..Default::default() }),
        AttrValue::ListType(t) => list(ListValue { r#type: t.clone(), ..Default::default() }),
        AttrValue::ListShape(s) => {
            list(ListValue { shape: s.iter().map(shape_proto).collect(), ..Default::default() })
        }
        AttrValue::ListTensor(ts) => list(ListValue {
            tensor: ts.iter().map(|t| tensor_as_proto_tensor_content(t)).collect::<Result<_>>()?,
            ..Default::default()
        }),
    };
    Ok(AttrValueProto { value })
}

fn decode_tensor(p: &TensorProto) -> Result<Arc<crate::tensor::Tensor>> {
    let options = DecodeOptions { max_bytes: Some(MAX_IMPORTED_TENSOR_BYTES) };
    Ok(Arc::new(tensor_from_proto_message(p, &options)?))
}

fn attr_from_proto(node: &str, name: &str, p: &AttrValueProto) -> Result<AttrValue> {
    Ok(match &p.value {
        None => {
            return Err(Error::invalid_argument(format!(
                "Node '{node}': attr '{name}' has no value"
            )));
        }
        Some(Value::S(s)) => AttrValue::S(s.clone()),
        Some(Value::I(i)) => AttrValue::I(*i),
        Some(Value::F(f)) => AttrValue::F(*f),
        Some(Value::B(b)) => AttrValue::B(*b),
        Some(Value::Type(t)) => AttrValue::Type(*t),
        Some(Value::Shape(s)) => AttrValue::Shape(shape_from_proto(s)?),
        Some(Value::Tensor(t)) => AttrValue::Tensor(decode_tensor(t)?),
        Some(Value::Placeholder(_)) => {
            return Err(Error::invalid_argument(format!(
                "Node '{node}': attr '{name}' is a function attribute placeholder, which a graph cannot hold"
            )));
        }
        Some(Value::List(l)) => {
            // A list holds one kind; the first non-empty field decides (an empty list is a list of ints).
            if !l.s.is_empty() {
                AttrValue::ListS(l.s.clone())
            } else if !l.f.is_empty() {
                AttrValue::ListF(l.f.clone())
            } else if !l.b.is_empty() {
                AttrValue::ListB(l.b.clone())
            } else if !l.r#type.is_empty() {
                AttrValue::ListType(l.r#type.clone())
            } else if !l.shape.is_empty() {
                AttrValue::ListShape(l.shape.iter().map(shape_from_proto).collect::<Result<_>>()?)
            } else if !l.tensor.is_empty() {
                AttrValue::ListTensor(l.tensor.iter().map(decode_tensor).collect::<Result<_>>()?)
            } else {
                AttrValue::ListI(l.i.clone())
            }
        }
    })
}

impl Graph {
    /// The graph as a serialized `GraphDef`, nodes in id order; output 0 is written as `name`,
    /// other outputs as `name:index`, control inputs as `^name`.
    pub fn to_graph_def(&self) -> Result<Vec<u8>> {
        let mut def = GraphDef {
            node: Vec::with_capacity(self.len()),
            versions: Some(VersionDef { producer: PRODUCER_VERSION, min_consumer: 0, bad_consumers: Vec::new() }),
        };
        for node in self.nodes() {
            let mut input: Vec<String> = node
                .inputs
                .iter()
                .map(|e| {
                    let name = &self.nodes()[e.node].name;
                    if e.index == 0 { name.clone() } else { format!("{name}:{}", e.index) }
                })
                .collect();
            input.extend(node.control_inputs.iter().map(|c| format!("^{}", self.nodes()[*c].name)));
            let attr = node
                .attrs
                .iter()
                .map(|(k, v)| Ok((k.clone(), attr_to_proto(v)?)))
                .collect::<Result<_>>()?;
            def.node.push(NodeDef {
                name: node.name.clone(),
                op: node.op.clone(),
                input,
                device: node.device.clone(),
                attr,
            });
        }
        Ok(def.encode_to_vec())
    }

    /// Adds the nodes of a serialized `GraphDef`, each name (and each input's node name) prefixed
    /// by `prefix/` when `prefix` is not empty. All or nothing: on error the graph is unchanged.
    pub fn import_graph_def(&mut self, bytes: &[u8], prefix: &str) -> Result<()> {
        let def = GraphDef::decode(bytes)
            .map_err(|_| Error::invalid_argument("Invalid GraphDef"))?;
        let full = |name: &str| {
            if prefix.is_empty() { name.to_owned() } else { format!("{prefix}/{name}") }
        };
        // Index of each imported node by its (unprefixed) name.
        let mut index: HashMap<&str, usize> = HashMap::with_capacity(def.node.len());
        for (i, n) in def.node.iter().enumerate() {
            if index.insert(n.name.as_str(), i).is_some() {
                return Err(Error::invalid_argument(format!(
                    "Node '{}' is not unique",
                    n.name
                )));
            }
        }
        // Parse every input and check it names an imported node.
        let mut parsed: Vec<Vec<(usize, Option<usize>)>> = Vec::with_capacity(def.node.len());
        for n in &def.node {
            let mut inputs = Vec::with_capacity(n.input.len());
            for s in &n.input {
                let (src, idx) = parse_input(s).ok_or_else(|| {
                    Error::invalid_argument(format!("Node '{}': Unknown input node '{s}'", n.name))
                })?;
                let &src_id = index.get(src).ok_or_else(|| {
                    Error::invalid_argument(format!("Node '{}': Unknown input node '{s}'", n.name))
                })?;
                inputs.push((src_id, idx));
            }
            parsed.push(inputs);
        }
        let order = topological_order(&def, &parsed)?;
        let mut graph = self.clone();
        let mut ids = vec![usize::MAX; def.node.len()];
        for i in order {
            let n = &def.node[i];
            let mut spec = NodeSpec {
                name: full(&n.name),
                op: n.op.clone(),
                device: n.device.clone(),
                ..Default::default()
            };
            if graph.find(&spec.name).is_some() {
                return Err(Error::invalid_argument(format!(
                    "Node name '{}' already exists in the Graph",
                    spec.name
                )));
            }
            for &(src, idx) in &parsed[i] {
                let src_id = ids[src];
                match idx {
                    None => spec.control_inputs.push(src_id),
                    Some(index) => {
                        let outputs = graph.nodes()[src_id].outputs.len();
                        if index >= outputs {
                            return Err(Error::invalid_argument(format!(
                                "Node '{}': Connecting to invalid output {index} of source node {} which has {outputs} outputs",
                                n.name, def.node[src].name
                            )));
                        }
                        spec.inputs.push(Endpoint { node: src_id, index });
                    }
                }
            }
            for (k, v) in &n.attr {
                spec.attrs.push((k.clone(), attr_from_proto(&n.name, k, v)?));
            }
            ids[i] = graph.add(spec)?;
        }
        *self = graph;
        Ok(())
    }
}

/// `name` → (name, Some(0)); `name:3` → (name, Some(3)); `^name` → (name, None).
fn parse_input(s: &str) -> Option<(&str, Option<usize>)> {
    if let Some(control) = s.strip_prefix('^') {
        return (!control.is_empty()).then_some((control, None));
    }
    match s.rsplit_once(':') {
        Some((name, idx)) if !idx.is_empty() && idx.bytes().all(|b| b.is_ascii_digit()) => {
            Some((name, Some(idx.parse().ok()?)))
        }
        _ => (!s.is_empty()).then_some((s, Some(0))),
    }
}

/// Kahn's algorithm over the imported nodes (inputs first, otherwise file order); a cycle fails
/// with TensorFlow's message.
fn topological_order(def: &GraphDef, parsed: &[Vec<(usize, Option<usize>)>]) -> Result<Vec<usize>> {
    let n = def.node.len();
    let mut pending: Vec<usize> = parsed.iter().map(Vec::len).collect();
    let mut consumers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, inputs) in parsed.iter().enumerate() {
        for &(src, _) in inputs {
            consumers[src].push(i);
        }
    }
    let mut ready: std::collections::VecDeque<usize> = (0..n).filter(|&i| pending[i] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(i) = ready.pop_front() {
        order.push(i);
        for &c in &consumers[i] {
            pending[c] -= 1;
            if pending[c] == 0 {
                ready.push_back(c);
            }
        }
    }
    if order.len() < n {
        let stuck: Vec<&str> = (0..n)
            .filter(|&i| pending[i] > 0)
            .take(3)
            .map(|i| def.node[i].name.as_str())
            .collect();
        return Err(Error::invalid_argument(format!(
            "Graph is invalid, contains a cycle with {} nodes, including: {}",
            n - order.len(),
            stuck.join(", ")
        )));
    }
    Ok(order)
}
