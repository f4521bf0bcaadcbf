//! Natives of the graph-mode classes: `org.tensorflow.Graph` ([`graph`]), `GraphOperation`
//! ([`operation`]), `GraphOperationBuilder` ([`builder`]) and `Session` ([`session`]). Graphs and
//! sessions are registry handles (`handles::graph`, `handles::session`); operations are node ids
//! of a graph, checked against it on every call. The graph semantics are in `crate::graph`.

mod builder;
#[allow(clippy::module_inception)]
mod graph;
mod operation;
mod session;

use jni::objects::{JIntArray, JLongArray, JString};

use super::errors::BridgeResult;
use crate::Error;
use crate::graph::{Endpoint, Graph, Node};

/// A whole Java `int[]` (empty for null).
fn ints(env: &jni::Env<'_>, array: &JIntArray<'_>) -> BridgeResult<Vec<i32>> {
    if array.is_null() {
        return Ok(Vec::new());
    }
    let mut out = vec![0i32; array.len(env)?];
    array.get_region(env, 0, &mut out)?;
    Ok(out)
}

/// A whole Java `long[]` (empty for null).
fn longs(env: &jni::Env<'_>, array: &JLongArray<'_>) -> BridgeResult<Vec<i64>> {
    if array.is_null() {
        return Ok(Vec::new());
    }
    let mut out = vec![0i64; array.len(env)?];
    array.get_region(env, 0, &mut out)?;
    Ok(out)
}

/// A Java string (empty for null).
fn string(env: &mut jni::Env<'_>, s: &JString<'_>) -> BridgeResult<String> {
    if s.is_null() {
        return Ok(String::new());
    }
    Ok(s.try_to_string(env)?)
}

/// A node id from Java, checked against the graph.
fn node<'g>(graph: &'g Graph, id: i32) -> BridgeResult<&'g Node> {
    usize::try_from(id)
        .ok()
        .and_then(|i| graph.node(i))
        .ok_or_else(|| Error::invalid_argument(format!("no operation {id} in this graph")).into())
}

/// `(node, index)` pairs from a flat Java `int[]`, node ids checked against the graph (output
/// indices are checked by the operation that uses them).
fn endpoints(graph: &Graph, flat: &[i32]) -> BridgeResult<Vec<Endpoint>> {
    if flat.len() % 2 != 0 {
        return Err(Error::invalid_argument("endpoint list of odd length").into());
    }
    flat.chunks_exact(2)
        .map(|p| {
            node(graph, p[0])?;
            let index = usize::try_from(p[1]).map_err(|_| {
                Error::new(crate::ErrorKind::IndexOutOfBounds, format!("output index {} is negative", p[1]))
            })?;
            Ok(Endpoint { node: p[0] as usize, index })
        })
        .collect()
}
