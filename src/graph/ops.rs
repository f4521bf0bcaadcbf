//! Graph mode's side of the op registry (`crate::ops`): a node is checked against its op in
//! TensorFlow's order, with the graph's own checks (node name, input endpoints, control inputs)
//! where TensorFlow makes them, and its outputs are inferred by the op's shape function; a
//! session runs the op's kernel.

use std::sync::Arc;

use super::{Graph, Node, NodeSpec, OutputInfo};
use crate::error::{Error, Result};
use crate::ops::{self, KernelCtx, Mode, ShapeCtx, check};
use crate::tensor::Tensor;

/// Checks `spec` against its op and infers its outputs (TensorFlow's NodeBuilder finalisation
/// followed by the shape refiner).
pub(super) fn build_node(graph: &Graph, spec: NodeSpec) -> Result<Node> {
    let def = ops::lookup(&spec.op, Mode::Graph)?;
    let name = spec.name.clone();
    if name.is_empty() || !valid_node_name(&name) {
        return Err(Error::invalid_argument(format!(
            "Node name '{name}' contains invalid characters"
        )));
    }
    let mut attrs = check::node_attrs(def, &name, spec.attrs)?;
    check::node_input_count(def, &name, &attrs, spec.inputs.len())?;
    let mut input_infos = Vec::with_capacity(spec.inputs.len());
    for e in &spec.inputs {
        input_infos.push(output_info(graph, *e)?.clone());
    }
    check::node_input_types(def, &name, &mut attrs, input_infos.iter().map(|i| i.dtype))?;
    for c in &spec.control_inputs {
        if graph.node(*c).is_none() {
            return Err(Error::invalid_argument(format!(
                "Control input {c} of node '{name}' does not exist in the graph"
            )));
        }
    }
    check::node_complete(def, &name, &mut attrs)?;
    let constants: Vec<Option<&Arc<Tensor>>> =
        spec.inputs.iter().map(|e| graph.constant_value(*e)).collect();
    let outputs = (def.shape_fn)(&ShapeCtx {
        def,
        node: &name,
        inputs: &input_infos,
        constants: &constants,
        attrs: &attrs,
    })?;
    Ok(Node {
        name,
        op: spec.op,
        inputs: spec.inputs,
        control_inputs: spec.control_inputs,
        device: spec.device,
        attrs,
        outputs,
    })
}

/// TensorFlow's node name rule: `[A-Za-z0-9.][A-Za-z0-9_.\-/>]*`.
fn valid_node_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphanumeric() || c == '.');
    first_ok && chars.all(|c| c.is_ascii_alphanumeric() || "_.-/>".contains(c))
}

fn output_info(graph: &Graph, e: super::Endpoint) -> Result<&OutputInfo> {
    let node = graph.node(e.node).ok_or_else(|| {
        Error::invalid_argument(format!("Input node {} does not exist in the graph", e.node))
    })?;
    node.outputs.get(e.index).ok_or_else(|| {
        Error::out_of_range(format!(
            "Node '{}' (type: '{}', num of outputs: {}) does not have output {}",
            node.name,
            node.op,
            node.outputs.len(),
            e.index
        ))
    })
}

/// Runs a node's kernel on its input values.
pub(super) fn compute(node: &Node, inputs: &[Arc<Tensor>]) -> Result<Vec<Arc<Tensor>>> {
    let def = ops::lookup(&node.op, Mode::Graph)?;
    let ctx = KernelCtx { def, node: &node.name, inputs, attrs: &node.attrs };
    Ok((def.kernel)(&ctx)?.into_vec())
}
