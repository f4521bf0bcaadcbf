//! The image pipeline on a camera frame: 1920×1080 RGB UINT8 → bilinear 224×224 → normalise
//! (127.5, 127.5) → FLOAT32, alone and after rot90 + centre crop, next to a `memcpy` of the
//! output's bytes (224×224×3 floats, 602,112 bytes) in the same criterion group.
//!
//! Run: `cargo bench --bench image_pipeline` (short settings, see `config`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tensorbridge::lite::image::{Geometry, ImageShape, ResizeMethod, pipeline};
use tensorbridge::lite::ops::Step;
use tensorbridge::lite::{ByteOrder, ElementType};

fn frame() -> Vec<u8> {
    (0..1080 * 1920 * 3)
        .map(|i: usize| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect()
}

fn bench(c: &mut Criterion) {
    let src = frame();
    let shape = ImageShape::new(1080, 1920, 3).unwrap();
    let resize = Geometry::Resize {
        height: 224,
        width: 224,
        method: ResizeMethod::Bilinear,
    };
    let mean = [127.5f32];
    let std = [127.5f32];
    let steps = [Step::Normalize {
        mean: &mean,
        stddev: &std,
    }];
    let mut dst = vec![0u8; 224 * 224 * 3 * 4];
    let copy_src = vec![1u8; dst.len()];
    let mut group = c.benchmark_group("image_pipeline");
    group.bench_function("resize_normalize", |b| {
        b.iter(|| {
            pipeline::run(
                &src,
                ElementType::Uint8,
                ByteOrder::NATIVE,
                shape,
                &[resize],
                &steps,
                &mut dst,
                ElementType::Float32,
            )
            .unwrap();
            black_box(&dst);
        })
    });
    let rotated = [
        Geometry::Rot90 { k: 1 },
        Geometry::CropOrPad {
            height: 1080,
            width: 1080,
        },
        resize,
    ];
    group.bench_function("rot90_crop_resize_normalize", |b| {
        b.iter(|| {
            pipeline::run(
                &src,
                ElementType::Uint8,
                ByteOrder::NATIVE,
                shape,
                &rotated,
                &steps,
                &mut dst,
                ElementType::Float32,
            )
            .unwrap();
            black_box(&dst);
        })
    });
    group.bench_function("memcpy_output", |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(&copy_src));
            black_box(&dst);
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! { name = benches; config = config(); targets = bench }
criterion_main!(benches);
