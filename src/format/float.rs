//! Shortest-of-two-precisions float text, the rule TensorFlow's number formatting (`FloatToBuffer` /
//! `DoubleToBuffer`, "legacy precision") applies to every floating-point tensor element.
//!
//! A value is first printed with `%.Ng`, N being the type's guaranteed decimal digits (6 for float, 15 for
//! double). If that text does not read back as the same value, the type's round-trip digit count is used
//! instead (9 for float, 17 for double). NaN is printed as `nan` or `-nan` following its sign bit.

use super::general::push_general;
use half::{bf16, f16};

/// Digits a float32 always survives a decimal round trip with (`FLT_DIG`).
const FLOAT_DIGITS: usize = 6;
/// Digits that always identify a float32 uniquely (`FLT_DIG + 3`).
const FLOAT_ROUND_TRIP_DIGITS: usize = 9;
/// `DBL_DIG`.
const DOUBLE_DIGITS: usize = 15;
/// `DBL_DIG + 2`.
const DOUBLE_ROUND_TRIP_DIGITS: usize = 17;

/// Appends a float32 the way TensorFlow prints it.
pub fn push_f32(out: &mut String, value: f32) {
    let start = out.len();
    // C's varargs promote float to double exactly, so formatting the widened value is the same text.
    push_general(out, f64::from(value), FLOAT_DIGITS);
    if !value.is_nan() && out[start..].parse::<f32>().ok() != Some(value) {
        out.truncate(start);
        push_general(out, f64::from(value), FLOAT_ROUND_TRIP_DIGITS);
    }
}

/// Appends a float64 the way TensorFlow prints it.
pub fn push_f64(out: &mut String, value: f64) {
    let start = out.len();
    push_general(out, value, DOUBLE_DIGITS);
    if !value.is_nan() && out[start..].parse::<f64>().ok() != Some(value) {
        out.truncate(start);
        push_general(out, value, DOUBLE_ROUND_TRIP_DIGITS);
    }
}

/// Half precision prints as its exact float32 value.
pub fn push_f16(out: &mut String, value: f16) {
    push_f32(out, value.to_f32());
}

/// bfloat16 prints as its exact float32 value.
pub fn push_bf16(out: &mut String, value: bf16) {
    push_f32(out, value.to_f32());
}

/// `push_f32` into a fresh string.
pub fn format_f32(value: f32) -> String {
    let mut out = String::new();
    push_f32(&mut out, value);
    out
}

/// `push_f64` into a fresh string.
pub fn format_f64(value: f64) -> String {
    let mut out = String::new();
    push_f64(&mut out, value);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined_f32(values: &[f32]) -> String {
        values.iter().map(|&v| format_f32(v)).collect::<Vec<_>>().join(" ")
    }

    fn joined_f64(values: &[f64]) -> String {
        values.iter().map(|&v| format_f64(v)).collect::<Vec<_>>().join(" ")
    }

    // Texts observed with TensorFlow 2.21 for these inputs (docs/contracts/tensor.md#number-formatting),
    // with the literals written as they were recorded.
    #[test]
    #[allow(clippy::excessive_precision)]
    fn float32_vectors() {
        assert_eq!(
            joined_f32(&[0.1, 1.0 / 3.0, 1e20, -0.0, 1e-7, 123456789.0]),
            "0.1 0.333333343 1e+20 -0 1e-07 123456792"
        );
        assert_eq!(joined_f32(&[f32::NAN, -f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1.5]), "nan -nan inf -inf 1.5");
        assert_eq!(
            joined_f32(&[1234567.125, 1234567.375, 1234565.0, 0.0001, 1e-5, 123456.0, 1234567.0, 100000.0, 999999.5]),
            "1234567.12 1234567.38 1234565 0.0001 1e-05 123456 1234567 100000 999999.5"
        );
    }

    #[test]
    fn float64_vectors() {
        assert_eq!(joined_f64(&[0.1, 1.0 / 3.0, 1e20, 2.5, 1e300]), "0.1 0.33333333333333331 1e+20 2.5 1e+300");
        assert_eq!(
            joined_f64(&[2f64.powi(-30), 2f64.powi(60), 1e15, 1e16, 123456789012345.6]),
            "9.3132257461547852e-10 1.152921504606847e+18 1e+15 1e+16 123456789012345.59"
        );
    }

    #[test]
    fn half_and_bfloat16_vectors() {
        let halves: Vec<String> = [0.1f32, 1.0 / 3.0, 65504.0, -2.5]
            .iter()
            .map(|&v| {
                let mut s = String::new();
                push_f16(&mut s, f16::from_f32(v));
                s
            })
            .collect();
        assert_eq!(halves.join(" "), "0.0999755859 0.333251953 65504 -2.5");
        let brains: Vec<String> = [0.1f32, 1.0 / 3.0, 3e38, 1.0]
            .iter()
            .map(|&v| {
                let mut s = String::new();
                push_bf16(&mut s, bf16::from_f32(v));
                s
            })
            .collect();
        assert_eq!(brains.join(" "), "0.100097656 0.333984375 3.00405527e+38 1");
    }
}
