//! Natives of `org.tensorflow.EagerOperationBuilder`: the eager runtime over the op registry
//! (`crate::ops`). One JNI transition per op, whatever its type: the op's index, its input
//! handles and its encoded attributes (`op_attrs`) go in; the result's handle, dtype, native byte
//! size and shape come out in the same array, so Java never asks for them again. No `jni::Env` is
//! built unless an exception is thrown (`guard_primitive`, raw JNI functions).

use std::sync::Arc;

use jni::EnvUnowned;
use jni::objects::{JByteArray, JClass, JLongArray, JObjectArray, JString};
use jni::refs::Reference;
use jni::sys::{jarray, jint, jlong, jlongArray, jobjectArray, jsize};
use smallvec::SmallVec;

use super::errors::BridgeResult;
use super::guard::{guard, guard_primitive};
use super::handles;
use super::op_attrs;
use super::raw_env::{Element, RawEnv};
use crate::{Error, ErrorKind};
use crate::ops::{self, AttrValue, Mode};
use crate::tensor::Tensor;

/// `private static native String[] opTypes()`: the op types the eager runtime executes, in the
/// order of their indices.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_EagerOperationBuilder_opTypes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jobjectArray {
    guard(&mut env, |env| {
        let names: Vec<&str> = ops::ops(Mode::Eager).map(|d| d.name).collect();
        let array = JObjectArray::<JString>::new(env, names.len(), JString::null())?;
        for (i, name) in names.iter().enumerate() {
            let s = JString::from_str(env, name)?;
            array.set_element(env, i, &s)?;
        }
        Ok(array.into_raw())
    })
}

/// `private static native int lookupOp(String type)`: the eager index of op type `type`, or the
/// registry's "Op type not registered" (`TensorFlowException`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_EagerOperationBuilder_lookupOp<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    op_type: JString<'local>,
) -> jint {
    guard(&mut env, |env| {
        let op = if op_type.is_null() { "null".to_owned() } else { op_type.try_to_string(env)? };
        let def = ops::lookup(&op, Mode::Eager)?;
        let index = ops::ops(Mode::Eager).position(|d| std::ptr::eq(d, def)).unwrap_or_default();
        Ok(index as jint)
    })
}

/// `private static native long[] execute(int op, long[] io, int inputCount, int attrLength,
/// byte[] attrBytes)`: runs eager op `op` (an index of `opTypes()`) and returns its output's
/// description `{handle, dtype, native bytes, rank, dims...}`. `io` holds the `inputCount` input
/// handles, then `attrLength` longs of encoded attributes (`op_attrs`, names and strings in
/// `attrBytes`; not read when `attrLength` is 0); the description is written into `io` itself
/// when it has room (Java sizes it for the common ranks), else into a new array. The input
/// handles are checked under one registry lock. An output that is one of the tensor attributes'
/// values (a `Const`) comes back under that attribute's handle, which Java then takes over; any
/// other gets a new handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_EagerOperationBuilder_execute<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    op: jint,
    io: JLongArray<'local>,
    input_count: jint,
    attr_length: jint,
    attr_bytes: JByteArray<'local>,
) -> jlongArray {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let def = usize::try_from(op)
            .ok()
            .and_then(ops::eager_op)
            .ok_or_else(|| Error::internal(format!("no eager op with index {op}")))?;
        if io.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "io is null").into());
        }
        let io_raw = io.as_raw() as jlongArray;
        let io_len = raw.len(io_raw)?;
        let (Ok(count), Ok(attr_len)) = (usize::try_from(input_count), usize::try_from(attr_length)) else {
            return Err(Error::internal("negative lengths").into());
        };
        if count.saturating_add(attr_len) > io_len {
            return Err(Error::internal(format!("{count} inputs and {attr_len} attribute longs in {io_len}")).into());
        }
        let mut longs = SmallVec::<[jlong; 32]>::new();
        raw.read_prefix(io_raw, count + attr_len, &mut longs);
        let (handles_in, stream) = longs.split_at(count);
        let mut values = SmallVec::<[Arc<Tensor>; 4]>::new();
        handles::tensors_into(handles_in, &mut values)?;

        // Decoded in place (no attribute set: nothing to read).
        let mut byte_pool = SmallVec::<[i8; 64]>::new();
        let mut attrs = op_attrs::Decoded::new();
        let mut tensor_handles = op_attrs::TensorHandles::new();
        if attr_len > 0 {
            raw.append(&attr_bytes, &mut byte_pool)?;
            op_attrs::decode(stream, bytemuck::cast_slice(&byte_pool), &mut attrs, &mut tensor_handles)?;
        }

        let output = ops::execute(def, &values, &attrs)?;
        let mut description = Description::of(&output);
        let registered = match attribute_handle(&attrs, &tensor_handles, &output) {
            Some(h) => {
                description[0] = h;
                false
            }
            None => {
                description[0] = handles::shared_into_handle(output)?;
                true
            }
        };
        raw.write_description(description.as_slice(), io_raw, io_len).inspect_err(|_| {
            if registered {
                let _ = handles::release(description[0]);
            }
        })
    })
}

