//! Natives of `dev.tensorbridge.internal.ImagePixels`: the pixel conversions of the image classes
//! ([`crate::lite::image`]): Android ARGB ints ⇄ RGB bytes, and YUV 4:2:0 planes → RGB bytes.
//!
//! Byte sources are a direct `ByteBuffer` (by address) or a `byte[]` (a heap buffer's backing
//! array, or Java's copy of a read-only one), each with an offset and a length; the output is a
//! direct buffer Java has just allocated, or an `int[]`. Every offset, length and capacity is
//! checked here before memory is touched. One call is one JNI transition, through the raw
//! function table (no `jni::Env` unless an exception is thrown).

use std::borrow::Cow;

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JIntArray};
use jni::refs::Reference;
use jni::sys::{jarray, jint};

use super::errors::BridgeResult;
use super::guard::guard_primitive;
use super::raw_env::RawEnv;
use crate::lite::image::{argb, yuv};
use crate::{Error, ErrorKind};

/// `static native void argbToRgb(int[] argb, int count, ByteBuffer dst)`: the first `count`
/// pixels, `3 · count` bytes written to the direct `dst`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImagePixels_argbToRgb<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    pixels: JIntArray<'local>,
    count: jint,
    dst: JByteBuffer<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let count = non_negative(count, "count")?;
        let input = raw.int_prefix(&pixels, count)?;
        let out = raw.direct_out(&dst, rgb_len(count)?)?;
        argb::argb_to_rgb(&input, out)?;
        Ok(())
    })
}

/// `static native void rgbBytesToArgb(ByteBuffer srcDirect, byte[] srcHeap, int srcOffset,
/// int count, int[] argb)`: `count` opaque pixels of the RGB bytes from `srcOffset`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImagePixels_rgbBytesToArgb<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src_direct: JByteBuffer<'local>,
    src_heap: JByteArray<'local>,
    src_offset: jint,
    count: jint,
    pixels: JIntArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let count = non_negative(count, "count")?;
        let input = raw.source(&src_direct, &src_heap, src_offset, rgb_len(count)?)?;
        let mut out = vec![0i32; count];
        argb::rgb_bytes_to_argb(&input, &mut out)?;
        raw.int_out(&pixels, &out)
    })
}

/// `static native void packRgbInts(int[] rgb, int count, int[] argb)`: `Color.rgb` of `count`
/// triples.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImagePixels_packRgbInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    rgb: JIntArray<'local>,
    count: jint,
    pixels: JIntArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let count = non_negative(count, "count")?;
        let input = raw.int_prefix(&rgb, rgb_len(count)?)?;
        let mut out = vec![0i32; count];
        argb::rgb_ints_to_argb(&input, &mut out)?;
        raw.int_out(&pixels, &out)
    })
}

/// `static native void yuvToRgb(ByteBuffer yDirect, byte[] yHeap, int yOffset, int yLength,
/// ByteBuffer uDirect, byte[] uHeap, int uOffset, int uLength, ByteBuffer vDirect, byte[] vHeap,
/// int vOffset, int vLength, int yRowStride, int uvRowStride, int uvPixelStride, int width,
/// int height, int matrix, ByteBuffer dst)`: one frame to `width · height · 3` RGB bytes in the
/// direct `dst`, with the matrix of code `matrix` ([`yuv::Matrix::from_code`]).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImagePixels_yuvToRgb<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    y_direct: JByteBuffer<'local>,
    y_heap: JByteArray<'local>,
    y_offset: jint,
    y_length: jint,
    u_direct: JByteBuffer<'local>,
    u_heap: JByteArray<'local>,
    u_offset: jint,
    u_length: jint,
    v_direct: JByteBuffer<'local>,
    v_heap: JByteArray<'local>,
    v_offset: jint,
    v_length: jint,
    y_row_stride: jint,
    uv_row_stride: jint,
    uv_pixel_stride: jint,
    width: jint,
    height: jint,
    matrix: jint,
    dst: JByteBuffer<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let width = non_negative(width, "width")?;
        let height = non_negative(height, "height")?;
        let y = raw.source(
            &y_direct,
            &y_heap,
            y_offset,
            non_negative(y_length, "Y length")?,
        )?;
        let u = raw.source(
            &u_direct,
            &u_heap,
            u_offset,
            non_negative(u_length, "U length")?,
        )?;
        let v = raw.source(
            &v_direct,
            &v_heap,
            v_offset,
            non_negative(v_length, "V length")?,
        )?;
        let planes = yuv::Planes {
            y: &y,
            u: &u,
            v: &v,
            y_row_stride: non_negative(y_row_stride, "Y row stride")?,
            uv_row_stride: non_negative(uv_row_stride, "UV row stride")?,
            uv_pixel_stride: non_negative(uv_pixel_stride, "UV pixel stride")?,
            width,
            height,
        };
        raw.yuv_to_rgb_out(&planes, &yuv::Matrix::from_code(matrix)?, &dst)
    })
}

