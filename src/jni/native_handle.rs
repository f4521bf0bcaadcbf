//! Natives of `org.tensorflow.NativeHandle`, the one Java owner of every native tensor handle:
//! releasing a handle and sharing a value under a second handle. Both validate the handle in
//! the registry (`handles`), so a stale, double-released or forged one is an
//! `IllegalStateException`. (Its third native, the allocation of an op result's block, is in
//! `result_storage.rs`.)

use jni::EnvUnowned;
use jni::objects::{JClass, JLongArray};
use jni::refs::Reference;
use jni::sys::{jarray, jint, jlong};
use smallvec::SmallVec;

use super::guard::guard_primitive;
use super::handles;
use super::raw_env::RawEnv;
use crate::{Error, ErrorKind};

/// `private static native void release(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_NativeHandle_release<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) {
    guard_primitive(&mut env, || handles::release(handle))
}

/// `private static native void releaseAll(long[] handles, int count)`: releases the first
/// `count` handles of `handles` with one registry lock and one JNI transition (the safety net
/// frees the values of unreachable owners in batches). A handle that is not live is refused as
/// by `release`, after the live ones are released.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_NativeHandle_releaseAll<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handles_array: JLongArray<'local>,
    count: jint,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        if handles_array.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "handles is null").into());
        }
        let array = handles_array.as_raw() as jarray;
        let len = raw.len(array)?;
        let n = usize::try_from(count)
            .ok()
            .filter(|&n| n <= len)
            .ok_or_else(|| Error::internal(format!("{count} handles of {len}")))?;
        let mut buf = SmallVec::<[jlong; 256]>::from_elem(0, n);
        // SAFETY: a non-null local reference to a long[] (the native's signature) of at least
        // `n` elements, checked above.
        unsafe { raw.get_region(array, 0, &mut buf) };
        handles::release_all(&buf)
    })
}

/// `static native long share(long handle)`: a second handle to the same tensor value (the buffer
/// is shared, not copied; shared buffers are immutable). Each handle is released on its own.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_NativeHandle_share<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || handles::into_handle(handles::tensor(handle)?.as_ref().clone()))
}
