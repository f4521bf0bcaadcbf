//! Natives of `dev.tensorbridge.internal.NativeTensor`: create, describe and release tensors.
//! Arguments were validated by `TensorKernels` (Java); sizes are re-checked here before any copy.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JIntArray, JLongArray, JPrimitiveArray, TypeArray};
use jni::sys::{jboolean, jdouble, jfloat, jint, jlong, jlongArray};

use super::errors::BridgeResult;
use super::guard::{guard, guard_primitive};
use super::handles;
use crate::dtype::DataType;
use crate::tensor::Tensor;
use crate::tensor_shape::TensorShape;
use crate::tf_string;
use crate::Error;

fn dtype_of(value: jint) -> BridgeResult<DataType> {
    DataType::from_i32(value)
        .filter(|d| *d != DataType::Invalid)
        .ok_or_else(|| Error::invalid_argument(format!("DataType {value} is not supported")).into())
}

fn shape_of(env: &jni::Env<'_>, dims: &JLongArray<'_>) -> BridgeResult<TensorShape> {
    let len = dims.len(env)?;
    let mut sizes = vec![0i64; len];
    dims.get_region(env, 0, &mut sizes)?;
    Ok(TensorShape::from_dims(&sizes)?)
}

/// Checks that `length` bytes are what `dtype` × `shape` needs, then builds the tensor from them.
fn tensor_from(dtype: DataType, shape: TensorShape, length: usize, fill: impl FnOnce(&mut [u8]) -> BridgeResult<()>) -> BridgeResult<Tensor> {
    let mut tensor = Tensor::new(dtype, shape)?;
    let need = tensor.tensor_data()?.len();
    if need != length {
        return Err(Error::invalid_argument(format!(
            "{length} bytes given for a {} tensor with shape {}, which needs {need}",
            dtype.name(),
            tensor.shape().debug_string()
        ))
        .into());
    }
    if need > 0 {
        fill(tensor.tensor_data_mut()?)?;
    }
    Ok(tensor)
}

/// `static native long createFromBytes(int dtype, long[] shape, byte[] data, int offset, int length)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_createFromBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dtype: jint,
    shape: JLongArray<'local>,
    data: JByteArray<'local>,
    offset: jint,
    length: jint,
) -> jlong {
    guard(&mut env, |env| {
        let dtype = dtype_of(dtype)?;
        let shape = shape_of(env, &shape)?;
        let array_len = data.len(env)?;
        let (Ok(offset), Ok(length)) = (usize::try_from(offset), usize::try_from(length)) else {
            return Err(Error::invalid_argument("negative offset or length").into());
        };
        if offset.checked_add(length).is_none_or(|end| end > array_len) {
            return Err(Error::invalid_argument("offset and length exceed the array").into());
        }
        let tensor = tensor_from(dtype, shape, length, |dst| {
            // SAFETY-free: get_region copies into our slice with bounds checked by the JVM.
            let signed: &mut [i8] = bytemuck::cast_slice_mut(dst);
            data.get_region(env, offset as i32, signed)?;
            Ok(())
        })?;
        Ok(handles::into_handle(tensor))
    })
}

/// `static native long createFromDirect(int dtype, long[] shape, ByteBuffer data, int position, int length)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_createFromDirect<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dtype: jint,
    shape: JLongArray<'local>,
    data: JByteBuffer<'local>,
    position: jint,
    length: jint,
) -> jlong {
    guard(&mut env, |env| {
        let dtype = dtype_of(dtype)?;
        let shape = shape_of(env, &shape)?;
        let address = env.get_direct_buffer_address(&data)?;
        let capacity = env.get_direct_buffer_capacity(&data)?;
        let (Ok(position), Ok(length)) = (usize::try_from(position), usize::try_from(length)) else {
            return Err(Error::invalid_argument("negative position or length").into());
        };
        if address.is_null() || position.checked_add(length).is_none_or(|end| end > capacity) {
            return Err(Error::invalid_argument("position and length exceed the buffer").into());
        }
        let tensor = tensor_from(dtype, shape, length, |dst| {
            // SAFETY: [address + position, + length) lies inside the direct buffer's capacity
            // (checked above), and the buffer object is a live argument of this call.
            let src = unsafe { std::slice::from_raw_parts(address.add(position), length) };
            dst.copy_from_slice(src);
            Ok(())
        })?;
        Ok(handles::into_handle(tensor))
    })
}

/// Checks `offset`/`count` against a Java array of `array_len` elements.
fn array_range(array_len: usize, offset: jint, count: jint) -> BridgeResult<(usize, usize)> {
    let (Ok(offset), Ok(count)) = (usize::try_from(offset), usize::try_from(count)) else {
        return Err(Error::invalid_argument("negative offset or count").into());
    };
    if offset.checked_add(count).is_none_or(|end| end > array_len) {
        return Err(Error::invalid_argument("offset and count exceed the array").into());
    }
    Ok((offset, count))
}

