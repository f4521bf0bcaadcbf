//! x86_64 baseline path: 128-bit SSE2 vectors, 16 elements per block.
//!
//! Float → UINT8 caps the input at 255 in float (NaN passes through `minps` and truncates like
//! negative overflow), truncates with `cvttps2dq`, and lets the two saturating packs (signed to
//! i16, then unsigned to u8) map every negative lane to 0. Int → UINT8 is the packs alone, which
//! together clamp to [0, 255].

use std::arch::x86_64::*;

use super::{Kernels, Path, scalar};

pub(super) static KERNELS: Kernels = Kernels {
    path: Path::Sse2,
    f32_to_u8,
    u8_to_f32,
    u8_to_i32,
    i32_to_u8,
    f32_to_i32,
};

const BLOCK: usize = 16;

/// Truncated lanes that the saturating packs turn into UINT8 by the rule: `minps` against 255
/// returns its second operand, the input, when either is NaN, so NaN lanes stay NaN and truncate
/// to 0x8000_0000 like negative overflow; every negative lane then packs to 0, lanes ≥ 255 are
/// 255, and the rest are the truncated value. One float op instead of a max and a min.
#[inline]
#[target_feature(enable = "sse2")]
fn clamp_u8(v: __m128) -> __m128i {
    _mm_cvttps_epi32(_mm_min_ps(_mm_set1_ps(255.0), v))
}

/// Java's `(int) f`: `cvttps2dq` gives 0x8000_0000 for NaN and out-of-range lanes, which is right
/// for -2^31 and below; lanes ≥ 2^31 flip it to 0x7FFF_FFFF and NaN lanes are cleared.
#[inline]
#[target_feature(enable = "sse2")]
fn saturate_i32(v: __m128) -> __m128i {
    let truncated = _mm_cvttps_epi32(v);
    let too_big = _mm_castps_si128(_mm_cmpge_ps(v, _mm_set1_ps(2_147_483_648.0)));
    let ordered = _mm_castps_si128(_mm_cmpord_ps(v, v));
    _mm_and_si128(_mm_xor_si128(truncated, too_big), ordered)
}

/// # Safety
/// The CPU supports SSE2 (always true on x86_64).
#[target_feature(enable = "sse2")]
pub(super) unsafe fn f32_to_u8(src: &[f32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        // SAFETY: `i` holds 16 floats and `o` 16 bytes; the loads and store are unaligned.
        unsafe {
            let a = clamp_u8(_mm_loadu_ps(p));
            let b = clamp_u8(_mm_loadu_ps(p.add(4)));
            let c = clamp_u8(_mm_loadu_ps(p.add(8)));
            let d = clamp_u8(_mm_loadu_ps(p.add(12)));
            let bytes = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
            _mm_storeu_si128(o.as_mut_ptr().cast(), bytes);
        }
    }
    scalar::f32_to_u8(inp.remainder(), out.into_remainder());
}

/// The 16 bytes of `v` zero-extended to four vectors of four i32.
#[inline]
#[target_feature(enable = "sse2")]
fn widen_u8(v: __m128i) -> [__m128i; 4] {
    let zero = _mm_setzero_si128();
    let lo = _mm_unpacklo_epi8(v, zero);
    let hi = _mm_unpackhi_epi8(v, zero);
    [
        _mm_unpacklo_epi16(lo, zero),
        _mm_unpackhi_epi16(lo, zero),
        _mm_unpacklo_epi16(hi, zero),
        _mm_unpackhi_epi16(hi, zero),
    ]
}

/// # Safety
/// The CPU supports SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn u8_to_f32(src: &[u8], dst: &mut [f32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 16 bytes and `o` 16 floats; the loads and stores are unaligned.
        unsafe {
            let ints = widen_u8(_mm_loadu_si128(i.as_ptr().cast()));
            for (k, v) in ints.into_iter().enumerate() {
                _mm_storeu_ps(q.add(4 * k), _mm_cvtepi32_ps(v));
            }
        }
    }
    scalar::u8_to_f32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn u8_to_i32(src: &[u8], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 16 bytes and `o` 16 ints; the loads and stores are unaligned.
        unsafe {
            let ints = widen_u8(_mm_loadu_si128(i.as_ptr().cast()));
            for (k, v) in ints.into_iter().enumerate() {
                _mm_storeu_si128(q.add(4 * k).cast(), v);
            }
        }
    }
    scalar::u8_to_i32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn i32_to_u8(src: &[i32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr().cast::<__m128i>();
        // SAFETY: `i` holds 16 ints and `o` 16 bytes; the loads and store are unaligned.
        unsafe {
            let a = _mm_loadu_si128(p);
            let b = _mm_loadu_si128(p.add(1));
            let c = _mm_loadu_si128(p.add(2));
            let d = _mm_loadu_si128(p.add(3));
            let bytes = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
            _mm_storeu_si128(o.as_mut_ptr().cast(), bytes);
        }
    }
    scalar::i32_to_u8(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn f32_to_i32(src: &[f32], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        let q = o.as_mut_ptr().cast::<__m128i>();
        // SAFETY: `i` holds 16 floats and `o` 16 ints; the loads and stores are unaligned.
        unsafe {
            for k in 0..4 {
                _mm_storeu_si128(q.add(k), saturate_i32(_mm_loadu_ps(p.add(4 * k))));
            }
        }
    }
    scalar::f32_to_i32(inp.remainder(), out.into_remainder());
}
