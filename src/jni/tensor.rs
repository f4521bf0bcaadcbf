//! Natives of `dev.tensorbridge.internal.NativeTensor`: create, describe and release tensors.
//! Arguments were validated by `TensorKernels` (Java); sizes are re-checked here before any copy.

use jni::EnvUnowned;
use jni::objects::{
    JByteArray, JByteBuffer, JClass, JIntArray, JLongArray, JObject, JPrimitiveArray, JString, TypeArray,
};
use jni::sys::{jboolean, jbyteArray, jdouble, jfloat, jint, jlong, jlongArray, jobject, jstring};

use super::errors::{BridgeError, BridgeResult};
use super::guard::{guard, guard_primitive};
use super::handles;
use crate::dtype::DataType;
use crate::tensor::{Elements, Tensor};
use crate::tensor_proto::DecodeOptions;
use crate::tensor_shape::TensorShape;
use crate::tf_string;
use crate::{Error, ErrorKind};

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
fn tensor_from(
    dtype: DataType,
    shape: TensorShape,
    length: usize,
    fill: impl FnOnce(&mut [u8]) -> BridgeResult<()>,
) -> BridgeResult<Tensor> {
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
        let (offset, length) = array_range(data.len(env)?, offset, length)?;
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
        if address.is_null() {
            return Err(Error::invalid_argument("not a direct buffer").into());
        }
        let (position, length) = array_range(capacity, position, length)?;
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

/// Checks `offset`/`count` against a Java array (or direct buffer capacity) of `array_len` elements.
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
            guard(&mut env, |env| {
                create_from_array(env, dtype, &shape, &data, offset, count)
            })
        }
    };
}

create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromInts, jint);
create_from_array_export!(Java_dev_tensorbridge_internal_NativeTensor_createFromLongs, jlong);
create_from_array_export!(
    Java_dev_tensorbridge_internal_NativeTensor_createFromFloats,
    jfloat
);
create_from_array_export!(
    Java_dev_tensorbridge_internal_NativeTensor_createFromDoubles,
    jdouble
);
create_from_array_export!(
    Java_dev_tensorbridge_internal_NativeTensor_createFromBooleans,
    jboolean
);

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

// ------------------------------------------------------------------------------------------------
// Reading data. Java holds the tensor's monitor for the whole use of any view returned here
// (except `tensorData` views, which own a keep-alive handle).

/// Direct `ByteBuffer` over `bytes`, or null when empty (Java substitutes an empty buffer: a
/// zero-capacity direct buffer needs a non-null address).
fn byte_view<'local>(env: &mut jni::Env<'local>, bytes: &[u8]) -> BridgeResult<JObject<'local>> {
    if bytes.is_empty() {
        return Ok(JObject::null());
    }
    if i32::try_from(bytes.len()).is_err() {
        return Err(Error::new(
            ErrorKind::IllegalState,
            format!("tensor data of {} bytes does not fit a ByteBuffer", bytes.len()),
        )
        .into());
    }
    // SAFETY: the address and length describe live tensor memory; the caller keeps it alive
    // for every use of the buffer (see the section comment). Java only reads through it.
    let buffer = unsafe { env.new_direct_byte_buffer(bytes.as_ptr().cast_mut(), bytes.len())? };
    Ok(buffer.into())
}

/// `tensor_data()`, with the "not memcpy-able" error as `IllegalStateException` (java_api.md §5.9).
fn tensor_bytes(tensor: &Tensor) -> BridgeResult<&[u8]> {
    not_memcpy_is_illegal_state(tensor.tensor_data())
}

/// The bytes of the element values (an uninitialised tensor is an error, see
/// `Tensor::element_bytes`), with the "not memcpy-able" error as `IllegalStateException`.
fn element_bytes(tensor: &Tensor) -> BridgeResult<&[u8]> {
    not_memcpy_is_illegal_state(tensor.element_bytes())
}

fn not_memcpy_is_illegal_state(bytes: crate::Result<&[u8]>) -> BridgeResult<&[u8]> {
    bytes.map_err(|e| match e.kind {
        ErrorKind::InvalidArgument => Error::new(ErrorKind::IllegalState, e.message).into(),
        _ => e.into(),
    })
}

/// `static native ByteBuffer dataView(long handle, long[] keepAlive)`: a direct buffer over the
/// tensor's bytes (null if there are none). With a non-null `keepAlive` this is `tensorData()`:
/// a new handle sharing the tensor's buffer is stored in `keepAlive[0]`, so the memory lives
/// until that handle is released, whatever happens to the tensor. With a null `keepAlive` the
/// view is for reading element values under the tensor's monitor, so an uninitialised tensor
/// is an error there rather than an empty view.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_dataView<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    keep_alive: JLongArray<'local>,
) -> jobject {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        let bytes = if keep_alive.is_null() {
            element_bytes(tensor)?
        } else {
            tensor_bytes(tensor)?
        };
        if bytes.is_empty() {
            return Ok(std::ptr::null_mut());
        }
        if !keep_alive.is_null() {
            if keep_alive.len(env)? < 1 {
                return Err(Error::invalid_argument("keepAlive must have room for one handle").into());
            }
            // The clone shares the root buffer (an Arc), whose bytes never move.
            let owner = handles::into_handle(tensor.clone());
            if let Err(e) = keep_alive.set_region(env, 0, &[owner]) {
                // SAFETY: just created and never handed out.
                unsafe { handles::release(owner) };
                return Err(e.into());
            }
            let view = byte_view(env, bytes);
            if view.is_err() {
                // SAFETY: Java ignores keepAlive when the call throws.
                unsafe { handles::release(owner) };
            }
            return Ok(view?.into_raw());
        }
        Ok(byte_view(env, bytes)?.into_raw())
    })
}

