//! The innermost loop of the StridedSlice copy: one plane (the two innermost walk dimensions)
//! of POD elements into consecutive output positions (docs/strided_slice_kernels.md).
//!
//! Every path is generic over the element type `E` (the kernel uses `[u8; W]` for W = 1, 2, 4, 8,
//! 16). The plane's extreme input indices are checked once on entry, so the loops below index
//! with raw pointers and carry no per-run bounds checks or iterator state.

use std::mem::MaybeUninit;
use std::ptr;

/// Groups per block in the reversed-groups path: 8 groups of `N` elements are whole vectors for
/// the common widths (3 × 8 `f32` = three AVX2 registers).
const REVERSE_BLOCK: usize = 8;

/// Copies `rows` runs of `count` elements (`step` apart in the input; the runs start `row_step`
/// apart from `base`) into `dst`, which must hold exactly `rows * count` elements.
///
/// Panics when the plane reaches outside `input` or `dst` has the wrong length (the walk has
/// already checked both, so this is a guard for the unsafe code, not an error path).
pub(super) fn copy_plane<E: Copy>(
    input: &[E],
    base: i64,
    (rows, row_step): (usize, i64),
    (count, step): (usize, i64),
    dst: &mut [MaybeUninit<E>],
) {
    if rows == 0 || count == 0 {
        assert!(dst.is_empty(), "StridedSlice plane: output length");
        return;
    }
    let reach = |n: usize, s: i64| (n as i64 - 1) * s;
    let (r, c) = (reach(rows, row_step), reach(count, step));
    let lo = base + r.min(0) + c.min(0);
    let hi = base + r.max(0) + c.max(0);
    assert!(
        lo >= 0 && (hi as u64) < input.len() as u64 && Some(dst.len()) == rows.checked_mul(count),
        "StridedSlice plane outside its buffers"
    );
    // Spare input elements after the highest one read: a short forward run may then be moved
    // as a wider power-of-two block whose extra elements the next run overwrites.
    let spare = input.len() - 1 - hi as usize;
    let src = input.as_ptr();
    let out = dst.as_mut_ptr().cast::<E>();
    let plane = Plane {
        base: base as isize,
        rows,
        row_step: row_step as isize,
    };
    // SAFETY (every call below): the checks above bound every index the plane touches, and the
    // output holds rows * count elements; each path documents its extra reads.
    unsafe {
        match (count, step) {
            (1, _) => runs::<E, 1, 1>(src, plane, out),
            (2, 1) => runs::<E, 2, 2>(src, plane, out),
            (3, 1) if spare >= 1 => runs::<E, 3, 4>(src, plane, out),
            (3, 1) => runs::<E, 3, 3>(src, plane, out),
            (4, 1) => runs::<E, 4, 4>(src, plane, out),
            (5..=8, 1) if spare >= 8 - count => match count {
                5 => runs::<E, 5, 8>(src, plane, out),
                6 => runs::<E, 6, 8>(src, plane, out),
                7 => runs::<E, 7, 8>(src, plane, out),
                _ => runs::<E, 8, 8>(src, plane, out),
            },
            (_, 1) => {
                for i in 0..rows {
                    let s = plane.start(i);
                    ptr::copy_nonoverlapping(src.offset(s), out.add(i * count), count);
                }
            }
            (2, -1) => reversed_runs::<E, 2, { 2 * REVERSE_BLOCK }>(src, plane, out),
            (3, -1) => reversed_runs::<E, 3, { 3 * REVERSE_BLOCK }>(src, plane, out),
            (4, -1) => reversed_runs::<E, 4, { 4 * REVERSE_BLOCK }>(src, plane, out),
            (_, step) => {
                for i in 0..rows {
                    let s = src.offset(plane.start(i));
                    let o = out.add(i * count);
                    for j in 0..count {
                        *o.add(j) = *s.offset(j as isize * step as isize);
                    }
                }
            }
        }
    }
}

/// The runs of one plane: run `i` starts at input index `base + i * row_step`.
#[derive(Clone, Copy)]
struct Plane {
    base: isize,
    rows: usize,
    row_step: isize,
}

impl Plane {
    #[inline(always)]
    fn start(self, i: usize) -> isize {
        self.base + i as isize * self.row_step
    }
}

