//! A session's run: prune the graph to what the fetches and targets need, substitute the feeds,
//! run the kernels in node order and return the fetched values.

use std::collections::HashMap;
use std::sync::Arc;

use super::{Endpoint, Graph, ops};
use crate::error::{Error, Result};
use crate::tensor::Tensor;

/// Runs `graph`: `feeds` replace outputs, `fetches` are returned in order, `targets` are run for
/// their effects only. The graph is only read, so any number of runs may share it.
///
/// Errors as TensorFlow 1.15 reports them: a fed or fetched output that does not exist, a fed
/// value of the wrong dtype (`Expects arg[i] to be float but int32 is provided`), and kernel
/// errors followed by the failing node (`\n\t [[{{node x}}]]`), e.g. an unfed placeholder.
pub fn run(
    graph: &Graph,
    feeds: &[(Endpoint, Arc<Tensor>)],
    fetches: &[Endpoint],
    targets: &[usize],
) -> Result<Vec<Arc<Tensor>>> {
    let mut values: HashMap<Endpoint, Arc<Tensor>> = HashMap::new();
    for (i, (e, t)) in feeds.iter().enumerate() {
        let info = output(graph, *e, "FeedInputs: unable to find feed output")?;
        if t.dtype() != info.dtype {
            return Err(Error::invalid_argument(format!(
                "Expects arg[{i}] to be {} but {} is provided",
                info.dtype.name(),
                t.dtype().name()
            )));
        }
        values.insert(*e, Arc::clone(t));
    }
    for e in fetches {
        output(graph, *e, "FetchOutputs node")?;
    }
    for t in targets {
        if graph.node(*t).is_none() {
            return Err(Error::invalid_argument(format!("Target node {t} does not exist")));
        }
    }
    let needed = prune(graph, &values, fetches, targets);
    for (id, node) in graph.nodes().iter().enumerate() {
        if !needed[id] {
            continue;
        }
        let mut inputs = Vec::with_capacity(node.inputs.len());
        for e in &node.inputs {
            let v = values
                .get(e)
                .ok_or_else(|| Error::internal(format!("input {} not computed", graph.endpoint_name(*e))))?;
            inputs.push(Arc::clone(v));
        }
        let outputs = ops::compute(node, &inputs)
            .map_err(|err| Error::new(err.kind, format!("{}\n\t [[{{{{node {}}}}}]]", err.message, node.name)))?;
        for (index, value) in outputs.into_iter().enumerate() {
            // A fed output keeps the fed value.
            values.entry(Endpoint { node: id, index }).or_insert(value);
        }
    }
    fetches
        .iter()
        .map(|e| {
            values
                .get(e)
                .cloned()
                .ok_or_else(|| Error::internal(format!("fetch {} not computed", graph.endpoint_name(*e))))
        })
        .collect()
}

fn output<'g>(graph: &'g Graph, e: Endpoint, what: &str) -> Result<&'g super::OutputInfo> {
    let node = graph
        .node(e.node)
        .ok_or_else(|| Error::invalid_argument(format!("{what} <node {}>:{}: not found", e.node, e.index)))?;
    node.outputs.get(e.index).ok_or_else(|| {
        Error::invalid_argument(format!(
            "{what} {}:{}: output index too large, must be < {}",
            node.name,
            e.index,
            node.outputs.len()
        ))
    })
}

/// The nodes the fetches and targets depend on, not looking behind fed outputs.
fn prune(
    graph: &Graph,
    fed: &HashMap<Endpoint, Arc<Tensor>>,
    fetches: &[Endpoint],
    targets: &[usize],
) -> Vec<bool> {
    let mut needed = vec![false; graph.len()];
    let mut stack: Vec<usize> = targets.to_vec();
    stack.extend(fetches.iter().filter(|e| !fed.contains_key(e)).map(|e| e.node));
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut needed[id], true) {
            continue;
        }
        let node = &graph.nodes()[id];
        stack.extend(node.inputs.iter().filter(|e| !fed.contains_key(e)).map(|e| e.node));
        stack.extend(node.control_inputs.iter().copied());
    }
    needed
}