/// The handle of the tensor attribute whose value `output` is (the last one set, as the kernel
/// read it), if any.
fn attribute_handle(attrs: &[ops::EagerAttr<'_>], handles: &op_attrs::TensorHandles, output: &Arc<Tensor>) -> Option<jlong> {
    handles
        .iter()
        .rev()
        .find(|(i, _)| matches!(attrs.get(*i), Some(ops::EagerAttr { value: AttrValue::Tensor(t), .. }) if Arc::ptr_eq(t, output)))
        .map(|&(_, h)| h)
}

/// `{handle, dtype, native bytes, rank, dims...}` of an output: on the stack up to rank 16.
struct Description {
    inline: [i64; 20],
    heap: Vec<i64>,
    len: usize,
}

impl Description {
    /// The description of `tensor`, its handle slot 0.
    fn of(tensor: &Tensor) -> Description {
        let dims = tensor.shape().dim_sizes();
        let len = dims.len() + 4;
        let mut d = Description { inline: [0; 20], heap: Vec::new(), len };
        let out: &mut [i64] = if len <= d.inline.len() {
            &mut d.inline[..len]
        } else {
            d.heap.resize(len, 0);
            &mut d.heap
        };
        out[1] = i64::from(tensor.dtype().as_i32());
        out[2] = i64::try_from(tensor.buffer_size()).unwrap_or(i64::MAX);
        out[3] = dims.len() as i64;
        out[4..].copy_from_slice(dims);
        d
    }

    fn as_slice(&self) -> &[i64] {
        if self.heap.is_empty() { &self.inline[..self.len] } else { &self.heap }
    }
}

impl std::ops::IndexMut<usize> for Description {
    fn index_mut(&mut self, i: usize) -> &mut i64 {
        if self.heap.is_empty() { &mut self.inline[i] } else { &mut self.heap[i] }
    }
}

impl std::ops::Index<usize> for Description {
    type Output = i64;

    fn index(&self, i: usize) -> &i64 {
        &self.as_slice()[i]
    }
}

impl RawEnv {
    /// Appends the elements of `array` (nothing for a null reference) to `out`.
    fn append<T: Element, R: Reference, A: smallvec::Array<Item = T>>(
        &self,
        array: &R,
        out: &mut SmallVec<A>,
    ) -> BridgeResult<()> {
        if array.is_null() {
            return Ok(());
        }
        let raw = array.as_raw() as jarray;
        let n = self.len(raw)?;
        self.read_prefix(raw, n, out);
        Ok(())
    }

    /// Appends the first `n` elements of `array` (non-null, with at least `n` elements of type
    /// `T`) to `out`.
    fn read_prefix<T: Element, A: smallvec::Array<Item = T>>(&self, array: jarray, n: usize, out: &mut SmallVec<A>) {
        let start = out.len();
        out.extend(std::iter::repeat_n(T::default(), n));
        // SAFETY: a non-null local reference to an array of at least `n` (< 2^31) elements of
        // type `T` (the native's Java signature fixes the array types), and `out` has `n`
        // elements from `start`.
        unsafe { self.get_region(array, 0, &mut out[start..]) };
    }

    /// Writes an output's description into `io` (of `io_len` elements) if it fits, else into a
    /// new array; returns the array written.
    fn write_description(&self, out: &[i64], io: jlongArray, io_len: usize) -> BridgeResult<jlongArray> {
        let len = jsize::try_from(out.len()).map_err(|_| Error::internal("rank beyond a Java array"))?;
        let array = if out.len() <= io_len {
            io
        } else {
            // SAFETY: live JNIEnv of this thread.
            let array = unsafe { ((**self.0).v1_1.NewLongArray)(self.0, len) };
            if array.is_null() {
                // An OutOfMemoryError is pending; the guard leaves it to Java.
                return Err(Error::internal("no memory for the op's description").into());
            }
            array
        };
        // SAFETY: `array` is a non-null long[] of at least `len` elements.
        unsafe { self.set_region(array, out)? };
        Ok(array)
    }
}
