//! Describing a tensor and handing its data to Java: metadata, byte views, `numBytes`, strings.

use jni::EnvUnowned;
use jni::objects::{JClass, JIntArray, JLongArray, JObject};
use jni::sys::{jbyteArray, jlong, jlongArray, jobject};

use super::super::errors::BridgeResult;
use super::super::guard::{guard, guard_primitive};
use super::super::handles;
use super::java_bytes;
use crate::{Error, ErrorKind};

/// `static native long[] describe(long handle)`: `{dtype, buffer bytes, dim0, dim1, …}` (the rank
/// is the length minus 2; buffer bytes are what the handle keeps alive, 0 without a buffer).
/// Package-private: eager operations describe the values they own without making a `Tensor`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_describe<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlongArray {
    guard(&mut env, |env| {
        let tensor = handles::tensor(handle)?;
        let dims = tensor.shape().dim_sizes();
        let mut out = Vec::with_capacity(dims.len() + 2);
        out.push(i64::from(tensor.dtype().as_i32()));
        out.push(i64::try_from(tensor.buffer_size()).unwrap_or(i64::MAX));
        out.extend_from_slice(dims);
        let array = env.new_long_array(out.len())?;
        array.set_region(env, 0, &out)?;
        Ok(array.into_raw())
    })
}

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
    // SAFETY: the address and length describe live tensor memory, kept alive by the handle the
    // caller holds for every use of the buffer (see `dataView`). Java only reads through it.
    let buffer = unsafe { env.new_direct_byte_buffer(bytes.as_ptr().cast_mut(), bytes.len())? };
    Ok(buffer.into())
}

/// `private static native ByteBuffer dataView(long handle, long[] keepAlive)`: a direct buffer
/// over the tensor's bytes (null if there are none). With a non-null `keepAlive`, a new handle
/// sharing the tensor's buffer is stored in `keepAlive[0]`: the memory then lives until that
/// handle is released, whatever happens to the tensor. If `keepAlive` has room, `[1]` and `[2]`
/// receive the identity and byte size of the root buffer, so that the safety net counts a root
/// shared by several views once. Without `keepAlive`, the caller uses the view only inside a use
/// of the tensor's lifecycle (a value replaced meanwhile by `copyFrom` is released after that use).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_dataView<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    keep_alive: JLongArray<'local>,
) -> jobject {
    guard(&mut env, |env| {
        let tensor = handles::tensor(handle)?;
        // tensorData() (with keepAlive) is C++'s tensor_data(): empty for an uninitialised
        // tensor. Without keepAlive the view is for reading element values, which an
        // uninitialised tensor does not have: an error there rather than an empty view.
        let bytes =
            if keep_alive.is_null() { tensor.java_element_bytes()? } else { tensor.java_data()? };
        if bytes.is_empty() {
            return Ok(std::ptr::null_mut());
        }
        if keep_alive.is_null() {
            return Ok(byte_view(env, bytes)?.into_raw());
        }
        let room = keep_alive.len(env)?;
        if room < 1 {
            return Err(Error::invalid_argument("keepAlive must have room for one handle").into());
        }
        // The clone shares the root buffer (an Arc), whose bytes never move.
        let owner = handles::into_handle(tensor.as_ref().clone())?;
        let (root, root_bytes) = tensor.buffer_root().unwrap_or((0, 0));
        let root = [owner, root as jlong, i64::try_from(root_bytes).unwrap_or(i64::MAX)];
        let view = keep_alive
            .set_region(env, 0, &root[..room.min(3)])
            .map_err(Into::into)
            .and_then(|()| byte_view(env, bytes));
        if view.is_err() {
            // Java ignores keepAlive when the call throws; the handle was never used.
            let _ = handles::release(owner);
        }
        Ok(view?.into_raw())
    })
}

/// `private static native long scalarBits(long handle)`: the first (up to 8) bytes of the element
/// data as a little-endian `long`, for the scalar accessors (`floatValue()`, …), whose Java side
/// has checked rank 0 and the dtype. Same errors as reading element bytes through `dataView`; no
/// `Env`, no buffer object.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_scalarBits<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || {
        let tensor = handles::tensor(handle)?;
        let bytes = tensor.java_element_bytes()?;
        if bytes.is_empty() {
            return Err(Error::new(ErrorKind::IllegalState, "Tensor has no element to read").into());
        }
        let mut bits = [0u8; 8];
        let n = bytes.len().min(8);
        bits[..n].copy_from_slice(&bytes[..n]);
        Ok(i64::from_le_bytes(bits))
    })
}

/// `private static native long numBytes(long handle)`: TF 1.x's `numBytes()`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_numBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || Ok(handles::tensor(handle)?.java_num_bytes()? as jlong))
}

/// `private static native byte[] encodedStrings(long handle)`: a STRING tensor's `TF_STRING` encoding.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_encodedStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        let encoded = handles::tensor(handle)?.tf_string_encoding()?;
        java_bytes(env, &encoded)
    })
}

/// `private static native byte[] readStrings(long handle, int[] lengths)`: a STRING tensor's
/// elements concatenated; their lengths go to `lengths` (one per element).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_readStrings<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    lengths: JIntArray<'local>,
) -> jbyteArray {
    guard(&mut env, |env| {
        let (data, sizes) = handles::tensor(handle)?.string_pieces()?;
        if lengths.len(env)? != sizes.len() {
            return Err(Error::invalid_argument("lengths must have one entry per element").into());
        }
        lengths.set_region(env, 0, &sizes)?;
        java_bytes(env, &data)
    })
}
