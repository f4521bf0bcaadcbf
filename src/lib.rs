//! tensorbridge: TensorFlow's core tensor semantics in Rust.
//!
//! The core modules are plain Rust and usable without Java. The `jni` feature (on by default) adds
//! the bridge that the Java classes of the jar call into.
//!
//! | module | upstream counterpart |
//! |---|---|
//! | [`dtype`] | `DataType` table, TFLite `DataType` mapping |
//! | [`shape`] | ndarray `org.tensorflow.ndarray.Shape` |
//! | [`tensor_shape`] | C++ `TensorShape` / `PartialTensorShape` |
//! | [`tensor`] | C++ `tensorflow::Tensor` |
//! | [`tensor_proto`] | `TensorProto` encode/decode (`AsProtoField`, `AsProtoTensorContent`, `FromProto`) |
//! | [`lite`] | TFLite Support `TensorBuffer`: element types and bulk conversions |
//! | [`summarize`], [`mod@format`] | `SummarizeValue`, `DebugString`, TensorFlow's number formatting |
//! | [`tf_string`] | TF 1.x C API `TF_STRING` buffer layout (offsets + length-prefixed strings) |
//! | [`strided_slice`] | the `StridedSlice` op: validation, shape inference, kernel |
//! | [`ops`] | the op registry of eager and graph mode: op table, attributes, checks, shape functions, kernels |
//! | [`graph`] | TF 1.x graph mode: `Graph`, `GraphDef` import/export, a session's run |

#![warn(missing_docs)]

pub mod dtype;
pub mod error;
pub mod format;
pub mod graph;
pub mod lite;
pub mod ops;
pub mod shape;
pub mod strided_slice;
pub mod summarize;
pub mod tensor;
pub mod tensor_proto;
pub mod tensor_shape;
pub mod tf_string;

pub use error::{Error, ErrorKind, Result};

#[cfg(feature = "jni")]
mod jni;
