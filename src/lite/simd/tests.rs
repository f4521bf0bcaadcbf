//! Every path this CPU supports against the rules of
//! docs/contracts/tensorbuffer.md#numeric-conversions, written out here independently of the
//! kernels: Java's `(int) f` (NaN → 0, truncate toward zero, saturate at the int range), then a
//! clamp to [0, 255] for UINT8; UINT8 reads give the unsigned value.
//!
//! Inputs: the special values (NaNs of both signs and several payloads, ±0, ±inf, values around
//! 0 and 255 and 2^31, huge values, subnormals), every u8 value, random bit patterns and random
//! floats; every length 0..=70 and slice starts 0..8 on both sides, so each value lands in the
//! vector body and in the scalar tail at every position. Elements outside the destination
//! window must stay untouched.
//!
//! Under Miri (scalar path only, which has no vector body, and about a thousand times slower) the
//! sweep is thinned out: fewer random inputs, one window base, every fifth length, and the whole
//! input once; every special value and every u8 value still go through each kernel.

use std::fmt::Debug;

use super::{Kernels, Path};

/// Java's `(int) x`, from its definition.
fn java_int(x: f32) -> i32 {
    if x.is_nan() {
        return 0;
    }
    let t = f64::from(x).trunc();
    if t >= 2_147_483_647.0 {
        i32::MAX
    } else if t <= -2_147_483_648.0 {
        i32::MIN
    } else {
        t as i32 // exact: an integral value strictly inside the range
    }
}

fn uint8_of_float(x: f32) -> u8 {
    java_int(x).clamp(0, 255) as u8
}

fn uint8_of_int(x: i32) -> u8 {
    x.clamp(0, 255) as u8
}

/// The rule functions themselves, on hand-computed values.
#[test]
fn reference_rules_match_the_documented_rows() {
    let cases: [(f32, i32, u8); 16] = [
        (f32::NAN, 0, 0),
        (-f32::NAN, 0, 0),
        (f32::INFINITY, i32::MAX, 255),
        (f32::NEG_INFINITY, i32::MIN, 0),
        (-0.9, 0, 0),
        (0.5, 0, 0),
        (1.5, 1, 1),
        (254.999, 254, 254),
        (255.5, 255, 255),
        (256.0, 256, 255),
        (-1.0, -1, 0),
        (2_147_483_648.0, i32::MAX, 255),
        (2_147_483_520.0, 2_147_483_520, 255),
        (-2_147_483_904.0, i32::MIN, 0),
        (400.32, 400, 255),
        (-2.7, -2, 0),
    ];
    for (x, int, byte) in cases {
        assert_eq!(java_int(x), int, "(int) {x}");
        assert_eq!(uint8_of_float(x), byte, "UINT8 of {x}");
    }
    assert_eq!(uint8_of_int(-1), 0);
    assert_eq!(uint8_of_int(256), 255);
    assert_eq!(uint8_of_int(i32::MIN), 0);
}

/// How many random inputs of each kind, and the step between window bases.
const RANDOM: usize = if cfg!(miri) { 16 } else { 512 };
const BASE_STEP: usize = if cfg!(miri) { usize::MAX } else { 61 };
const LENGTH_STEP: usize = if cfg!(miri) { 5 } else { 1 };

/// xorshift32: reproducible pseudo-random bits without a dependency.
struct Bits(u32);

impl Bits {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

fn float_inputs() -> Vec<f32> {
    let mut v: Vec<f32> = [
        0x7FC0_0000u32, // quiet NaN
        0xFFC0_0000,    // negative quiet NaN
        0x7F80_0001,    // signalling NaN
        0xFF80_0001,
        0x7FC0_1234, // NaN with a payload
        0xFFFF_FFFF,
        0x0000_0001, // smallest subnormal
        0x8000_0001,
        0x007F_FFFF, // largest subnormal
        0x807F_FFFF,
    ]
    .iter()
    .map(|&b| f32::from_bits(b))
    .collect();
    v.extend([
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.5,
        0.5,
        -0.9,
        0.9,
        254.999,
        255.0,
        255.5,
        256.0,
        -1.0,
        -255.0,
        -256.5,
        127.5,
        128.0,
        32_767.9,
        32_768.0,
        -32_768.5,
        -32_769.0,
        65_535.5,
        65_536.0,
        16_777_217.0,
        2_147_483_520.0,
        2_147_483_648.0,
        -2_147_483_648.0,
        -2_147_483_904.0,
        4_294_967_296.0,
        1e10,
        -1e10,
        1e38,
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
    ]);
    for b in 0..=255u8 {
        let x = f32::from(b);
        v.extend([x, x + 0.5, x + 0.999, -x]);
    }
    let mut bits = Bits(0x1234_5678);
    for _ in 0..RANDOM {
        v.push(f32::from_bits(bits.next()));
    }
    for _ in 0..RANDOM {
        // Mostly inside and around [0, 255].
        v.push((bits.next() % 1_000_000) as f32 / 1000.0 - 300.0);
    }
    v
}

fn int_inputs() -> Vec<i32> {
    let mut v = vec![
        i32::MIN,
        i32::MIN + 1,
        -65_536,
        -32_769,
        -32_768,
        -256,
        -255,
        -1,
        0,
        255,
        256,
        32_767,
        32_768,
        65_535,
        65_536,
        i32::MAX - 1,
        i32::MAX,
    ];
    v.extend(-20..=300);
    let mut bits = Bits(0x9E37_79B9);
    for _ in 0..RANDOM {
        v.push(bits.next() as i32);
    }
    for _ in 0..RANDOM {
        v.push((bits.next() % 1024) as i32 - 256);
    }
    v
}

fn byte_inputs() -> Vec<u8> {
    let mut v: Vec<u8> = (0..=255).collect();
    v.extend((0..=255).rev());
    let mut bits = Bits(0xDEAD_BEEF);
    v.extend((0..RANDOM).map(|_| bits.next() as u8));
    v
}

/// The paths this build and CPU can run; prints the ones skipped.
fn supported_paths() -> Vec<&'static Kernels> {
    let mut run = Vec::new();
    let mut skipped = Vec::new();
    for path in Path::ALL {
        match Kernels::for_path(path) {
            Some(k) => run.push(k),
            None => skipped.push(path.name()),
        }
    }
    let names: Vec<_> = run.iter().map(|k| k.path().name()).collect();
    println!(
        "simd paths tested: {names:?}; skipped (not on this CPU or architecture): {skipped:?}"
    );
    run
}

