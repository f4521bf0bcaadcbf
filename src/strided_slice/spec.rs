//! The validation algorithm of `StridedSlice` (upstream `ValidateStridedSliceOp`): argument checks,
//! sparse spec, dense spec with ellipsis expansion, canonicalisation and clamping, processing and
//! final shapes, and the three fast-path flags. Contract: docs/contracts/strided_slice.md#validation-stages, errors in
//! docs/contracts/strided_slice.md#error-catalogue.
//!
//! All index arithmetic is `i64`. Masks are 32-bit; mask bits at positions ≥ the number of entries
//! have no effect except in the multiple-ellipsis check. Dense per-dimension flags are kept as
//! vectors of `bool`, so inputs of any rank (TensorFlow's 32-bit dense masks alias beyond rank 32)
//! behave like the low dimensions do.

use smallvec::SmallVec;

use crate::error::{Error, Result};

use super::args::{IndexTensor, IndexType, Masks, bit, shape_debug_string};

/// An unknown dimension size in the partial-shape flavour (printed `?`).
pub const UNKNOWN_DIM: i64 = -1;

/// A per-dimension vector: inline up to rank 8 (every common slice), so validating one needs no
/// heap allocation; derefs to a slice.
pub type DimVec<T> = SmallVec<[T; 8]>;

/// Bookkeeping the assign/update ops need to map the value onto the selected region.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShapeSpec {
    /// Per dense dimension: begin is masked (explicitly, or because an ellipsis covers it).
    pub begin_dense_mask: DimVec<bool>,
    /// Per dense dimension: end is masked.
    pub end_dense_mask: DimVec<bool>,
    /// Per dense dimension: the dimension is shrunk away.
    pub shrink_axis_dense_mask: DimVec<bool>,
    /// Per final-shape position: the sparse entry that produced it, or -1 (ellipsis, new axis).
    pub output_to_sparse_mapping: DimVec<i64>,
    /// Per final-shape position: the dense dimension it shows, or -1 for a new axis.
    pub output_to_processing_mapping: DimVec<i64>,
    /// Per dense dimension: the sparse entry that produced it (the ellipsis entry for the
    /// dimensions it covers; the implicit trailing ellipsis has index `len(strides)`).
    pub processing_to_sparse_mapping: DimVec<i64>,
}

/// The outcome of validation: canonical dense `begin`/`end`/`strides` (one per input dimension),
/// the processing shape (rank = input rank, shrunk dims have size 1), the final (output) shape and
/// the fast-path flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidatedSlice {
    /// Canonical start per input dimension: masks applied, negatives wrapped, ranges clamped (left
    /// as given where the dimension or the values are unknown).
    pub begin: DimVec<i64>,
    /// Canonical end (exclusive) per input dimension; for a shrunk dimension `begin + 1`.
    pub end: DimVec<i64>,
    /// Step per input dimension (1 where the ellipsis or an implicit full range covers it).
    pub strides: DimVec<i64>,
    /// Selected size per input dimension, with shrunk dimensions kept as size 1 (`UNKNOWN_DIM` where
    /// it cannot be known).
    pub processing_shape: DimVec<i64>,
    /// The output shape: shrunk dimensions removed, a 1 for each new axis.
    pub final_shape: DimVec<i64>,
    /// Every dimension fully selected with stride 1: the output is the input reshaped.
    pub is_identity: bool,
    /// Every stride is 1.
    pub is_simple_slice: bool,
    /// Dimension 0 has stride 1 and every other dimension is fully selected.
    pub slice_dim0: bool,
    /// How dense dimensions, sparse entries and output positions correspond (for shape
    /// inference).
    pub shape_spec: ShapeSpec,
}

