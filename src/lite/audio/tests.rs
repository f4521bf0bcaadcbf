//! Facts of the front end that hold by hand computation; the golden comparison with TensorFlow is
//! `tests/log_mel_vectors.rs`.

use std::sync::Arc;

use super::mel::{MelMatrix, hertz_to_mel, linspace};
use super::params::{MAX_FFT_LENGTH, MAX_MEL_BINS};
use super::window::hann_window;
use super::{LogMel, LogMelParams, plan_cache};
use crate::ErrorKind;
use crate::lite::ByteOrder;

fn params(p: (i32, i32, i32, i32, i32, f32, f32, f32)) -> crate::Result<LogMelParams> {
    LogMelParams::new(p.0, p.1, p.2, p.3, p.4, p.5, p.6, p.7)
}

const YAMNET: (i32, i32, i32, i32, i32, f32, f32, f32) = (16000, 400, 160, 512, 64, 125.0, 7500.0, 0.001);

fn message(p: (i32, i32, i32, i32, i32, f32, f32, f32)) -> String {
    let err = params(p).unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidArgument);
    err.message
}

#[test]
#[cfg_attr(miri, ignore = "Miri perturbs the results of libm's functions")]
fn hann_window_is_periodic_for_even_lengths_only() {
    assert_eq!(hann_window(1), vec![1.0]);
    let even = hann_window(4);
    let expect = [0.0, 0.5, 1.0, 0.5];
    for (w, e) in even.iter().zip(expect) {
        assert!((w - e).abs() < 1e-7, "{even:?}");
    }
    // Odd: n = length - 1, so the window is symmetric and ends at 0.
    let odd = hann_window(5);
    for (w, e) in odd.iter().zip([0.0, 0.5, 1.0, 0.5, 0.0]) {
        assert!((w - e).abs() < 1e-7, "{odd:?}");
    }
}

