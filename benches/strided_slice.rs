//! StridedSlice kernel throughput on an image-sized float tensor (1080×1920×3 f32), each case
//! next to a plain `memcpy` of the same number of output bytes.
//!
//! Run: `cargo bench --bench strided_slice` (`-- --quick` for a short run).
//!
//! A `--quick` run on 2026-11-22 (2-core machine under load from other jobs, so rough):
//!
//! | case | kernel | memcpy of the output bytes | ratio |
//! |---|---|---|---|
//! | reverse last axis (`x[:, :, ::-1]`, 24.9 MB out) | 14.2 ms | 2.58 ms | 5.5× |
//! | 2× downsample (`x[::2, ::2, :]`, 6.2 MB out) | 2.11 ms | 0.634 ms | 3.3× |
//! | center crop 224×224×3 (602 KB out) | 21.8 µs | 18.3 µs | 1.2× |

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tensorbridge::strided_slice::{IndexTensor, IndexType, Masks, copy_processing_order_bytes, validate};

const SHAPE: [i64; 3] = [1080, 1920, 3];
const F32: usize = 4;

struct Case {
    name: &'static str,
    begin: [i64; 3],
    end: [i64; 3],
    strides: [i64; 3],
    masks: Masks,
}

fn cases() -> [Case; 3] {
    let all = Masks {
        begin: 0b111,
        end: 0b111,
        ..Masks::default()
    };
    [
        // x[:, :, ::-1] (RGB ↔ BGR)
        Case {
            name: "reverse_last_axis",
            begin: [0; 3],
            end: [0; 3],
            strides: [1, 1, -1],
            masks: all,
        },
        // x[::2, ::2, :]
        Case {
            name: "downsample_2x",
            begin: [0; 3],
            end: [0; 3],
            strides: [2, 2, 1],
            masks: all,
        },
        // x[428:652, 848:1072, :]
        Case {
            name: "center_crop_224",
            begin: [428, 848, 0],
            end: [652, 1072, 0],
            strides: [1, 1, 1],
            masks: Masks {
                begin: 0b100,
                end: 0b100,
                ..Masks::default()
            },
        },
    ]
}

fn bench(c: &mut Criterion) {
    let count = SHAPE.iter().product::<i64>() as usize;
    let input: Vec<u8> = (0..count * F32).map(|i| i as u8).collect();
    let mut group = c.benchmark_group("strided_slice_1080x1920x3_f32");
    for case in cases() {
        let (b, e, s) = (
            IndexTensor::vector(&case.begin),
            IndexTensor::vector(&case.end),
            IndexTensor::vector(&case.strides),
        );
        let v = validate(&SHAPE, &b, &e, &s, IndexType::Int32, case.masks).expect("valid slice");
        let out_bytes = v.final_shape.iter().product::<i64>() as usize * F32;
        let mut out = vec![0u8; out_bytes];
        group.throughput(Throughput::Bytes(out_bytes as u64));
        group.bench_function(case.name, |bench| {
            bench.iter(|| {
                // Validation is part of every op call, so it is timed too.
                let v = validate(&SHAPE, &b, &e, &s, IndexType::Int32, case.masks).expect("valid slice");
                copy_processing_order_bytes(black_box(&input), F32, &SHAPE, &v, &mut out).expect("copy");
                black_box(&out);
            })
        });
        group.bench_function(format!("{}_memcpy_baseline", case.name), |bench| {
            bench.iter(|| {
                out.copy_from_slice(&black_box(&input)[..out_bytes]);
                black_box(&out);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
