//! TensorFlow 1.x graph mode: a graph of nodes (op type, inputs, attributes, inferred output
//! types and shapes), its `GraphDef` form, and a session's run over it.
//!
//! Nodes are only ever appended, and a node's inputs must exist before it, so node ids are a
//! topological order: a run executes the nodes it needs in id order. Import sorts the
//! `GraphDef`'s nodes the same way (or rejects a cycle) before adding them. What a node may be
//! (op types, attributes, shape functions, kernels) is the op registry, `crate::ops`; the contract is in
//! docs/contracts/graph.md.

mod ops;
pub mod proto;
mod run;
mod session;

use std::collections::HashMap;
use std::sync::Arc;

pub use crate::ops::{AttrValue, OutputInfo};
pub use run::run;
pub use session::{Session, SharedGraph};

use crate::error::{Error, Result};
use crate::tensor::Tensor;

/// Output `index` of node `node` (ids as returned by [`Graph::add`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Endpoint {
    /// The producing node's id.
    pub node: usize,
    /// The output index.
    pub index: usize,
}

/// One operation of a graph.
#[derive(Clone, Debug)]
pub struct Node {
    /// The unique name.
    pub name: String,
    /// The op type, e.g. `StridedSlice`.
    pub op: String,
    /// Data inputs, in argument order.
    pub inputs: Vec<Endpoint>,
    /// Nodes that must run first.
    pub control_inputs: Vec<usize>,
    /// The requested device (kept, not used: everything runs on the CPU).
    pub device: String,
    /// Every attribute of the op, defaults included, sorted by name.
    pub attrs: std::collections::BTreeMap<String, AttrValue>,
    /// The outputs' types and inferred shapes.
    pub outputs: Vec<OutputInfo>,
}

/// What a caller asks to add (the C API's operation description).
#[derive(Clone, Debug, Default)]
pub struct NodeSpec {
    /// The unique name.
    pub name: String,
    /// The op type.
    pub op: String,
    /// Data inputs, in order.
    pub inputs: Vec<Endpoint>,
    /// Control inputs.
    pub control_inputs: Vec<usize>,
    /// The device string.
    pub device: String,
    /// Attributes in the order they were set; setting one twice with different values fails.
    pub attrs: Vec<(String, AttrValue)>,
}

/// A graph: nodes in the order they were added.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    nodes: Vec<Node>,
    by_name: HashMap<String, usize>,
}

impl Graph {
    /// An empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node with id `id`.
    pub fn node(&self, id: usize) -> Option<&Node> {
        self.nodes.get(id)
    }

    /// The id of the node called `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The nodes, in id order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Validates `spec` against its op (attributes, input count and types), runs the op's shape
    /// function and appends the node. Nothing changes on error.
    pub fn add(&mut self, spec: NodeSpec) -> Result<usize> {
        if self.by_name.contains_key(&spec.name) {
            return Err(Error::invalid_argument(format!(
                "Duplicate node name in graph: '{}'",
                spec.name
            )));
        }
        let node = ops::build_node(self, spec)?;
        let id = self.nodes.len();
        self.by_name.insert(node.name.clone(), id);
        self.nodes.push(node);
        Ok(id)
    }

    /// The constant value output `e` has when the graph is built, if shape inference can know
    /// it (a `Const`, possibly through `Identity` nodes), as TensorFlow's shape refiner
    /// evaluates small constant inputs.
    pub(crate) fn constant_value(&self, mut e: Endpoint) -> Option<&Arc<Tensor>> {
        loop {
            let node = self.nodes.get(e.node)?;
            match node.op.as_str() {
                "Const" => match node.attrs.get("value") {
                    Some(AttrValue::Tensor(t)) => return Some(t),
                    _ => return None,
                },
                "Identity" => e = *node.inputs.first()?,
                _ => return None,
            }
        }
    }

    /// The `name:index` form TensorFlow uses for an output (`name` alone for output 0 in
    /// `GraphDef` inputs, see [`proto`]).
    pub fn endpoint_name(&self, e: Endpoint) -> String {
        match self.nodes.get(e.node) {
            Some(n) => format!("{}:{}", n.name, e.index),
            None => format!("<node {}>:{}", e.node, e.index),
        }
    }
}

#[cfg(test)]
mod tests;