/// A tensor filled from `count` elements of a Java primitive array starting at `offset`. The
/// element type `J` must have the dtype's size (checked through the byte count); the JVM copies
/// straight into the tensor's (64-byte aligned) buffer.
fn create_from_array<J: TypeArray + bytemuck::checked::CheckedBitPattern + bytemuck::NoUninit>(
    env: &mut jni::Env<'_>,
    dtype: jint,
    shape: &JLongArray<'_>,
    data: &JPrimitiveArray<'_, J>,
    offset: jint,
    count: jint,
) -> BridgeResult<jlong> {
    let dtype = dtype_of(dtype)?;
    let shape = shape_of(env, shape)?;
    let (offset, count) = array_range(data.len(env)?, offset, count)?;
    let length = count
        .checked_mul(std::mem::size_of::<J>())
        .ok_or_else(|| Error::invalid_argument("element count too large"))?;
    let tensor = tensor_from(dtype, shape, length, |dst| {
        let dst: &mut [J] = bytemuck::checked::try_cast_slice_mut(dst)
            .map_err(|e| Error::internal(format!("tensor buffer cannot hold Java elements: {e}")))?;
        data.get_region(env, offset as jint, dst)?;
        Ok(())
    })?;
    Ok(handles::into_handle(tensor))
}

macro_rules! create_from_array_export {
    ($name:ident, $array:ty) => {
        /// `static native long createFrom…(int dtype, long[] shape, T[] data, int offset, int count)`
        #[unsafe(no_mangle)]
        pub extern "system" fn $name<'local>(
            mut env: EnvUnowned<'local>,
            _class: JClass<'local>,
            dtype: jint,
            shape: JLongArray<'local>,
            data: JPrimitiveArray<'local, $array>,
            offset: jint,
            count: jint,
        ) -> jlong {
            guard(&mut env, |env| create_from_array(env, dtype, &shape, &data, offset, count))
        }
    };
}

create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromInts, jint);
create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromLongs, jlong);
create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromFloats, jfloat);
create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromDoubles, jdouble);
create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromBooleans, jboolean);

/// `static native long createStrings(long[] shape, byte[] data, int[] lengths)`: a STRING tensor
/// whose elements are consecutive pieces of `data` with the given lengths (row-major).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_createStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JLongArray<'local>,
    data: JByteArray<'local>,
    lengths: JIntArray<'local>,
) -> jlong {
    guard(&mut env, |env| {
        let shape = shape_of(env, &shape)?;
        let mut sizes = vec![0i32; lengths.len(env)?];
        lengths.get_region(env, 0, &mut sizes)?;
        let mut bytes = vec![0i8; data.len(env)?];
        data.get_region(env, 0, &mut bytes)?;
        let bytes: &[u8] = bytemuck::cast_slice(&bytes);
        let mut strings = Vec::new();
        strings
            .try_reserve_exact(sizes.len())
            .map_err(|_| Error::resource_exhausted("OOM when allocating string elements"))?;
        let mut start = 0usize;
        for size in sizes {
            let end = usize::try_from(size)
                .ok()
                .and_then(|size| start.checked_add(size))
                .filter(|end| *end <= bytes.len())
                .ok_or_else(|| Error::invalid_argument("string lengths exceed the data"))?;
            strings.push(bytes[start..end].to_vec());
            start = end;
        }
        if start != bytes.len() {
            return Err(Error::invalid_argument("string lengths do not cover the data").into());
        }
        Ok(handles::into_handle(Tensor::from_vec(shape, strings)?))
    })
}

/// `static native long createFromEncodedStrings(long[] shape, byte[] data)`: a STRING tensor
/// from TF 1.x's `TF_STRING` layout (see `crate::tf_string`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_createFromEncodedStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JLongArray<'local>,
    data: JByteArray<'local>,
) -> jlong {
    guard(&mut env, |env| {
        let shape = shape_of(env, &shape)?;
        let mut bytes = vec![0i8; data.len(env)?];
        data.get_region(env, 0, &mut bytes)?;
        let count = usize::try_from(shape.num_elements())
            .map_err(|_| Error::invalid_argument("too many elements"))?;
        let strings = tf_string::decode(bytemuck::cast_slice(&bytes), count)?;
        Ok(handles::into_handle(Tensor::from_vec(shape, strings)?))
    })
}

/// `static native long liveHandles()`: handles not yet released (diagnostics for tests).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_liveHandles<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jlong {
    guard_primitive(&mut env, || Ok(handles::live_handles()))
}

/// `static native long[] describe(long handle)`: `{dtype, rank, dim0, dim1, …}`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_describe<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlongArray {
    guard(&mut env, |env| {
        // SAFETY: handles come from Tensor's private field, live while it is not closed.
        let tensor = unsafe { handles::borrow(handle)? };
        let dims = tensor.shape().dim_sizes();
        let mut out = Vec::with_capacity(dims.len() + 2);
        out.push(i64::from(tensor.dtype().as_i32()));
        out.push(dims.len() as i64);
        out.extend_from_slice(dims);
        let array = env.new_long_array(out.len())?;
        array.set_region(env, 0, &out)?;
        Ok(array.into_raw())
    })
}

/// `static native void release(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_release<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) {
    guard_primitive(&mut env, || {
        // SAFETY: called once per handle by Tensor.close() under its lock.
        unsafe { handles::release(handle) };
        Ok(())
    })
}