#[test]
fn linspace_and_mel_scale() {
    assert_eq!(linspace(0.0, 8.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
    assert_eq!(linspace(3.0, 9.0, 1), vec![3.0]);
    assert_eq!(linspace(3.0, 9.0, 2), vec![3.0, 9.0]);
    assert_eq!(hertz_to_mel(0.0), 0.0);
    assert!((hertz_to_mel(700.0) - 1127.0 * std::f32::consts::LN_2).abs() < 1e-3);
}

#[test]
#[cfg_attr(miri, ignore = "Miri perturbs the results of libm's functions")]
fn mel_runs_match_the_dense_definition() {
    let (mel_bins, bins, sr, lo, hi) = (24usize, 16usize, 8000.0f32, 100.0f32, 3900.0f32);
    let m = MelMatrix::new(mel_bins, bins, sr, lo, hi);
    assert_eq!((m.mel_bins(), m.spectrogram_bins()), (mel_bins, bins));
    let freqs = linspace(0.0, sr / 2.0, bins);
    let edges = linspace(hertz_to_mel(lo), hertz_to_mel(hi), mel_bins + 2);
    let mut empty = 0;
    for band in 0..mel_bins {
        assert_eq!(m.get(0, band), 0.0, "DC bin");
        let mut sum = 0.0;
        for (bin, &freq) in freqs.iter().enumerate().skip(1) {
            let b = hertz_to_mel(freq);
            let (l, c, u) = (edges[band], edges[band + 1], edges[band + 2]);
            let dense = 0f32.max(((b - l) / (c - l)).min((u - b) / (u - c)));
            assert_eq!(m.get(bin, band), dense, "bin {bin} band {band}");
            assert!((0.0..=1.0).contains(&dense));
            sum += dense;
        }
        empty += usize::from(sum == 0.0);
    }
    // 24 bands over 15 bins: some bands fall between two bins and stay empty.
    assert!(empty > 0);
}

#[test]
fn size_checks() {
    let mut p = YAMNET;
    p.1 = 0;
    assert_eq!(message(p), "frameLength must be positive, got 0");
    let mut p = YAMNET;
    p.0 = -5;
    assert_eq!(message(p), "sampleRate must be positive, got -5");
    for (i, name) in [(2, "frameStep"), (3, "fftLength"), (4, "melBins")] {
        let mut p = YAMNET;
        match i {
            2 => p.2 = -1,
            3 => p.3 = -1,
            _ => p.4 = -1,
        }
        assert_eq!(message(p), format!("{name} must be positive, got -1"));
    }
    let mut p = YAMNET;
    p.3 = 256;
    assert_eq!(
        message(p),
        "fftLength must be at least frameLength, got fftLength 256 and frameLength 400"
    );
    let mut p = YAMNET;
    p.3 = MAX_FFT_LENGTH as i32 + 1;
    assert_eq!(message(p), "fftLength must be at most 1048576, got 1048577");
    let mut p = YAMNET;
    p.4 = MAX_MEL_BINS as i32 + 1;
    assert_eq!(message(p), "melBins must be at most 65536, got 65537");
}

#[test]
fn edge_checks() {
    let mut p = YAMNET;
    p.5 = -1.0;
    assert_eq!(message(p), "lowerEdgeHertz must be within [0, sampleRate / 2] = [0, 8000.0], got -1.0");
    let mut p = YAMNET;
    p.6 = 8000.5;
    assert_eq!(message(p), "upperEdgeHertz must be within [0, sampleRate / 2] = [0, 8000.0], got 8000.5");
    let mut p = YAMNET;
    p.5 = f32::NAN;
    assert!(message(p).starts_with("lowerEdgeHertz must be within"));
    let mut p = YAMNET;
    p.5 = 7500.0;
    p.6 = 7500.0;
    assert_eq!(message(p), "lowerEdgeHertz must be less than upperEdgeHertz, got 7500.0 and 7500.0");
    // Both edges at the ends of the range are accepted, as TensorFlow accepts them.
    let mut p = YAMNET;
    p.5 = 0.0;
    p.6 = 8000.0;
    assert!(params(p).is_ok());
}

#[test]
fn frame_count_and_input_length() {
    let p = params(YAMNET).unwrap();
    assert_eq!(p.frames(400).unwrap(), 1);
    assert_eq!(p.frames(559).unwrap(), 1);
    assert_eq!(p.frames(560).unwrap(), 2);
    assert_eq!(p.frames(16000).unwrap(), 98);
    assert_eq!(p.frames(399).unwrap_err().message, "input has 399 samples, fewer than frameLength 400");
    let wide = params((16000, 1, 1, 1, 65536, 1.0, 2.0, 0.0)).unwrap();
    assert!(wide.frames(1 << 20).unwrap_err().message.starts_with("result of 1048576 frames x 65536"));
}

/// A cosine at exactly bin k0 of an N-point periodic Hann-windowed FFT has |X| = N/4 at k0,
/// N/8 at k0 ± 1 and 0 elsewhere; the mel energies follow from the matrix.
#[test]
fn cosine_on_a_bin() {
    let (n, k0) = (64usize, 8usize);
    let p = params((16000, 64, 64, 64, 8, 300.0, 3000.0, 0.001)).unwrap();
    let plan = LogMel::new(p);
    let x: Vec<f32> = (0..n)
        .map(|i| (2.0 * std::f64::consts::PI * (k0 * i) as f64 / n as f64).cos() as f32)
        .collect();
    let mut out = vec![0f32; 8];
    plan.run(&x, &mut out).unwrap();
    let mut mags = vec![0f64; n / 2 + 1];
    mags[k0] = n as f64 / 4.0;
    mags[k0 - 1] = n as f64 / 8.0;
    mags[k0 + 1] = n as f64 / 8.0;
    let energies: Vec<f64> = (0..8)
        .map(|band| (0..mags.len()).map(|k| mags[k] * f64::from(plan.mel_matrix().get(k, band))).sum())
        .collect();
    let largest = energies.iter().cloned().fold(0.0, f64::max);
    assert!(largest > 1.0);
    // Float leakage into the other bins is tiny next to the tone (the contract's second rule).
    for (band, (&v, &energy)) in out.iter().zip(&energies).enumerate() {
        let got = f64::from(v).exp() - 0.001;
        assert!((got - energy).abs() <= 1e-5 * largest, "band {band}: {got} vs {energy}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "Miri perturbs the results of libm's functions")]
fn silence_is_the_log_of_the_offset() {
    let plan = LogMel::new(params(YAMNET).unwrap());
    let mut out = vec![0f32; 2 * 64];
    plan.run(&[0.0; 560], &mut out).unwrap();
    assert!(out.iter().all(|&v| v == 0.001f32.ln()));
}

#[test]
fn stored_bytes_in_any_order_and_alignment() {
    let plan = LogMel::new(params((16000, 30, 20, 32, 6, 100.0, 7000.0, 0.01)).unwrap());
    let x: Vec<f32> = (0..100).map(|i| ((i * 37 % 23) as f32 - 11.0) / 16.0).collect();
    let mut expect = vec![0f32; 4 * 6];
    plan.run(&x, &mut expect).unwrap();
    let be: Vec<u8> = x.iter().flat_map(|v| v.to_be_bytes()).collect();
    let mut shifted = vec![0u8; 1];
    shifted.extend(x.iter().flat_map(|v| v.to_ne_bytes()));
    let mut out = [0u8; 1 + 4 * 24];
    for (bytes, order) in [(&be[..], ByteOrder::Big), (&shifted[1..], ByteOrder::NATIVE)] {
        plan.run_bytes(bytes, order, &mut out[1..]).unwrap();
        let got: Vec<f32> = out[1..].chunks_exact(4).map(|b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]])).collect();
        assert_eq!(got, expect);
    }
}

#[test]
fn plans_are_shared_and_bounded() {
    let p = params((12345, 10, 5, 16, 3, 10.0, 600.0, 0.5)).unwrap();
    let a = plan_cache::plan(p);
    let b = plan_cache::plan(p);
    assert!(Arc::ptr_eq(&a, &b));
    for rate in 0..40 {
        plan_cache::plan(params((20000 + rate, 10, 5, 16, 3, 10.0, 600.0, 0.5)).unwrap());
    }
    assert!(plan_cache::cached() <= 16);
}

/// Spectra whose squares leave the float range: scaling the signal by `c` shifts every log-mel
/// value by `ln c` (offset 0), for `c` large enough that re² overflows and small enough that it
/// underflows.
#[test]
fn huge_and_tiny_signals_scale_exactly() {
    let plan = LogMel::new(params((16000, 64, 32, 64, 8, 100.0, 7000.0, 0.0)).unwrap());
    let x: Vec<f32> = (0..256).map(|i| ((i * 7919 % 101) as f32 - 50.0) / 50.0).collect();
    let mut base = vec![0f32; 7 * 8];
    plan.run(&x, &mut base).unwrap();
    for c in [1e30f32, 1e-30] {
        let scaled: Vec<f32> = x.iter().map(|v| v * c).collect();
        let mut out = vec![0f32; 7 * 8];
        plan.run(&scaled, &mut out).unwrap();
        for (&b, &o) in base.iter().zip(&out) {
            let expect = f64::from(b) + f64::from(c).ln();
            assert!(b == f32::NEG_INFINITY && o == f32::NEG_INFINITY || (f64::from(o) - expect).abs() < 1e-4, "{c}: {o} vs {expect}");
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "Miri's align_offset may decline to align")]
fn aligned_buffers_start_on_a_cache_line() {
    for len in [0usize, 1, 7, 257, 1000] {
        let mut a = super::aligned::Aligned::new(len, 1.5f32);
        assert_eq!(a.as_slice().len(), len);
        assert_eq!(a.as_mut_slice().as_ptr().addr() % 64, 0);
        assert!(a.as_slice().iter().all(|&v| v == 1.5));
        let c = super::aligned::Aligned::new(len, num_complex::Complex32::new(1.0, 2.0));
        assert_eq!(c.as_slice().as_ptr().addr() % 64, 0);
    }
}

/// The vectorised log against libm's over many magnitudes, the mantissa boundaries and the
/// values it hands to `f32::ln`.
#[test]
#[cfg_attr(miri, ignore = "Miri perturbs the results of libm's functions")]
fn vectorised_log_matches_libm() {
    let mut xs: Vec<f32> = (0..20000).map(|i| 1e-30f32 * 1.0075f32.powi(i)).collect();
    xs.extend([1.0, std::f32::consts::SQRT_2, 1.414_213_4, 1.414_213_7, 2.0, 0.5, f32::MIN_POSITIVE, f32::MAX]);
    let specials = [0.0, -0.0, 1e-40, -1.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN];
    xs.extend(specials);
    let mut out = vec![0f32; xs.len()];
    super::ln::ln(&xs, &mut out);
    for (&x, &y) in xs.iter().zip(&out) {
        let exact = f64::from(x).ln();
        if specials.iter().any(|s| s.to_bits() == x.to_bits()) {
            assert_eq!(y.to_bits(), x.ln().to_bits(), "{x}");
        } else {
            assert!((f64::from(y) - exact).abs() <= 4.0 * f64::from(f32::EPSILON) * exact.abs().max(1.0), "{x}: {y} vs {exact}");
        }
    }
}
