//! StridedSlice kernel throughput on image-shaped float tensors (H×W×3 f32), each case next to a
//! plain `memcpy` of the same number of output bytes in the same criterion group.
//!
//! Groups (`target/criterion/<group>/<function>/<output elements>/`):
//! * `slice_reverse_last_axis` — `x[:, :, ::-1]` (RGB ↔ BGR);
//! * `slice_downsample_2x` — `x[::2, ::2, :]`;
//! * `slice_center_crop` — the centre H/2 × W/2 × 3 block, plus the 224×224×3 crop of 1080×1920
//!   (rows 428–651, columns 848–1071);
//! * `slice_small_2x3x4` — `x[0:2, 1:3, 0:4:2]` of a 2×3×4 tensor (8 output elements), plus
//!   `validate_only` (the validation share of `kernel`);
//! * `slice_tensor_op` — the whole op on [`Tensor`]s as the Java binding runs it (index tensors
//!   read, validation, output allocation and copy) for the three 1080×1920×3 slices and the 2×3×4
//!   one, next to `memcpy` into a freshly allocated buffer and into a reused one; `op_16_live`
//!   keeps 16 outputs alive before releasing them (the JMH invocation pattern; time per op), and
//!   `alloc_memcpy_16_live` does the same with plain copies into fresh buffers.
//!
//! In the kernel groups, `kernel` validates and copies into a preallocated output (validation is
//! part of every op call, so it is timed). `memcpy` copies the same number of bytes from the start
//! of the input. Image sizes: 224×224, 540×960, 1080×1920 (×3 channels).
//!
//! Run: `cargo bench --bench strided_slice` (short default settings, see `config`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tensorbridge::dtype::DataType;
use tensorbridge::strided_slice::{
    IndexTensor, IndexType, Masks, copy_processing_order_bytes_uninit, strided_slice_tensor,
    validate,
};
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_shape::TensorShape;

const F32: usize = 4;
const IMAGES: [(i64, i64); 3] = [(224, 224), (540, 960), (1080, 1920)];

/// One slice: begin/end/strides plus masks, on a given input shape.
struct Case {
    shape: Vec<i64>,
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    masks: Masks,
}

fn all_masked(rank: usize) -> Masks {
    let all = (1i32 << rank) - 1;
    Masks {
        begin: all,
        end: all,
        ..Masks::default()
    }
}

fn reverse_last_axis(h: i64, w: i64) -> Case {
    Case {
        shape: vec![h, w, 3],
        begin: vec![0; 3],
        end: vec![0; 3],
        strides: vec![1, 1, -1],
        masks: all_masked(3),
    }
}

fn downsample_2x(h: i64, w: i64) -> Case {
    Case {
        shape: vec![h, w, 3],
        begin: vec![0; 3],
        end: vec![0; 3],
        strides: vec![2, 2, 1],
        masks: all_masked(3),
    }
}

/// A `ch × cw × 3` block centred in an `h × w × 3` image.
fn center_crop(h: i64, w: i64, ch: i64, cw: i64) -> Case {
    let (top, left) = ((h - ch) / 2, (w - cw) / 2);
    Case {
        shape: vec![h, w, 3],
        begin: vec![top, left, 0],
        end: vec![top + ch, left + cw, 0],
        strides: vec![1, 1, 1],
        masks: Masks {
            begin: 0b100,
            end: 0b100,
            ..Masks::default()
        },
    }
}

fn small_2x3x4() -> Case {
    Case {
        shape: vec![2, 3, 4],
        begin: vec![0, 1, 0],
        end: vec![2, 3, 4],
        strides: vec![1, 1, 2],
        masks: Masks::default(),
    }
}

fn count(shape: &[i64]) -> usize {
    shape.iter().product::<i64>() as usize
}

fn input_bytes(n: usize) -> Vec<u8> {
    (0..n * F32).map(|i| i as u8).collect()
}

/// Output element count of a case (validated once outside the timed loop).
fn out_count(case: &Case) -> usize {
    let v = validate(
        &case.shape,
        &IndexTensor::vector(&case.begin),
        &IndexTensor::vector(&case.end),
        &IndexTensor::vector(&case.strides),
        IndexType::Int32,
        case.masks,
    )
    .expect("valid slice");
    count(&v.final_shape)
}

/// Adds `kernel/<out elements>` and `memcpy/<out elements>` for one case to `group`.
fn kernel_pair(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &Case,
) {
    let input = input_bytes(count(&case.shape));
    let n_out = out_count(case);
    let out_bytes = n_out * F32;
    let mut out = vec![0u8; out_bytes];
    let mut out_uninit = vec![std::mem::MaybeUninit::new(0u8); out_bytes];
    let (b, e, s) = (
        IndexTensor::vector(&case.begin),
        IndexTensor::vector(&case.end),
        IndexTensor::vector(&case.strides),
    );
    group.throughput(Throughput::Bytes(out_bytes as u64));
    group.bench_function(BenchmarkId::new("kernel", n_out), |bench| {
        bench.iter(|| {
            let v = validate(&case.shape, &b, &e, &s, IndexType::Int32, case.masks)
                .expect("valid slice");
            copy_processing_order_bytes_uninit(black_box(&input), F32, &case.shape, &v, &mut out_uninit)
                .expect("copy");
            black_box(&out_uninit);
        })
    });
    group.bench_function(BenchmarkId::new("memcpy", n_out), |bench| {
        bench.iter(|| {
            out.copy_from_slice(&black_box(&input)[..out_bytes]);
            black_box(&out);
        })
    });
}

