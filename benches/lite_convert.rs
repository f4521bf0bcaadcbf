//! TensorBuffer bulk conversions (`tensorbridge::lite`) in native byte order, at 1,000 / 150,528
//! (224×224×3) / 6,220,800 (1080×1920×3) elements, each next to a `memcpy` of the same byte count
//! in the same criterion group.
//!
//! One group per conversion (`target/criterion/lite_<from>_to_<to>/<function>/<elements>/`):
//! `kernel` is the conversion, `memcpy` copies `max(source bytes, destination bytes)` — the wider
//! side of the conversion, e.g. 4 bytes per element for FLOAT32 → UINT8.
//!
//! The SIMD kernels behind the UINT8 and float → int conversions also get one group per kernel
//! with a row per path this CPU supports (`target/criterion/<kernel>/<path>/<elements>/`, e.g.
//! `u8_to_f32/avx2/150528`), next to the same `memcpy` row, so each instruction set's speed is
//! visible; the `lite_*` groups use the path chosen at run time.
//!
//! Run: `cargo bench --bench lite_convert` (short default settings, see `config`); one kernel's
//! paths only: `cargo bench --bench lite_convert -- '^u8_to_f32/'`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
};
use tensorbridge::lite::simd::{Kernels, Path};
use tensorbridge::lite::{ByteOrder, ElementType, load_f32, load_i32, store_f32, store_i32};

const SIZES: [usize; 3] = [1_000, 150_528, 6_220_800];
const NATIVE: ByteOrder = ByteOrder::NATIVE;

/// Floats that exercise the clamps of the narrow integer targets (-20.5 .. 279.5, as in the JMH
/// workload) and are exact in every target.
fn floats(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 301) as f32 - 20.5).collect()
}

fn ints(n: usize) -> Vec<i32> {
    (0..n).map(|i| (i as i32 % 70_001) - 35_000).collect()
}

/// `n` elements of `ty` as bytes in native order, with varied values (the conversion's cost does
/// not depend on them, only the clamps' branches could, and they are branch-free).
fn bytes_of(ty: ElementType, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n * ty.size()];
    store_f32(&floats(n), ty, NATIVE, &mut out).expect("fill");
    out
}

fn memcpy_pair(group: &mut BenchmarkGroup<'_, WallTime>, n: usize, bytes: usize) {
    let src = vec![7u8; bytes];
    let mut dst = vec![0u8; bytes];
    group.bench_function(BenchmarkId::new("memcpy", n), |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(&src));
            black_box(&dst);
        })
    });
}

/// `float[]` → buffer of `ty` (`loadArray(float[])` and friends).
fn bench_store_f32(c: &mut Criterion, name: &str, ty: ElementType) {
    let mut group = c.benchmark_group(name);
    for n in SIZES {
        let src = floats(n);
        let mut dst = vec![0u8; n * ty.size()];
        let wide = (n * 4).max(dst.len());
        group.throughput(Throughput::Bytes(wide as u64));
        group.bench_function(BenchmarkId::new("kernel", n), |b| {
            b.iter(|| {
                store_f32(black_box(&src), ty, NATIVE, &mut dst).expect("store");
                black_box(&dst);
            })
        });
        memcpy_pair(&mut group, n, wide);
    }
    group.finish();
}

/// `int[]` → buffer of `ty` (`loadArray(int[])`).
fn bench_store_i32(c: &mut Criterion, name: &str, ty: ElementType) {
    let mut group = c.benchmark_group(name);
    for n in SIZES {
        let src = ints(n);
        let mut dst = vec![0u8; n * ty.size()];
        let wide = (n * 4).max(dst.len());
        group.throughput(Throughput::Bytes(wide as u64));
        group.bench_function(BenchmarkId::new("kernel", n), |b| {
            b.iter(|| {
                store_i32(black_box(&src), ty, NATIVE, &mut dst).expect("store");
                black_box(&dst);
            })
        });
        memcpy_pair(&mut group, n, wide);
    }
    group.finish();
}