/// Runs `kernel` of every supported path over windows of `inputs` (every start 0..8, every
/// length 0..=70, and the whole input from each start) into windows of a sentinel-filled
/// destination at a different start, and compares with `rule` element by element.
fn check<S: Copy + Debug, D: Copy + PartialEq + Debug>(
    what: &str,
    inputs: &[S],
    kernel: impl Fn(&Kernels, &[S], &mut [D]),
    rule: impl Fn(S) -> D,
    sentinel: D,
) {
    for k in supported_paths() {
        let path = k.path().name();
        let mut windows: Vec<(usize, usize)> = Vec::new();
        for start in 0..8 {
            // Rotate where the window begins in the inputs so every value reaches the tail.
            for len in (0..=70).step_by(LENGTH_STEP) {
                for base in (0..inputs.len().saturating_sub(len + 8)).step_by(BASE_STEP) {
                    windows.push((base + start, len));
                }
            }
            if start == 0 || !cfg!(miri) {
                windows.push((start, inputs.len() - start));
            }
        }
        for (from, len) in windows {
            let src = &inputs[from..from + len];
            let head = (from * 3 + 1) % 8;
            let mut dst = vec![sentinel; head + len + 8];
            kernel(k, src, &mut dst[head..head + len]);
            for (j, &x) in src.iter().enumerate() {
                assert_eq!(
                    dst[head + j],
                    rule(x),
                    "{what} on {path}: input {x:?} at {j} of {len} (start {from})"
                );
            }
            assert!(
                dst[..head]
                    .iter()
                    .chain(&dst[head + len..])
                    .all(|&d| d == sentinel),
                "{what} on {path} wrote outside its window (start {from}, length {len})"
            );
        }
    }
}

#[test]
fn float_to_uint8_on_every_path() {
    check(
        "f32 -> u8",
        &float_inputs(),
        Kernels::f32_to_u8,
        uint8_of_float,
        0xA5,
    );
}

#[test]
fn float_to_int_on_every_path() {
    check(
        "f32 -> i32",
        &float_inputs(),
        Kernels::f32_to_i32,
        java_int,
        0x5A5A_5A5A,
    );
}

#[test]
fn int_to_uint8_on_every_path() {
    check(
        "i32 -> u8",
        &int_inputs(),
        Kernels::i32_to_u8,
        uint8_of_int,
        0xA5,
    );
}

#[test]
fn uint8_to_float_on_every_path() {
    // Compared as bits: every u8 value is exact in f32, and -0.0 must not appear.
    check(
        "u8 -> f32",
        &byte_inputs(),
        |k, s, d: &mut [u32]| {
            let mut f = vec![0f32; d.len()];
            k.u8_to_f32(s, &mut f);
            for (o, x) in d.iter_mut().zip(f) {
                *o = x.to_bits();
            }
        },
        |b| (i32::from(b) as f32).to_bits(),
        0xFFFF_FFFF,
    );
}

#[test]
fn uint8_to_int_on_every_path() {
    check(
        "u8 -> i32",
        &byte_inputs(),
        Kernels::u8_to_i32,
        i32::from,
        -7,
    );
}

#[test]
fn the_baseline_path_of_each_architecture_is_always_there() {
    assert!(Kernels::for_path(Path::Scalar).is_some());
    if cfg!(target_arch = "x86_64") && !cfg!(miri) {
        assert!(Kernels::for_path(Path::Sse2).is_some());
        assert!(Kernels::for_path(Path::Neon).is_none());
    }
    if cfg!(target_arch = "aarch64") && !cfg!(miri) {
        assert!(Kernels::for_path(Path::Neon).is_some());
        assert!(Kernels::for_path(Path::Avx2).is_none());
    }
    // The chosen path is the first supported one in order of preference.
    let best = Kernels::best().path();
    let first = Path::ALL
        .into_iter()
        .find(|&p| Kernels::for_path(p).is_some());
    assert_eq!(Some(best), first);
}

#[test]
#[should_panic(expected = "equal-length")]
fn mismatched_lengths_are_refused() {
    Kernels::best().f32_to_u8(&[1.0, 2.0], &mut [0u8; 3]);
}
