//! The native of `dev.tensorbridge.demo.SelfTest`: one deliberate panic, so the self-test shows on
//! each platform that a Rust panic surfaces as a Java exception and the library keeps working.

use jni::EnvUnowned;
use jni::objects::JClass;
use jni::sys::jint;

use super::errors::BridgeError;
use super::guard::guard_primitive;

/// `private static native int deliberatePanic(int value)`: panics with
/// `deliberate panic for test, value <value>`; the guard turns it into a `TensorFlowException`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_demo_SelfTest_deliberatePanic<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    value: jint,
) -> jint {
    guard_primitive(&mut env, || -> Result<jint, BridgeError> {
        panic!("deliberate panic for test, value {value}")
    })
}
