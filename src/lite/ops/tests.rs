//! The fused pipeline against a one-op-at-a-time reference written from the Java rules.

use super::{Step, run};
use crate::lite::{ByteOrder, ElementType, load_f32};

/// Java's per-op rules, one op over the whole buffer at a time.
fn reference(values: &[f32], steps: &[Step<'_>]) -> Vec<f32> {
    let mut v = values.to_vec();
    for step in steps {
        match step {
            Step::Normalize { mean, stddev } => {
                for (i, x) in v.iter_mut().enumerate() {
                    let c = i % mean.len();
                    *x = (*x - mean[c]) / stddev[c];
                }
            }
            // (int) f, then clamp to 0..=255
            Step::ToUint8 => {
                for x in v.iter_mut() {
                    *x = ((*x as i32).clamp(0, 255)) as f32;
                }
            }
            // TFLite: (int32) round(x / scale) + zero_point, clamped; NaN taken as 0.
            Step::QuantizeInteger {
                scale,
                zero_point,
                lo,
                hi,
            } => {
                for x in v.iter_mut() {
                    let q = ((*x / scale).round() as i64).saturating_add(*zero_point as i64);
                    *x = q.clamp(*lo as i64, *hi as i64) as f32;
                }
            }
        }
    }
    v
}

/// A small deterministic generator (no extra dependency).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 32) as u32
    }
    fn float(&mut self) -> f32 {
        match self.next() % 16 {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => -0.0,
            3 => f32::from_bits(self.next()), // any bit pattern
            _ => (self.next() as f32 / u32::MAX as f32) * 600.0 - 300.0,
        }
    }
}

/// Bit-identical floats. Under Miri any two NaNs also match: Rust leaves the payload of a NaN that
/// arithmetic produces unspecified and Miri picks it at random, whereas the hardware (and Java's
/// arithmetic, which the differential test compares byte for byte) is deterministic.
fn same_float(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (cfg!(miri) && a.is_nan() && b.is_nan())
}

#[test]
fn fused_matches_one_op_at_a_time_for_float_input() {
    let mut rng = Lcg(7);
    for &count in &[0usize, 1, 3, 7, 2047, 2048, 2049, 6000] {
        let values: Vec<f32> = (0..count).map(|_| rng.float()).collect();
        let bytes: Vec<u8> = bytemuck::cast_slice(&values).to_vec();
        let mean = [0.5f32, 127.5, -3.25];
        let stddev = [127.5f32, 0.3, f32::INFINITY];
        let steps = [
            Step::Normalize {
                mean: &mean,
                stddev: &stddev,
            },
            Step::Normalize {
                mean: &mean[..1],
                stddev: &stddev[1..2],
            },
            Step::ToUint8,
            Step::Normalize {
                mean: &[1.0, 2.0],
                stddev: &[3.0, 0.7],
            },
        ];
        for k in 0..=steps.len() {
            let want = reference(&values, &steps[..k]);
            let mut out = vec![0u8; count * 4];
            run(
                &bytes,
                ElementType::Float32,
                ByteOrder::NATIVE,
                &steps[..k],
                &mut out,
                ElementType::Float32,
            )
            .unwrap();
            let got: Vec<f32> = out
                .chunks_exact(4)
                .map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert!(
                    same_float(*g, *w),
                    "count {count} steps {k} element {i}: {g:?} ({:#x}) vs {w:?} ({:#x})",
                    g.to_bits(),
                    w.to_bits()
                );
            }
        }
    }
}

#[test]
fn uint8_output_and_every_input_type() {
    let mut rng = Lcg(11);
    for ty in ElementType::ALL {
        for order in [ByteOrder::Little, ByteOrder::Big] {
            let count = 4100;
            let bytes: Vec<u8> = (0..count * ty.size()).map(|_| rng.next() as u8).collect();
            let mut floats = vec![0.0f32; count];
            load_f32(&bytes, ty, order, &mut floats).unwrap();
            let steps = [
                Step::Normalize {
                    mean: &[3.0],
                    stddev: &[0.5],
                },
                Step::ToUint8,
            ];
            let want = reference(&floats, &steps);
            let mut out = vec![0u8; count];
            run(&bytes, ty, order, &steps, &mut out, ElementType::Uint8).unwrap();
            for (i, (g, w)) in out.iter().zip(&want).enumerate() {
                assert_eq!(f32::from(*g), *w, "{ty:?} {order:?} element {i}");
            }
        }
    }
}

