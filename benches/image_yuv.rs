//! YUV 4:2:0 → RGB UINT8 (`tensorbridge::lite::image::yuv`) for an NV21 camera frame of
//! 1920×1080, next to a `memcpy` of the output's 6,220,800 bytes in the same criterion group
//! (`target/criterion/yuv_nv21_to_rgb/{kernel,memcpy}/1920x1080/`). The speed target is the
//! kernel within 2× the copy.
//!
//! Run: `cargo bench --bench image_yuv`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tensorbridge::lite::image::yuv::{self, Layout, Planes};

fn nv21_to_rgb(c: &mut Criterion) {
    let (w, h) = (1920usize, 1080usize);
    let frame: Vec<u8> = (0..yuv::packed_len(w, h).unwrap_or(0))
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let out_bytes = w * h * 3;
    let mut group = c.benchmark_group("yuv_nv21_to_rgb");
    group.throughput(Throughput::Bytes(out_bytes as u64));
    let id = "1920x1080";
    let mut rgb = vec![0u8; out_bytes];
    group.bench_function(BenchmarkId::new("kernel", id), |b| {
        b.iter(|| {
            let planes = Planes::packed(black_box(&frame), Layout::Nv21, w, h).expect("frame");
            yuv::to_rgb(&planes, &mut rgb).expect("convert");
            black_box(&rgb);
        })
    });
    let src = vec![7u8; out_bytes];
    let mut dst = vec![0u8; out_bytes];
    group.bench_function(BenchmarkId::new("memcpy", id), |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(&src));
            black_box(&dst);
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30)
}

criterion_group! { name = benches; config = config(); targets = nv21_to_rgb }
criterion_main!(benches);
