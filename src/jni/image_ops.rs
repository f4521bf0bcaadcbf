//! Natives of `dev.tensorbridge.internal.ImageKernels`: an image program (geometry steps, then
//! the elementwise steps of `ElementwiseOps`, in their encoding) run by
//! [`crate::lite::image::pipeline::run`] from an image's memory into a fresh direct buffer, and
//! the output shape of a geometry program.
//!
//! The geometry program is an `int[]` of triples `(opcode, a, b)`: RESIZE_BILINEAR and
//! RESIZE_NEAREST `(height, width)`, CROP_OR_PAD `(height, width)`, ROT90 `(k, 0)`, GRAYSCALE
//! `(0, 0)`. Everything memory safety depends on (non-null, direct, byte counts within capacity
//! or array length, positive sizes, the program's form) is checked here before memory is
//! touched; the element counts come from Rust's shape rule, never from the caller.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JFloatArray, JIntArray};
use jni::refs::Reference;
use jni::sys::{jarray, jboolean, jint};

use super::elementwise_ops::{byte_len, decode};
use super::guard::guard_primitive;
use super::raw_env::RawEnv;
use crate::lite::ByteOrder;
use crate::lite::buffer::element_type;
use crate::lite::image::{self, Geometry, ImageShape, ResizeMethod, pipeline};
use crate::{Error, ErrorKind};

/// Geometry opcodes (`ImageKernels.RESIZE_BILINEAR` … in Java).
const RESIZE_BILINEAR: jint = 0;
const RESIZE_NEAREST: jint = 1;
const CROP_OR_PAD: jint = 2;
const ROT90: jint = 3;
const GRAYSCALE: jint = 4;

/// `static native void outputShape(int height, int width, int channels, int[] geometry,
/// int[] shape)`: writes the output's height, width and channels to `shape` (length 3).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageKernels_outputShape<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    height: jint,
    width: jint,
    channels: jint,
    geometry: JIntArray<'local>,
    shape: JIntArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let input = image_shape(height, width, channels)?;
        let program = decode_geometry(&raw.ints(&geometry)?)?;
        let out = image::output_shape(input, &program)?;
        let target = shape.as_raw() as jarray;
        if raw.array_len(target)? != 3 {
            return Err(Error::invalid_argument("shape array must hold 3 ints").into());
        }
        let values = [out.height as jint, out.width as jint, out.channels as jint];
        // SAFETY: a non-null int[] of length 3 (checked above).
        unsafe { raw.set_region(target, &values) }
    })
}

/// `static native void run(ByteBuffer srcDirect, byte[] srcHeap, int srcOffset, int srcType,
/// boolean srcBigEndian, int height, int width, int channels, int[] geometry, int[] program,
/// float[] params, ByteBuffer dst, int dstType, ByteBuffer geometryDst)`: `geometryDst` (may be
/// null) receives the image after the geometry steps, in the source's type.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageKernels_run<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src_direct: JByteBuffer<'local>,
    src_heap: JByteArray<'local>,
    src_offset: jint,
    src_type: jint,
    src_big_endian: jboolean,
    height: jint,
    width: jint,
    channels: jint,
    geometry: JIntArray<'local>,
    program: JIntArray<'local>,
    params: JFloatArray<'local>,
    dst: JByteBuffer<'local>,
    dst_type: jint,
    geometry_dst: JByteBuffer<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let src_ty = element_type(src_type)?;
        let dst_ty = element_type(dst_type)?;
        let input = image_shape(height, width, channels)?;
        let geometry = decode_geometry(&raw.ints(&geometry)?)?;
        let program: Vec<jint> = raw.ints(&program)?;
        let params: Vec<f32> = raw.floats(&params)?;
        let steps = decode(&program, &params)?;
        let out = image::output_shape(input, &geometry)?;
        let in_len = byte_len(input.len(), src_ty)?;
        let out_len = byte_len(out.len(), dst_ty)?;
        // Checked shapes are never empty, so both lengths are positive.
        let out_ptr = raw.direct_bytes(&dst, out_len)?;
        // SAFETY: `out_len` bytes from the address lie within the direct buffer's capacity; the
        // buffer is an argument of this call, so its memory stays allocated until we return.
        let output = unsafe { std::slice::from_raw_parts_mut(out_ptr, out_len) };
        let kept = if geometry_dst.is_null() {
            None
        } else {
            let kept_len = byte_len(out.len(), src_ty)?;
            let kept_ptr = raw.direct_bytes(&geometry_dst, kept_len)?;
            if kept_ptr == out_ptr {
                return Err(Error::invalid_argument("the two destinations must differ").into());
            }
            // SAFETY: as for the output; a different buffer Java has just allocated.
            Some(unsafe { std::slice::from_raw_parts_mut(kept_ptr, kept_len) })
        };
        let order = ByteOrder::from_big_endian(src_big_endian);
        if !src_direct.is_null() {
            let in_ptr = raw.direct_bytes(&src_direct, in_len)?;
            // SAFETY: as for the output; Java allocates the output fresh, so they never overlap.
            let input_bytes = unsafe { std::slice::from_raw_parts(in_ptr.cast_const(), in_len) };
            pipeline::run_keeping(
                input_bytes,
                src_ty,
                order,
                input,
                &geometry,
                &steps,
                output,
                dst_ty,
                kept,
            )?;
        } else {
            let input_bytes = raw.byte_region(&src_heap, src_offset, in_len)?;
            pipeline::run_keeping(
                &input_bytes,
                src_ty,
                order,
                input,
                &geometry,
                &steps,
                output,
                dst_ty,
                kept,
            )?;
        }
        Ok(())
    })
}

fn dimension(value: jint, what: &str) -> crate::Result<usize> {
    usize::try_from(value)
        .ok()
        .filter(|&v| v > 0)
        .ok_or_else(|| Error::invalid_argument(format!("{what} must be positive, got {value}")))
}

fn image_shape(height: jint, width: jint, channels: jint) -> crate::Result<ImageShape> {
    ImageShape::new(
        dimension(height, "height")?,
        dimension(width, "width")?,
        dimension(channels, "channels")?,
    )
}

/// The geometry steps of a program of `(opcode, a, b)` triples.
fn decode_geometry(program: &[jint]) -> crate::Result<Vec<Geometry>> {
    if !program.len().is_multiple_of(3) {
        return Err(Error::invalid_argument(
            "geometry is not (opcode, a, b) triples",
        ));
    }
    program
        .chunks_exact(3)
        .map(|t| {
            let size = || -> crate::Result<(usize, usize)> {
                Ok((
                    dimension(t[1], "target height")?,
                    dimension(t[2], "target width")?,
                ))
            };
            Ok(match t[0] {
                RESIZE_BILINEAR | RESIZE_NEAREST => {
                    let (height, width) = size()?;
                    let method = if t[0] == RESIZE_BILINEAR {
                        ResizeMethod::Bilinear
                    } else {
                        ResizeMethod::NearestNeighbor
                    };
                    Geometry::Resize {
                        height,
                        width,
                        method,
                    }
                }
                CROP_OR_PAD => {
                    let (height, width) = size()?;
                    Geometry::CropOrPad { height, width }
                }
                ROT90 => Geometry::Rot90 { k: t[1] },
                GRAYSCALE => Geometry::Grayscale,
                other => {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        format!("unknown geometry opcode {other}"),
                    ));
                }
            })
        })
        .collect()
}