fn bench_kernels(c: &mut Criterion) {
    let mut group = c.benchmark_group("slice_reverse_last_axis");
    for (h, w) in IMAGES {
        kernel_pair(&mut group, &reverse_last_axis(h, w));
    }
    group.finish();

    let mut group = c.benchmark_group("slice_downsample_2x");
    for (h, w) in IMAGES {
        kernel_pair(&mut group, &downsample_2x(h, w));
    }
    group.finish();

    let mut group = c.benchmark_group("slice_center_crop");
    for (h, w) in IMAGES {
        kernel_pair(&mut group, &center_crop(h, w, h / 2, w / 2));
    }
    group.finish();

    // The model-input crop: 224×224×3 out of 1080×1920×3 (its own group: same output size as the
    // 224×224 row of the crop group would collide otherwise).
    let mut group = c.benchmark_group("slice_center_crop_224_of_1080x1920");
    kernel_pair(&mut group, &center_crop(1080, 1920, 224, 224));
    group.finish();

    let mut group = c.benchmark_group("slice_small_2x3x4");
    let case = small_2x3x4();
    kernel_pair(&mut group, &case);
    // Validation alone: for tiny slices it is most of the kernel's time.
    let (b, e, s) = (
        IndexTensor::vector(&case.begin),
        IndexTensor::vector(&case.end),
        IndexTensor::vector(&case.strides),
    );
    group.bench_function(
        BenchmarkId::new("validate_only", out_count(&case)),
        |bench| {
            bench.iter(|| {
                black_box(
                    validate(
                        black_box(&case.shape),
                        &b,
                        &e,
                        &s,
                        IndexType::Int32,
                        case.masks,
                    )
                    .expect("valid slice"),
                )
            })
        },
    );
    group.finish();
}

fn index_tensor(values: &[i64]) -> Tensor {
    let v: Vec<i32> = values.iter().map(|&x| x as i32).collect();
    Tensor::from_vec1(&v).expect("index tensor")
}

/// The op on tensors, output allocated per call (what one Java `StridedSlice` call costs in
/// native code), against allocating and copying the same bytes, and copying into a reused buffer.
fn bench_tensor_op(c: &mut Criterion) {
    let mut group = c.benchmark_group("slice_tensor_op");
    let cases = [
        ("reverse_last_axis", reverse_last_axis(1080, 1920)),
        ("downsample_2x", downsample_2x(1080, 1920)),
        ("center_crop_224", center_crop(1080, 1920, 224, 224)),
        ("small_2x3x4", small_2x3x4()),
    ];
    for (name, case) in cases {
        let bytes = input_bytes(count(&case.shape));
        let shape = TensorShape::from_dims(&case.shape).expect("shape");
        let input = Tensor::from_bytes(DataType::Float, shape, &bytes).expect("input");
        let (b, e, s) = (
            index_tensor(&case.begin),
            index_tensor(&case.end),
            index_tensor(&case.strides),
        );
        let out_bytes = out_count(&case) * F32;
        group.throughput(Throughput::Bytes(out_bytes as u64));
        group.bench_function(format!("{name}/op"), |bench| {
            bench.iter(|| {
                black_box(strided_slice_tensor(&input, &b, &e, &s, case.masks).expect("op"))
            })
        });
        group.bench_function(format!("{name}/alloc_memcpy"), |bench| {
            bench.iter(|| black_box(black_box(&bytes)[..out_bytes].to_vec()))
        });
        // 16 outputs alive at once, then all released (what one JMH invocation does); the
        // time is per op, release included.
        group.bench_function(format!("{name}/op_16_live"), |bench| {
            bench.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    let outs: Vec<Tensor> = (0..16)
                        .map(|_| strided_slice_tensor(&input, &b, &e, &s, case.masks).expect("op"))
                        .collect();
                    drop(black_box(outs));
                }
                start.elapsed() / 16
            })
        });
        // The same pattern for a plain copy: 16 fresh buffers alive, then released.
        group.bench_function(format!("{name}/alloc_memcpy_16_live"), |bench| {
            bench.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    let outs: Vec<Vec<u8>> = (0..16)
                        .map(|_| black_box(&bytes)[..out_bytes].to_vec())
                        .collect();
                    drop(black_box(outs));
                }
                start.elapsed() / 16
            })
        });
        let mut reused = vec![0u8; out_bytes];
        group.bench_function(format!("{name}/memcpy"), |bench| {
            bench.iter(|| {
                reused.copy_from_slice(&black_box(&bytes)[..out_bytes]);
                black_box(&reused);
            })
        });
    }
    group.finish();
}

/// Short by default so `cargo bench` stays within a few minutes on 2 cores, and without
/// criterion's HTML plots (scripts/plot_bench.py draws ours); command-line options
/// (`--sample-size`, `--measurement-time`, …) still override.
fn config() -> Criterion {
    Criterion::default()
        .without_plots()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_kernels, bench_tensor_op
}
criterion_main!(benches);
