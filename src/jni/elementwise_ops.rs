//! Natives of `dev.tensorbridge.internal.ElementwiseOps`: TFLite Support's tensor ops
//! (`NormalizeOp`, `QuantizeOp`, `DequantizeOp`, `CastOp`) and fused chains of them, run by
//! [`crate::lite::ops::run`] from a buffer's memory into a fresh direct buffer.
//!
//! The source is a direct `ByteBuffer` (by address) or a `byte[]` plus offset (a heap buffer's
//! backing array, or Java's copy of a read-only one); the destination is a direct buffer: a fresh
//! result's storage, or a caller's output buffer, which must not overlap the source. Java has checked the shapes and parameters; this side re-checks what
//! memory safety depends on (non-null, direct, byte counts within capacity or array length,
//! program well formed) before touching memory. One call is one JNI transition; the raw function
//! table is used so that no `jni::Env` is built unless an exception is thrown.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JFloatArray, JIntArray};
use jni::refs::Reference;
use jni::sys::{jarray, jboolean, jint};

use super::errors::BridgeResult;
use super::guard::guard_primitive;
use super::raw_env::RawEnv;
use crate::lite::buffer::element_type;
use crate::lite::ops::{self, Layout, Step};
use crate::lite::{ByteOrder, ElementType};
use crate::{Error, ErrorKind};

/// Program opcodes (`ElementwiseOps.NORMALIZE` / `TO_UINT8` in Java).
const NORMALIZE: jint = 0;
const TO_UINT8: jint = 1;
const QUANTIZE_INTEGER: jint = 2;
/// The last pair only: `(CHANNELS_FIRST, channels)` places the results channels first.
const CHANNELS_FIRST: jint = 3;

/// `static native void run(ByteBuffer srcDirect, byte[] srcHeap, int srcOffset, int srcType,
/// boolean srcBigEndian, int count, ByteBuffer dst, int dstType, int[] program, float[] params)`
///
/// `program` holds pairs `(opcode, channels)`; each NORMALIZE takes `channels` means and then
/// `channels` stddevs from `params`, in order; each QUANTIZE_INTEGER takes scale, zero point and
/// the type's bounds. A final `(CHANNELS_FIRST, channels)` pair writes the results channels first.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ElementwiseOps_run<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src_direct: JByteBuffer<'local>,
    src_heap: JByteArray<'local>,
    src_offset: jint,
    src_type: jint,
    src_big_endian: jboolean,
    count: jint,
    dst: JByteBuffer<'local>,
    dst_type: jint,
    program: JIntArray<'local>,
    params: JFloatArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let src_ty = element_type(src_type)?;
        let dst_ty = element_type(dst_type)?;
        let count =
            usize::try_from(count).map_err(|_| Error::invalid_argument("negative count"))?;
        let program: Vec<jint> = raw.ints(&program)?;
        let params: Vec<f32> = raw.floats(&params)?;
        let (program, layout) = split_layout(&program)?;
        let steps = decode(program, &params)?;
        let in_len = byte_len(count, src_ty)?;
        let out_len = byte_len(count, dst_ty)?;
        if count == 0 {
            return Ok(());
        }
        let out_ptr = raw.direct_bytes(&dst, out_len)?;
        // SAFETY: `out_len` bytes from the address lie within the direct buffer's capacity; the
        // buffer is an argument of this call, so its memory stays allocated until we return.
        // Made only once the source is known not to overlap it.
        let output = || unsafe { std::slice::from_raw_parts_mut(out_ptr, out_len) };
        let order = ByteOrder::from_big_endian(src_big_endian);
        if !src_direct.is_null() {
            let in_ptr = raw.direct_bytes(&src_direct, in_len)?;
            // A caller's output (`runInto`) may be any direct buffer: refuse shared memory, which
            // the two slices below must not be.
            ops::check_disjoint((in_ptr.addr(), in_len), (out_ptr.addr(), out_len))?;
            // SAFETY: as for the output; the two ranges are disjoint (checked above).
            let input = unsafe { std::slice::from_raw_parts(in_ptr.cast_const(), in_len) };
            ops::run_with_layout(input, src_ty, order, &steps, layout, output(), dst_ty)?;
        } else {
            let input = raw.byte_region(&src_heap, src_offset, in_len)?;
            ops::run_with_layout(&input, src_ty, order, &steps, layout, output(), dst_ty)?;
        }
        Ok(())
    })
}

/// `static native void checkDisjoint(ByteBuffer input, ByteBuffer output)`: refuses two direct
/// buffers whose memory (address to capacity) shares a byte, before an allocation-free op or
/// chain writes `output` on a path that has no native pass of its own.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ElementwiseOps_checkDisjoint<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    input: JByteBuffer<'local>,
    output: JByteBuffer<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let input = raw.direct_span(&input)?;
        let output = raw.direct_span(&output)?;
        Ok(ops::check_disjoint(input, output)?)
    })
}

