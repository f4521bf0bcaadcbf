//! `org.tensorflow.GraphOperationBuilder`'s native: one call adds a whole operation. Java
//! collects the description (bookkeeping only) and passes it as flat typed arrays, the attributes
//! in the encoding both op builders share (`super::super::op_attrs`); the core checks the node
//! against the op registry and adds it.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JClass, JIntArray, JLongArray, JString};
use jni::sys::{jint, jlong};

use super::super::errors::BridgeResult;
use super::super::guard::guard;
use super::super::handles;
use super::super::op_attrs;
use super::{endpoints, ints, longs, node, string};
use crate::Error;
use crate::graph::NodeSpec;

/// `private static native int addOperation(long graph, String type, String name, String device,
/// int[] inputs, int[] controlInputs, long[] attrs, byte[] attrBytes)`: validates and adds the
/// operation, returns its node id.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_org_tensorflow_GraphOperationBuilder_addOperation<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
    op_type: JString<'local>,
    name: JString<'local>,
    device: JString<'local>,
    inputs: JIntArray<'local>,
    control_inputs: JIntArray<'local>,
    attr_stream: JLongArray<'local>,
    attr_bytes: JByteArray<'local>,
) -> jint {
    guard(&mut env, |env| {
        let shared = handles::graph(graph)?;
        let op = string(env, &op_type)?;
        let name = string(env, &name)?;
        let device = string(env, &device)?;
        let inputs = ints(env, &inputs)?;
        let controls = ints(env, &control_inputs)?;
        let stream = longs(env, &attr_stream)?;
        let mut bytes = vec![0i8; if attr_bytes.is_null() { 0 } else { attr_bytes.len(env)? }];
        if !bytes.is_empty() {
            attr_bytes.get_region(env, 0, &mut bytes)?;
        }
        let (mut decoded, mut tensor_handles) = (op_attrs::Decoded::new(), op_attrs::TensorHandles::new());
        op_attrs::decode(&stream, bytemuck::cast_slice(&bytes), &mut decoded, &mut tensor_handles)?;
        let attrs = decoded.into_iter().map(|a| (a.name.to_owned(), a.value)).collect();
        let mut g = shared.write();
        let inputs = endpoints(&g, &inputs)?;
        let control_inputs = controls
            .iter()
            .map(|&c| node(&g, c).map(|_| c as usize))
            .collect::<BridgeResult<Vec<_>>>()?;
        let id = g.add(NodeSpec { name, op, inputs, control_inputs, device, attrs })?;
        jint::try_from(id).map_err(|_| Error::resource_exhausted("too many operations in the graph").into())
    })
}
