//! aarch64 baseline path: 128-bit NEON vectors, 16 elements per block.
//!
//! NEON's conversions already have the rules' semantics: `fcvtzu`/`fcvtzs` truncate toward zero,
//! saturate and map NaN to 0, and the narrowing moves saturate, so float → UINT8 is `fcvtzu`
//! followed by two unsigned saturating narrows, and int → UINT8 a signed-to-unsigned saturating
//! narrow then an unsigned one.

use std::arch::aarch64::*;

use super::{Kernels, Path, scalar};

pub(super) static KERNELS: Kernels = Kernels {
    path: Path::Neon,
    f32_to_u8,
    u8_to_f32,
    u8_to_i32,
    i32_to_u8,
    f32_to_i32,
};

const BLOCK: usize = 16;

/// Four vectors of u16 lanes narrowed with saturation to 16 bytes.
#[inline]
#[target_feature(enable = "neon")]
fn narrow_u16(lo: uint16x8_t, hi: uint16x8_t) -> uint8x16_t {
    vcombine_u8(vqmovn_u16(lo), vqmovn_u16(hi))
}

/// # Safety
/// The CPU supports NEON (always true on aarch64).
#[target_feature(enable = "neon")]
pub(super) unsafe fn f32_to_u8(src: &[f32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        // SAFETY: `i` holds 16 floats and `o` 16 bytes; NEON loads and stores need no alignment.
        unsafe {
            let w = |k: usize| vqmovn_u32(vcvtq_u32_f32(vld1q_f32(p.add(4 * k))));
            let bytes = narrow_u16(vcombine_u16(w(0), w(1)), vcombine_u16(w(2), w(3)));
            vst1q_u8(o.as_mut_ptr(), bytes);
        }
    }
    scalar::f32_to_u8(inp.remainder(), out.into_remainder());
}

/// The 16 bytes of `v` zero-extended to four vectors of four u32.
#[inline]
#[target_feature(enable = "neon")]
fn widen_u8(v: uint8x16_t) -> [uint32x4_t; 4] {
    let lo = vmovl_u8(vget_low_u8(v));
    let hi = vmovl_high_u8(v);
    [
        vmovl_u16(vget_low_u16(lo)),
        vmovl_high_u16(lo),
        vmovl_u16(vget_low_u16(hi)),
        vmovl_high_u16(hi),
    ]
}

/// # Safety
/// The CPU supports NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn u8_to_f32(src: &[u8], dst: &mut [f32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 16 bytes and `o` 16 floats.
        unsafe {
            let ints = widen_u8(vld1q_u8(i.as_ptr()));
            for (k, v) in ints.into_iter().enumerate() {
                vst1q_f32(q.add(4 * k), vcvtq_f32_u32(v));
            }
        }
    }
    scalar::u8_to_f32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn u8_to_i32(src: &[u8], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 16 bytes and `o` 16 ints.
        unsafe {
            let ints = widen_u8(vld1q_u8(i.as_ptr()));
            for (k, v) in ints.into_iter().enumerate() {
                vst1q_s32(q.add(4 * k), vreinterpretq_s32_u32(v));
            }
        }
    }
    scalar::u8_to_i32(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn i32_to_u8(src: &[i32], dst: &mut [u8]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        // SAFETY: `i` holds 16 ints and `o` 16 bytes.
        unsafe {
            let w = |k: usize| vqmovun_s32(vld1q_s32(p.add(4 * k)));
            let bytes = narrow_u16(vcombine_u16(w(0), w(1)), vcombine_u16(w(2), w(3)));
            vst1q_u8(o.as_mut_ptr(), bytes);
        }
    }
    scalar::i32_to_u8(inp.remainder(), out.into_remainder());
}

/// # Safety
/// The CPU supports NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn f32_to_i32(src: &[f32], dst: &mut [i32]) {
    let mut inp = src.chunks_exact(BLOCK);
    let mut out = dst.chunks_exact_mut(BLOCK);
    for (i, o) in (&mut inp).zip(&mut out) {
        let p = i.as_ptr();
        let q = o.as_mut_ptr();
        // SAFETY: `i` holds 16 floats and `o` 16 ints.
        unsafe {
            for k in 0..4 {
                vst1q_s32(q.add(4 * k), vcvtq_s32_f32(vld1q_f32(p.add(4 * k))));
            }
        }
    }
    scalar::f32_to_i32(inp.remainder(), out.into_remainder());
}
