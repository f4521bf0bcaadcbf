//! x86_64 AVX2 path: 256-bit vectors, 32 elements per block.
//!
//! The same arithmetic as the SSE2 path. AVX2's packs work within each 128-bit half, so the
//! narrowed bytes come out as dwords in the order a0 b0 c0 d0 | a1 b1 c1 d1 (each dword four
//! elements of one input vector) and one cross-lane dword permute puts them back in order.

use std::arch::x86_64::*;

use super::{Kernels, Path, scalar};

pub(super) static KERNELS: Kernels = Kernels {
    path: Path::Avx2,
    f32_to_u8,
    u8_to_f32,
    u8_to_i32,
    i32_to_u8,
    f32_to_i32,
};

const BLOCK: usize = 32;

/// Truncated lanes that the saturating packs turn into UINT8 by the rule: `minps` against 255
/// returns its second operand, the input, when either is NaN, so NaN lanes stay NaN and truncate
/// to 0x8000_0000 like negative overflow; every negative lane then packs to 0, lanes ≥ 255 are
/// 255, and the rest are the truncated value. One float op instead of a max and a min.
#[inline]
#[target_feature(enable = "avx2")]
fn clamp_u8(v: __m256) -> __m256i {
    _mm256_cvttps_epi32(_mm256_min_ps(_mm256_set1_ps(255.0), v))
}

/// Java's `(int) f`; see the SSE2 path.
#[inline]
#[target_feature(enable = "avx2")]
fn saturate_i32(v: __m256) -> __m256i {
    let truncated = _mm256_cvttps_epi32(v);
    let too_big = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_GE_OQ>(
        v,
        _mm256_set1_ps(2_147_483_648.0),
    ));
    let ordered = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_ORD_Q>(v, v));
    _mm256_and_si256(_mm256_xor_si256(truncated, too_big), ordered)
}

/// Four vectors of eight i32 in [-2^31, 2^31) narrowed with saturation to 32 bytes in order.
#[inline]
#[target_feature(enable = "avx2")]
fn narrow_u8(a: __m256i, b: __m256i, c: __m256i, d: __m256i) -> __m256i {
    let packed = _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
    _mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7))
}

/// # Safety
/// The CPU supports AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn f32_to_u8(src: &[f32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        // SAFETY: `i` holds 32 floats and `o` 32 bytes; the loads and store are unaligned.
        unsafe {
            let bytes = narrow_u8(
                clamp_u8(_mm256_loadu_ps(p)),
                clamp_u8(_mm256_loadu_ps(p.add(8))),
                clamp_u8(_mm256_loadu_ps(p.add(16))),
                clamp_u8(_mm256_loadu_ps(p.add(24))),
            );
            _mm256_storeu_si256(o.as_mut_ptr().cast(), bytes);
        }
    }
    scalar::f32_to_u8(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn u8_to_f32(src: &[u8], dst: &mut [f32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr().cast::<__m128i>();
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 32 bytes and `o` 32 floats; the loads and stores are unaligned.
        unsafe {
            for half in 0..2 {
                let v = _mm_loadu_si128(p.add(half));
                let lo = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(v));
                let hi = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_srli_si128::<8>(v)));
                _mm256_storeu_ps(q.add(16 * half), lo);
                _mm256_storeu_ps(q.add(16 * half + 8), hi);
            }
        }
    }
    scalar::u8_to_f32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn u8_to_i32(src: &[u8], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr().cast::<__m128i>();
        let q = o.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `i` holds 32 bytes and `o` 32 ints; the loads and stores are unaligned.
        unsafe {
            for half in 0..2 {
                let v = _mm_loadu_si128(p.add(half));
                _mm256_storeu_si256(q.add(2 * half), _mm256_cvtepu8_epi32(v));
                _mm256_storeu_si256(
                    q.add(2 * half + 1),
                    _mm256_cvtepu8_epi32(_mm_srli_si128::<8>(v)),
                );
            }
        }
    }
    scalar::u8_to_i32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn i32_to_u8(src: &[i32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr().cast::<__m256i>();
        // SAFETY: `i` holds 32 ints and `o` 32 bytes; the loads and store are unaligned.
        unsafe {
            let bytes = narrow_u8(
                _mm256_loadu_si256(p),
                _mm256_loadu_si256(p.add(1)),
                _mm256_loadu_si256(p.add(2)),
                _mm256_loadu_si256(p.add(3)),
            );
            _mm256_storeu_si256(o.as_mut_ptr().cast(), bytes);
        }
    }
    scalar::i32_to_u8(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn f32_to_i32(src: &[f32], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        let q = o.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `i` holds 32 floats and `o` 32 ints; the loads and stores are unaligned.
        unsafe {
            for k in 0..4 {
                _mm256_storeu_si256(q.add(k), saturate_i32(_mm256_loadu_ps(p.add(8 * k))));
            }
        }
    }
    scalar::f32_to_i32(inp.remainder(), out.into_remainder());
}
