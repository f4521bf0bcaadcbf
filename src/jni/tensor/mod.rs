//! Natives of `org.tensorflow.Tensor` (private static members of the class that owns tensors),
//! split by job: [`create`] builds tensors from Java data, [`read`] describes them and hands data
//! back, [`cpp`] exposes C++ `tensorflow::Tensor` methods, [`proto`] the `TensorProto` forms.
//! Every handle argument goes through [`handles::tensor`], which refuses anything not live.
//! Tensor rules (byte counts, strings, `numBytes`, proto wording, summary text) are in the core
//! (`crate::tensor`); this module converts arguments and results only.

mod cpp;
mod create;
mod proto;
mod read;
mod share;

use jni::objects::JLongArray;
use jni::sys::{jbyteArray, jint};

use super::errors::BridgeResult;
use crate::dtype::DataType;
use crate::tensor_shape::TensorShape;
use crate::{Error, ErrorKind};

/// A Java dtype value as a core dtype (INVALID is refused).
fn dtype_of(value: jint) -> BridgeResult<DataType> {
    DataType::from_i32(value)
        .filter(|d| *d != DataType::Invalid)
        .ok_or_else(|| Error::invalid_argument(format!("DataType {value} is not supported")).into())
}

/// A Java `long[]` of dimension sizes as a checked core shape.
fn shape_of(env: &jni::Env<'_>, dims: &JLongArray<'_>) -> BridgeResult<TensorShape> {
    let len = dims.len(env)?;
    let mut sizes = vec![0i64; len];
    dims.get_region(env, 0, &mut sizes)?;
    Ok(TensorShape::from_dims(&sizes)?)
}

/// A new Java `byte[]` holding `bytes` (`IllegalState` past 2^31 - 1 bytes).
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

/// Copies a whole Java `byte[]`.
fn bytes_of(env: &jni::Env<'_>, array: &jni::objects::JByteArray<'_>) -> BridgeResult<Vec<u8>> {
    let mut bytes = vec![0i8; array.len(env)?];
    array.get_region(env, 0, &mut bytes)?;
    Ok(bytes.into_iter().map(|b| b as u8).collect())
}