#[test]
fn rejects_mismatched_lengths_and_parameters() {
    let src = [0u8; 8];
    let mut dst = [0u8; 4];
    assert!(
        run(
            &src,
            ElementType::Float32,
            ByteOrder::NATIVE,
            &[],
            &mut dst,
            ElementType::Float32
        )
        .is_err()
    );
    let mut dst = [0u8; 8];
    let bad = [Step::Normalize {
        mean: &[1.0, 2.0],
        stddev: &[1.0],
    }];
    assert!(
        run(
            &src,
            ElementType::Float32,
            ByteOrder::NATIVE,
            &bad,
            &mut dst,
            ElementType::Float32
        )
        .is_err()
    );
    assert!(
        run(
            &src[..7],
            ElementType::Float32,
            ByteOrder::NATIVE,
            &[],
            &mut dst,
            ElementType::Float32
        )
        .is_err()
    );
}

/// Rough timing of the fused kernel alone (not a test of speed; run with --ignored --nocapture).
#[cfg(target_os = "linux")]
#[test]
#[ignore]
fn kernel_timing() {
    let count = 224 * 224 * 3;
    let src: Vec<u8> = (0..count).map(|i| (i * 7) as u8).collect();
    let mut dst = vec![0u8; count];
    let steps = [
        Step::Normalize {
            mean: &[127.5],
            stddev: &[127.5],
        },
        Step::Normalize {
            mean: &[-1.0],
            stddev: &[1.0 / 128.0],
        },
        Step::ToUint8,
    ];
    let hd = 1920 * 1080 * 3;
    let fsrc = vec![0u8; hd * 4];
    let mut fdst = vec![0f32; hd];
    let ch = [Step::Normalize {
        mean: &[1.0, 2.0, 3.0],
        stddev: &[4.0, 5.0, 6.0],
    }];
    // Thread CPU time: the build machines are shared, so wall time mostly measures waiting.
    fn cpu_ns() -> i128 {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: a valid out-pointer for clock_gettime.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        i128::from(ts.tv_sec) * 1_000_000_000 + i128::from(ts.tv_nsec)
    }
    for _ in 0..3 {
        let t = cpu_ns();
        for _ in 0..100 {
            run(
                &src,
                ElementType::Uint8,
                ByteOrder::NATIVE,
                &steps,
                &mut dst,
                ElementType::Uint8,
            )
            .unwrap();
        }
        let fused = (cpu_ns() - t) / 100;
        let t = cpu_ns();
        for _ in 0..5 {
            run(
                &fsrc,
                ElementType::Float32,
                ByteOrder::NATIVE,
                &ch,
                bytemuck::cast_slice_mut(&mut fdst),
                ElementType::Float32,
            )
            .unwrap();
        }
        let hd = (cpu_ns() - t) / 5;
        let t = cpu_ns();
        for _ in 0..5 {
            bytemuck::cast_slice_mut::<f32, u8>(&mut fdst).copy_from_slice(&fsrc);
        }
        let copy = (cpu_ns() - t) / 5;
        println!(
            "cpu ns: 224x224x3 fused chain {fused}; 1920x1080x3 per-channel normalize {hd}; memcpy of it {copy}"
        );
        for k in 0..=steps.len() {
            let t = cpu_ns();
            for _ in 0..100 {
                run(
                    &src,
                    ElementType::Uint8,
                    ByteOrder::NATIVE,
                    &steps[..k],
                    &mut dst,
                    ElementType::Uint8,
                )
                .unwrap();
            }
            println!("  first {k} steps: {}", (cpu_ns() - t) / 100);
        }
    }
}

#[test]
fn integer_quantization_rounds_half_away_from_zero_then_clamps() {
    let values = [
        0.5f32,
        -0.5,
        1.5,
        2.5,
        -2.5,
        0.49999997,
        126.5,
        127.5,
        -128.5,
        -129.0,
        1e30,
        -1e30,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        0.0,
        -0.0,
    ];
    let bytes: Vec<u8> = bytemuck::cast_slice(&values).to_vec();
    let int8 = [Step::QuantizeInteger {
        scale: 1.0,
        zero_point: 0.0,
        lo: -128.0,
        hi: 127.0,
    }];
    let mut out = vec![0u8; values.len()];
    run(
        &bytes,
        ElementType::Float32,
        ByteOrder::NATIVE,
        &int8,
        &mut out,
        ElementType::Int8,
    )
    .unwrap();
    let got: Vec<i8> = out.iter().map(|&b| b as i8).collect();
    assert_eq!(
        got,
        [
            1, -1, 2, 3, -3, 0, 127, 127, -128, -128, 127, -128, 127, -128, 0, 0, 0
        ]
    );
    let want = reference(&values, &int8);
    assert_eq!(got.iter().map(|&q| f32::from(q)).collect::<Vec<_>>(), want);
    // UINT8 with a zero point: the zero point is added after rounding.
    let uint8 = [Step::QuantizeInteger {
        scale: 0.5,
        zero_point: 128.0,
        lo: 0.0,
        hi: 255.0,
    }];
    let mut out = vec![0u8; values.len()];
    run(
        &bytes,
        ElementType::Float32,
        ByteOrder::NATIVE,
        &uint8,
        &mut out,
        ElementType::Uint8,
    )
    .unwrap();
    assert_eq!(
        out,
        [
            129, 127, 131, 133, 123, 129, 255, 255, 0, 0, 255, 0, 255, 0, 128, 128, 128
        ]
    );
}

