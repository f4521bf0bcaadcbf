//! Differential check of the kernel against the value rule
//! (docs/contracts/strided_slice.md#value-rule) evaluated naively:
//! `out[k] = input[begin_d + i_d * stride_d ...]` for the k-th index vector in row-major order.
//! Random shapes and specs from a fixed-seed generator; validation results come from
//! `spec::validate`, which the golden vectors pin down separately. (A fuzz target should do the
//! same with fuzzer-chosen shapes, specs, masks and element widths.)

use tensorbridge::strided_slice::spec::{ValidatedSlice, validate};
#[path = "common/typed_slice.rs"]
mod typed_slice;
use tensorbridge::strided_slice::{
    DEFAULT_ALIGNMENT, IndexType, KernelPath, Masks, SliceArgs, choose_path, copy_processing_order,
};
use typed_slice::copy_processing_order_bytes;

/// xorshift64*: deterministic, dependency-free.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// Flat input indices in processing order, straight from the definition.
fn naive_indices(v: &ValidatedSlice, shape: &[i64]) -> Vec<usize> {
    let rank = shape.len();
    let total: i64 = v.processing_shape.iter().product();
    let mut out = Vec::new();
    for k in 0..total {
        let mut rem = k;
        let mut flat = 0i64;
        let mut mult = 1i64;
        for d in (0..rank).rev() {
            let i = rem % v.processing_shape[d];
            rem /= v.processing_shape[d];
            let coord = v.begin[d] + i * v.strides[d];
            assert!(
                coord >= 0 && coord < shape[d],
                "coordinate {coord} outside dim {d} of {shape:?}"
            );
            flat += coord * mult;
            mult *= shape[d];
        }
        out.push(flat as usize);
    }
    out
}

#[test]
fn kernel_matches_naive_definition() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    for _ in 0..20_000 {
        let rank = rng.range(0, 8) as usize;
        let shape: Vec<i64> = (0..rank)
            .map(|_| rng.range(0, if rank > 5 { 3 } else { 5 }))
            .collect();
        let n = rng.range(0, rank as i64 + 1) as usize;
        let begin: Vec<i64> = (0..n).map(|_| rng.range(-6, 6)).collect();
        let end: Vec<i64> = (0..n).map(|_| rng.range(-6, 6)).collect();
        let strides: Vec<i64> = (0..n)
            .map(|_| [1, 1, -1, 2, -2, 3, -3][rng.range(0, 6) as usize])
            .collect();
        let mut mask = |p: u64| {
            (0..n)
                .filter(|_| rng.next() % 100 < p)
                .fold(0i32, |m, i| m | (1 << i))
        };
        let masks = Masks {
            begin: mask(30),
            end: mask(30),
            ellipsis: 0,
            new_axis: mask(10),
            shrink_axis: mask(20),
        };
        let args = SliceArgs::new(&begin, &end, &strides, IndexType::Int64, masks);
        let Ok(v) = validate(
            &shape,
            &args.begin,
            &args.end,
            &args.strides,
            args.index_type,
            args.masks,
        ) else {
            continue;
        };
        let count: i64 = shape.iter().product();
        let input: Vec<u32> = (0..count as u32)
            .map(|i| i.wrapping_mul(2_654_435_761))
            .collect();
        let want: Vec<u32> = naive_indices(&v, &shape)
            .into_iter()
            .map(|i| input[i])
            .collect();

        let mut got = vec![0u32; want.len()];
        copy_processing_order(&input, &shape, &v, &mut got).unwrap();
        assert_eq!(
            got, want,
            "shape {shape:?} begin {begin:?} end {end:?} strides {strides:?} {masks:?}"
        );

        // Every fixed-size width (1, 2, 4, 8, 16) and odd widths (the generic byte path).
        for w in [1usize, 2, 3, 4, 8, 12, 16, 24] {
            let bytes: Vec<u8> = input
                .iter()
                .flat_map(|x| x.to_le_bytes().into_iter().cycle().take(w))
                .collect();
            let mut out = vec![0u8; want.len() * w];
            copy_processing_order_bytes(&bytes, w, &shape, &v, &mut out).unwrap();
            let expect: Vec<u8> = want
                .iter()
                .flat_map(|x| x.to_le_bytes().into_iter().cycle().take(w))
                .collect();
            assert_eq!(out, expect);
        }

        // Shared paths must describe the same elements.
        match choose_path(&v, &shape, 4, DEFAULT_ALIGNMENT) {
            Ok(KernelPath::ShareInput) => assert_eq!(input, want),
            Ok(KernelPath::ShareDim0 { offset, len }) => {
                assert_eq!(input[offset..offset + len], want[..])
            }
            Ok(KernelPath::Empty) => assert!(want.is_empty()),
            Ok(KernelPath::Copy) | Err(_) => {}
        }

        checked += 1;
    }
    assert!(checked > 5_000, "only {checked} valid specs");
}