/// Validates a slice of an input with a fully known shape and known `begin`/`end`/`strides`
/// (the kernel's flavour). Fails with TensorFlow's messages.
///
/// A negative input dimension is a caller error here (concrete shapes have none); it is rejected
/// with an `InvalidArgument` of our own wording rather than treated as unknown.
pub fn validate(
    input_shape: &[i64],
    begin: &IndexTensor<'_>,
    end: &IndexTensor<'_>,
    strides: &IndexTensor<'_>,
    index_type: IndexType,
    masks: Masks,
) -> Result<ValidatedSlice> {
    reject_negative_dimensions(input_shape)?;
    let mut v = ValidatedSlice::empty();
    if validate_plain_into(&mut v, input_shape, begin, end, strides, index_type, masks) {
        return Ok(v);
    }
    validate_concrete_into(&mut v, input_shape, begin, end, strides, index_type, masks)?;
    Ok(v)
}

/// Concrete shapes have no unknown (negative) dimension; one here is the caller's error.
fn reject_negative_dimensions(input_shape: &[i64]) -> Result<()> {
    match input_shape.iter().find(|&&d| d < 0) {
        Some(&d) => Err(Error::invalid_argument(format!(
            "StridedSlice: input shape {} has a negative dimension {d}",
            shape_debug_string(input_shape)
        ))),
        None => Ok(()),
    }
}

/// [`validate`] without the fast path for plain slices: the general algorithm alone. Public only
/// so that tests can hold the fast path against it.
#[doc(hidden)]
pub fn validate_general(
    input_shape: &[i64],
    begin: &IndexTensor<'_>,
    end: &IndexTensor<'_>,
    strides: &IndexTensor<'_>,
    index_type: IndexType,
    masks: Masks,
) -> Result<ValidatedSlice> {
    reject_negative_dimensions(input_shape)?;
    let mut v = ValidatedSlice::empty();
    validate_concrete_into(&mut v, input_shape, begin, end, strides, index_type, masks)?;
    Ok(v)
}

/// The general algorithm for a concrete input shape (no negative sizes), filling `v` from
/// [`ValidatedSlice::empty`].
fn validate_concrete_into(
    v: &mut ValidatedSlice,
    input_shape: &[i64],
    begin: &IndexTensor<'_>,
    end: &IndexTensor<'_>,
    strides: &IndexTensor<'_>,
    index_type: IndexType,
    masks: Masks,
) -> Result<()> {
    validate_into(
        v,
        Some(input_shape),
        Some(begin),
        Some(end),
        strides,
        index_type,
        masks,
    )?;
    if v.processing_shape
        .iter()
        .chain(&v.final_shape)
        .any(|&d| d < 0)
    {
        return Err(Error::internal(format!(
            "ValidateStridedSliceOp returned partial shapes {} and {}",
            shape_debug_string(&v.processing_shape),
            shape_debug_string(&v.final_shape)
        )));
    }
    Ok(())
}

