//! The `StridedSlice` CPU kernel (docs/contracts/strided_slice.md#kernel-paths): choose the path from the validation flags, then either
//! report that the output shares the input's buffer (identity, aligned dim-0 slice) or copy the
//! selected elements in processing order.
//!
//! The kernel works over borrowed element slices; buffer sharing belongs to the caller's tensor
//! type, so the sharing paths are reported as [`KernelPath`] values rather than performed.

use std::mem::MaybeUninit;

use crate::error::{Error, Result};

use super::args::shape_debug_string;
use super::plane::copy_plane;
use super::spec::{DimVec, ValidatedSlice};

/// TensorFlow's `EIGEN_MAX_ALIGN_BYTES` in the 2.21 x86-64 wheel: the alignment the dim-0 sharing
/// path requires of a row's byte size (docs/contracts/strided_slice.md#buffer-sharing).
pub const DEFAULT_ALIGNMENT: usize = crate::tensor::EIGEN_MAX_ALIGN_BYTES;

/// The in-memory size TensorFlow uses for one `string` element (its 24-byte `tstring` object on
/// 64-bit hosts); pass it as the element size for string tensors.
pub const TSTRING_ALIGNMENT_SIZE: usize = crate::tensor::STRING_ELEMENT_BYTES;

/// The processing rank the general copy handles (TensorFlow instantiates ranks 1..=8).
pub const MAX_GENERAL_RANK: usize = 8;

/// How the output is produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KernelPath {
    /// The output is the input buffer viewed with the final shape (identity path).
    ShareInput,
    /// The output is the input's elements `[offset, offset + len)` viewed with the final shape
    /// (aligned dim-0 path). Units are elements, not bytes.
    ShareDim0 {
        /// Index of the first shared input element.
        offset: usize,
        /// Number of shared elements.
        len: usize,
    },
    /// The output has no elements; allocate it with the final shape.
    Empty,
    /// Allocate the output and copy in processing order ([`copy_processing_order`]).
    Copy,
}

/// Picks the kernel path for an already validated slice, in TensorFlow's order.
///
/// `elem_size` is the element's in-memory size as TensorFlow sees it (`DataTypeSize`; `bool` 1;
/// [`TSTRING_ALIGNMENT_SIZE`] for strings) and `alignment` the dim-0 alignment constant
/// ([`DEFAULT_ALIGNMENT`]; 0 means every dim-0 slice is aligned). Whether the dim-0 path applies
/// depends only on shapes and these two numbers, never on the buffer's address, so it is
/// deterministic. The general copy handles processing ranks 1..=8 only; above that TensorFlow
/// fails with `Unhandled input dimensions <rank>` (Unimplemented), reproduced here although the
/// copy could be done.
pub fn choose_path(
    v: &ValidatedSlice,
    input_shape: &[i64],
    elem_size: usize,
    alignment: usize,
) -> Result<KernelPath> {
    if v.is_identity {
        check_same_count(input_shape, &v.final_shape)?;
        return Ok(KernelPath::ShareInput);
    }
    if v.slice_dim0 {
        let (b, e) = (
            v.begin.first().copied().unwrap_or(0),
            v.end.first().copied().unwrap_or(0),
        );
        if dim0_slice_aligned(input_shape, b, e, elem_size, alignment) {
            // Unreachable: a rank-0 input is always an identity slice.
            if input_shape.is_empty() {
                return Err(Error::invalid_argument(
                    "Input must have rank at least 1, got: 0",
                ));
            }
            let lo = b.min(e);
            let row = num_elements(&input_shape[1..])?;
            let rows_to_elems = |rows: i64| {
                rows.checked_mul(row)
                    .ok_or_else(|| Error::internal("Copy failed"))
                    .and_then(to_usize)
            };
            let offset = rows_to_elems(lo)?;
            let len = rows_to_elems(e - lo)?;
            if len as i64 != num_elements(&v.final_shape)? {
                return Err(Error::internal("Copy failed"));
            }
            return Ok(KernelPath::ShareDim0 { offset, len });
        }
    }
    if v.processing_shape.contains(&0) {
        return Ok(KernelPath::Empty);
    }
    if input_shape.is_empty() || input_shape.len() > MAX_GENERAL_RANK {
        return Err(Error::unimplemented(format!(
            "Unhandled input dimensions {}",
            input_shape.len()
        )));
    }
    Ok(KernelPath::Copy)
}

