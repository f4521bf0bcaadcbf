//! `org.tensorflow.GraphOperationBuilder`'s native: one call adds a whole operation. Java
//! collects the description (bookkeeping only) and passes it as flat typed arrays; this file
//! decodes them and the core validates and adds the node.
//!
//! Attribute encoding: `attrKinds` holds a `(kind, count)` pair per attribute, `count` -1 for a
//! single value, else the list length. The attribute's name comes first from `bytes` (its byte
//! length in `ints`); then its values: strings as a length in `ints` plus bytes in `bytes`; ints,
//! bools (0/1) and types in `ints`; floats in `floats`; shapes as a rank (-1: unknown) followed by
//! the sizes in `ints`; tensors as handles in `tensors`.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JClass, JFloatArray, JIntArray, JLongArray, JString};
use jni::sys::{jint, jlong};

use super::super::errors::BridgeResult;
use super::super::guard::guard;
use super::super::handles;
use super::{endpoints, ints, longs, node, string};
use crate::Error;
use crate::graph::{AttrValue, NodeSpec};

/// The attribute kinds of the encoding (`GraphOperationBuilder`'s constants).
const STRING: i32 = 0;
const INT: i32 = 1;
const FLOAT: i32 = 2;
const BOOL: i32 = 3;
const TYPE: i32 = 4;
const SHAPE: i32 = 5;
const TENSOR: i32 = 6;

fn malformed() -> Error {
    Error::invalid_argument("malformed operation description")
}

/// Sequential readers over the value pools; running past an end is a malformed description.
struct Pools<'a> {
    ints: &'a [i64],
    floats: &'a [f32],
    bytes: &'a [u8],
    tensors: &'a [jlong],
}

impl Pools<'_> {
    fn int(&mut self) -> Result<i64, Error> {
        let (&first, rest) = self.ints.split_first().ok_or_else(malformed)?;
        self.ints = rest;
        Ok(first)
    }

    fn float(&mut self) -> Result<f32, Error> {
        let (&first, rest) = self.floats.split_first().ok_or_else(malformed)?;
        self.floats = rest;
        Ok(first)
    }

    fn bytes(&mut self) -> Result<Vec<u8>, Error> {
        let len = usize::try_from(self.int()?).map_err(|_| malformed())?;
        if len > self.bytes.len() {
            return Err(malformed());
        }
        let (first, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(first.to_vec())
    }

    fn tensor(&mut self) -> Result<jlong, Error> {
        let (&first, rest) = self.tensors.split_first().ok_or_else(malformed)?;
        self.tensors = rest;
        Ok(first)
    }

    fn shape(&mut self) -> Result<Option<Vec<i64>>, Error> {
        let rank = self.int()?;
        if rank < 0 {
            return Ok(None);
        }
        let rank = usize::try_from(rank).map_err(|_| malformed())?;
        if rank > self.ints.len() {
            return Err(malformed());
        }
        (0..rank).map(|_| self.int()).collect::<Result<_, _>>().map(Some)
    }

    fn type_value(&mut self) -> Result<i32, Error> {
        i32::try_from(self.int()?).map_err(|_| malformed())
    }

    fn attr(&mut self, kind: i32, count: i32) -> BridgeResult<AttrValue> {
        if count < 0 {
            return Ok(match kind {
                STRING => AttrValue::S(self.bytes()?),
                INT => AttrValue::I(self.int()?),
                FLOAT => AttrValue::F(self.float()?),
                BOOL => AttrValue::B(self.int()? != 0),
                TYPE => AttrValue::Type(self.type_value()?),
                SHAPE => AttrValue::Shape(self.shape()?),
                TENSOR => AttrValue::Tensor(handles::tensor(self.tensor()?)?),
                _ => return Err(malformed().into()),
            });
        }
        let n = count as usize;
        Ok(match kind {
            STRING => AttrValue::ListS((0..n).map(|_| self.bytes()).collect::<Result<_, _>>()?),
            INT => AttrValue::ListI((0..n).map(|_| self.int()).collect::<Result<_, _>>()?),
            FLOAT => AttrValue::ListF((0..n).map(|_| self.float()).collect::<Result<_, _>>()?),
            BOOL => AttrValue::ListB((0..n).map(|_| self.int().map(|v| v != 0)).collect::<Result<_, _>>()?),
            TYPE => AttrValue::ListType((0..n).map(|_| self.type_value()).collect::<Result<_, _>>()?),
            SHAPE => AttrValue::ListShape((0..n).map(|_| self.shape()).collect::<Result<_, _>>()?),
            TENSOR => {
                let hs: Vec<jlong> = (0..n).map(|_| self.tensor()).collect::<Result<_, _>>()?;
                AttrValue::ListTensor(handles::tensor_list(&hs)?)
            }
            _ => return Err(malformed().into()),
        })
    }
}

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
        if kinds.len() % 2 != 0 {
            return Err(malformed().into());
        }
        let mut pools = Pools {
            ints: &int_values,
            floats: &float_values,
            bytes: &byte_values,
            tensors: &tensor_handles,
        };
        let mut attrs = Vec::with_capacity(kinds.len() / 2);
        for pair in kinds.chunks_exact(2) {
            let attr_name = String::from_utf8(pools.bytes()?).map_err(|_| malformed())?;
            attrs.push((attr_name, pools.attr(pair[0], pair[1])?));
        }
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