pub(super) fn byte_len(count: usize, ty: ElementType) -> crate::Result<usize> {
    count
        .checked_mul(ty.size())
        .ok_or_else(|| Error::invalid_argument("element count overflows the byte count"))
}

/// The program without its final layout pair, and that layout ([`Layout::Same`] without one).
fn split_layout(program: &[jint]) -> crate::Result<(&[jint], Layout)> {
    match program {
        [rest @ .., CHANNELS_FIRST, channels] if rest.len() % 2 == 0 => {
            let channels = usize::try_from(*channels)
                .ok()
                .filter(|&c| c > 0)
                .ok_or_else(|| Error::invalid_argument("channel count must be positive"))?;
            Ok((rest, Layout::ChannelsFirst { channels }))
        }
        _ => Ok((program, Layout::Same)),
    }
}

/// The steps of a program, borrowing their constants from `params`.
pub(super) fn decode<'a>(program: &[jint], params: &'a [f32]) -> crate::Result<Vec<Step<'a>>> {
    if program.len() % 2 != 0 {
        return Err(Error::invalid_argument(
            "program is not (opcode, channels) pairs",
        ));
    }
    let mut steps = Vec::with_capacity(program.len() / 2);
    let mut next = 0usize;
    for pair in program.chunks_exact(2) {
        match pair[0] {
            NORMALIZE => {
                let channels = usize::try_from(pair[1])
                    .ok()
                    .filter(|&c| c > 0)
                    .ok_or_else(|| Error::invalid_argument("channel count must be positive"))?;
                let end = next
                    .checked_add(2 * channels)
                    .filter(|&end| end <= params.len())
                    .ok_or_else(|| Error::invalid_argument("params too short for the program"))?;
                steps.push(Step::Normalize {
                    mean: &params[next..next + channels],
                    stddev: &params[next + channels..end],
                });
                next = end;
            }
            TO_UINT8 => steps.push(Step::ToUint8),
            QUANTIZE_INTEGER => {
                let end = next
                    .checked_add(4)
                    .filter(|&end| end <= params.len())
                    .ok_or_else(|| Error::invalid_argument("params too short for the program"))?;
                let p = &params[next..end];
                steps.push(Step::QuantizeInteger {
                    scale: p[0],
                    zero_point: p[1],
                    lo: p[2],
                    hi: p[3],
                });
                next = end;
            }
            other => return Err(Error::invalid_argument(format!("unknown opcode {other}"))),
        }
    }
    Ok(steps)
}

impl RawEnv {
    pub(super) fn ints(&self, array: &JIntArray<'_>) -> BridgeResult<Vec<jint>> {
        let raw = array.as_raw() as jarray;
        let mut out = vec![0; self.array_len(raw)?];
        // SAFETY: a non-null int[] (checked by `array_len`) of exactly `out.len()` elements.
        unsafe { self.get_region(raw, 0, &mut out) };
        Ok(out)
    }

    pub(super) fn floats(&self, array: &JFloatArray<'_>) -> BridgeResult<Vec<f32>> {
        let raw = array.as_raw() as jarray;
        let mut out = vec![0.0f32; self.array_len(raw)?];
        // SAFETY: as in `ints`, for a float[].
        unsafe { self.get_region(raw, 0, &mut out) };
        Ok(out)
    }

    /// `len` bytes of `array` from `offset`, copied out (a heap source is the rare case: our own
    /// buffers are direct).
    pub(super) fn byte_region(
        &self,
        array: &JByteArray<'_>,
        offset: jint,
        len: usize,
    ) -> BridgeResult<Vec<u8>> {
        let raw = array.as_raw() as jarray;
        let (_, start) = self.heap_range(raw, offset, len)?;
        let mut out = vec![0u8; len];
        // SAFETY: a non-null byte[] in which [start, start + len) lies (checked by `heap_range`).
        unsafe { self.get_region(raw, start, &mut out) };
        Ok(out)
    }

    /// The address of a direct buffer holding at least `len` bytes (`len > 0`).
    pub(super) fn direct_bytes(
        &self,
        buffer: &JByteBuffer<'_>,
        len: usize,
    ) -> BridgeResult<*mut u8> {
        if buffer.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "buffer is null").into());
        }
        // `None` only for `len == 0`, which the caller never asks for.
        Ok(self
            .direct(buffer, len)?
            .ok_or_else(|| Error::invalid_argument("not a direct ByteBuffer"))?)
    }
}
