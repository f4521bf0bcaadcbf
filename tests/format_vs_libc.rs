//! Differential test of `tensorbridge::format` against the C library: `%.*g` through `snprintf`, and the
//! TensorFlow float rule rebuilt from `snprintf` + `strtof`/`strtod`, over random and edge values.
//!
//! glibc is the reference: it is the C library of TensorFlow's Linux builds, and other C libraries differ in
//! details (e.g. the sign of NaN), so the comparison only runs there.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::ffi::{CStr, c_char, c_double, c_float, c_int};
use tensorbridge::format::{format_f32, format_f64, general};

unsafe extern "C" {
    fn snprintf(buf: *mut c_char, size: usize, format: *const c_char, ...) -> c_int;
    fn strtof(s: *const c_char, end: *mut *mut c_char) -> c_float;
    fn strtod(s: *const c_char, end: *mut *mut c_char) -> c_double;
}

/// C's `%.*g` of `value`.
fn c_general(value: f64, precision: c_int) -> String {
    let mut buf = [0 as c_char; 128];
    // SAFETY: buf is writable for its full length, the format consumes exactly one int and one double.
    let written = unsafe { snprintf(buf.as_mut_ptr(), buf.len(), c"%.*g".as_ptr(), precision, value) };
    assert!(written > 0 && (written as usize) < buf.len());
    // SAFETY: snprintf NUL-terminates within buf.
    unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap().to_owned()
}

/// TensorFlow's float32 rule written with the C library (nan handled by sign as upstream does).
fn c_tf_float(value: f32) -> String {
    if value.is_nan() {
        return if value.is_sign_negative() { "-nan".into() } else { "nan".into() };
    }
    let short = c_general(f64::from(value), 6);
    let text = std::ffi::CString::new(short.clone()).unwrap();
    // SAFETY: text is a valid NUL-terminated string; a null end pointer is allowed.
    let parsed = unsafe { strtof(text.as_ptr(), std::ptr::null_mut()) };
    if parsed == value { short } else { c_general(f64::from(value), 9) }
}

fn c_tf_double(value: f64) -> String {
    if value.is_nan() {
        return if value.is_sign_negative() { "-nan".into() } else { "nan".into() };
    }
    let short = c_general(value, 15);
    let text = std::ffi::CString::new(short.clone()).unwrap();
    // SAFETY: as above.
    let parsed = unsafe { strtod(text.as_ptr(), std::ptr::null_mut()) };
    if parsed == value { short } else { c_general(value, 17) }
}

/// Deterministic xorshift64* so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn edge_doubles() -> Vec<f64> {
    let mut v = vec![
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        f64::MAX,
        -f64::MAX,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        1e308,
        1e-308,
        1e-320,
        5e-324,
        1e-5,
        1e-4,
        9.99995e-5,
        0.000099999949,
        1e15,
        1e16,
        1e17,
        1e-7,
        0.1,
        0.5,
        1.5,
        2.5,
        0.125,
        1234567.125,
        999999.5,
        9.9999995,
        99999.95,
        123456789012345.6,
        9007199254740993.0,
        4.35,
        0.3,
        2.675,
        1.0 / 3.0,
        f64::from(f32::MAX),
        f64::from(f32::MIN_POSITIVE),
        f64::from(f32::from_bits(1)),
    ];
    // Decimal rounding boundaries: k.5 × 10^e at and one ulp around, for several digit counts.
    for e in -30..30 {
        for m in [1.5f64, 2.5, 9.5, 99.5, 12345.5, 999999.5, 1234567.5, 99999999.5] {
            let x = m * 10f64.powi(e);
            v.extend([x, f64::from_bits(x.to_bits() + 1), f64::from_bits(x.to_bits() - 1)]);
        }
    }
    // Powers of two and ten across the whole range.
    for e in -1074..=1023 {
        v.push(2f64.powi(e));
    }
    for e in -323..=308 {
        v.push(format!("1e{e}").parse().unwrap());
    }
    v
}

#[test]
fn general_matches_snprintf_on_edges_all_precisions() {
    for &x in &edge_doubles() {
        for value in [x, -x] {
            for precision in 0..=20 {
                assert_eq!(general(value, precision as usize), c_general(value, precision), "{value:e} p={precision}");
            }
        }
    }
}

#[test]
fn general_matches_snprintf_on_random_bits() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for i in 0..200_000 {
        let value = f64::from_bits(rng.next());
        let precision = [1, 6, 9, 15, 17, 3, 12][i % 7];
        assert_eq!(general(value, precision as usize), c_general(value, precision), "{value:e} p={precision}");
    }
}

#[test]
fn float_rule_matches_libc_on_random_and_edge_floats() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut values: Vec<f32> = edge_doubles().iter().map(|&d| d as f32).collect();
    values.extend((0..256u32).map(f32::from_bits)); // subnormals near zero
    values.extend((0x007F_FF00..=0x0080_00FFu32).map(f32::from_bits)); // subnormal/normal border
    values.extend((0x7F7F_FF00..=0x7F80_0001u32).map(f32::from_bits)); // near FLT_MAX, inf, nan
    values.extend((0..300_000).map(|_| f32::from_bits(rng.next() as u32)));
    // Every float with a 7-digit mantissa integer part, where %.6g vs %.9g decisions cluster.
    values.extend((0..100_000).map(|i| 1_000_000.0f32 + i as f32 * 0.125));
    for value in values {
        for v in [value, -value] {
            assert_eq!(format_f32(v), c_tf_float(v), "{:#010x}", v.to_bits());
        }
    }
}

#[test]
fn double_rule_matches_libc_on_random_and_edge_doubles() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut values = edge_doubles();
    values.extend((0..300_000).map(|_| f64::from_bits(rng.next())));
    // Short decimals, most of which need 17 digits to round-trip.
    values.extend((0..50_000).map(|i| i as f64 * 0.1 + 0.01));
    for value in values {
        for v in [value, -value] {
            assert_eq!(format_f64(v), c_tf_double(v), "{:#018x}", v.to_bits());
        }
    }
}