#[test]
fn storages_that_share_a_byte_overlap() {
    use super::{STORAGE_OVERLAP, check_disjoint};
    // Side by side, in either order: apart.
    assert!(check_disjoint((1000, 16), (1016, 16)).is_ok());
    assert!(check_disjoint((1016, 16), (1000, 16)).is_ok());
    // One byte in common at either end, the same range, one inside the other.
    for (input, output) in [
        ((1000, 16), (1015, 16)),
        ((1015, 16), (1000, 16)),
        ((1000, 16), (1000, 16)),
        ((1000, 64), (1004, 4)),
        ((1004, 4), (1000, 64)),
    ] {
        let err = check_disjoint(input, output).unwrap_err();
        assert_eq!(err.message, STORAGE_OVERLAP, "{input:?} {output:?}");
        assert_eq!(err.kind, crate::ErrorKind::InvalidArgument);
    }
    // Empty storage holds no byte; ranges reaching the end of the address space do not wrap.
    assert!(check_disjoint((1000, 0), (1000, 16)).is_ok());
    assert!(check_disjoint((1000, 16), (1008, 0)).is_ok());
    assert!(check_disjoint((usize::MAX - 8, 8), (0, 16)).is_ok());
    assert!(check_disjoint((usize::MAX - 8, 8), (usize::MAX - 1, 1)).is_err());
}

mod channels_first {
    use super::super::{Layout, run_with_layout};
    use super::*;

    /// Element `p * c + k` of `src` at `k * pixels + p`: the permutation written as its
    /// definition, one element at a time.
    fn transposed<T: Copy + Default>(src: &[T], channels: usize) -> Vec<T> {
        let pixels = src.len() / channels;
        let mut out = vec![T::default(); src.len()];
        for p in 0..pixels {
            for k in 0..channels {
                out[k * pixels + p] = src[p * channels + k];
            }
        }
        out
    }

    /// The chain over `src` placed channels first, as bytes of `dst_ty`.
    fn planes(
        src: &[u8],
        ty: ElementType,
        order: ByteOrder,
        steps: &[Step<'_>],
        channels: usize,
        dst_ty: ElementType,
    ) -> Vec<u8> {
        let mut dst = vec![0u8; src.len() / ty.size() * dst_ty.size()];
        let layout = Layout::ChannelsFirst { channels };
        run_with_layout(src, ty, order, steps, layout, &mut dst, dst_ty).unwrap();
        dst
    }

    fn float_bits(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_ne_bytes()).collect()
    }