/// `IsDim0SliceAligned`: a dim-0 slice may share the input buffer when every row starts on an
/// `alignment`-byte boundary relative to the buffer start. Rank 1 looks at the canonical
/// `begin`/`end` themselves; higher ranks at the row size.
pub fn dim0_slice_aligned(
    shape: &[i64],
    begin: i64,
    end: i64,
    elem_size: usize,
    alignment: usize,
) -> bool {
    if alignment == 0 {
        return true;
    }
    let a = alignment as i128;
    let size = elem_size as i128;
    match shape.len() {
        0 => false,
        1 => (begin as i128 * size) % a == 0 && (end as i128 * size) % a == 0,
        _ => {
            // A zero anywhere makes the row empty; otherwise the product fits (it bounds the
            // element count), and i128 leaves room for the byte size.
            let row: i128 = if shape[1..].contains(&0) {
                0
            } else {
                shape[1..]
                    .iter()
                    .fold(1i128, |acc, &d| acc.saturating_mul(d as i128))
            };
            shape[0] != 0 && (row.saturating_mul(size)) % a == 0
        }
    }
}

/// Writes the selected elements of `input` into `out` in processing order
/// (docs/contracts/strided_slice.md#value-rule), whatever the
/// path and rank. `out.len()` must equal the processing element count.
pub fn copy_processing_order<T: Clone>(
    input: &[T],
    input_shape: &[i64],
    v: &ValidatedSlice,
    out: &mut [T],
) -> Result<()> {
    let walk = Walk::new(v, input_shape, input.len())?;
    check_out_len(out.len(), walk.total)?;
    let mut at = 0usize;
    walk.for_each_run(|run| {
        let dst = &mut out[at..at + run.count];
        match run.step {
            1 => dst.clone_from_slice(run.slice(input)),
            step if step > 0 => {
                for (d, s) in dst
                    .iter_mut()
                    .zip(run.slice(input).iter().step_by(step as usize))
                {
                    d.clone_from(s);
                }
            }
            step => {
                for (d, s) in dst.iter_mut().zip(
                    run.slice(input)
                        .iter()
                        .rev()
                        .step_by(step.unsigned_abs() as usize),
                ) {
                    d.clone_from(s);
                }
            }
        }
        at += run.count;
    });
    Ok(())
}

/// [`copy_processing_order`] over raw bytes of POD elements `elem_width` bytes wide (any byte
/// order: elements are moved whole), into an output that may be uninitialised (a freshly
/// allocated tensor buffer need not be zero-filled first). Widths 1, 2, 4, 8 and 16 (every
/// numeric dtype) take element-size-specialised loops; other widths a generic byte loop.
///
/// **Invariant (relied on by callers that then treat `out` as initialised):** when this returns
/// `Ok`, every byte of `out` has been written exactly once. The selected elements are written in
/// processing order to consecutive output positions, and the function checks at the end that the
/// number of elements written equals `out.len() / elem_width`; any mismatch (or any other failure)
/// returns `Err`, in which case `out` may be partly written and must not be read.
pub fn copy_processing_order_bytes_uninit(
    input: &[u8],
    elem_width: usize,
    input_shape: &[i64],
    v: &ValidatedSlice,
    out: &mut [MaybeUninit<u8>],
) -> Result<()> {
    if elem_width == 0 || input.len() % elem_width != 0 || out.len() % elem_width != 0 {
        return Err(Error::invalid_argument(format!(
            "StridedSlice: buffer sizes {} and {} are not multiples of the element width {elem_width}",
            input.len(),
            out.len()
        )));
    }
    let walk = Walk::new(v, input_shape, input.len() / elem_width)?;
    check_out_len(out.len() / elem_width, walk.total)?;
    let written = match elem_width {
        1 => copy_pod::<1>(input, &walk, out),
        2 => copy_pod::<2>(input, &walk, out),
        4 => copy_pod::<4>(input, &walk, out),
        8 => copy_pod::<8>(input, &walk, out),
        16 => copy_pod::<16>(input, &walk, out),
        w => copy_any_width(input, w, &walk, out),
    };
    if written != out.len() {
        return Err(Error::internal(format!(
            "StridedSlice: wrote {written} of {} output bytes",
            out.len()
        )));
    }
    Ok(())
}

