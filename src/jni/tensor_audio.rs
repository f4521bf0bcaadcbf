//! Natives of `org.tensorflow.lite.support.audio.TensorAudio`: every load into the ring and
//! `getTensorBuffer`'s copy out of it, with the rules and messages of [`crate::lite::audio::ring`].
//!
//! The ring is the Java object's own `float[]`, and its next index a Java field passed in and
//! returned; nothing native outlives a call. Arrays are pinned with `GetPrimitiveArrayCritical`
//! (two at once, as JNI allows) and no other JNI call is made until they are released. Each
//! native runs under [`guard_primitive`]: no `jni::Env` unless it throws. Every argument a hostile
//! caller could forge (nulls, the ring index, offsets, byte counts against the buffer's capacity
//! or the array's length) is checked here or in the core before memory is touched.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JFloatArray, JShortArray};
use jni::refs::Reference;
use jni::sys::{jarray, jboolean, jint};

use super::errors::{BridgeError, BridgeResult};
use super::guard::guard_primitive;
use super::raw_env::RawEnv;
use super::tensor_buffer::Release;
use crate::lite::ByteOrder;
use crate::lite::audio::ring;
use crate::{Error, ErrorKind};

/// `static native int loadFloats(float[] ring, int next, int channels, float[] src, int offset,
/// int size)`: `load(float[], int, int)`. Returns the ring's next index.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_audio_TensorAudio_loadFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ring: JFloatArray<'local>,
    next: jint,
    channels: jint,
    src: JFloatArray<'local>,
    offset: jint,
    size: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        if src.is_null() {
            ring_len(&raw, &ring)?;
            // Upstream reads the array's length after the channel check.
            ring::check_channels(channels, size)?;
            return Err(null_array());
        }
        let src_len = raw.len(src.as_raw() as jarray)?;
        // A caller passing the ring as its own source (the facade never does) gets a copy of it as
        // the source, so that no two views of one pinned region are live at once.
        if raw_same(&raw, &ring, &src) {
            return store(&raw, &ring, |samples| {
                let copy = samples.to_vec();
                ring::load_f32(samples, next, channels, &copy, offset, size)
            });
        }
        store(&raw, &ring, |samples| {
            // SAFETY: no JNI call until the pin drops; src is another float[] than the ring.
            let pinned = unsafe { raw.pin(&src, src_len, Release::NoCopyBack) }.map_err(internal)?;
            ring::load_f32(samples, next, channels, pinned.as_slice(), offset, size)
        })
    })
}

/// `static native int loadShorts(float[] ring, int next, int channels, short[] src, int offset,
/// int size)`: `load(short[], int, int)`. Returns the ring's next index.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_audio_TensorAudio_loadShorts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ring: JFloatArray<'local>,
    next: jint,
    channels: jint,
    src: JShortArray<'local>,
    offset: jint,
    size: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        ring_len(&raw, &ring)?;
        // Upstream reads the array's length first.
        let src_len = raw.array_len(src.as_raw() as jarray)?;
        store(&raw, &ring, |samples| {
            // SAFETY: no JNI call until the pin drops; a float[] and a short[] never alias.
            let pinned = unsafe { raw.pin(&src, src_len, Release::NoCopyBack) }.map_err(internal)?;
            ring::load_pcm16(samples, next, channels, pinned.as_slice(), offset, size)
        })
    })
}

/// `static native int loadDirect(float[] ring, int next, int channels, ByteBuffer src,
/// int position, int byteCount, boolean bigEndian, int encoding)`: `load(ByteBuffer, int)` of a
/// direct buffer, `byteCount` bytes from `position`. Returns the ring's next index.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_audio_TensorAudio_loadDirect<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ring: JFloatArray<'local>,
    next: jint,
    channels: jint,
    src: JByteBuffer<'local>,
    position: jint,
    byte_count: jint,
    big_endian: jboolean,
    encoding: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        ring_len(&raw, &ring)?;
        let (start, len) = window(position, byte_count)?;
        let (address, capacity) = raw.direct_span(&src)?;
        if start.checked_add(len).is_none_or(|end| end > capacity) {
            return Err(Error::new(
                ErrorKind::IndexOutOfBounds,
                format!("{len} bytes from {start} needed but the direct buffer holds {capacity}"),
            )
            .into());
        }
        let bytes: &[u8] = if len == 0 {
            &[]
        } else {
            // SAFETY: `start + len` bytes lie within the buffer's memory, which stays allocated
            // while `src` (an argument) is reachable, i.e. for this call. Java threads racing on
            // the buffer may change bytes under the read but no access leaves the range.
            unsafe { std::slice::from_raw_parts((address as *const u8).add(start), len) }
        };
        let order = ByteOrder::from_big_endian(big_endian);
        store(&raw, &ring, |samples| ring::load_bytes(samples, next, channels, bytes, encoding, order))
    })
}