/// `static native long numBytes(long handle)`: TF 1.x's `numBytes()`: the data size, for STRING
/// the size of the `TF_STRING` encoding.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_numBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        let size = if tensor.dtype() == DataType::String {
            tf_string::encoded_size(strings_or_none(tensor)?)
        } else {
            tensor_bytes(tensor)?.len()
        };
        Ok(size as jlong)
    })
}

fn strings_of(tensor: &Tensor) -> BridgeResult<&[Vec<u8>]> {
    match tensor.elements()? {
        Elements::Strings(strings) => Ok(strings),
        _ => Err(
            Error::invalid_argument(format!("{} tensor is not a string tensor", tensor.dtype().name()))
                .into(),
        ),
    }
}

/// The strings of a STRING tensor; none for an uninitialised one (no buffer, like the empty
/// `tensor_data()` of other dtypes).
fn strings_or_none(tensor: &Tensor) -> BridgeResult<&[Vec<u8>]> {
    if tensor.is_initialized() {
        strings_of(tensor)
    } else {
        Ok(&[])
    }
}

/// `static native byte[] encodedStrings(long handle)`: a STRING tensor's `TF_STRING` encoding
/// (`writeTo(ByteBuffer)`): an uninitialised tensor has no strings to write, so it is an error
/// like every other read of element values.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_encodedStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        let encoded = tf_string::encode(strings_of(tensor)?)?;
        java_bytes(env, &encoded)
    })
}

/// `static native byte[] readStrings(long handle, int[] lengths)`: a STRING tensor's elements
/// concatenated; their lengths go to `lengths` (one per element).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_readStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    lengths: JIntArray<'local>,
) -> jbyteArray {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        let strings = strings_of(tensor)?;
        if lengths.len(env)? != strings.len() {
            return Err(Error::invalid_argument("lengths must have one entry per element").into());
        }
        let too_large = || Error::new(ErrorKind::IllegalState, "string data does not fit a Java array");
        let mut sizes = Vec::with_capacity(strings.len());
        let mut total = 0usize;
        for s in strings {
            sizes.push(i32::try_from(s.len()).map_err(|_| too_large())?);
            total = total
                .checked_add(s.len())
                .filter(|t| i32::try_from(*t).is_ok())
                .ok_or_else(too_large)?;
        }
        lengths.set_region(env, 0, &sizes)?;
        let mut data = Vec::with_capacity(total);
        for s in strings {
            data.extend_from_slice(s);
        }
        java_bytes(env, &data)
    })
}

fn java_bytes(env: &mut jni::Env<'_>, bytes: &[u8]) -> BridgeResult<jbyteArray> {
    if i32::try_from(bytes.len()).is_err() {
        return Err(Error::new(
            ErrorKind::IllegalState,
            format!("{} bytes do not fit a Java array", bytes.len()),
        )
        .into());
    }
    Ok(env.byte_array_from_slice(bytes)?.into_raw())
}

/// Renders summary bytes as a Java string: valid UTF-8 as is, each byte of an invalid sequence
/// as `\xNN` (lower-case hex). Summaries escape every backslash of string elements as `\\`, so
/// such a `\x` is never ambiguous there.
fn summary_string<'local>(env: &mut jni::Env<'local>, bytes: &[u8]) -> BridgeResult<jstring> {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    Ok(JString::from_str(env, &text)?.into_raw())
}

// ------------------------------------------------------------------------------------------------
// C++ `tensorflow::Tensor` semantics (java_api.md §5.9)

/// `static native String summarizeValue(long handle, long maxEntries, boolean printV2)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_summarizeValue<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    max_entries: jlong,
    print_v2: jboolean,
) -> jstring {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        summary_string(env, &tensor.summarize_value(max_entries, print_v2)?)
    })
}

/// `static native String debugString(long handle, long numValues)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_debugString<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    num_values: jlong,
) -> jstring {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        summary_string(env, &tensor.debug_string_with(num_values)?)
    })
}

/// `static native String deviceSafeDebugString(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_deviceSafeDebugString<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jstring {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        Ok(JString::from_str(env, tensor.device_safe_debug_string())?.into_raw())
    })
}

/// `static native long slice(long handle, long start, long limit)`: a new handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_slice<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    start: jlong,
    limit: jlong,
) -> jlong {
    guard_primitive(&mut env, || {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        Ok(handles::into_handle(tensor.slice(start, limit)?))
    })
}

