//! `org.tensorflow.GraphOperationBuilder`'s native: one call adds a whole operation. Java
//! collects the description (bookkeeping only) and passes it as flat typed arrays, the attributes
//! in the encoding both op builders share (`super::super::op_attrs`); the core checks the node
//! against the op registry and adds it.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JClass, JFloatArray, JIntArray, JLongArray, JString};
use jni::sys::{jint, jlong};

use super::super::errors::BridgeResult;
use super::super::guard::guard;
use super::super::handles;
use super::super::op_attrs::{self, Pools};
use super::{endpoints, ints, longs, node, string};
use crate::Error;
use crate::graph::NodeSpec;

/// `private static native int addOperation(long graph, String type, String name, String device,
/// int[] inputs, int[] controlInputs, int[] attrKinds, long[] ints, float[] floats, byte[] bytes,
/// long[] tensors)`: validates and adds the operation, returns its node id.
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
    attr_kinds: JIntArray<'local>,
    int_pool: JLongArray<'local>,
    float_pool: JFloatArray<'local>,
    byte_pool: JByteArray<'local>,
    tensor_pool: JLongArray<'local>,
) -> jint {
    guard(&mut env, |env| {
        let shared = handles::graph(graph)?;
        let op = string(env, &op_type)?;
        let name = string(env, &name)?;
        let device = string(env, &device)?;
        let inputs = ints(env, &inputs)?;
        let controls = ints(env, &control_inputs)?;
        let kinds = ints(env, &attr_kinds)?;
        let int_values = longs(env, &int_pool)?;
        let mut float_values = vec![0f32; if float_pool.is_null() { 0 } else { float_pool.len(env)? }];
        if !float_values.is_empty() {
            float_pool.get_region(env, 0, &mut float_values)?;
        }
        let mut byte_values = vec![0i8; if byte_pool.is_null() { 0 } else { byte_pool.len(env)? }];
        if !byte_values.is_empty() {
            byte_pool.get_region(env, 0, &mut byte_values)?;
        }
        let byte_values: Vec<u8> = byte_values.into_iter().map(|b| b as u8).collect();
        let tensor_handles = longs(env, &tensor_pool)?;
        let pools = Pools { ints: &int_values, floats: &float_values, bytes: &byte_values, tensors: &tensor_handles };
        let attrs = op_attrs::decode(&kinds, pools)?.into_iter().map(|a| (a.name.to_owned(), a.value)).collect();
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
