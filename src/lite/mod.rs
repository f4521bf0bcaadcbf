//! TFLite Support `TensorBuffer` semantics: the state rules and messages ([`buffer`]), the element
//! types a buffer can hold, and the conversions between Java `float[]`/`int[]` arrays (or single
//! values) and a buffer's bytes.
//!
//! The kernels work over borrowed byte slices plus an explicit byte order, so the same code serves
//! Java direct buffers (borrowed for one JNI call) and Rust-owned memory.

pub mod audio;
pub mod buffer;
pub mod convert;
pub mod element;
pub mod image;
pub mod ops;
pub mod simd;

pub use convert::{f32_to_i32, i32_to_f32, i64_to_f32, i64_to_i32, load_f32, load_i32, store_f32, store_i32};
pub use element::{ByteOrder, ElementType};