/// `static native void packedYuvToRgb(ByteBuffer srcDirect, byte[] srcHeap, int srcOffset,
/// int srcLength, int layout, int width, int height, int matrix, ByteBuffer dst)`: a packed frame
/// (`layout`: 0 NV12, 1 NV21, 2 YV12, 3 YV21) to `width · height · 3` RGB bytes in `dst`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImagePixels_packedYuvToRgb<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src_direct: JByteBuffer<'local>,
    src_heap: JByteArray<'local>,
    src_offset: jint,
    src_length: jint,
    layout: jint,
    width: jint,
    height: jint,
    matrix: jint,
    dst: JByteBuffer<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let layout = match layout {
            0 => yuv::Layout::Nv12,
            1 => yuv::Layout::Nv21,
            2 => yuv::Layout::Yv12,
            3 => yuv::Layout::Yv21,
            other => {
                return Err(Error::invalid_argument(format!("unknown YUV layout {other}")).into());
            }
        };
        let width = non_negative(width, "width")?;
        let height = non_negative(height, "height")?;
        let src = raw.source(
            &src_direct,
            &src_heap,
            src_offset,
            non_negative(src_length, "length")?,
        )?;
        let planes = yuv::Planes::packed(&src, layout, width, height)?;
        raw.yuv_to_rgb_out(&planes, &yuv::Matrix::from_code(matrix)?, &dst)
    })
}

fn non_negative(value: jint, what: &str) -> crate::Result<usize> {
    usize::try_from(value).map_err(|_| Error::invalid_argument(format!("negative {what}: {value}")))
}

fn rgb_len(pixels: usize) -> crate::Result<usize> {
    pixels
        .checked_mul(3)
        .ok_or_else(|| Error::invalid_argument("RGB size overflows"))
}

impl RawEnv {
    /// Converts `planes` into the RGB bytes of `dst` (a direct buffer of at least
    /// `width · height · 3` bytes).
    fn yuv_to_rgb_out(
        &self,
        planes: &yuv::Planes<'_>,
        matrix: &yuv::Matrix,
        dst: &JByteBuffer<'_>,
    ) -> BridgeResult<()> {
        let pixels = planes
            .width
            .checked_mul(planes.height)
            .ok_or_else(|| Error::invalid_argument("RGB size overflows"))?;
        let out = self.direct_out(dst, rgb_len(pixels)?)?;
        yuv::to_rgb_with(planes, matrix, out)?;
        Ok(())
    }

    /// The first `len` ints of a non-null `int[]` holding at least that many.
    fn int_prefix(&self, array: &JIntArray<'_>, len: usize) -> BridgeResult<Vec<jint>> {
        let raw = array.as_raw() as jarray;
        let have = self.array_len(raw)?;
        if have < len {
            return Err(Error::new(
                ErrorKind::IndexOutOfBounds,
                format!("{len} values needed but the array holds {have}"),
            )
            .into());
        }
        let mut out = vec![0; len];
        // SAFETY: a non-null int[] (checked by `array_len`) of at least `len` elements.
        unsafe { self.get_region(raw, 0, &mut out) };
        Ok(out)
    }

    /// Writes `values` to the start of a non-null `int[]` (the JVM refuses a region that does not
    /// fit with `ArrayIndexOutOfBoundsException`).
    fn int_out(&self, array: &JIntArray<'_>, values: &[jint]) -> BridgeResult<()> {
        let raw = array.as_raw() as jarray;
        self.array_len(raw)?;
        // SAFETY: a non-null int[] (checked by `array_len`).
        unsafe { self.set_region(raw, values) }
    }

    /// `len` bytes of a direct buffer, writable for the rest of this call (empty for `len == 0`).
    /// Every caller passes the fresh `ResultStorage` buffer that `ImagePixels` allocated for this
    /// call's output alone, so no other slice of that memory exists (hence the allowed lint).
    #[allow(clippy::mut_from_ref)]
    fn direct_out<'b>(
        &self,
        buffer: &'b JByteBuffer<'_>,
        len: usize,
    ) -> BridgeResult<&'b mut [u8]> {
        if buffer.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "buffer is null").into());
        }
        Ok(match self.direct(buffer, len)? {
            // SAFETY: `len` bytes from the address lie within the buffer's capacity; the buffer is
            // an argument of this call, so its memory stays allocated until we return, and Java
            // allocated it for this output alone.
            Some(ptr) => unsafe { std::slice::from_raw_parts_mut(ptr, len) },
            None => &mut [],
        })
    }

    /// `len` bytes from `offset` of a direct buffer (borrowed) or, when it is null, of a `byte[]`
    /// (copied).
    fn source<'b>(
        &self,
        direct: &'b JByteBuffer<'_>,
        heap: &JByteArray<'_>,
        offset: jint,
        len: usize,
    ) -> BridgeResult<Cow<'b, [u8]>> {
        if direct.is_null() {
            let raw = heap.as_raw() as jarray;
            let (_, start) = self.heap_range(raw, offset, len)?;
            let mut out = vec![0u8; len];
            // SAFETY: a non-null byte[] in which [start, start + len) lies (`heap_range`).
            unsafe { self.get_region(raw, start, &mut out) };
            return Ok(Cow::Owned(out));
        }
        let start = non_negative(offset, "offset")?;
        let end = start
            .checked_add(len)
            .ok_or_else(|| Error::invalid_argument("offset + length overflows"))?;
        match self.direct(direct, end)? {
            // SAFETY: `end` bytes from the address lie within the capacity (checked by `direct`);
            // the buffer is an argument of this call, so the memory outlives the borrow. Only
            // read; other readers of the same memory (the planes of one frame) only read too.
            Some(ptr) => Ok(Cow::Borrowed(unsafe {
                std::slice::from_raw_parts(ptr.cast_const().add(start), len)
            })),
            None => Ok(Cow::Borrowed(&[])),
        }
    }
}