    /// FLOAT32 bytes with every NaN made one NaN: arithmetic may give a NaN either sign and
    /// payload (Miri picks them at random).
    fn nan_blind(bytes: &[u8]) -> Vec<u8> {
        let floats = bytes
            .chunks_exact(4)
            .map(|b| f32::from_ne_bytes(b.try_into().unwrap()));
        float_bits(
            &floats
                .map(|v| if v.is_nan() { f32::NAN } else { v })
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn moves_every_type_bit_for_bit_in_either_byte_order() {
        // 64-bit integers beyond 2^24 would not survive the float path.
        let values: Vec<i64> = (0..3 * 3001)
            .map(|i| (i as i64) * 0x0101_0101_0101 - 7)
            .collect();
        for order in [ByteOrder::Little, ByteOrder::Big] {
            let src: Vec<u8> = values
                .iter()
                .flat_map(|v| match order {
                    ByteOrder::Little => v.to_le_bytes(),
                    ByteOrder::Big => v.to_be_bytes(),
                })
                .collect();
            let want: Vec<u8> = transposed(&values, 3)
                .iter()
                .flat_map(|v| v.to_ne_bytes())
                .collect();
            let got = planes(&src, ElementType::Int64, order, &[], 3, ElementType::Int64);
            assert_eq!(got, want, "{order:?}");
        }
    }

    #[test]
    fn fused_steps_equal_the_steps_then_the_permutation() {
        let mut rng = Lcg(11);
        // Under Miri (slow) only sizes that still reach every vector and tail path.
        let shapes: &[(usize, usize)] = if cfg!(miri) {
            &[(5, 3), (37, 3), (9, 4)]
        } else {
            &[(1, 1), (5, 3), (4096, 3), (2731, 3), (700, 4), (33, 7)]
        };
        for &(pixels, channels) in shapes {
            let values: Vec<f32> = (0..pixels * channels).map(|_| rng.float()).collect();
            let src = float_bits(&values);
            let bytes: Vec<u8> = values
                .iter()
                .map(|v| (v.abs() as u32 % 256) as u8)
                .collect();
            let as_floats: Vec<f32> = bytes.iter().map(|&b| f32::from(b)).collect();
            let mean: Vec<f32> = (0..channels).map(|c| c as f32 * 10.0 - 5.0).collect();
            let stddev: Vec<f32> = (0..channels).map(|c| 0.5 + c as f32).collect();
            let normalize = Step::Normalize {
                mean: &mean,
                stddev: &stddev,
            };
            let scalar = Step::Normalize {
                mean: &mean[..1],
                stddev: &stddev[..1],
            };
            let f32_ty = ElementType::Float32;
            let what = format!("{pixels}x{channels}");
            for steps in [vec![normalize], vec![scalar, Step::ToUint8, normalize]] {
                // FLOAT32 in native order (placed first, then computed in the planes) ...
                let want = float_bits(&transposed(&reference(&values, &steps), channels));
                let got = planes(&src, f32_ty, ByteOrder::NATIVE, &steps, channels, f32_ty);
                assert_eq!(nan_blind(&got), nan_blind(&want), "{what} {steps:?}");
                // ... and UINT8 read as floats first.
                let want = float_bits(&transposed(&reference(&as_floats, &steps), channels));
                let got = planes(
                    &bytes,
                    ElementType::Uint8,
                    ByteOrder::NATIVE,
                    &steps,
                    channels,
                    f32_ty,
                );
                assert_eq!(
                    nan_blind(&got),
                    nan_blind(&want),
                    "{what} {steps:?} from UINT8"
                );
            }
            // A chain ending in a cast to UINT8 goes through the typed scratch.
            let steps = [normalize, Step::ToUint8];
            let want: Vec<u8> = transposed(&reference(&values, &steps), channels)
                .iter()
                .map(|v| *v as u8)
                .collect();
            let got = planes(
                &src,
                f32_ty,
                ByteOrder::NATIVE,
                &steps,
                channels,
                ElementType::Uint8,
            );
            assert_eq!(got, want, "{what} to UINT8");
        }
    }

    #[test]
    fn refuses_a_count_that_is_not_whole_pixels() {
        let src = [0u8; 5];
        let mut dst = [0u8; 5];
        let u8_ty = ElementType::Uint8;
        let run = |channels: usize, dst: &mut [u8]| {
            let layout = Layout::ChannelsFirst { channels };
            run_with_layout(&src, u8_ty, ByteOrder::NATIVE, &[], layout, dst, u8_ty)
        };
        let err = run(3, &mut dst).unwrap_err();
        assert!(
            err.to_string()
                .contains("5 elements are not whole pixels of 3 channels"),
            "{err}"
        );
        assert!(run(0, &mut dst).is_err());
    }
}

/// Not a pass/fail check: prints the channels-first kernels' time next to a copy of the same
/// bytes (`cargo test --release --lib channels_first_timing -- --ignored --nocapture`).
#[test]
#[ignore]
fn channels_first_timing() {
    use super::{Layout, run_with_layout};
    let n = 224 * 224 * 3;
    let src: Vec<u8> = (0..n)
        .flat_map(|i| ((i % 251) as f32).to_ne_bytes())
        .collect();
    let mut dst = vec![0u8; src.len()];
    let layout = Layout::ChannelsFirst { channels: 3 };
    let mean = [1.0f32, 2.0, 3.0];
    let stddev = [2.0f32, 3.0, 4.0];
    let steps = [Step::Normalize {
        mean: &mean,
        stddev: &stddev,
    }];
    let time = |f: &mut dyn FnMut()| {
        let start = std::time::Instant::now();
        for _ in 0..200 {
            f();
        }
        start.elapsed().as_secs_f64() / 200.0 * 1e6
    };
    let f32_ty = ElementType::Float32;
    let native = ByteOrder::NATIVE;
    let copy = time(&mut || dst.copy_from_slice(&src));
    let planes =
        time(&mut || run_with_layout(&src, f32_ty, native, &[], layout, &mut dst, f32_ty).unwrap());
    let norm = time(&mut || {
        run_with_layout(&src, f32_ty, native, &steps, Layout::Same, &mut dst, f32_ty).unwrap()
    });
    let fused = time(&mut || {
        run_with_layout(&src, f32_ty, native, &steps, layout, &mut dst, f32_ty).unwrap()
    });
    println!(
        "copy {copy:.1} us, planes {planes:.1} us, normalize {norm:.1} us, normalize+planes {fused:.1} us"
    );
}