/// Copies the walk's elements, viewed as `[u8; W]`, into `out`; returns the number of bytes
/// written (always the whole of `out` when its length matches the walk).
fn copy_pod<const W: usize>(input: &[u8], walk: &Walk, out: &mut [MaybeUninit<u8>]) -> usize
where
    [u8; W]: bytemuck::Pod,
{
    let input: &[[u8; W]] = bytemuck::cast_slice(input);
    let len = out.len() / W;
    // SAFETY: `[u8; W]` has alignment 1 and size W, so `len` of them occupy the first
    // `len * W <= out.len()` bytes; `MaybeUninit` keeps the layout and asserts nothing about
    // the contents.
    let out: &mut [MaybeUninit<[u8; W]>] =
        unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr().cast(), len) };
    walk.copy_blocks(input, out) * W
}

/// Any element width: whole elements are copied byte by byte (no numeric dtype comes here).
fn copy_any_width(input: &[u8], w: usize, walk: &Walk, out: &mut [MaybeUninit<u8>]) -> usize {
    let mut at = 0usize;
    walk.for_each_run(|run| {
        let step = run.step;
        for k in 0..run.count {
            let e = (run.start as i64 + k as i64 * step) as usize;
            for (d, s) in out[at..at + w].iter_mut().zip(&input[e * w..(e + 1) * w]) {
                d.write(*s);
            }
            at += w;
        }
    });
    at
}

/// One innermost run: `count` elements of the input starting at `start`, `step` apart (a
/// negative step walks backwards).
#[derive(Debug, Clone, Copy)]
struct Run {
    start: usize,
    count: usize,
    step: i64,
}

impl Run {
    /// The input range the run touches, lowest to highest index (iterate in reverse for step < 0).
    fn slice<'a, T>(&self, input: &'a [T]) -> &'a [T] {
        let span = (self.count - 1) * self.step.unsigned_abs() as usize;
        if self.step > 0 {
            &input[self.start..=self.start + span]
        } else {
            &input[self.start - span..=self.start]
        }
    }
}

/// The processing-order traversal of the input: a base offset plus (count, input step) per
/// dimension, with dimensions that continue each other in memory merged, so a fully selected
/// trailing block becomes one contiguous run. Every touched index is checked against the input
/// length on construction, so the runs never index out of bounds.
struct Walk {
    base: i64,
    /// Outer dimensions (count, step), outermost first; the last entry is the innermost run.
    /// Inline like the validation's vectors, so a small op's walk allocates nothing.
    dims: DimVec<(usize, i64)>,
    total: usize,
}

impl Walk {
    fn new(v: &ValidatedSlice, input_shape: &[i64], input_len: usize) -> Result<Walk> {
        check_input_len(input_len, input_shape)?;
        let rank = input_shape.len();
        if v.processing_shape.len() != rank || v.begin.len() != rank || v.strides.len() != rank {
            return Err(Error::invalid_argument(format!(
                "StridedSlice: slice of rank {} applied to shape {}",
                v.processing_shape.len(),
                shape_debug_string(input_shape)
            )));
        }
        if v.processing_shape.contains(&0) {
            return Ok(Walk {
                base: 0,
                dims: smallvec::smallvec![(0, 1)],
                total: 0,
            });
        }
        // No zero in the processing shape means no zero in the input shape, so every partial
        // product below is bounded by the (checked) element count.
        let mut in_stride = 1i64;
        let mut strides_rev: DimVec<i64> = DimVec::with_capacity(input_shape.len());
        for &n in input_shape.iter().rev() {
            strides_rev.push(in_stride);
            in_stride *= n;
        }
        let mut base = 0i64;
        let mut lowest = 0i64;
        let mut highest = 0i64;
        let mut dims: DimVec<(usize, i64)> = DimVec::with_capacity(input_shape.len() + 1);
        let mut total = 1usize;
        for (d, &elem_stride) in strides_rev.iter().rev().enumerate() {
            let count = v.processing_shape[d];
            base += v.begin[d] * elem_stride;
            total = total
                .checked_mul(to_usize(count)?)
                .ok_or_else(|| Error::internal("Copy failed"))?;
            // A single-element dimension only moves the base. Skipping it also keeps a huge
            // stride (e.g. i64::MAX, legal with one element) out of the arithmetic below; with
            // two or more elements |stride| < n, so the step is bounded by the element count.
            if count == 1 {
                continue;
            }
            let step = v.strides[d] * elem_stride;
            let reach = (count - 1) * step;
            if reach < 0 {
                lowest += reach
            } else {
                highest += reach
            }
            // Merge with the previous dimension when this one continues it in memory.
            match dims.last_mut() {
                Some(last) if last.1 == count * step => *last = (last.0 * count as usize, step),
                _ => dims.push((count as usize, step)),
            }
        }
        if dims.is_empty() {
            dims.push((1, 1));
        }
        if total > 0 && (base + lowest < 0 || base + highest >= input_len as i64) {
            return Err(Error::internal(
                "StridedSlice: selected region outside the input",
            ));
        }
        Ok(Walk { base, dims, total })
    }

