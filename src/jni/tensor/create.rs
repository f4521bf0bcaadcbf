//! Building tensors from Java arrays, direct buffers, strings and `TF_STRING` bytes. Java checked
//! nulls only; ranges, dtypes, shapes and byte counts are checked here and in the core.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JIntArray, JLongArray, JPrimitiveArray, TypeArray};
use jni::sys::{jboolean, jdouble, jfloat, jint, jlong};

use super::super::errors::{BridgeError, BridgeResult};
use super::super::guard::guard;
use super::super::handles;
use super::{bytes_of, dtype_of, shape_of};
use crate::Error;
use crate::tensor::Tensor;

/// Checks `offset`/`count` against a Java array (or direct buffer capacity) of `array_len` elements.
fn array_range(array_len: usize, offset: jint, count: jint) -> BridgeResult<(usize, usize)> {
    let (Ok(offset), Ok(count)) = (usize::try_from(offset), usize::try_from(count)) else {
        return Err(Error::new(
            crate::ErrorKind::IndexOutOfBounds,
            format!("negative offset {offset} or count {count}"),
        )
        .into());
    };
    if offset.checked_add(count).is_none_or(|end| end > array_len) {
        return Err(Error::new(
            crate::ErrorKind::IndexOutOfBounds,
            format!("range [{offset}, {offset} + {count}) of an array of {array_len}"),
        )
        .into());
    }
    Ok((offset, count))
}

/// `private static native long createFromDirect(int dtype, long[] shape, ByteBuffer data, int position, int length)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_createFromDirect<'local>(
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
        let not_direct = |_| BridgeError::from(Error::invalid_argument("not a direct buffer"));
        let address = env.get_direct_buffer_address(&data).map_err(not_direct)?;
        let capacity = env.get_direct_buffer_capacity(&data).map_err(not_direct)?;
        if address.is_null() {
            return Err(Error::invalid_argument("not a direct buffer").into());
        }
        let (position, length) = array_range(capacity, position, length)?;
        let tensor = Tensor::from_filled(dtype, shape, length, |dst| -> BridgeResult<()> {
            // SAFETY: [address + position, + length) lies inside the direct buffer's capacity
            // (checked above), and the buffer object is a live argument of this call.
            let src = unsafe { std::slice::from_raw_parts(address.add(position), length) };
            dst.copy_from_slice(src);
            Ok(())
        })?;
        handles::into_handle(tensor)
    })
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
    let tensor = Tensor::from_filled(dtype, shape, length, |dst| -> BridgeResult<()> {
        let dst: &mut [J] = bytemuck::checked::try_cast_slice_mut(dst)
            .map_err(|e| Error::internal(format!("tensor buffer cannot hold Java elements: {e}")))?;
        data.get_region(env, offset as jint, dst)?;
        Ok(())
    })?;
    handles::into_handle(tensor)
}

macro_rules! create_from_array_export {
    ($name:ident, $array:ty) => {
        /// `private static native long createFrom…(int dtype, long[] shape, T[] data, int offset, int count)`
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

create_from_array_export!(Java_org_tensorflow_Tensor_createFromBytes, jni::sys::jbyte);
create_from_array_export!(Java_org_tensorflow_Tensor_createFromInts, jint);
create_from_array_export!(Java_org_tensorflow_Tensor_createFromLongs, jlong);
create_from_array_export!(Java_org_tensorflow_Tensor_createFromFloats, jfloat);
create_from_array_export!(Java_org_tensorflow_Tensor_createFromDoubles, jdouble);
create_from_array_export!(Java_org_tensorflow_Tensor_createFromBooleans, jboolean);

/// `private static native long createStrings(long[] shape, byte[] data, int[] lengths)`: a STRING
/// tensor whose elements are consecutive pieces of `data` with the given lengths (row-major).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_createStrings<'local>(
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
        let bytes = bytes_of(env, &data)?;
        handles::into_handle(Tensor::from_string_pieces(shape, &bytes, &sizes)?)
    })
}

/// `private static native long createFromEncodedStrings(long[] shape, byte[] data)`: a STRING
/// tensor from TF 1.x's `TF_STRING` layout.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_createFromEncodedStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JLongArray<'local>,
    data: JByteArray<'local>,
) -> jlong {
    guard(&mut env, |env| {
        let shape = shape_of(env, &shape)?;
        let bytes = bytes_of(env, &data)?;
        handles::into_handle(Tensor::from_tf_string(shape, &bytes)?)
    })
}

/// `private static native void checkCreatable(long[] shape, int dtype, long stringBytes)`: TF
/// 1.x's Java factories' shape rule (`check_java_creatable`), before any element is read or
/// flattened; `stringBytes` is the total length of a STRING tensor's elements (0 if not known yet).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_checkCreatable<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JLongArray<'local>,
    dtype: jint,
    string_bytes: jlong,
) {
    guard(&mut env, |env| -> BridgeResult<()> {
        if shape.is_null() {
            return Err(Error::new(crate::ErrorKind::NullPointer, "shape").into());
        }
        let len = shape.len(env)?;
        let mut dims = vec![0i64; len];
        shape.get_region(env, 0, &mut dims)?;
        Ok(crate::tensor::check_java_creatable(&dims, dtype_of(dtype)?, string_bytes)?)
    })
}