/// The fast path of [`validate`] for the common plain slice: no ellipsis, new-axis or shrink bits,
/// begin/end/strides 1-D vectors of one length `n ≤ rank` (and < 32) with that many values, no
/// zero stride, a supported index type, a concrete input shape of rank < 1024. For such a spec the
/// general algorithm has nothing to reject and its stages collapse: entry `d < n` is dense
/// dimension `d` and output position `d`, the implicit trailing ellipsis covers dimensions `n..`
/// (fully selected, stride 1), and the final shape equals the processing shape. Fills `v` (from
/// [`ValidatedSlice::empty`]) with exactly what the general path produces and returns `true`;
/// returns `false` with `v` untouched when the spec is not plain (the general path then runs).
/// `validate_general` is held against this over random and golden specs (tests).
fn validate_plain_into(
    v: &mut ValidatedSlice,
    input_shape: &[i64],
    begin: &IndexTensor<'_>,
    end: &IndexTensor<'_>,
    strides: &IndexTensor<'_>,
    index_type: IndexType,
    masks: Masks,
) -> bool {
    let n = strides.values.len();
    let rank = input_shape.len();
    let plain = masks.ellipsis == 0
        && masks.new_axis == 0
        && masks.shrink_axis == 0
        && n < 32
        && n <= rank
        && rank < 1024
        && begin.is_vector()
        && end.is_vector()
        && strides.is_vector()
        && strides.num_elements() == n as i64
        && begin.num_elements() == n as i64
        && end.num_elements() == n as i64
        && begin.values.len() == n
        && end.values.len() == n
        && !matches!(index_type, IndexType::Unsupported)
        && !strides.values.contains(&0);
    if !plain {
        return false;
    }
    let ss = &mut v.shape_spec;
    let mut is_identity = true;
    let mut is_simple_slice = true;
    let mut slice_dim0 = true;
    for (d, &size) in input_shape.iter().enumerate() {
        // Dimensions past the user entries belong to the implicit ellipsis (sparse entry `n`):
        // both bounds masked, stride 1.
        let (b, e, s, begin_masked, end_masked, sparse) = if d < n {
            (
                begin.values[d],
                end.values[d],
                strides.values[d],
                bit(masks.begin, d),
                bit(masks.end, d),
                d as i64,
            )
        } else {
            (0, 0, 1, true, true, n as i64)
        };
        let b = canonical(b, begin_masked, true, s, size);
        let e = canonical(e, end_masked, false, s, size);
        let take_all = s == 1 && b == 0 && e == size;
        is_identity &= take_all;
        is_simple_slice &= s == 1;
        slice_dim0 &= (d == 0 && s == 1) || take_all;
        let len = interval_size(e - b, s);
        v.begin.push(b);
        v.end.push(e);
        v.strides.push(s);
        v.processing_shape.push(len);
        v.final_shape.push(len);
        ss.begin_dense_mask.push(begin_masked);
        ss.end_dense_mask.push(end_masked);
        ss.shrink_axis_dense_mask.push(false);
        ss.processing_to_sparse_mapping.push(sparse);
        ss.output_to_sparse_mapping.push(if d < n { d as i64 } else { -1 });
        ss.output_to_processing_mapping.push(d as i64);
    }
    v.is_identity = is_identity;
    v.is_simple_slice = is_simple_slice;
    v.slice_dim0 = slice_dim0;
    true
}

/// The partial flavour: `input_shape` may be of unknown rank (`None`) or contain
/// [`UNKNOWN_DIM`] sizes; `begin`/`end` may be absent (values unknown as a whole). Unknown
/// sizes come back as [`UNKNOWN_DIM`]. For absent `begin`/`end` the returned dense `begin`/`end`
/// are 0 except where an ellipsis filled them.
///
/// Where TensorFlow shifts by ≥ 32 bits (absent `begin` and 32 or more strides) this returns the
/// "for strides." shape error instead
/// (docs/contracts/strided_slice.md#where-tensorflow-aborts).
pub fn validate_partial(
    input_shape: Option<&[i64]>,
    begin: Option<&IndexTensor<'_>>,
    end: Option<&IndexTensor<'_>>,
    strides: &IndexTensor<'_>,
    index_type: IndexType,
    masks: Masks,
) -> Result<ValidatedSlice> {
    let mut v = ValidatedSlice::empty();
    validate_into(&mut v, input_shape, begin, end, strides, index_type, masks)?;
    Ok(v)
}

impl ValidatedSlice {
    /// Empty vectors and cleared flags, for [`validate_into`] to fill.
    fn empty() -> ValidatedSlice {
        ValidatedSlice {
            begin: DimVec::new(),
            end: DimVec::new(),
            strides: DimVec::new(),
            processing_shape: DimVec::new(),
            final_shape: DimVec::new(),
            is_identity: false,
            is_simple_slice: false,
            slice_dim0: false,
            shape_spec: ShapeSpec::default(),
        }
    }
}

