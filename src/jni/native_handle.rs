//! Natives of `org.tensorflow.NativeHandle`, the one Java owner of every native tensor handle:
//! releasing a handle and sharing a value under a second handle. Both validate the handle in
//! the registry (`handles`), so a stale, double-released or forged one is an
//! `IllegalStateException`. (Its third native, the allocation of an op result's block, is in
//! `result_storage.rs`.)

use jni::EnvUnowned;
use jni::objects::JClass;
use jni::sys::jlong;

use super::guard::guard_primitive;
use super::handles;

/// `private static native void release(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_NativeHandle_release<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) {
    guard_primitive(&mut env, || handles::release(handle))
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
