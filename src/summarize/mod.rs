//! `SummarizeValue` and the debug strings built on it (docs/contracts/tensor.md#summaries-and-debug-strings), written against an element
//! abstraction so any tensor representation can use it.
//!
//! To summarise a tensor: take its [`DataType`](crate::dtype::DataType), wrap its storage in an [`ElementFormatter`]
//! ([`NumericElements`] for raw bytes, [`StringElements`], [`ObjectSummaries`], or your own impl), and call
//! [`summarize_value`] with its dimensions. [`debug_string`] wraps a v1 summary the way `DebugString` does.
//!
//! ```
//! use tensorbridge::dtype::DataType;
//! use tensorbridge::summarize::{NumericElements, debug_string, summarize_value};
//!
//! let values = [0.0f32, 1.0, 2.0, 3.0, 4.0, 5.0];
//! let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
//! let elements = NumericElements::new(DataType::Float, &bytes)?;
//! let v2 = summarize_value(DataType::Float, &[2, 3], Some(&elements), -1, true)?;
//! assert_eq!(v2, b"[[0 1 2]\n [3 4 5]]");
//! let v1 = summarize_value(DataType::Float, &[2, 3], Some(&elements), 3, false)?;
//! assert_eq!(debug_string("float", "[2,3]", &v1), b"Tensor<type: float shape: [2,3] values: [0 1 2]...>");
//! # Ok::<(), tensorbridge::Error>(())
//! ```

mod array;
mod debug_string;
mod elements;
mod generic;
mod kind;
mod value;

pub use debug_string::{DEBUG_STRING_ENTRIES, STREAM_ENTRIES, debug_string, device_safe_debug_string};
pub use elements::{ElementFormatter, NumericElements, ObjectSummaries, StringElements};
pub use kind::{Printer, SummaryKind};
pub use value::summarize_value;

#[cfg(test)]
mod tests;
