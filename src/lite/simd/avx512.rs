//! x86_64 AVX-512 (F + BW) path: 512-bit vectors, 64 elements per block.
//!
//! The same arithmetic as the SSE2 path. The BW packs work within each 128-bit lane, so the
//! narrowed bytes come out as dwords a0 b0 c0 d0 a1 b1 … d3 (each dword four elements of one input
//! vector) and one dword permute puts them back in order. Float → int uses mask registers for the
//! ≥ 2^31 and NaN lanes.

use std::arch::x86_64::*;

use super::{Kernels, Path, scalar};

pub(super) static KERNELS: Kernels = Kernels {
    path: Path::Avx512,
    f32_to_u8,
    u8_to_f32,
    u8_to_i32,
    i32_to_u8,
    f32_to_i32,
};

const BLOCK: usize = 64;

/// Truncated lanes that the saturating packs turn into UINT8 by the rule: `minps` against 255
/// returns its second operand, the input, when either is NaN, so NaN lanes stay NaN and truncate
/// to 0x8000_0000 like negative overflow; every negative lane then packs to 0, lanes ≥ 255 are
/// 255, and the rest are the truncated value. One float op instead of a max and a min.
#[inline]
#[target_feature(enable = "avx512f")]
fn clamp_u8(v: __m512) -> __m512i {
    _mm512_cvttps_epi32(_mm512_min_ps(_mm512_set1_ps(255.0), v))
}

/// Java's `(int) f`: truncation gives 0x8000_0000 for NaN and out-of-range lanes (right for
/// -2^31 and below); lanes ≥ 2^31 become i32::MAX and NaN lanes 0.
#[inline]
#[target_feature(enable = "avx512f")]
fn saturate_i32(v: __m512) -> __m512i {
    let truncated = _mm512_cvttps_epi32(v);
    let too_big = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(v, _mm512_set1_ps(2_147_483_648.0));
    let ordered = _mm512_cmp_ps_mask::<_CMP_ORD_Q>(v, v);
    let saturated = _mm512_mask_mov_epi32(truncated, too_big, _mm512_set1_epi32(i32::MAX));
    _mm512_maskz_mov_epi32(ordered, saturated)
}

/// Four vectors of sixteen i32 narrowed with saturation to 64 bytes in order.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn narrow_u8(a: __m512i, b: __m512i, c: __m512i, d: __m512i) -> __m512i {
    let packed = _mm512_packus_epi16(_mm512_packs_epi32(a, b), _mm512_packs_epi32(c, d));
    // Output dword 4v + l is input vector v's dword in lane l, found at 4l + v.
    let order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    _mm512_permutexvar_epi32(order, packed)
}

/// # Safety
/// The CPU supports AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn f32_to_u8(src: &[f32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        // SAFETY: `i` holds 64 floats and `o` 64 bytes; the loads and store are unaligned.
        unsafe {
            let bytes = narrow_u8(
                clamp_u8(_mm512_loadu_ps(p)),
                clamp_u8(_mm512_loadu_ps(p.add(16))),
                clamp_u8(_mm512_loadu_ps(p.add(32))),
                clamp_u8(_mm512_loadu_ps(p.add(48))),
            );
            _mm512_storeu_si512(o.as_mut_ptr().cast(), bytes);
        }
    }
    scalar::f32_to_u8(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn u8_to_f32(src: &[u8], dst: &mut [f32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr().cast::<__m128i>();
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 64 bytes and `o` 64 floats; the loads and stores are unaligned.
        unsafe {
            for k in 0..4 {
                let ints = _mm512_cvtepu8_epi32(_mm_loadu_si128(p.add(k)));
                _mm512_storeu_ps(q.add(16 * k), _mm512_cvtepi32_ps(ints));
            }
        }
    }
    scalar::u8_to_f32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn u8_to_i32(src: &[u8], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr().cast::<__m128i>();
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 64 bytes and `o` 64 ints; the loads and stores are unaligned.
        unsafe {
            for k in 0..4 {
                let ints = _mm512_cvtepu8_epi32(_mm_loadu_si128(p.add(k)));
                _mm512_storeu_si512(q.add(16 * k).cast(), ints);
            }
        }
    }
    scalar::u8_to_i32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn i32_to_u8(src: &[i32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        // SAFETY: `i` holds 64 ints and `o` 64 bytes; the loads and store are unaligned.
        unsafe {
            let bytes = narrow_u8(
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(16).cast()),
                _mm512_loadu_si512(p.add(32).cast()),
                _mm512_loadu_si512(p.add(48).cast()),
            );
            _mm512_storeu_si512(o.as_mut_ptr().cast(), bytes);
        }
    }
    scalar::i32_to_u8(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn f32_to_i32(src: &[f32], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 64 floats and `o` 64 ints; the loads and stores are unaligned.
        unsafe {
            for k in 0..4 {
                let ints = saturate_i32(_mm512_loadu_ps(p.add(16 * k)));
                _mm512_storeu_si512(q.add(16 * k).cast(), ints);
            }
        }
    }
    scalar::f32_to_i32(inp.remainder(), out.into_remainder());
}
