//! Natives of `dev.tensorbridge.audio.LogMelSpectrogramOp`: the parameter checks, the input
//! checks with the frame count, and the front end itself ([`crate::lite::audio`]) from a float
//! buffer's memory into a fresh direct buffer.
//!
//! Java holds no native state: every call passes the op's eight parameters, which are checked
//! again here and name the shared plan ([`crate::lite::audio::plan_cache`]). The source is a
//! direct `ByteBuffer` (by address) or a `byte[]` plus offset (a heap buffer's backing array, or
//! Java's copy of a read-only one); the destination is a direct buffer. Lengths are checked
//! against capacities before any memory is touched; no `jni::Env` is built unless an exception
//! is thrown.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JIntArray};
use jni::refs::Reference;
use jni::sys::{jboolean, jfloat, jint};

use super::guard::guard_primitive;
use super::raw_env::RawEnv;
use crate::dtype::LiteDataType;
use crate::lite::ByteOrder;
use crate::lite::audio::{LogMelParams, plan_cache};
use crate::lite::ops::check_disjoint;
use crate::{Error, Result};

#[allow(clippy::too_many_arguments)]
fn params(sr: jint, fl: jint, fs: jint, fft: jint, mel: jint, lo: jfloat, hi: jfloat, off: jfloat) -> Result<LogMelParams> {
    LogMelParams::new(sr, fl, fs, fft, mel, lo, hi, off)
}

/// `private static native void prepare(int sampleRate, int frameLength, int frameStep,
/// int fftLength, int melBins, float lowerEdgeHertz, float upperEdgeHertz, float logOffset)`:
/// checks the parameters and builds (or finds) their plan, so that an op is refused when it is
/// made and its first `apply` finds the window and mel matrix ready.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_audio_LogMelSpectrogramOp_prepare<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    sr: jint,
    fl: jint,
    fs: jint,
    fft: jint,
    mel: jint,
    lo: jfloat,
    hi: jfloat,
    off: jfloat,
) {
    guard_primitive(&mut env, || {
        plan_cache::plan(params(sr, fl, fs, fft, mel, lo, hi, off)?);
        Ok(())
    })
}

/// `private static native int frames(int dataType, int[] shape, int sampleRate, ...)`: the
/// frame count of an input of type `dataType` (`DataType.ordinal()`) and `shape`, refusing
/// anything but a FLOAT32 `[n]` with `n >= frameLength`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_audio_LogMelSpectrogramOp_frames<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    data_type: jint,
    shape: JIntArray<'local>,
    sr: jint,
    fl: jint,
    fs: jint,
    fft: jint,
    mel: jint,
    lo: jfloat,
    hi: jfloat,
    off: jfloat,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let p = params(sr, fl, fs, fft, mel, lo, hi, off)?;
        let shape = raw.ints(&shape)?;
        let n = input_length(data_type, &shape)?;
        let frames = p.frames(n)?;
        // `frames` checked the result's bytes against 2^31 - 1, so the count fits.
        Ok(jint::try_from(frames).map_err(|_| Error::internal("frame count beyond int"))?)
    })
}

/// The sample count of a FLOAT32 `[n]` input.
fn input_length(data_type: jint, shape: &[jint]) -> Result<usize> {
    let ty = usize::try_from(data_type)
        .ok()
        .and_then(LiteDataType::from_ordinal)
        .ok_or_else(|| Error::invalid_argument(format!("no DataType ordinal {data_type}")))?;
    if ty != LiteDataType::Float32 {
        return Err(Error::invalid_argument(format!("input must be FLOAT32, got {}", ty.name())));
    }
    match shape {
        &[n] => usize::try_from(n).map_err(|_| Error::invalid_argument(format!("negative input length {n}"))),
        _ => Err(Error::invalid_argument(format!("input must be 1-D [n], got shape {shape:?}"))),
    }
}

/// `private static native void run(ByteBuffer srcDirect, byte[] srcHeap, int srcOffset,
/// boolean srcBigEndian, int count, ByteBuffer dst, int sampleRate, ...)`: the log-mel
/// spectrogram of `count` float32 samples into `dst` (`frames * melBins` floats, native order).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_audio_LogMelSpectrogramOp_run<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src_direct: JByteBuffer<'local>,
    src_heap: JByteArray<'local>,
    src_offset: jint,
    src_big_endian: jboolean,
    count: jint,
    dst: JByteBuffer<'local>,
    sr: jint,
    fl: jint,
    fs: jint,
    fft: jint,
    mel: jint,
    lo: jfloat,
    hi: jfloat,
    off: jfloat,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let p = params(sr, fl, fs, fft, mel, lo, hi, off)?;
        let count = usize::try_from(count).map_err(|_| Error::invalid_argument("negative count"))?;
        let frames = p.frames(count)?;
        // Both products fit: count is an int and `frames` bounded the result's bytes.
        let (in_len, out_len) = (count * 4, frames * p.mel_bins * 4);
        let plan = plan_cache::plan(p);
        let out_ptr = raw.direct_bytes(&dst, out_len)?;
        // SAFETY: `out_len` bytes from the address lie within the direct buffer's capacity; the
        // buffer is an argument of this call, so its memory stays allocated until we return.
        // Made only once the source is known not to overlap it.
        let output = || unsafe { std::slice::from_raw_parts_mut(out_ptr, out_len) };
        let order = ByteOrder::from_big_endian(src_big_endian);
        if !src_direct.is_null() {
            let in_ptr = raw.direct_bytes(&src_direct, in_len)?;
            check_disjoint((in_ptr.addr(), in_len), (out_ptr.addr(), out_len))?;
            // SAFETY: as for the output; the two ranges are disjoint (checked above).
            let input = unsafe { std::slice::from_raw_parts(in_ptr.cast_const(), in_len) };
            plan.run_bytes(input, order, output())?;
        } else {
            let input = raw.byte_region(&src_heap, src_offset, in_len)?;
            plan.run_bytes(&input, order, output())?;
        }
        Ok(())
    })
}