/// `static native int loadHeap(float[] ring, int next, int channels, byte[] src, int offset,
/// int byteCount, boolean bigEndian, int encoding)`: `load(ByteBuffer, int)` of a heap buffer,
/// `byteCount` bytes of its array from `offset`. Returns the ring's next index.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_audio_TensorAudio_loadHeap<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ring: JFloatArray<'local>,
    next: jint,
    channels: jint,
    src: JByteArray<'local>,
    offset: jint,
    byte_count: jint,
    big_endian: jboolean,
    encoding: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        ring_len(&raw, &ring)?;
        let (_, len) = window(0, byte_count)?;
        let (array_len, start) = raw.heap_range(src.as_raw() as jarray, offset, len)?;
        let order = ByteOrder::from_big_endian(big_endian);
        store(&raw, &ring, |samples| {
            // SAFETY: no JNI call until the pin drops; a float[] and a byte[] never alias.
            let pinned = unsafe { raw.pin(&src, array_len, Release::NoCopyBack) }.map_err(internal)?;
            let bytes = &bytemuck::cast_slice::<i8, u8>(pinned.as_slice())[start..start + len];
            ring::load_bytes(samples, next, channels, bytes, encoding, order)
        })
    })
}

/// `static native void unroll(float[] ring, int next, byte[] dst)`: the ring's samples oldest
/// first into `dst` (exactly 4 bytes per sample) as native-order floats, for `getTensorBuffer`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_audio_TensorAudio_unroll<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    ring: JFloatArray<'local>,
    next: jint,
    dst: JByteArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let ring_len = ring_len(&raw, &ring)?;
        let dst_len = raw.array_len(dst.as_raw() as jarray)?;
        if Some(dst_len) != ring_len.checked_mul(4) {
            return Err(Error::internal("destination is not 4 bytes per ring sample").into());
        }
        if ring_len == 0 {
            return Ok(());
        }
        // SAFETY: no JNI call until both pins drop; a float[] and a byte[] never alias.
        let pinned_ring = unsafe { raw.pin(&ring, ring_len, Release::NoCopyBack)? };
        let mut pinned_dst = unsafe { raw.pin(&dst, dst_len, Release::CopyBack)? };
        let out = bytemuck::cast_slice_mut::<i8, u8>(pinned_dst.as_mut_slice());
        let samples = pinned_ring.as_slice();
        let next = usize::try_from(next).ok().filter(|&n| n < ring_len).ok_or_else(|| {
            Error::new(ErrorKind::IllegalState, format!("ring index {next} outside 0..{ring_len}"))
        })?;
        // Native-order floats are the floats' own bytes.
        let tail = bytemuck::cast_slice::<f32, u8>(&samples[next..]);
        out[..tail.len()].copy_from_slice(tail);
        out[tail.len()..].copy_from_slice(bytemuck::cast_slice::<f32, u8>(&samples[..next]));
        Ok(())
    })
}

/// Pins the ring (null: `NullPointerException`) and runs one load on its samples, which may pin
/// one more array; returns the ring's next index.
fn store(
    raw: &RawEnv,
    ring: &JFloatArray<'_>,
    load: impl FnOnce(&mut [f32]) -> crate::Result<i32>,
) -> BridgeResult<jint> {
    let len = ring_len(raw, ring)?;
    // SAFETY: the loads make no JNI call but pinning their source, which JNI allows inside a
    // critical region; the ring is a float[], never the source's memory (checked by the caller
    // where the two could be the same array).
    let mut pinned = unsafe { raw.pin(ring, len, Release::CopyBack)? };
    Ok(load(pinned.as_mut_slice())?)
}

/// A failed pin inside a load: the JVM has an `OutOfMemoryError` pending, which the guard lets
/// through; this carries the failure out of the core's `Result`.
fn internal(err: BridgeError) -> Error {
    match err {
        BridgeError::Core(core) => core,
        BridgeError::Jni(jni) => Error::internal(format!("JNI call failed: {jni}")),
    }
}

fn ring_len(raw: &RawEnv, ring: &JFloatArray<'_>) -> BridgeResult<usize> {
    raw.array_len(ring.as_raw() as jarray)
}

fn null_array() -> BridgeError {
    Error::new(ErrorKind::NullPointer, "array is null").into()
}

fn raw_same(raw: &RawEnv, a: &JFloatArray<'_>, b: &JFloatArray<'_>) -> bool {
    // SAFETY: live JNIEnv; two non-null local references. IsSameObject does not throw.
    unsafe { ((**raw.0).v1_1.IsSameObject)(raw.0, a.as_raw(), b.as_raw()) }
}

/// A byte window `position..position + byte_count` from Java ints, refusing negatives.
fn window(position: jint, byte_count: jint) -> BridgeResult<(usize, usize)> {
    match (usize::try_from(position), usize::try_from(byte_count)) {
        (Ok(start), Ok(len)) => Ok((start, len)),
        _ => Err(Error::new(
            ErrorKind::IndexOutOfBounds,
            format!("negative buffer window: position {position}, {byte_count} bytes"),
        )
        .into()),
    }
}