    /// Calls `f` for every innermost run in processing order.
    fn for_each_run(&self, mut f: impl FnMut(Run)) {
        if self.total == 0 {
            return;
        }
        let (count, step) = self.dims[self.dims.len() - 1];
        let outer = &self.dims[..self.dims.len() - 1];
        for_each_offset(self.base, outer, |offset| {
            f(Run {
                start: offset as usize,
                count,
                step,
            })
        });
    }

    /// Copies every selected element of `input` to consecutive positions of `out` in processing
    /// order and returns how many were written (`self.total` when `out` has room for them).
    ///
    /// The two innermost dimensions form a plane that one tight loop copies, so a slice whose
    /// innermost runs are short (e.g. the three channels of a pixel, reversed or kept) costs one
    /// small fixed-size copy per run instead of a call per run.
    fn copy_blocks<E: Copy>(&self, input: &[E], out: &mut [MaybeUninit<E>]) -> usize {
        if self.total == 0 {
            return 0;
        }
        let n = self.dims.len();
        let inner = self.dims[n - 1];
        let (mid, outer) = match n {
            1 => ((1, 0), &self.dims[..0]),
            _ => (self.dims[n - 2], &self.dims[..n - 2]),
        };
        let plane = mid.0 * inner.0;
        let mut at = 0usize;
        for_each_offset(self.base, outer, |base| {
            if let Some(dst) = out.get_mut(at..at + plane) {
                copy_plane(input, base, mid, inner, dst);
                at += plane;
            }
        });
        at
    }
}

/// Odometer over `dims` (count, step), innermost fastest: calls `f` with the input offset of
/// every position, starting at `base`. Every count must be at least 1.
fn for_each_offset(base: i64, dims: &[(usize, i64)], mut f: impl FnMut(i64)) {
    let mut index = vec![0usize; dims.len()];
    let mut offset = base;
    loop {
        f(offset);
        let mut k = dims.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            index[k] += 1;
            offset += dims[k].1;
            if index[k] < dims[k].0 {
                break;
            }
            offset -= dims[k].1 * dims[k].0 as i64;
            index[k] = 0;
        }
    }
}

/// Our own guard: the borrowed buffer must hold exactly the shape's elements.
fn check_input_len(input_len: usize, input_shape: &[i64]) -> Result<()> {
    if num_elements(input_shape)? != input_len as i64 {
        return Err(Error::invalid_argument(format!(
            "StridedSlice: input has {input_len} elements but shape {}",
            shape_debug_string(input_shape)
        )));
    }
    Ok(())
}

/// Element count of a shape; a zero dim gives 0 even when other dims are huge.
fn num_elements(shape: &[i64]) -> Result<i64> {
    if shape.contains(&0) {
        return Ok(0);
    }
    shape
        .iter()
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "StridedSlice: shape {} has too many elements",
                shape_debug_string(shape)
            ))
        })
}

fn check_same_count(input_shape: &[i64], final_shape: &[i64]) -> Result<()> {
    if num_elements(input_shape)? != num_elements(final_shape)? {
        return Err(Error::internal("Copy failed"));
    }
    Ok(())
}

