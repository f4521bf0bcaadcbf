//! Natives of `dev.tensorbridge.internal.NativeDiagnostics`: the library version, which the loader
//! checks against the Java classes' version.

use jni::EnvUnowned;
use jni::objects::{JClass, JString};
use jni::sys::jstring;

use super::guard::guard;

/// `static native String nativeVersion()`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeDiagnostics_nativeVersion<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jstring {
    guard(&mut env, |env| Ok(JString::from_str(env, env!("CARGO_PKG_VERSION"))?.into_raw()))
}