/// [`validate_partial`] filling `v` (from [`ValidatedSlice::empty`]) in place: the result is
/// several hundred bytes of inline vectors, so it is built where the caller keeps it rather than
/// moved through the stages.
fn validate_into(
    v: &mut ValidatedSlice,
    input_shape: Option<&[i64]>,
    begin: Option<&IndexTensor<'_>>,
    end: Option<&IndexTensor<'_>>,
    strides: &IndexTensor<'_>,
    index_type: IndexType,
    masks: Masks,
) -> Result<()> {
    // A1
    let input_shape = input_shape
        .ok_or_else(|| Error::invalid_argument("Unexpected input_shape with unknown rank"))?;
    // A2
    check_index_shapes(begin, end, strides)?;
    // A3: every one of the 32 bits counts here.
    if masks.ellipsis != 0 && (masks.ellipsis as u32).count_ones() > 1 {
        return Err(Error::invalid_argument(
            "Multiple ellipses in slice spec not allowed",
        ));
    }
    check_values_match_shapes(begin, end, strides)?;
    let sparse = SparseSpec::build(strides.values.len(), masks);
    index_type.check_supported()?;
    build_dense(v, &sparse, input_shape.len() as i64, begin, end, strides)?;
    canonicalize(v, input_shape, begin.is_some() && end.is_some())?;
    finish_final_shape(v);
    Ok(())
}

/// Shape inference as TensorFlow's graph construction performs it
/// (docs/contracts/strided_slice.md#shape-inference): the output shape, or
/// `None` for an unknown rank (unknown input rank or unknown `strides` values). `begin`/`end` are
/// `None` when their values are unknown.
///
/// TensorFlow's shape refiner hands constant inputs to the shape function only on request, and the
/// function asks for `begin`/`end` after `strides`; so it first runs the validation with
/// `begin`/`end` unknown and reports any error of that pass before the values are seen. Observed
/// in TF 2.21: input `[1,2,?,2]`, begin `[-2,4]`, strides `[1,-1]`, shrink 3 fails with
/// `only stride 1 allowed on non-range indexing.` (dimension 1) in graph mode, while the kernel
/// reports `slice index -1 of dimension 0 out of bounds.` first. We reproduce both passes.
///
/// The shape function's own rank-1 checks on the index inputs (with shape-inference wording) are
/// not reproduced; the validator's A2 messages apply instead.
pub fn infer_shape(
    input_shape: Option<&[i64]>,
    begin: Option<&IndexTensor<'_>>,
    end: Option<&IndexTensor<'_>>,
    strides: Option<&IndexTensor<'_>>,
    index_type: IndexType,
    masks: Masks,
) -> Result<Option<Vec<i64>>> {
    let (Some(input_shape), Some(strides)) = (input_shape, strides) else {
        return Ok(None);
    };
    if begin.is_some() || end.is_some() {
        validate_partial(Some(input_shape), None, None, strides, index_type, masks)?;
    }
    let v = validate_partial(Some(input_shape), begin, end, strides, index_type, masks)?;
    Ok(Some(v.final_shape.into_vec()))
}

/// A2: begin/end/strides must be 1-D, equally long, and `begin` shorter than 32 (the masks are
/// 32-bit). Without `begin`, TensorFlow would go on with ≥ 32 entries into undefined shifts; we
/// reject that case with the "for strides." message.
fn check_index_shapes(
    begin: Option<&IndexTensor<'_>>,
    end: Option<&IndexTensor<'_>>,
    strides: &IndexTensor<'_>,
) -> Result<()> {
    let ns = strides.num_elements();
    let begin_bad =
        begin.is_some_and(|b| !(b.is_vector() && b.num_elements() == ns && b.num_elements() < 32));
    let end_bad = end.is_some_and(|e| !(e.is_vector() && e.num_elements() == ns));
    let unbounded = begin.is_none() && ns >= 32;
    if begin_bad || end_bad || !strides.is_vector() || unbounded {
        let message = match (begin, end) {
            (Some(b), Some(e)) => format!(
                "Expected begin, end, and strides to be 1D equal size tensors, but got shapes {}, {}, and {} instead.",
                shape_debug_string(&b.shape),
                shape_debug_string(&e.shape),
                shape_debug_string(&strides.shape)
            ),
            _ => format!(
                "Expected begin, end, and strides to be 1D equal size tensors, but got shape {} for strides.",
                shape_debug_string(&strides.shape)
            ),
        };
        return Err(Error::invalid_argument(message));
    }
    Ok(())
}

