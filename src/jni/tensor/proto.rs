//! `TensorProto` forms of a tensor (wording of rejections: `crate::tensor`).

use jni::EnvUnowned;
use jni::objects::{JByteArray, JClass};
use jni::sys::{jbyteArray, jlong};

use super::super::guard::guard;
use super::super::handles;
use super::{bytes_of, java_bytes};
use crate::tensor::Tensor;

/// `private static native long parseProto(byte[] serialized, long maxBytes)`: a new handle;
/// `maxBytes < 0` means no limit (TensorFlow parity).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_parseProto<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    serialized: JByteArray<'local>,
    max_bytes: jlong,
) -> jlong {
    guard(&mut env, |env| {
        let bytes = bytes_of(env, &serialized)?;
        let tensor = Tensor::from_proto_for_java(&bytes, u64::try_from(max_bytes).ok())?;
        handles::into_handle(tensor)
    })
}

/// `private static native byte[] asProtoTensorContent(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_asProtoTensorContent<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        let bytes = handles::tensor(handle)?.as_proto_tensor_content_bytes()?;
        java_bytes(env, &bytes)
    })
}

/// `private static native byte[] asProtoField(long handle)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_asProtoField<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jbyteArray {
    guard(&mut env, |env| {
        let bytes = handles::tensor(handle)?.as_proto_field_bytes()?;
        java_bytes(env, &bytes)
    })
}
