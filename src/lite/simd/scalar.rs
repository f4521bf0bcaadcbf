//! The portable reference path: one element at a time, written as the rules say. The other
//! paths call these for the elements that do not fill a whole vector block.

use super::{Kernels, Path};

pub(super) static KERNELS: Kernels = Kernels {
    path: Path::Scalar,
    f32_to_u8,
    u8_to_f32,
    u8_to_i32,
    i32_to_u8,
    f32_to_i32,
};

pub(super) fn f32_to_u8(src: &[f32], dst: &mut [u8]) {
    for (o, &x) in dst.iter_mut().zip(src) {
        *o = clamp_truncate(x, 0.0, 255.0) as u8;
    }
}

pub(super) fn u8_to_f32(src: &[u8], dst: &mut [f32]) {
    for (o, &x) in dst.iter_mut().zip(src) {
        *o = f32::from(x);
    }
}

pub(super) fn u8_to_i32(src: &[u8], dst: &mut [i32]) {
    for (o, &x) in dst.iter_mut().zip(src) {
        *o = i32::from(x);
    }
}

pub(super) fn i32_to_u8(src: &[i32], dst: &mut [u8]) {
    for (o, &x) in dst.iter_mut().zip(src) {
        *o = x.clamp(0, 255) as u8;
    }
}

pub(super) fn f32_to_i32(src: &[f32], dst: &mut [i32]) {
    for (o, &x) in dst.iter_mut().zip(src) {
        *o = saturating_i32(x);
    }
}

/// `x as T` for an integer type whose range is [lo, hi] and fits in i32: NaN -> 0, clamp,
/// truncate toward zero. Written as selects plus an unchecked conversion because LLVM
/// vectorizes this, while the saturating `as` stays scalar on x86 (about 5x slower).
#[inline(always)]
pub(crate) fn clamp_truncate(x: f32, lo: f32, hi: f32) -> i32 {
    let not_nan = if x.is_nan() { 0.0 } else { x };
    let clamped = not_nan.max(lo).min(hi);
    // SAFETY: `clamped` is finite and within [lo, hi] ⊂ i32's range, so the conversion is
    // defined (it truncates toward zero).
    unsafe { clamped.to_int_unchecked::<i32>() }
}

/// Java's `(int) f` (= Rust's `f as i32`: NaN -> 0, truncate, saturate), in the vectorizable
/// form of [`clamp_truncate`]; 2^31 and above need their own select because i32::MAX is not a
/// float.
#[inline(always)]
pub(crate) fn saturating_i32(x: f32) -> i32 {
    let not_nan = if x.is_nan() { 0.0 } else { x };
    // 2147483520.0 is the largest f32 below 2^31.
    #[allow(clippy::manual_clamp)] // f32::clamp is not the NaN-free select form we want here
    let clamped = not_nan.max(-2_147_483_648.0).min(2_147_483_520.0);
    // SAFETY: `clamped` is finite and within i32's range.
    let truncated = unsafe { clamped.to_int_unchecked::<i32>() };
    if not_nan >= 2_147_483_648.0 {
        i32::MAX
    } else {
        truncated
    }
}