/// Our own guard: the values slices must hold as many entries as the shapes say, so indexing by
/// entry can never go out of bounds.
fn check_values_match_shapes(
    begin: Option<&IndexTensor<'_>>,
    end: Option<&IndexTensor<'_>>,
    strides: &IndexTensor<'_>,
) -> Result<()> {
    for (name, t) in [("begin", begin), ("end", end), ("strides", Some(strides))] {
        if let Some(t) = t {
            if t.values.len() as i64 != t.num_elements() {
                return Err(Error::invalid_argument(format!(
                    "StridedSlice: {name} has shape {} but {} values",
                    shape_debug_string(&t.shape),
                    t.values.len()
                )));
            }
        }
    }
    Ok(())
}

/// Stage B: the user entries plus an implicit trailing ellipsis when none is given.
struct SparseSpec {
    /// Number of user entries (`len(strides)`).
    user_entries: usize,
    /// Entries including the implicit ellipsis.
    entries: usize,
    new_axes_after_ellipsis: usize,
    masks: Masks,
}

impl SparseSpec {
    fn build(n: usize, masks: Masks) -> SparseSpec {
        let mut new_axes_after_ellipsis = 0;
        let mut seen_ellipsis = false;
        for i in 0..n {
            // Tested before this entry's own ellipsis bit, so an entry carrying both bits is
            // never counted.
            if seen_ellipsis && bit(masks.new_axis, i) {
                new_axes_after_ellipsis += 1;
            }
            if bit(masks.ellipsis, i) {
                seen_ellipsis = true;
            }
        }
        let entries = if seen_ellipsis { n } else { n + 1 };
        SparseSpec {
            user_entries: n,
            entries,
            new_axes_after_ellipsis,
            masks,
        }
    }

    fn is_ellipsis(&self, i: usize) -> bool {
        i == self.user_entries || bit(self.masks.ellipsis, i)
    }
}

/// Stage C: the dense spec, one entry per input dimension, written into `v` (`begin`, `end`,
/// `strides` and the dense masks and processing-to-sparse mapping of its shape spec), plus the
/// output plan as the two output mappings: a dimension shown in the output maps to its dense
/// dimension and sparse entry (-1 for ellipsis ones), a new axis to -1 and -1; a shrunk dimension
/// has no output position.
fn build_dense(
    v: &mut ValidatedSlice,
    sparse: &SparseSpec,
    dims: i64,
    begin: Option<&IndexTensor<'_>>,
    end: Option<&IndexTensor<'_>>,
    strides: &IndexTensor<'_>,
) -> Result<()> {
    // Upstream builds these messages by concatenation, so the `%d` is printed verbatim.
    if dims < 0 {
        return Err(Error::invalid_argument(format!(
            "Unexpected negative dense.dims: %d{dims}"
        )));
    }
    if dims >= 1024 {
        return Err(Error::invalid_argument(format!(
            "Unexpected large dense.dims: %d{dims}"
        )));
    }
    let d_count = dims as usize;
    let ss = &mut v.shape_spec;
    let masks = sparse.masks;
    // Dense dimensions are filled strictly in order, so `cursor` is also the length of every
    // dense vector.
    let mut cursor = 0usize;
    for i in 0..sparse.entries {
        if sparse.is_ellipsis(i) {
            let remaining_real =
                (sparse.entries - i - 1) as i64 - sparse.new_axes_after_ellipsis as i64;
            let target = (dims - remaining_real).min(dims);
            while (cursor as i64) < target {
                v.begin.push(0);
                v.end.push(0);
                v.strides.push(1);
                ss.begin_dense_mask.push(true);
                ss.end_dense_mask.push(true);
                ss.shrink_axis_dense_mask.push(false);
                ss.processing_to_sparse_mapping.push(i as i64);
                ss.output_to_sparse_mapping.push(-1);
                ss.output_to_processing_mapping.push(cursor as i64);
                cursor += 1;
            }
        } else if bit(masks.new_axis, i) {
            ss.output_to_sparse_mapping.push(-1);
            ss.output_to_processing_mapping.push(-1);
        } else {
            if cursor == d_count {
                if d_count == 0 {
                    return Err(Error::invalid_argument("Attempting to slice scalar input."));
                }
                return Err(Error::invalid_argument(format!(
                    "Index out of range using input dim {cursor}; input has only {d_count} dims"
                )));
            }
            v.begin.push(begin.map_or(0, |b| b.values[i]));
            v.end.push(end.map_or(0, |e| e.values[i]));
            v.strides.push(strides.values[i]);
            ss.begin_dense_mask.push(bit(masks.begin, i));
            ss.end_dense_mask.push(bit(masks.end, i));
            let shrink = bit(masks.shrink_axis, i);
            ss.shrink_axis_dense_mask.push(shrink);
            ss.processing_to_sparse_mapping.push(i as i64);
            if !shrink {
                ss.output_to_sparse_mapping.push(i as i64);
                ss.output_to_processing_mapping.push(cursor as i64);
            }
            cursor += 1;
        }
    }
    // Dimensions no entry reached keep the neutral defaults.
    v.begin.resize(d_count, 0);
    v.end.resize(d_count, 0);
    v.strides.resize(d_count, 1);
    ss.begin_dense_mask.resize(d_count, false);
    ss.end_dense_mask.resize(d_count, false);
    ss.shrink_axis_dense_mask.resize(d_count, false);
    ss.processing_to_sparse_mapping.resize(d_count, 0);
    Ok(())
}

