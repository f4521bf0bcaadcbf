//! `org.tensorflow.GraphOperation`'s natives: what a node is (name, type, outputs, argument
//! list lengths). A node never changes once added, so Java may cache the answers.

use jni::EnvUnowned;
use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong, jlongArray, jstring};

use super::super::guard::guard;
use super::super::handles;
use super::{node, string};
use crate::ops;
use crate::{Error, ErrorKind};

/// `private static native String name(long graph, int id)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_GraphOperation_name<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    id: jint,
) -> jstring {
    guard(&mut env, |env| {
        let g = handles::graph(graph)?;
        let name = node(&g.read(), id)?.name.clone();
        Ok(JString::from_str(env, &name)?.into_raw())
    })
}

/// `private static native String type(long graph, int id)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_GraphOperation_type<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    id: jint,
) -> jstring {
    guard(&mut env, |env| {
        let g = handles::graph(graph)?;
        let op = node(&g.read(), id)?.op.clone();
        Ok(JString::from_str(env, &op)?.into_raw())
    })
}

/// `private static native int numOutputs(long graph, int id)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_GraphOperation_numOutputs<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    id: jint,
) -> jint {
    guard(&mut env, |_| {
        let g = handles::graph(graph)?;
        Ok(node(&g.read(), id)?.outputs.len() as jint)
    })
}

fn output_index(n: &crate::graph::Node, index: jint) -> Result<usize, Error> {
    usize::try_from(index).ok().filter(|i| *i < n.outputs.len()).ok_or_else(|| {
        Error::new(
            ErrorKind::IndexOutOfBounds,
            format!(
                "Node '{}' (type: '{}', num of outputs: {}) does not have output {index}",
                n.name,
                n.op,
                n.outputs.len()
            ),
        )
    })
}

/// `private static native int dtype(long graph, int id, int index)`: the output's DataType value.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_GraphOperation_dtype<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    id: jint,
    index: jint,
) -> jint {
    guard(&mut env, |_| {
        let g = handles::graph(graph)?;
        let g = g.read();
        let n = node(&g, id)?;
        Ok(n.outputs[output_index(n, index)?].dtype.as_i32())
    })
}

/// `private static native long[] shape(long graph, int id, int index)`: the inferred shape, -1
/// for an unknown size; null for an unknown rank.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_GraphOperation_shape<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    id: jint,
    index: jint,
) -> jlongArray {
    guard(&mut env, |env| {
        let g = handles::graph(graph)?;
        let shape = {
            let g = g.read();
            let n = node(&g, id)?;
            n.outputs[output_index(n, index)?].shape.clone()
        };
        match shape {
            None => Ok(std::ptr::null_mut()),
            Some(dims) => {
                let array = env.new_long_array(dims.len())?;
                array.set_region(env, 0, &dims)?;
                Ok(array.into_raw())
            }
        }
    })
}

/// `private static native int listLength(long graph, int id, String arg, boolean input)`: the
/// length of an input or output argument; `IllegalArgumentException` (the op registry's
/// message) if the op has no such argument.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_GraphOperation_listLength<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    id: jint,
    arg: JString<'local>,
    input: jni::sys::jboolean,
) -> jint {
    guard(&mut env, |env| {
        let g = handles::graph(graph)?;
        let op = node(&g.read(), id)?.op.clone();
        let arg = if arg.is_null() { "null".to_owned() } else { string(env, &arg)? };
        Ok(ops::arg_list_length(&op, &arg, input)? as jint)
    })
}
