//! `org.tensorflow.Graph`'s natives: allocation, lookup by name, `GraphDef` export and import.

use std::sync::Arc;

use jni::EnvUnowned;
use jni::objects::{JByteArray, JClass, JString};
use jni::sys::{jbyteArray, jint, jlong};

use super::super::guard::{guard, guard_primitive};
use super::super::handles;
use super::string;
use crate::graph::SharedGraph;

/// `private static native long allocate()`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Graph_allocate<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jlong {
    guard_primitive(&mut env, || handles::graph_into_handle(Arc::new(SharedGraph::new())))
}

/// `private static native int find(long graph, String name)`: the node id, or -1.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Graph_find<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    name: JString<'local>,
) -> jint {
    guard(&mut env, |env| {
        let graph = handles::graph(graph)?;
        let name = string(env, &name)?;
        let id = graph.read().find(&name);
        Ok(id.and_then(|i| jint::try_from(i).ok()).unwrap_or(-1))
    })
}

/// `private static native int numOperations(long graph)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Graph_numOperations<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
) -> jint {
    guard_primitive(&mut env, || {
        let n = handles::graph(graph)?.read().len();
        Ok(jint::try_from(n).unwrap_or(jint::MAX))
    })
}

/// `private static native byte[] toGraphDef(long graph)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Graph_toGraphDef<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        let bytes = handles::graph(graph)?.read().to_graph_def()?;
        Ok(env.byte_array_from_slice(&bytes)?.into_raw())
    })
}

/// `private static native void importGraphDef(long graph, byte[] graphDef, String prefix)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Graph_importGraphDef<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    graph_def: JByteArray<'local>,
    prefix: JString<'local>,
) {
    guard(&mut env, |env| {
        let graph = handles::graph(graph)?;
        let mut bytes = vec![0i8; graph_def.len(env)?];
        graph_def.get_region(env, 0, &mut bytes)?;
        let bytes: Vec<u8> = bytes.into_iter().map(|b| b as u8).collect();
        let prefix = string(env, &prefix)?;
        graph.write().import_graph_def(&bytes, &prefix)?;
        Ok(())
    })
}