/// Stage D: per dense dimension, in order; the first failing dimension is reported. Rewrites
/// `begin`/`end` to canonical values, fills the processing shape and the fast-path flags.
fn canonicalize(v: &mut ValidatedSlice, input_shape: &[i64], known_values: bool) -> Result<()> {
    let (begin, end) = (&mut v.begin[..], &mut v.end[..]);
    let strides = &v.strides[..];
    let ss = &v.shape_spec;
    let (begin_mask, end_mask, shrink) = (
        &ss.begin_dense_mask[..],
        &ss.end_dense_mask[..],
        &ss.shrink_axis_dense_mask[..],
    );
    let processing = &mut v.processing_shape;
    let mut is_identity = true;
    let mut is_simple_slice = true;
    let mut slice_dim0 = true;
    for (d, &n) in input_shape.iter().enumerate() {
        let s = strides[d];
        if s == 0 {
            return Err(Error::invalid_argument(format!(
                "strides[{d}] must be non-zero"
            )));
        }
        if n < 0 {
            processing.push(if shrink[d] { 1 } else { UNKNOWN_DIM });
            continue;
        }
        if shrink[d] && s < 0 {
            return Err(Error::invalid_argument(
                "only stride 1 allowed on non-range indexing.",
            ));
        }
        is_simple_slice &= s == 1;
        let both_masked = begin_mask[d] && end_mask[d];
        if known_values {
            if shrink[d] {
                // Masks and `end` are ignored: `x[-1]` arrives as begin -1, end 0.
                let idx = if begin[d] < 0 { begin[d] + n } else { begin[d] };
                begin[d] = idx;
                // Wrapping only matters for idx = i64::MAX, which fails just below.
                end[d] = idx.wrapping_add(1);
                if idx < 0 || idx >= n {
                    return Err(Error::invalid_argument(format!(
                        "slice index {idx} of dimension {d} out of bounds."
                    )));
                }
            } else {
                begin[d] = canonical(begin[d], begin_mask[d], true, s, n);
                end[d] = canonical(end[d], end_mask[d], false, s, n);
            }
            let take_all = s == 1 && begin[d] == 0 && end[d] == n;
            is_identity &= take_all;
            slice_dim0 &= (d == 0 && s == 1) || take_all;
        } else {
            is_identity &= s == 1 && both_masked;
            slice_dim0 &= (d == 0 && s == 1) || both_masked;
        }
        let interval = if known_values {
            Some(end[d] - begin[d])
        } else if shrink[d] {
            Some(1)
        } else if both_masked {
            Some(if s < 0 { -n } else { n })
        } else {
            None
        };
        processing.push(match interval {
            Some(len) => interval_size(len, s),
            None => UNKNOWN_DIM,
        });
    }
    v.is_identity = is_identity;
    v.is_simple_slice = is_simple_slice;
    v.slice_dim0 = slice_dim0;
    Ok(())
}