/// `static native long subSlice(long handle, long index)`: a new handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_subSlice<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    index: jlong,
) -> jlong {
    guard_primitive(&mut env, || {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        Ok(handles::into_handle(tensor.sub_slice(index)?))
    })
}

/// `static native long bitcastFrom(long otherHandle, int dtype, long[] shape)`: a new handle
/// viewing `other`'s bytes as `dtype` and `shape`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_bitcastFrom<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    other: jlong,
    dtype: jint,
    shape: JLongArray<'local>,
) -> jlong {
    guard(&mut env, |env| {
        let dtype = dtype_of(dtype)?;
        let shape = shape_of(env, &shape)?;
        // SAFETY: a live handle, used under the tensor's monitor.
        let other = unsafe { handles::borrow(other)? };
        let mut out = Tensor::default();
        out.bitcast_from(other, dtype, &shape)?;
        Ok(handles::into_handle(out))
    })
}

/// `static native boolean copyFrom(long handle, long otherHandle, long[] shape)`: `CopyFrom`,
/// changing the tensor behind `handle` in place.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_copyFrom<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    other: jlong,
    shape: JLongArray<'local>,
) -> jboolean {
    guard(&mut env, |env| {
        let shape = shape_of(env, &shape)?;
        // A clone (sharing the buffer) ends the borrow of `other` before `handle` is borrowed
        // mutably; the two may be the same tensor.
        // SAFETY: live handles, used under both tensors' monitors.
        let other = unsafe { handles::borrow(other)? }.clone();
        let tensor = unsafe { handles::borrow_mut(handle)? };
        Ok(tensor.copy_from(&other, &shape))
    })
}

/// `static native boolean sharesBufferWith(long handle, long otherHandle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_sharesBufferWith<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    other: jlong,
) -> jboolean {
    guard_primitive(&mut env, || {
        // SAFETY: live handles, used under both tensors' monitors.
        let (a, b) = unsafe { (handles::borrow(handle)?, handles::borrow(other)?) };
        Ok(a.shares_buffer_with(b))
    })
}

/// `static native boolean isAligned(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_isAligned<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jboolean {
    // SAFETY: a live handle, used under the tensor's monitor.
    guard_primitive(&mut env, || Ok(unsafe { handles::borrow(handle)? }.is_aligned()))
}

/// `static native boolean isInitialized(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_isInitialized<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jboolean {
    // SAFETY: a live handle, used under the tensor's monitor.
    guard_primitive(&mut env, || {
        Ok(unsafe { handles::borrow(handle)? }.is_initialized())
    })
}

/// `static native long totalBytes(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_totalBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    // SAFETY: a live handle, used under the tensor's monitor.
    guard_primitive(&mut env, || {
        Ok(unsafe { handles::borrow(handle)? }.total_bytes()? as jlong)
    })
}

/// `static native long allocatedBytes(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_allocatedBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    // SAFETY: a live handle, used under the tensor's monitor.
    guard_primitive(&mut env, || {
        Ok(unsafe { handles::borrow(handle)? }.allocated_bytes()? as jlong)
    })
}

// ------------------------------------------------------------------------------------------------
// TensorProto (java_api.md §5.9, tensor.md §11–§14)

const CANNOT_PARSE: &str = "Cannot parse tensor from proto";

/// Every `fromProto` failure is an `IllegalArgumentException` starting with `Cannot parse tensor
/// from proto` (FromProto's own rejections already do; allocation failure is a rejection too).
/// A wire-format error gets a fixed reason instead of the codec's base64 dump of the whole input.
fn proto_rejection(e: Error) -> BridgeError {
    if e.kind == ErrorKind::Internal || e.message.starts_with(CANNOT_PARSE) {
        return e.into();
    }
    let reason = if e
        .message
        .starts_with("Could not parse `serialized` as TensorProto")
    {
        "the bytes are not a serialized TensorProto".to_string()
    } else {
        e.message
    };
    Error::invalid_argument(format!("{CANNOT_PARSE}: {reason}")).into()
}

/// `static native long fromProto(byte[] serialized, long maxBytes)`: a new handle; `maxBytes < 0`
/// means no limit (TensorFlow parity).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_fromProto<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    serialized: JByteArray<'local>,
    max_bytes: jlong,
) -> jlong {
    guard(&mut env, |env| {
        let mut bytes = vec![0i8; serialized.len(env)?];
        serialized.get_region(env, 0, &mut bytes)?;
        let options = DecodeOptions {
            max_bytes: u64::try_from(max_bytes).ok(),
        };
        let tensor = Tensor::from_proto(bytemuck::cast_slice(&bytes), &options).map_err(proto_rejection)?;
        Ok(handles::into_handle(tensor))
    })
}

/// `static native byte[] asProtoTensorContent(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_asProtoTensorContent<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        java_bytes(env, &tensor.as_proto_tensor_content_bytes()?)
    })
}

/// `static native byte[] asProtoField(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensor_asProtoField<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        // SAFETY: a live handle, used under the tensor's monitor.
        let tensor = unsafe { handles::borrow(handle)? };
        java_bytes(env, &tensor.as_proto_field_bytes()?)
    })
}