fn check_out_len(got: usize, want: usize) -> Result<()> {
    if got != want {
        return Err(Error::invalid_argument(format!(
            "StridedSlice: output holds {got} elements but the slice selects {want}"
        )));
    }
    Ok(())
}

fn to_usize(x: i64) -> Result<usize> {
    usize::try_from(x).map_err(|_| Error::internal("StridedSlice: negative size"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strided_slice::args::{IndexType, Masks, SliceArgs};
    use crate::strided_slice::spec::validate;

    fn plan(shape: &[i64], b: &[i64], e: &[i64], s: &[i64], m: Masks) -> ValidatedSlice {
        let a = SliceArgs::new(b, e, s, IndexType::Int64, m);
        validate(shape, &a.begin, &a.end, &a.strides, a.index_type, a.masks).unwrap()
    }

    #[test]
    fn fully_selected_trailing_dims_merge_into_one_run() {
        // x[1:3] on [4,3,2]: rows 1..3 are one contiguous block of 12 elements.
        let v = plan(&[4, 3, 2], &[1], &[3], &[1], Masks::default());
        let walk = Walk::new(&v, &[4, 3, 2], 24).unwrap();
        assert_eq!(walk.dims[..], [(12, 1)]);
        assert_eq!(walk.base, 6);
    }

    #[test]
    fn reversed_fully_selected_inner_dim_stays_a_strided_run() {
        // x[:, ::-1] on [2,3]: two runs of 3 walking backwards.
        let v = plan(
            &[2, 3],
            &[0, 0],
            &[0, 0],
            &[1, -1],
            Masks {
                begin: 3,
                end: 3,
                ..Masks::default()
            },
        );
        let walk = Walk::new(&v, &[2, 3], 6).unwrap();
        assert_eq!(walk.dims[..], [(2, 3), (3, -1)]);
        assert_eq!(walk.base, 2);
        let mut runs = Vec::new();
        walk.for_each_run(|r| runs.push((r.start, r.count, r.step)));
        assert_eq!(runs, vec![(2, 3, -1), (5, 3, -1)]);
    }

    #[test]
    fn dim0_alignment_rule() {
        // The dim-0 alignment rule with A = 64: rank 1 checks begin and end bytes, higher ranks the row size.
        assert!(dim0_slice_aligned(&[48], 16, 32, 4, 64));
        assert!(!dim0_slice_aligned(&[48], 8, 32, 4, 64));
        assert!(!dim0_slice_aligned(&[48], 16, 40, 4, 64));
        assert!(dim0_slice_aligned(&[3, 4, 8], 1, 3, 4, 64));
        assert!(!dim0_slice_aligned(&[3, 1, 8], 1, 3, 4, 64));
        assert!(!dim0_slice_aligned(&[0, 16], 0, 0, 4, 64));
        assert!(!dim0_slice_aligned(&[], 0, 0, 4, 64));
        assert!(dim0_slice_aligned(&[3, 1], 1, 2, 4, 0));
        // A zero row with huge other dims must not overflow.
        assert!(dim0_slice_aligned(&[2, i64::MAX, 0], 0, 1, 4, 64));
    }

    /// `x[i, j, k]` of a row-major `[h, w, c]` tensor whose element `n` has bytes
    /// `n * 7 + b` (b = byte index), for any width.
    /// The byte copy into an initialised buffer.
    fn copy_bytes(input: &[u8], w: usize, shape: &[i64], v: &ValidatedSlice, out: &mut [u8]) -> Result<()> {
        let mut buf = vec![MaybeUninit::new(0u8); out.len()];
        copy_processing_order_bytes_uninit(input, w, shape, v, &mut buf)?;
        for (o, b) in out.iter_mut().zip(&buf) {
            // SAFETY: every byte of `buf` was initialised by `MaybeUninit::new` above.
            *o = unsafe { b.assume_init() };
        }
        Ok(())
    }

    fn element(n: usize, width: usize) -> Vec<u8> {
        (0..width).map(|b| (n * 7 + b) as u8).collect()
    }

    #[test]
    fn short_runs_and_planes_match_the_definition_at_every_width() {
        // Image-like slices whose innermost runs are short (1–5 elements), forwards, reversed
        // and strided, with and without outer dimensions, checked against index arithmetic.
        // (begin, end, strides, begin mask, end mask) on [h, w, c].
        type Case = ([i64; 3], [i64; 3], [i64; 3], i32, i32);
        let cases: [Case; 10] = [
            ([0, 0, 0], [0, 0, 0], [1, 1, -1], 7, 7),   // x[:, :, ::-1]
            ([0, 0, 0], [0, 0, 0], [2, 2, 1], 7, 7),    // x[::2, ::2, :]
            ([1, 2, 0], [4, 6, 0], [1, 1, 1], 4, 4),    // x[1:4, 2:6, :]
            ([0, 0, 0], [0, 0, 0], [1, -1, 1], 7, 7),   // x[:, ::-1, :]
            ([0, 0, 0], [0, 0, 0], [-1, -2, -1], 7, 7), // x[::-1, ::-2, ::-1]
            ([0, 0, 0], [0, 0, 0], [1, 1, 2], 7, 7),    // x[:, :, ::2]
            ([0, 0, 0], [0, 0, 0], [1, 1, -2], 7, 7),   // x[:, :, ::-2]
            ([0, 1, 1], [0, 6, 3], [1, 1, -1], 1, 1),   // x[:, 1:6, 1:3:-1] (empty runs)
            ([0, 0, 1], [0, 0, 0], [1, 1, 1], 3, 7),    // x[:, :, 1:] (runs end at the input's end)
            ([0, 0, 0], [0, 0, -1], [1, 1, 1], 7, 3),   // x[:, :, :-1]
        ];
        // 7 pixels per row: only short runs; 41: the blocked reverse and its head and tail.
        // Under Miri, which checks every access of the plane copies, two channel counts suffice.
        let channels = if cfg!(miri) { 2 } else { 9 };
        for (h, w, c_dim) in (1i64..=channels).flat_map(|c| [(5i64, 7i64, c), (3, 41, c)]) {
            let shape = [h, w, c_dim];
            let n = (h * w * c_dim) as usize;
            for (b, e, st, bm, em) in cases {
                let v = plan(
                    &shape,
                    &b,
                    &e,
                    &st,
                    Masks {
                        begin: bm,
                        end: em,
                        ..Masks::default()
                    },
                );
                // Selected indices per dimension, by Python's slice rules on the canonical
                // begin/end that validation produced.
                let pick = |d: usize| -> Vec<i64> {
                    let (mut i, end, s) = (v.begin[d], v.end[d], v.strides[d]);
                    let mut out = Vec::new();
                    while (s > 0 && i < end) || (s < 0 && i > end) {
                        out.push(i);
                        i += s;
                    }
                    out
                };
                let (p0, p1, p2) = (pick(0), pick(1), pick(2));
                let mut want_idx = Vec::new();
                for &i in &p0 {
                    for &j in &p1 {
                        for &k in &p2 {
                            want_idx.push(((i * w + j) * c_dim + k) as usize);
                        }
                    }
                }
                for width in [1usize, 2, 3, 4, 8, 16, 24] {
                    let input: Vec<u8> = (0..n).flat_map(|i| element(i, width)).collect();
                    let want: Vec<u8> = want_idx.iter().flat_map(|&i| element(i, width)).collect();
                    let mut out = vec![0xAAu8; want.len()];
                    copy_bytes(&input, width, &shape, &v, &mut out).unwrap();
                    assert_eq!(out, want, "shape {shape:?} strides {st:?} width {width}");
                }
            }
        }
    }

    #[test]
    fn copy_rejects_mismatched_buffers() {
        let v = plan(&[2, 3], &[0], &[1], &[1], Masks::default());
        let input = [0u8; 5];
        let mut out = [0u8; 3];
        assert_eq!(
            copy_processing_order(&input, &[2, 3], &v, &mut out)
                .unwrap_err()
                .kind,
            crate::ErrorKind::InvalidArgument
        );
        let input = [0u8; 6];
        let mut short = [0u8; 2];
        assert!(copy_processing_order(&input, &[2, 3], &v, &mut short).is_err());
        assert!(copy_bytes(&input, 4, &[2, 3], &v, &mut out).is_err());
    }
}