/// Forward runs of exactly `N` adjacent elements, each moved as one block of `M >= N` elements
/// (`M` a power of two, so one or two vector moves): the `M - N` extra elements land where the
/// next run is written right after, and the last run is copied exactly.
///
/// # Safety
/// Every run's `N` elements lie in `src`'s buffer, and so do the `M - N` after each run's end;
/// `out` is valid for `rows * N` writes; `N <= M <= 2 * N`.
#[inline(always)]
unsafe fn runs<E: Copy, const N: usize, const M: usize>(src: *const E, p: Plane, out: *mut E) {
    let last = p.rows - 1;
    for i in 0..last {
        // SAFETY: the caller's contract; run i's block ends at (i + 1) * N + (M - N) <= rows * N
        // because i + 1 <= last and M - N <= N.
        unsafe {
            let block = ptr::read_unaligned(src.offset(p.start(i)).cast::<[E; M]>());
            ptr::write_unaligned(out.add(i * N).cast::<[E; M]>(), block);
        }
    }
    // SAFETY: the caller's contract, exact size.
    unsafe { ptr::copy_nonoverlapping(src.offset(p.start(last)), out.add(last * N), N) };
}

/// Runs of `N` adjacent elements read backwards (`start` is each run's highest index).
///
/// When the runs are consecutive in memory (`row_step == N`, e.g. `x[:, :, ::-1]` of an
/// interleaved image) the plane is one contiguous block whose `N`-element groups are each
/// reversed: that is done `B / N` groups at a time with a constant permutation, which the
/// compiler turns into vector shuffles (AVX2 when the CPU has it).
///
/// # Safety
/// Every run's `N` elements lie in `src`'s buffer; `out` is valid for `rows * N` writes;
/// `B` is a multiple of `N`.
#[inline(always)]
unsafe fn reversed_runs<E: Copy, const N: usize, const B: usize>(
    src: *const E,
    p: Plane,
    out: *mut E,
) {
    if p.row_step == N as isize {
        // SAFETY: the plane is the contiguous block [base - (N - 1), base - (N - 1) + rows * N).
        unsafe {
            let first = src.offset(p.base - (N as isize - 1));
            reverse_groups_dispatch::<E, N, B>(first, p.rows, out);
        }
        return;
    }
    for i in 0..p.rows {
        // SAFETY: the caller's contract.
        unsafe {
            let s = src.offset(p.start(i));
            let o = out.add(i * N);
            for j in 0..N {
                *o.add(j) = *s.offset(-(j as isize));
            }
        }
    }
}

/// [`reverse_groups`] compiled for AVX2 when the running CPU has it.
///
/// # Safety
/// As [`reverse_groups`].
#[inline(always)]
unsafe fn reverse_groups_dispatch<E: Copy, const N: usize, const B: usize>(
    src: *const E,
    rows: usize,
    out: *mut E,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 is present; the rest is the caller's contract.
        return unsafe { reverse_groups_avx2::<E, N, B>(src, rows, out) };
    }
    // SAFETY: the caller's contract.
    unsafe { reverse_groups::<E, N, B>(src, rows, out) }
}

/// # Safety
/// The CPU supports AVX2; otherwise as [`reverse_groups`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn reverse_groups_avx2<E: Copy, const N: usize, const B: usize>(
    src: *const E,
    rows: usize,
    out: *mut E,
) {
    // SAFETY: the caller's contract.
    unsafe { reverse_groups::<E, N, B>(src, rows, out) }
}

/// Reverses every `N`-element group of `rows * N` contiguous elements.
///
/// Output element `j` is input element `j + N - 1 - 2 * (j % N)`: within a block it comes from
/// one of `N` copies of the input shifted by `N - 1, N - 3, …, 1 - N` elements. So each block is
/// `N` unaligned loads merged by a constant per-position choice, which compiles to vector blends
/// rather than shuffles. Blocks start one group in (the shifted loads reach back `N - 1`
/// elements) and stop where they would reach past the end; those groups are moved one by one.
///
/// # Safety
/// `src` is valid for `rows * N` reads and `out` for as many writes; they do not overlap.
#[inline(always)]
unsafe fn reverse_groups<E: Copy, const N: usize, const B: usize>(
    src: *const E,
    rows: usize,
    out: *mut E,
) {
    let total = rows * N;
    let group = |g: usize| {
        for j in 0..N {
            // SAFETY: g < rows, so every index is below total.
            unsafe { *out.add(g * N + j) = *src.add(g * N + N - 1 - j) };
        }
    };
    let mut p = N.min(total);
    if p > 0 {
        group(0);
    }
    while p + B + N - 1 <= total {
        // SAFETY: the loads cover [p - (N - 1), p + B + N - 1) within [0, total), p >= N.
        unsafe {
            let at = src.add(p + N - 1);
            let mut r = ptr::read_unaligned(at.cast::<[E; B]>());
            for k in 1..N {
                let shifted = ptr::read_unaligned(at.sub(2 * k).cast::<[E; B]>());
                for j in 0..B {
                    if j % N == k {
                        r[j] = shifted[j];
                    }
                }
            }
            ptr::write_unaligned(out.add(p).cast::<[E; B]>(), r);
        }
        p += B;
    }
    for g in p / N..rows {
        group(g);
    }
}
