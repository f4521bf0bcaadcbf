//! TFLite Support's tensor ops (`NormalizeOp`, `QuantizeOp`, `DequantizeOp`, `CastOp`) as one
//! elementwise pipeline over borrowed bytes.
//!
//! Every supported chain of these ops keeps its intermediate values exactly representable as
//! `f32`: a normalisation reads its input as Java's `getFloatArray` would and produces floats; a
//! cast to UINT8 produces integers 0..=255, which a float holds exactly; a cast to FLOAT32 of such
//! an integer is the integer itself. So a chain is: read every element as `f32` (the
//! `TensorBuffer` conversion rule of its type), run the steps on the float, write the float as the
//! output type. Running the steps element by element, in chunks that stay in the L1 cache, gives
//! the same bits as running each op over the whole buffer (the "fused" pass).
//!
//! Exactness: `(x - mean) / stddev` is computed in `f32`, subtraction first, with a true division
//! (IEEE 754 single precision, correctly rounded, as in Java). Rust never contracts these into a
//! fused multiply-add, so the vectorized loops give the same bits as the scalar ones.
//!
//! Why a cast to UINT8 may read any integer input as `f32`: upstream converts through `int` and
//! clamps to 0..=255. Rounding an integer to the nearest float is monotonic and keeps 0 and 255,
//! so the clamp of the rounded value is the clamp of the integer.

use super::element::{ByteOrder, ElementType};
use super::{load_f32, store_f32};
use crate::{Error, Result};

mod layout;
#[cfg(test)]
mod tests;

pub use layout::Layout;

/// One elementwise step on float values.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    /// `(x - mean[c]) / stddev[c]` with `c` the element's flat index modulo the channel count
    /// (`mean.len()`, equal to `stddev.len()`, at least 1).
    Normalize {
        /// Per-channel means.
        mean: &'a [f32],
        /// Per-channel standard deviations.
        stddev: &'a [f32],
    },
    /// A cast of a float to UINT8: NaN becomes 0, then truncation toward zero and a clamp to
    /// 0..=255 (Java's `(int) f` followed by TFLite Support's clamp).
    ToUint8,
    /// TensorFlow Lite's affine quantization to an integer type (a project extension):
    /// `clamp(round(x / scale) + zero_point, lo, hi)`, rounding half away from zero; NaN
    /// quantizes to `zero_point`. The result is an integer held as a float.
    QuantizeInteger {
        /// The real value of one quantization step.
        scale: f32,
        /// The quantized value of 0 (an integer within `lo..=hi`).
        zero_point: f32,
        /// The smallest value of the integer type.
        lo: f32,
        /// The largest value of the integer type.
        hi: f32,
    },
}

/// An op's output may not share memory with its input (the allocation-free forms write a
/// caller's buffer): refused with this message, whichever path the op takes.
pub const STORAGE_OVERLAP: &str = "input and output storage overlap";

/// Refuses an output whose memory shares a byte with the input's. Each storage is given as its
/// address and length in bytes; an empty one overlaps nothing.
pub fn check_disjoint(input: (usize, usize), output: (usize, usize)) -> Result<()> {
    let ((a, a_len), (b, b_len)) = (input, output);
    let overlap =
        a_len != 0 && b_len != 0 && a < b.saturating_add(b_len) && b < a.saturating_add(a_len);
    if overlap {
        return Err(Error::invalid_argument(STORAGE_OVERLAP));
    }
    Ok(())
}

/// Elements per chunk: small enough that a chunk's floats stay in the L1 cache between steps.
const CHUNK: usize = 2048;

