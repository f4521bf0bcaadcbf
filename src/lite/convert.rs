//! Bulk conversions between Java's `float[]`/`int[]` and the bytes of a `TensorBuffer`.
//!
//! The rules are TFLite Support's and the project's table for the extra integer types
//! (docs/contracts/tensorbuffer.md#numeric-conversions). Every rule is a Rust `as` cast or a clamp followed by one, because Rust's
//! float-to-int `as` truncates toward zero, saturates and maps NaN to 0, exactly like Java's
//! `(int) f` / `(long) f` and like upstream's clamp-then-truncate for UINT8.
//!
//! The hot pairs (UINT8 ⇄ float/int, float → INT32 in native order) go to the SIMD kernels of
//! [`super::simd`], chosen once for the running CPU; same-type copies in native order are a
//! `memcpy`; everything else is a typed loop the compiler vectorizes, or a byte-wise loop for a
//! swapped order or a misaligned slice. UINT8 elements are single bytes, so byte order and
//! alignment never matter for them.

use super::element::{ByteOrder, ElementType};
use super::simd::Kernels;
use super::simd::scalar::{clamp_truncate, saturating_i32};
use crate::{Error, Result};

/// Writes `src` into `dst` as elements of `ty` in `order`. `dst` must hold exactly
/// `src.len() * ty.size()` bytes.
pub fn store_f32(src: &[f32], ty: ElementType, order: ByteOrder, dst: &mut [u8]) -> Result<()> {
    check_len(src.len(), ty, dst.len())?;
    match ty {
        ElementType::Float32 if order == ByteOrder::NATIVE => {
            dst.copy_from_slice(bytemuck::cast_slice(src));
        }
        ElementType::Float32 => encode(src, dst, order, |x| x),
        // Clamp-then-truncate with NaN -> 0 (the same values as Rust's saturating `as`).
        ElementType::Uint8 => Kernels::best().f32_to_u8(src, dst),
        ElementType::Int8 => encode(src, dst, order, |x| clamp_truncate(x, -128.0, 127.0) as i8),
        ElementType::Int16 => encode(src, dst, order, |x| {
            clamp_truncate(x, -32768.0, 32767.0) as i16
        }),
        ElementType::Int32 => match native_ints_mut(dst, order) {
            Some(ints) => Kernels::best().f32_to_i32(src, ints),
            None => encode(src, dst, order, saturating_i32),
        },
        ElementType::Int64 => encode(src, dst, order, |x| x as i64),
    }
    Ok(())
}

/// Writes `src` into `dst` as elements of `ty` in `order`. `dst` must hold exactly
/// `src.len() * ty.size()` bytes.
pub fn store_i32(src: &[i32], ty: ElementType, order: ByteOrder, dst: &mut [u8]) -> Result<()> {
    check_len(src.len(), ty, dst.len())?;
    match ty {
        ElementType::Int32 if order == ByteOrder::NATIVE => {
            dst.copy_from_slice(bytemuck::cast_slice(src));
        }
        ElementType::Int32 => encode(src, dst, order, |x| x),
        // Java's `(float) i`: round to nearest, ties to even.
        ElementType::Float32 => encode(src, dst, order, |x| x as f32),
        ElementType::Uint8 => Kernels::best().i32_to_u8(src, dst),
        ElementType::Int8 => encode(src, dst, order, |x| x.clamp(-128, 127) as i8),
        ElementType::Int16 => encode(src, dst, order, |x| x.clamp(-32768, 32767) as i16),
        ElementType::Int64 => encode(src, dst, order, i64::from),
    }
    Ok(())
}

/// Reads `dst.len()` elements of `ty` in `order` from `src` as floats. `src` must hold exactly
/// `dst.len() * ty.size()` bytes.
pub fn load_f32(src: &[u8], ty: ElementType, order: ByteOrder, dst: &mut [f32]) -> Result<()> {
    check_len(dst.len(), ty, src.len())?;
    match ty {
        ElementType::Float32 if order == ByteOrder::NATIVE => {
            bytemuck::cast_slice_mut(dst).copy_from_slice(src);
        }
        ElementType::Float32 => decode(src, dst, order, |x: f32| x),
        ElementType::Uint8 => Kernels::best().u8_to_f32(src, dst),
        ElementType::Int8 => decode(src, dst, order, |x: i8| f32::from(x)),
        ElementType::Int16 => decode(src, dst, order, |x: i16| f32::from(x)),
        // Java's `(float) i` / `(float) l`: round to nearest, ties to even.
        ElementType::Int32 => decode(src, dst, order, i32_to_f32),
        ElementType::Int64 => decode(src, dst, order, i64_to_f32),
    }
    Ok(())
}

/// Reads `dst.len()` elements of `ty` in `order` from `src` as ints. `src` must hold exactly
/// `dst.len() * ty.size()` bytes.
pub fn load_i32(src: &[u8], ty: ElementType, order: ByteOrder, dst: &mut [i32]) -> Result<()> {
    check_len(dst.len(), ty, src.len())?;
    match ty {
        ElementType::Int32 if order == ByteOrder::NATIVE => {
            bytemuck::cast_slice_mut(dst).copy_from_slice(src);
        }
        ElementType::Int32 => decode(src, dst, order, |x: i32| x),
        ElementType::Float32 => match native_floats(src, order) {
            Some(floats) => Kernels::best().f32_to_i32(floats, dst),
            None => decode(src, dst, order, saturating_i32),
        },
        ElementType::Uint8 => Kernels::best().u8_to_i32(src, dst),
        ElementType::Int8 => decode(src, dst, order, |x: i8| i32::from(x)),
        ElementType::Int16 => decode(src, dst, order, |x: i16| i32::from(x)),
        ElementType::Int64 => decode(src, dst, order, i64_to_i32),
    }
    Ok(())
}

