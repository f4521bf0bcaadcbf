//! Natives of `org.tensorflow.EagerOperation`: what the op registry says about an executed op.

use jni::EnvUnowned;
use jni::objects::{JClass, JString};
use jni::sys::{jboolean, jint};

use super::guard::guard;
use crate::ops;

/// `private static native int listLength(String type, String arg, boolean input)`: the length
/// of input (or output) argument `arg` of op type `type`; `IllegalArgumentException` if the op
/// has no such argument.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_EagerOperation_listLength<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    op_type: JString<'local>,
    arg: JString<'local>,
    input: jboolean,
) -> jint {
    guard(&mut env, |env| {
        let op = op_type.try_to_string(env)?;
        let arg = if arg.is_null() { "null".to_owned() } else { arg.try_to_string(env)? };
        Ok(ops::arg_list_length(&op, &arg, input)? as jint)
    })
}