/// Buffer of `ty` → `float[]` (`getFloatArray`).
fn bench_load_f32(c: &mut Criterion, name: &str, ty: ElementType) {
    let mut group = c.benchmark_group(name);
    for n in SIZES {
        let src = bytes_of(ty, n);
        let mut dst = vec![0f32; n];
        let wide = (n * 4).max(src.len());
        group.throughput(Throughput::Bytes(wide as u64));
        group.bench_function(BenchmarkId::new("kernel", n), |b| {
            b.iter(|| {
                load_f32(black_box(&src), ty, NATIVE, &mut dst).expect("load");
                black_box(&dst);
            })
        });
        memcpy_pair(&mut group, n, wide);
    }
    group.finish();
}

/// Buffer of `ty` → `int[]` (`getIntArray`).
fn bench_load_i32(c: &mut Criterion, name: &str, ty: ElementType) {
    let mut group = c.benchmark_group(name);
    for n in SIZES {
        let src = bytes_of(ty, n);
        let mut dst = vec![0i32; n];
        let wide = (n * 4).max(src.len());
        group.throughput(Throughput::Bytes(wide as u64));
        group.bench_function(BenchmarkId::new("kernel", n), |b| {
            b.iter(|| {
                load_i32(black_box(&src), ty, NATIVE, &mut dst).expect("load");
                black_box(&dst);
            })
        });
        memcpy_pair(&mut group, n, wide);
    }
    group.finish();
}

/// One SIMD kernel on every supported path: `convert(kernels, src, dst)` from `input(n)` into
/// `n` default elements, with the `memcpy` of the wider side's bytes.
fn bench_paths<S: Copy, D: Copy + Default>(
    c: &mut Criterion,
    name: &str,
    input: impl Fn(usize) -> Vec<S>,
    convert: impl Fn(&Kernels, &[S], &mut [D]),
) {
    let mut group = c.benchmark_group(name);
    let wide_size = size_of::<S>().max(size_of::<D>());
    for n in SIZES {
        let src = input(n);
        let mut dst = vec![D::default(); n];
        group.throughput(Throughput::Bytes((n * wide_size) as u64));
        for kernels in Path::ALL.into_iter().filter_map(Kernels::for_path) {
            group.bench_function(BenchmarkId::new(kernels.path().name(), n), |b| {
                b.iter(|| {
                    convert(kernels, black_box(&src), &mut dst);
                    black_box(&dst);
                })
            });
        }
        memcpy_pair(&mut group, n, n * wide_size);
    }
    group.finish();
}

fn bytes(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7) as u8).collect()
}

fn paths(c: &mut Criterion) {
    bench_paths(c, "f32_to_u8", floats, Kernels::f32_to_u8);
    bench_paths(c, "u8_to_f32", bytes, Kernels::u8_to_f32);
    bench_paths(c, "u8_to_i32", bytes, Kernels::u8_to_i32);
    bench_paths(c, "i32_to_u8", ints, Kernels::i32_to_u8);
    bench_paths(c, "f32_to_i32", floats, Kernels::f32_to_i32);
}

fn benches(c: &mut Criterion) {
    use ElementType::*;
    bench_store_f32(c, "lite_f32_to_u8", Uint8);
    bench_load_f32(c, "lite_u8_to_f32", Uint8);
    bench_store_f32(c, "lite_f32_to_f32", Float32);
    bench_load_f32(c, "lite_f32_to_f32_load", Float32);
    bench_store_f32(c, "lite_f32_to_i32", Int32);
    bench_load_i32(c, "lite_u8_to_i32", Uint8);
    bench_store_i32(c, "lite_i32_to_u8", Uint8);
    bench_store_i32(c, "lite_i32_to_i64", Int64);
    bench_load_i32(c, "lite_i64_to_i32", Int64);
    bench_load_i32(c, "lite_i16_to_i32", Int16);
}

/// Short by default so `cargo bench` stays within a few minutes on 2 cores, and without
/// criterion's HTML plots (scripts/plot_bench.py draws ours); command-line options
/// (`--sample-size`, `--measurement-time`, …) still override.
fn config() -> Criterion {
    Criterion::default()
        .without_plots()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = lite;
    config = config();
    targets = benches, paths
}
criterion_main!(lite);
