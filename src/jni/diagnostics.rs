//! Natives of `dev.tensorbridge.internal.NativeDiagnostics`: the library version (checked by the
//! loader) and deliberate failures that prove the guard works.

use jni::EnvUnowned;
use jni::objects::{JClass, JString};
use jni::sys::{jint, jstring};

use super::errors::BridgeError;
use super::guard::{guard, guard_primitive};
use crate::{Error, ErrorKind};

/// `static native String nativeVersion()`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeDiagnostics_nativeVersion<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jstring {
    guard(&mut env, |env| Ok(JString::from_str(env, env!("CARGO_PKG_VERSION"))?.into_raw()))
}

/// `static native int panicForTest(int value)`: panics on purpose; Java must see an exception.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeDiagnostics_panicForTest<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    value: jint,
) -> jint {
    guard_primitive(&mut env, || -> Result<jint, BridgeError> {
        panic!("deliberate panic for test, value {value}")
    })
}

/// `static native void throwForTest(int kindOrdinal, String message)`: raises a core error of the
/// given kind so Java tests can check the error table end to end.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeDiagnostics_throwForTest<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    kind_ordinal: jint,
    message: JString<'local>,
) {
    guard(&mut env, |env| {
        let message = if message.is_null() { String::new() } else { message.try_to_string(env)? };
        let kind = ErrorKind::ALL
            .get(usize::try_from(kind_ordinal).unwrap_or(usize::MAX))
            .copied()
            .ok_or_else(|| Error::invalid_argument(format!("no error kind {kind_ordinal}")))?;
        Err(BridgeError::Core(Error::new(kind, message)))
    })
}
