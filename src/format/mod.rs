//! Number and string formatting exactly as TensorFlow prints tensor elements
//! (docs/contracts/tensor.md#number-formatting).
//!
//! * [`push_general`]: C's `%.*g`.
//! * [`push_f32`] / [`push_f64`] (and the 16-bit wrappers): the `%.6g`→`%.9g` / `%.15g`→`%.17g`
//!   round-trip rule, with `nan`/`-nan`.
//! * [`MiniFloat`]: exact float32 value of the 8/4-bit float formats.
//! * [`signed_low_bits`] / [`unsigned_low_bits`]: int4/int2/uint4/uint2 element values.
//! * [`push_utf8_safe_c_escape`]: string element escaping.

mod escape;
mod float;
mod general;
mod minifloat;
mod subbyte;

pub use escape::push_utf8_safe_c_escape;
pub use float::{format_f32, format_f64, push_bf16, push_f16, push_f32, push_f64};
pub use general::{general, push_general};
pub use minifloat::MiniFloat;
pub use subbyte::{signed_low_bits, unsigned_low_bits};