/// Canonical begin (`is_begin`) or end of a non-shrink dimension of size `n` with stride `s`:
/// masked → the widest bound; otherwise wrap a negative index once and clamp into `[0, n]`
/// (s > 0) or `[-1, n-1]` (s < 0). `x + n` cannot overflow because `x < 0 ≤ n`.
fn canonical(x: i64, masked: bool, is_begin: bool, s: i64, n: i64) -> i64 {
    if masked {
        return match (s > 0, is_begin) {
            (true, true) => 0,
            (true, false) => n,
            (false, true) => n - 1,
            (false, false) => -1,
        };
    }
    let (lo, hi) = if s > 0 { (0, n) } else { (-1, n - 1) };
    let x = if x < 0 { x + n } else { x };
    x.clamp(lo, hi)
}

/// Number of elements `b, b+s, …` in an interval of signed length `len`: 0 when empty or
/// pointing against the stride, else `ceil(|len| / |s|)`.
fn interval_size(len: i64, s: i64) -> i64 {
    if len == 0 || (len < 0) != (s < 0) {
        0
    } else {
        // Same signs, so the truncating quotient is non-negative; |len| ≤ n + 1 so no overflow.
        len / s + i64::from(len % s != 0)
    }
}

/// Stage E: the final shape from the output plan (the output-to-processing mapping).
fn finish_final_shape(v: &mut ValidatedSlice) {
    let processing = &v.processing_shape[..];
    v.final_shape.extend(
        v.shape_spec
            .output_to_processing_mapping
            .iter()
            .map(|&p| if p < 0 { 1 } else { processing[p as usize] }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_size_matches_ceiling_division() {
        // (len, stride, size): sizes from the formula ceil(|L| / |s|), 0 when empty or reversed.
        for (len, s, want) in [
            (10, 3, 4),
            (9, 3, 3),
            (-10, -3, 4),
            (0, 1, 0),
            (5, -1, 0),
            (-5, 1, 0),
            (1, 7, 1),
        ] {
            assert_eq!(interval_size(len, s), want, "len {len} stride {s}");
        }
    }

    #[test]
    fn canonical_wraps_once_and_clamps() {
        // Positive stride: [0, n]; negative stride: [-1, n-1].
        assert_eq!(canonical(-1, false, true, 1, 5), 4);
        assert_eq!(canonical(-7, false, true, 1, 5), 0);
        assert_eq!(canonical(9, false, false, 1, 5), 5);
        assert_eq!(canonical(-7, false, false, -1, 5), -1);
        assert_eq!(canonical(9, false, true, -1, 5), 4);
        assert_eq!(canonical(i64::MIN, false, true, 1, 5), 0);
        assert_eq!(canonical(i64::MAX, false, true, -1, 5), 4);
        // Masked: the widest bound for the stride's direction.
        assert_eq!(canonical(3, true, true, 1, 5), 0);
        assert_eq!(canonical(3, true, false, 1, 5), 5);
        assert_eq!(canonical(3, true, true, -2, 5), 4);
        assert_eq!(canonical(3, true, false, -2, 5), -1);
    }

    #[test]
    fn sparse_spec_counts_new_axes_after_the_ellipsis_only() {
        let m = Masks {
            ellipsis: 0b0010,
            new_axis: 0b1011,
            ..Masks::default()
        };
        let s = SparseSpec::build(4, m);
        // Entry 1 is the ellipsis (its own new-axis bit is not counted); entry 3 is counted.
        assert_eq!((s.entries, s.new_axes_after_ellipsis), (4, 1));
        let implicit = SparseSpec::build(
            2,
            Masks {
                new_axis: 0b11,
                ..Masks::default()
            },
        );
        assert_eq!((implicit.entries, implicit.new_axes_after_ellipsis), (3, 0));
        assert!(implicit.is_ellipsis(2));
    }
}