/// Reads every element of `src` (type `src_ty`, byte order `src_order`) as a float, applies
/// `steps` in order and writes the results to `dst` as `dst_ty` in native byte order. `dst` must
/// hold as many elements as `src`.
pub fn run(
    src: &[u8],
    src_ty: ElementType,
    src_order: ByteOrder,
    steps: &[Step<'_>],
    dst: &mut [u8],
    dst_ty: ElementType,
) -> Result<()> {
    run_with_layout(src, src_ty, src_order, steps, Layout::Same, dst, dst_ty)
}

/// [`run`], with the results placed in `dst` under `layout`. A chain with no step between one
/// type (`src_ty == dst_ty`) only moves elements: it is copied bit for bit, for every type.
pub fn run_with_layout(
    src: &[u8],
    src_ty: ElementType,
    src_order: ByteOrder,
    steps: &[Step<'_>],
    layout: Layout,
    dst: &mut [u8],
    dst_ty: ElementType,
) -> Result<()> {
    if src.len() % src_ty.size() != 0 {
        return Err(Error::invalid_argument(
            "source bytes are not whole elements",
        ));
    }
    let count = src.len() / src_ty.size();
    if count.checked_mul(dst_ty.size()) != Some(dst.len()) {
        return Err(Error::invalid_argument(format!(
            "{count} elements of {dst_ty:?} do not fit {} bytes",
            dst.len()
        )));
    }
    check_steps(steps)?;
    layout.check(count)?;
    if count == 0 {
        return Ok(());
    }
    if steps.is_empty() && src_ty == dst_ty {
        layout::permute(src, src_ty.size(), src_order, layout, CHUNK, dst);
        return Ok(());
    }
    if let Layout::ChannelsFirst { channels } = layout {
        if let Some(per_plane) = plane_patterns(steps, channels, dst_ty, dst) {
            return planes_then_steps(src, src_ty, src_order, &per_plane, channels, dst);
        }
    }
    let chunk = layout.chunk(CHUNK.min(count));
    let patterns: Vec<Pattern> = steps.iter().map(|s| Pattern::new(s, chunk)).collect();
    let in_size = src_ty.size();
    let out_size = dst_ty.size();
    let mut scratch = Vec::new();
    let mut typed = Vec::new();
    let mut start = 0;
    while start < count {
        let n = chunk.min(count - start);
        let input = &src[start * in_size..(start + n) * in_size];
        let output = &mut dst[start * out_size..(start + n) * out_size];
        // Floats written straight into a FLOAT32 output in the input's order when it is aligned
        // (our own buffers are); otherwise through a scratch chunk.
        let direct = layout == Layout::Same
            && dst_ty == ElementType::Float32
            && bytemuck::try_cast_slice_mut::<u8, f32>(output).is_ok();
        if direct {
            let work: &mut [f32] = bytemuck::cast_slice_mut(output);
            load_f32(input, src_ty, src_order, work)?;
            apply(&patterns, start, work);
        } else {
            scratch.resize(n, 0.0f32);
            load_f32(input, src_ty, src_order, &mut scratch)?;
            apply(&patterns, start, &mut scratch);
            if layout == Layout::Same {
                store_f32(&scratch, dst_ty, ByteOrder::NATIVE, output)?;
            } else if dst_ty == ElementType::Float32 {
                layout::place(layout, bytemuck::cast_slice(&scratch), 4, start, dst);
            } else {
                typed.resize(n * out_size, 0u8);
                store_f32(&scratch, dst_ty, ByteOrder::NATIVE, &mut typed)?;
                layout::place(layout, &typed, out_size, start, dst);
            }
        }
        start += n;
    }
    Ok(())
}

/// The steps of each channel plane as steps of one constant channel, when the result is FLOAT32
/// (so the planes can be computed in place, in an aligned output) and every per-channel step has
/// one constant or one per channel: after the permutation a plane holds one channel, so its
/// normalization is a scalar one. `None` otherwise (the steps then run before the permutation).
fn plane_patterns(
    steps: &[Step<'_>],
    channels: usize,
    dst_ty: ElementType,
    dst: &mut [u8],
) -> Option<Vec<Vec<Pattern>>> {
    let per_channel_fits = steps.iter().all(|step| match step {
        Step::Normalize { mean, .. } => mean.len() == 1 || mean.len() == channels,
        _ => true,
    });
    if dst_ty != ElementType::Float32
        || !per_channel_fits
        || bytemuck::try_cast_slice_mut::<u8, f32>(dst).is_err()
    {
        return None;
    }
    let plane = |c: usize| {
        steps
            .iter()
            .map(|step| match *step {
                Step::Normalize { mean, stddev } => Pattern::Scalar {
                    mean: mean[c % mean.len()],
                    stddev: stddev[c % stddev.len()],
                },
                ref other => Pattern::new(other, 0),
            })
            .collect()
    };
    Some((0..channels).map(plane).collect())
}

/// Channels first into a FLOAT32 output: each chunk of whole pixels is read as floats and placed
/// into the planes, then each plane's window runs that plane's steps in place while it is still
/// in the cache. The same arithmetic per element as steps-then-permutation (every step is
/// elementwise; a plane's constants are its channel's), so the same bits; a FLOAT32 input in
/// native order is placed without a scratch copy.
fn planes_then_steps(
    src: &[u8],
    src_ty: ElementType,
    src_order: ByteOrder,
    per_plane: &[Vec<Pattern>],
    channels: usize,
    dst: &mut [u8],
) -> Result<()> {
    let layout = Layout::ChannelsFirst { channels };
    let in_size = src_ty.size();
    let count = src.len() / in_size;
    let plane_len = count / channels;
    let chunk = layout.chunk(CHUNK.min(count));
    let raw = src_ty == ElementType::Float32 && src_order == ByteOrder::NATIVE;
    let mut scratch = Vec::new();
    let mut start = 0;
    while start < count {
        let n = chunk.min(count - start);
        let input = &src[start * in_size..(start + n) * in_size];
        if raw {
            layout::place(layout, input, 4, start, dst);
        } else {
            scratch.resize(n, 0.0f32);
            load_f32(input, src_ty, src_order, &mut scratch)?;
            layout::place(layout, bytemuck::cast_slice(&scratch), 4, start, dst);
        }
        let work: &mut [f32] = bytemuck::cast_slice_mut(dst);
        let (first, pixels) = (start / channels, n / channels);
        for (c, patterns) in per_plane.iter().enumerate() {
            apply(patterns, 0, &mut work[c * plane_len + first..][..pixels]);
        }
        start += n;
    }
    Ok(())
}

/// Checks what the steps' constants must satisfy (means and stddevs pair up, at least one).
pub(crate) fn check_steps(steps: &[Step<'_>]) -> Result<()> {
    for step in steps {
        if let Step::Normalize { mean, stddev } = step {
            if mean.is_empty() || mean.len() != stddev.len() {
                return Err(Error::invalid_argument("means and stddevs must pair up"));
            }
        }
    }
    Ok(())
}

/// Checked steps ready to run over pieces of at most `chunk` floats of a longer flat sequence
/// (the image pipeline's rows): the same arithmetic as [`run`].
pub(crate) struct Prepared(Vec<Pattern>);

impl Prepared {
    /// Prepares `steps` (checked by [`check_steps`]) for pieces of at most `chunk` elements.
    pub(crate) fn new(steps: &[Step<'_>], chunk: usize) -> Prepared {
        Prepared(steps.iter().map(|s| Pattern::new(s, chunk)).collect())
    }

    /// Runs the steps over `work`, whose first element has flat index `start`.
    pub(crate) fn apply(&self, start: usize, work: &mut [f32]) {
        apply(&self.0, start, work)
    }

    /// Whether there is no step at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A step with its per-channel constants repeated over a chunk plus one period, so that the
/// constants of a chunk starting at any element are one contiguous window.
enum Pattern {
    Scalar {
        mean: f32,
        stddev: f32,
    },
    Channels {
        channels: usize,
        mean: Vec<f32>,
        stddev: Vec<f32>,
    },
    ToUint8,
    QuantizeInteger {
        scale: f32,
        zero_point: f32,
        lo: f32,
        hi: f32,
    },
}

impl Pattern {
    fn new(step: &Step<'_>, chunk: usize) -> Pattern {
        match *step {
            Step::Normalize { mean, stddev } if mean.len() == 1 => Pattern::Scalar {
                mean: mean[0],
                stddev: stddev[0],
            },
            Step::Normalize { mean, stddev } => Pattern::Channels {
                channels: mean.len(),
                mean: mean
                    .iter()
                    .copied()
                    .cycle()
                    .take(chunk + mean.len())
                    .collect(),
                stddev: stddev
                    .iter()
                    .copied()
                    .cycle()
                    .take(chunk + mean.len())
                    .collect(),
            },
            Step::ToUint8 => Pattern::ToUint8,
            Step::QuantizeInteger {
                scale,
                zero_point,
                lo,
                hi,
            } => Pattern::QuantizeInteger {
                scale,
                zero_point,
                lo,
                hi,
            },
        }
    }
}

/// Runs every step over `work`, the chunk whose first element has flat index `start`.
fn apply(patterns: &[Pattern], start: usize, work: &mut [f32]) {
    let n = work.len();
    for pattern in patterns {
        match pattern {
            Pattern::Scalar { mean, stddev } => kernels::normalize_scalar(work, *mean, *stddev),
            Pattern::Channels {
                channels,
                mean,
                stddev,
            } => {
                let first = start % channels;
                kernels::normalize_channels(
                    work,
                    &mean[first..first + n],
                    &stddev[first..first + n],
                )
            }
            Pattern::ToUint8 => kernels::to_uint8(work),
            Pattern::QuantizeInteger {
                scale,
                zero_point,
                lo,
                hi,
            } => kernels::quantize_integer(work, *scale, *zero_point, *lo, *hi),
        }
    }
}

/// The arithmetic loops, compiled once for the baseline and once for AVX2 on x86_64 (picked at
/// run time). The loops are plain Rust that the compiler vectorizes; a true division per element.
mod kernels {
    use crate::lite::simd::scalar::clamp_truncate;

    #[inline(always)]
    fn normalize_scalar_body(work: &mut [f32], mean: f32, stddev: f32) {
        for x in work {
            *x = (*x - mean) / stddev;
        }
    }

    #[inline(always)]
    fn normalize_channels_body(work: &mut [f32], mean: &[f32], stddev: &[f32]) {
        for ((x, m), s) in work.iter_mut().zip(mean).zip(stddev) {
            *x = (*x - *m) / *s;
        }
    }

    #[inline(always)]
    fn to_uint8_body(work: &mut [f32]) {
        for x in work {
            // The TensorBuffer rule for float to UINT8 (NaN -> 0, clamp, truncate), in its
            // vectorizable select form.
            *x = clamp_truncate(*x, 0.0, 255.0) as f32;
        }
    }

    /// Rounding in float is exact; adding the zero point in float is exact while the sum stays
    /// below 2^24 in magnitude, and any larger sum lies far outside every integer type's range
    /// handled here, so the clamp gives the integer rule's result.
    pub(super) fn quantize_integer(
        work: &mut [f32],
        scale: f32,
        zero_point: f32,
        lo: f32,
        hi: f32,
    ) {
        for x in work {
            let q = (*x / scale).round();
            let q = if q.is_nan() { 0.0 } else { q };
            *x = (q + zero_point).max(lo).min(hi);
        }
    }

    #[cfg(target_arch = "x86_64")]
    fn has_avx2() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn normalize_scalar_avx2(work: &mut [f32], mean: f32, stddev: f32) {
        normalize_scalar_body(work, mean, stddev)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn normalize_channels_avx2(work: &mut [f32], mean: &[f32], stddev: &[f32]) {
        normalize_channels_body(work, mean, stddev)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn to_uint8_avx2(work: &mut [f32]) {
        to_uint8_body(work)
    }

    pub(super) fn normalize_scalar(work: &mut [f32], mean: f32, stddev: f32) {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU supports AVX2 (checked above).
            return unsafe { normalize_scalar_avx2(work, mean, stddev) };
        }
        normalize_scalar_body(work, mean, stddev)
    }

    pub(super) fn normalize_channels(work: &mut [f32], mean: &[f32], stddev: &[f32]) {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: as above.
            return unsafe { normalize_channels_avx2(work, mean, stddev) };
        }
        normalize_channels_body(work, mean, stddev)
    }

    pub(super) fn to_uint8(work: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: as above.
            return unsafe { to_uint8_avx2(work) };
        }
        to_uint8_body(work)
    }
}
