//! `SummarizeValue` and the debug strings built on it (tensor.md §8, §9), written against an element
//! abstraction so any tensor representation can use it.
//!
//! To summarise a tensor: map its dtype to an [`ElementKind`], wrap its storage in an [`ElementFormatter`]
//! ([`NumericElements`] for raw bytes, [`StringElements`], [`ObjectSummaries`], or your own impl), and call
//! [`summarize_value`] with its dimensions. [`debug_string`] wraps a v1 summary the way `DebugString` does.

mod array;
mod debug_string;
mod elements;
mod generic;
mod kind;
mod value;

pub use debug_string::{DEBUG_STRING_ENTRIES, STREAM_ENTRIES, debug_string, device_safe_debug_string};
pub use elements::{ElementFormatter, NumericElements, ObjectSummaries, StringElements};
pub use kind::{ElementKind, Printer};
pub use value::summarize_value;

#[cfg(test)]
mod tests;
