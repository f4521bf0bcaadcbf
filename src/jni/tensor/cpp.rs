//! C++ `tensorflow::Tensor` methods: summaries, slices, bit casts, `CopyFrom`, queries.

use jni::EnvUnowned;
use jni::objects::{JClass, JLongArray, JString};
use jni::sys::{jboolean, jint, jlong, jstring};

use super::super::guard::{guard, guard_primitive};
use super::super::handles;
use super::{dtype_of, shape_of};
use crate::tensor::{Tensor, summary_text};

/// `private static native String summarizeValue(long handle, long maxEntries, boolean printV2)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_summarizeValue<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    max_entries: jlong,
    print_v2: jboolean,
) -> jstring {
    guard(&mut env, |env| {
        let text = summary_text(&handles::tensor(handle)?.summarize_value(max_entries, print_v2)?);
        Ok(JString::from_str(env, &text)?.into_raw())
    })
}

/// `private static native String debugString(long handle, long numValues)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_debugString<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    num_values: jlong,
) -> jstring {
    guard(&mut env, |env| {
        let text = summary_text(&handles::tensor(handle)?.debug_string_with(num_values)?);
        Ok(JString::from_str(env, &text)?.into_raw())
    })
}

/// `private static native String deviceSafeDebugString(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_deviceSafeDebugString<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jstring {
    guard(&mut env, |env| {
        let text = handles::tensor(handle)?.device_safe_debug_string();
        Ok(JString::from_str(env, &text)?.into_raw())
    })
}

/// `private static native long slice(long handle, long start, long limit)`: a new handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_slice<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    start: jlong,
    limit: jlong,
) -> jlong {
    guard_primitive(&mut env, || handles::into_handle(handles::tensor(handle)?.slice(start, limit)?))
}

/// `private static native long subSlice(long handle, long index)`: a new handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_subSlice<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    index: jlong,
) -> jlong {
    guard_primitive(&mut env, || handles::into_handle(handles::tensor(handle)?.sub_slice(index)?))
}

/// `private static native long bitcastFrom(long otherHandle, int dtype, long[] shape)`: a new
/// handle viewing `other`'s bytes as `dtype` and `shape`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_bitcastFrom<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    other: jlong,
    dtype: jint,
    shape: JLongArray<'local>,
) -> jlong {
    guard(&mut env, |env| {
        let dtype = dtype_of(dtype)?;
        let shape = shape_of(env, &shape)?;
        let other = handles::tensor(other)?;
        let mut out = Tensor::default();
        out.bitcast_from(&other, dtype, &shape)?;
        handles::into_handle(out)
    })
}

/// `private static native long copyFrom(long handle, long otherHandle, long[] shape)`:
/// `CopyFrom`, replacing the tensor behind `handle`. Returns 0 if nothing changed, else a new
/// handle to the replaced value, which the caller releases once readers that began before the
/// swap are done.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_copyFrom<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    other: jlong,
    shape: JLongArray<'local>,
) -> jlong {
    guard(&mut env, |env| {
        let shape = shape_of(env, &shape)?;
        let [target, other] = handles::tensors([handle, other])?;
        let mut changed = target.as_ref().clone();
        if !changed.copy_from(&other, &shape) {
            return Ok(0);
        }
        handles::replace(handle, changed)
    })
}

/// `private static native boolean sharesBufferWith(long handle, long otherHandle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_sharesBufferWith<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
    other: jlong,
) -> jboolean {
    guard_primitive(&mut env, || {
        let [a, b] = handles::tensors([handle, other])?;
        Ok(a.shares_buffer_with(&b))
    })
}

/// `private static native boolean isAligned(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_isAligned<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jboolean {
    guard_primitive(&mut env, || Ok(handles::tensor(handle)?.is_aligned()))
}

/// `private static native boolean isInitialized(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_isInitialized<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jboolean {
    guard_primitive(&mut env, || Ok(handles::tensor(handle)?.is_initialized()))
}

/// `private static native long totalBytes(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_totalBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || Ok(handles::tensor(handle)?.total_bytes()? as jlong))
}

/// `private static native long allocatedBytes(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_allocatedBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || Ok(handles::tensor(handle)?.allocated_bytes()? as jlong))
}
