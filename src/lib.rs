//! tensorbridge: TensorFlow's core tensor semantics in Rust.
//!
//! The core modules are plain Rust and usable without Java. The `jni` feature (on by default) adds
//! the bridge that the Java classes of the jar call into.

pub mod dtype;
pub mod error;
pub mod format;
pub mod summarize;
pub mod shape;
pub mod tensor;
pub mod tensor_shape;
pub mod strided_slice;
pub mod tensor_proto;
pub mod tf_string;

pub use error::{Error, ErrorKind, Result};

#[cfg(feature = "jni")]
mod jni;
