//! C `printf`'s `%.*g` ("general") conversion, which TensorFlow uses for every floating-point element it prints.
//!
//! Rust has no `%g`. The digits come from the standard library's exact scientific formatting (`{:.*e}`),
//! which rounds the exact binary value to the requested number of significant digits with ties to even —
//! the same rounding glibc applies. This module only re-lays those digits out the way C does.

use std::fmt::Write as _;

/// Appends `value` formatted as C's `snprintf(buf, n, "%.*g", precision, value)` would.
///
/// A precision of 0 is treated as 1, as in C. Infinity prints `inf`/`-inf` and NaN prints `nan`/`-nan`
/// following the sign bit, which is what glibc prints.
pub fn push_general(out: &mut String, value: f64, precision: usize) {
    if value.is_sign_negative() {
        out.push('-');
    }
    if value.is_nan() {
        out.push_str("nan");
        return;
    }
    let magnitude = value.abs();
    if magnitude.is_infinite() {
        out.push_str("inf");
        return;
    }
    if magnitude == 0.0 {
        out.push('0');
        return;
    }
    let precision = precision.max(1);

    // `{:.Ne}` yields `d[.ddd]e<exp>`: exactly `precision` significant digits, already correctly rounded.
    let scientific = format!("{:.*e}", precision - 1, magnitude);
    let (mantissa, exponent) = match scientific.split_once('e') {
        Some(parts) => parts,
        // Unreachable for a finite non-zero value; fall back to Rust's own text rather than panic.
        None => {
            out.push_str(&scientific);
            return;
        }
    };
    let exponent: i64 = exponent.parse().unwrap_or(0);
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    if digits.is_empty() {
        out.push_str(&scientific);
        return;
    }

    let precision_i = precision as i64;
    if exponent >= -4 && exponent < precision_i {
        push_fixed(out, &digits, exponent);
    } else {
        push_scientific(out, &digits, exponent);
    }
}

/// Fixed notation for `%g`: the significant digits placed around the decimal point, trailing fractional zeros
/// (and a bare point) removed.
fn push_fixed(out: &mut String, digits: &[u8], exponent: i64) {
    // Index in `digits` after which the decimal point falls (may be negative: leading zeros after "0.").
    let point = exponent + 1;
    let significant = trim_trailing_zeros(digits);
    if point <= 0 {
        out.push_str("0.");
        for _ in 0..(-point) {
            out.push('0');
        }
        push_ascii(out, significant);
        return;
    }
    let point = point as usize;
    if significant.len() <= point {
        push_ascii(out, significant);
        for _ in significant.len()..point {
            out.push('0');
        }
    } else {
        push_ascii(out, &significant[..point]);
        out.push('.');
        push_ascii(out, &significant[point..]);
    }
}

/// Scientific notation for `%g`: `d.ddd` without trailing zeros, `e`, sign, at least two exponent digits.
fn push_scientific(out: &mut String, digits: &[u8], exponent: i64) {
    let significant = trim_trailing_zeros(digits);
    push_ascii(out, &significant[..1]);
    if significant.len() > 1 {
        out.push('.');
        push_ascii(out, &significant[1..]);
    }
    let sign = if exponent < 0 { '-' } else { '+' };
    let _ = write!(out, "e{sign}{:02}", exponent.unsigned_abs());
}

/// The digits without trailing zeros, keeping at least the leading digit.
fn trim_trailing_zeros(digits: &[u8]) -> &[u8] {
    let keep = digits.iter().rposition(|&d| d != b'0').map_or(1, |last| last + 1);
    &digits[..keep.min(digits.len())]
}

fn push_ascii(out: &mut String, digits: &[u8]) {
    out.extend(digits.iter().map(|&d| char::from(d)));
}

/// `push_general` into a fresh string.
pub fn general(value: f64, precision: usize) -> String {
    let mut out = String::new();
    push_general(&mut out, value, precision);
    out
}

#[cfg(test)]
mod tests {
    use super::general;

    #[test]
    fn spec_definition_examples() {
        // Values and the %.6g / %.15g / %.17g texts TensorFlow 2.21 printed for them
        // (docs/contracts/tensor.md#number-formatting).
        assert_eq!(general(0.1, 6), "0.1");
        assert_eq!(general(1e20, 6), "1e+20");
        assert_eq!(general(1e-7, 6), "1e-07");
        assert_eq!(general(0.0001, 6), "0.0001");
        assert_eq!(general(1e-5, 6), "1e-05");
        assert_eq!(general(123456.0, 6), "123456");
        assert_eq!(general(100000.0, 6), "100000");
        assert_eq!(general(1e300, 15), "1e+300");
        assert_eq!(general(1e15, 15), "1e+15");
        assert_eq!(general(1e16, 15), "1e+16");
        assert_eq!(general(2.5, 15), "2.5");
        assert_eq!(general(1.0 / 3.0, 17), "0.33333333333333331");
        assert_eq!(general(2f64.powi(60), 17), "1.152921504606847e+18");
        assert_eq!(general(2f64.powi(-30), 17), "9.3132257461547852e-10");
        assert_eq!(general(123456789012345.6, 17), "123456789012345.59");
        // Ties on the exact binary value round to even: 1234567.125 -> 1234567.12 at 9 digits.
        assert_eq!(general(1234567.125, 9), "1234567.12");
        assert_eq!(general(1234567.375, 9), "1234567.38");
    }

    #[test]
    fn specials_and_precision_zero() {
        assert_eq!(general(f64::INFINITY, 6), "inf");
        assert_eq!(general(f64::NEG_INFINITY, 6), "-inf");
        assert_eq!(general(f64::NAN, 6), "nan");
        assert_eq!(general(-f64::NAN, 6), "-nan");
        assert_eq!(general(0.0, 6), "0");
        assert_eq!(general(-0.0, 6), "-0");
        // C treats precision 0 as 1; 2.5 rounds to even (2), 3.5 to 4.
        assert_eq!(general(2.5, 0), "2");
        assert_eq!(general(3.5, 0), "4");
        // Rounding carries into a new leading digit and switches to scientific notation.
        assert_eq!(general(999999.5, 6), "1e+06");
        assert_eq!(general(9.9999999, 6), "10");
    }
}