// The lossy conversions of one element, shared by the bulk loops above and the single-element
// getters (which read the raw element in Java and convert it here).

/// A FLOAT32 element as int: Java's `(int) f` (NaN to 0, truncate toward zero, saturate).
#[inline]
pub fn f32_to_i32(x: f32) -> i32 {
    saturating_i32(x)
}

/// An INT32 element as float: Java's `(float) i` (round to nearest, ties to even).
#[inline]
pub fn i32_to_f32(x: i32) -> f32 {
    x as f32
}

/// An INT64 element as int: the project rule for the extra types saturates into the int range.
#[inline]
pub fn i64_to_i32(x: i64) -> i32 {
    x.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// An INT64 element as float: Java's `(float) l` (round to nearest, ties to even).
#[inline]
pub fn i64_to_f32(x: i64) -> f32 {
    x as f32
}

/// `bytes` as i32 elements when they are in native order and aligned for them.
fn native_ints_mut(bytes: &mut [u8], order: ByteOrder) -> Option<&mut [i32]> {
    (order == ByteOrder::NATIVE)
        .then(|| bytemuck::try_cast_slice_mut(bytes).ok())
        .flatten()
}

/// `bytes` as f32 elements when they are in native order and aligned for them.
fn native_floats(bytes: &[u8], order: ByteOrder) -> Option<&[f32]> {
    (order == ByteOrder::NATIVE)
        .then(|| bytemuck::try_cast_slice(bytes).ok())
        .flatten()
}

/// The byte length must match the element count exactly; anything else is a caller bug that
/// would otherwise leave bytes unwritten or elements unread.
fn check_len(elements: usize, ty: ElementType, bytes: usize) -> Result<()> {
    match elements.checked_mul(ty.size()) {
        Some(expected) if expected == bytes => Ok(()),
        _ => Err(Error::invalid_argument(format!(
            "{elements} elements of {ty:?} need {} bytes, got {bytes}",
            elements.saturating_mul(ty.size())
        ))),
    }
}

/// A primitive with a fixed-size encoding in either byte order.
trait Wire: bytemuck::Pod {
    const SIZE: usize;
    fn put<const BIG: bool>(self, out: &mut [u8]);
    fn get<const BIG: bool>(inp: &[u8]) -> Self;
}

macro_rules! impl_wire {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            const SIZE: usize = size_of::<$t>();
            #[inline(always)]
            fn put<const BIG: bool>(self, out: &mut [u8]) {
                out.copy_from_slice(&if BIG { self.to_be_bytes() } else { self.to_le_bytes() });
            }
            #[inline(always)]
            fn get<const BIG: bool>(inp: &[u8]) -> Self {
                let mut bytes = [0u8; size_of::<$t>()];
                bytes.copy_from_slice(inp);
                if BIG { <$t>::from_be_bytes(bytes) } else { <$t>::from_le_bytes(bytes) }
            }
        }
    )*};
}
impl_wire!(u8, i8, i16, i32, i64, f32);

/// Converts and encodes every element; the order is a const parameter so each loop is branch-free.
fn encode<S: Copy, W: Wire>(src: &[S], dst: &mut [u8], order: ByteOrder, conv: impl Fn(S) -> W) {
    // Native order on aligned storage (the common case: our own direct buffers): a typed loop
    // the compiler vectorizes. Misaligned slices and swapped orders take the byte-wise loops.
    if order == ByteOrder::NATIVE {
        if let Ok(out) = bytemuck::try_cast_slice_mut::<u8, W>(dst) {
            for (o, &x) in out.iter_mut().zip(src) {
                *o = conv(x);
            }
            return;
        }
    }
    match order {
        ByteOrder::Big => encode_in::<S, W, true>(src, dst, conv),
        ByteOrder::Little => encode_in::<S, W, false>(src, dst, conv),
    }
}

fn encode_in<S: Copy, W: Wire, const BIG: bool>(src: &[S], dst: &mut [u8], conv: impl Fn(S) -> W) {
    for (out, &x) in dst.chunks_exact_mut(W::SIZE).zip(src) {
        conv(x).put::<BIG>(out);
    }
}

/// Decodes and converts every element.
fn decode<W: Wire, D>(src: &[u8], dst: &mut [D], order: ByteOrder, conv: impl Fn(W) -> D) {
    if order == ByteOrder::NATIVE {
        if let Ok(input) = bytemuck::try_cast_slice::<u8, W>(src) {
            for (o, &x) in dst.iter_mut().zip(input) {
                *o = conv(x);
            }
            return;
        }
    }
    match order {
        ByteOrder::Big => decode_in::<W, D, true>(src, dst, conv),
        ByteOrder::Little => decode_in::<W, D, false>(src, dst, conv),
    }
}

fn decode_in<W: Wire, D, const BIG: bool>(src: &[u8], dst: &mut [D], conv: impl Fn(W) -> D) {
    for (out, inp) in dst.iter_mut().zip(src.chunks_exact(W::SIZE)) {
        *out = conv(W::get::<BIG>(inp));
    }
}

#[cfg(test)]
mod tests;
