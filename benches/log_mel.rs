//! The log-mel front end (`tensorbridge::lite::audio`) for 1 s of 16 kHz audio with YAMNet's
//! settings (400-sample frames every 160 samples, 512-point FFT, 64 bands: 98 frames), next to
//! the cost of its 98 real FFTs alone in the same criterion group
//! (`target/criterion/log_mel_yamnet_1s/{fft,log_mel}/`). The speed target is the whole front end
//! within 2x the FFTs.
//!
//! Run: `cargo bench --bench log_mel`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use num_complex::Complex32;
use realfft::RealFftPlanner;
use tensorbridge::lite::audio::aligned::Aligned;
use tensorbridge::lite::audio::{LogMel, LogMelParams};

fn yamnet_1s(c: &mut Criterion) {
    let params = LogMelParams::new(16000, 400, 160, 512, 64, 125.0, 7500.0, 0.001).expect("params");
    let signal: Vec<f32> = (0..16000u32)
        .map(|i| ((i.wrapping_mul(2_654_435_761) >> 8) as f32 / (1u32 << 24) as f32) - 0.5)
        .collect();
    let frames = params.frames(signal.len()).expect("frames");
    let mut group = c.benchmark_group("log_mel_yamnet_1s");

    let fft = RealFftPlanner::<f32>::new().plan_fft_forward(512);
    // Cache-line aligned, as the front end's own buffers are.
    let mut input = Aligned::new(512, 0f32);
    let mut spectrum = Aligned::new(257, Complex32::default());
    let mut scratch = Aligned::new(fft.get_scratch_len(), Complex32::default());
    group.bench_function("fft", |b| {
        b.iter(|| {
            for f in 0..frames {
                // The transform overwrites its input; refilling it is part of any caller's frame.
                let frame = input.as_mut_slice();
                frame[..400].copy_from_slice(&signal[f * 160..f * 160 + 400]);
                frame[400..].fill(0.0);
                fft.process_with_scratch(frame, spectrum.as_mut_slice(), scratch.as_mut_slice())
                    .expect("fft");
                black_box(spectrum.as_slice());
            }
        })
    });

    let plan = LogMel::new(params);
    let mut out = vec![0f32; frames * 64];
    group.bench_function("log_mel", |b| {
        b.iter(|| {
            plan.run(black_box(&signal), &mut out).expect("log-mel");
            black_box(&out);
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = yamnet_1s
}
criterion_main!(benches);
