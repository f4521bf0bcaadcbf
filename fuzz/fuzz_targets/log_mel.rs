//! Differential fuzzing of the log-mel front end (`tensorbridge::lite::audio`) on small sizes:
//!
//! - the parameter checks accept exactly what the contract's rule accepts
//!   (docs/contracts/audio-log-mel.md#refusals), including NaN and out-of-range edges and
//!   `fftLength < frameLength`; the frame count refuses exactly `n < frameLength`;
//! - every accepted case against a reference written out here in double precision (TensorFlow's
//!   window rule, a naive DFT, the plan's mel weights, the log), under the contract's accuracy
//!   rule; the plan cache hands out plans of the right parameters.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensorbridge::lite::audio::{LogMel, LogMelParams, plan_cache};

#[path = "../common/input.rs"]
mod input;
use input::Input;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let sample_rate = [16000, 8000, 22050, 1, 3][input.below(5)] * i32::from(input.byte() % 3 != 0) - i32::from(input.byte() == 255);
    let frame_length = input.below(48) as i32 + i32::from(input.byte() % 8 != 0);
    let frame_step = input.below(64) as i32 + i32::from(input.byte() % 8 != 0);
    let fft_length = frame_length + input.below(24) as i32 - 2;
    let mel_bins = input.below(40) as i32 + i32::from(input.byte() % 8 != 0);
    let nyquist = sample_rate as f32 / 2.0;
    let edge = |input: &mut Input| match input.below(8) {
        0 => -1.0,
        1 => f32::NAN,
        2 => nyquist * 1.01 + 1.0,
        3 => 0.0,
        4 => nyquist,
        _ => nyquist * f32::from(input.byte()) / 255.0,
    };
    let (lo, hi) = (edge(&mut input), edge(&mut input));
    let log_offset = [1e-3, 1e-6, 0.0, 1.0][input.below(4)];
    let accepted = sample_rate > 0
        && frame_length > 0
        && frame_step > 0
        && fft_length >= frame_length
        && mel_bins > 0
        && (0.0..=f64::from(sample_rate) / 2.0).contains(&f64::from(lo))
        && (0.0..=f64::from(sample_rate) / 2.0).contains(&f64::from(hi))
        && lo < hi;
    let params = LogMelParams::new(sample_rate, frame_length, frame_step, fft_length, mel_bins, lo, hi, log_offset);
    assert_eq!(params.is_ok(), accepted, "{params:?}");
    let Ok(params) = params else { return };

    let n = input.below(300);
    let signal: Vec<f32> = (0..n).map(|_| f32::from(input.byte() as i8) / 64.0).collect();
    let frames = params.frames(n);
    assert_eq!(frames.is_ok(), n >= params.frame_length);
    let Ok(frames) = frames else { return };
    let plan = plan_cache::plan(params);
    assert_eq!(plan.params().key(), params.key());
    let mut out = vec![0f32; frames * params.mel_bins];
    plan.run(&signal, &mut out).expect("run");
    compare(&plan, &signal, &out);
});

/// The reference: TensorFlow's Hann window in double, a naive DFT, the plan's mel weights.
fn compare(plan: &LogMel, signal: &[f32], out: &[f32]) {
    let p = plan.params();
    let (fl, fft, mel) = (p.frame_length, p.fft_length, p.mel_bins);
    let n_window = if fl % 2 == 0 { fl } else { fl - 1 } as f64;
    let window = |i: usize| if fl == 1 { 1.0 } else { 0.5 - 0.5 * (std::f64::consts::TAU * i as f64 / n_window).cos() };
    let offset = f64::from(p.log_offset);
    for (f, row) in out.chunks_exact(mel).enumerate() {
        let frame: Vec<f64> = (0..fl).map(|i| f64::from(signal[f * p.frame_step + i]) * window(i)).collect();
        let mags: Vec<f64> = (0..fft / 2 + 1)
            .map(|k| {
                let (mut re, mut im) = (0.0, 0.0);
                for (i, &x) in frame.iter().enumerate() {
                    let a = std::f64::consts::TAU * ((k * i) % fft) as f64 / fft as f64;
                    re += x * a.cos();
                    im -= x * a.sin();
                }
                re.hypot(im)
            })
            .collect();
        let energies: Vec<f64> = (0..mel)
            .map(|m| mags.iter().enumerate().map(|(k, x)| x * f64::from(plan.mel_matrix().get(k, m))).sum())
            .collect();
        let largest = energies.iter().cloned().fold(0.0, f64::max);
        let loudest_bin = mags.iter().cloned().fold(0.0, f64::max);
        for (m, (&got, &energy)) in row.iter().zip(&energies).enumerate() {
            let expect = (energy + offset).ln();
            let got = f64::from(got);
            // The contract's rule compares with TensorFlow, whose float FFT has the same noise.
            // Against this exact reference the noise follows the loudest bin of the spectrum,
            // which may lie outside every band: a band's error is then bounded by that bin
            // times the band's weights, not by the frame's largest band.
            let weights: f64 = (0..mags.len()).map(|k| f64::from(plan.mel_matrix().get(k, m))).sum();
            let floor = 1e-5 * largest.max(loudest_bin * weights);
            let ok = got == expect
                || (got - expect).abs() <= 1e-3
                || ((got.exp() - offset) - energy).abs() <= floor;
            assert!(ok, "frame {f} band {m}: {got} vs {expect} (energy {energy}, largest {largest}) for {p:?}");
        }
    }
}
