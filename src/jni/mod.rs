//! The JNI bridge: one file per `dev.tensorbridge.internal.Native*` class. It converts arguments,
//! runs every body through [`guard`], and maps errors; it holds no tensor semantics.

mod errors;
mod guard;

mod diagnostics;
mod handles;
mod ops;
mod shape;
mod tensor;
mod tensor_buffer;
mod on_load;
