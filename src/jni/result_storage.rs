//! The storage of an op's result as a natively allocated block behind a direct `ByteBuffer` the
//! JVM creates over it: the allocation native of `org.tensorflow.NativeHandle` (which adopts the
//! block's handle) and `dev.tensorbridge.internal.ResultStorage`'s count of live block bytes.
//!
//! A block comes from the tensor allocator ([`AlignedBytes::try_uninit`]: 64-byte aligned, size
//! classes and the block cache from 64 KiB, huge pages from 2 MiB) and is never initialised here: the op that
//! asked for it overwrites every byte. It lives in a slot of the handle registry, so that Java
//! frees it through the one release path of native handles (`NativeHandle`, owned on behalf of the
//! buffer the JVM created, released once that buffer is unreachable). Rust never reads the bytes;
//! it only hands their address to the JVM once and frees the block on release.

use std::sync::atomic::{AtomicI64, Ordering};

use jni::EnvUnowned;
use jni::objects::{JClass, JLongArray};
use jni::refs::Reference;
use jni::sys::{jarray, jint, jlong, jobject};

use super::errors::BridgeResult;
use super::guard::guard_primitive;
use super::handles;
use super::raw_env::RawEnv;
use crate::tensor::storage::{AlignedBytes, UninitBytes};
use crate::{Error, ErrorKind};

/// Bytes of result blocks allocated and not yet released (what the blocks request, not their
/// size class). Java asks for a collection when this grows past its budget.
static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);

/// An op result's block, owned by its registry slot. Its bytes are only ever accessed by Java,
/// through the one buffer made over them; dropping it frees the block (or caches it).
pub(crate) struct ResultBlock {
    /// Held for its memory only: never viewed from Rust.
    _block: UninitBytes,
    len: usize,
}

impl Drop for ResultBlock {
    fn drop(&mut self) {
        LIVE_BYTES.fetch_sub(self.len as i64, Ordering::Relaxed);
    }
}

/// `org.tensorflow.NativeHandle`'s `private static native ByteBuffer allocateBlock0(int bytes,
/// long[] out)`: a direct buffer of `bytes` (> 0) uninitialised bytes over a new block; `out[0]`
/// receives the block's handle, which `NativeHandle` adopts on behalf of the returned buffer (the
/// handle never reaches a public method). `OutOfMemoryError` when the allocator refuses.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_NativeHandle_allocateBlock0<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    bytes: jint,
    out: JLongArray<'local>,
) -> jobject {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let len = usize::try_from(bytes)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                Error::invalid_argument(format!("result size must be positive: {bytes}"))
            })?;
        let out = out.as_raw() as jarray;
        if raw.array_len(out)? < 1 {
            return Err(Error::invalid_argument("out must have room for the handle").into());
        }
        let mut block = AlignedBytes::try_uninit(len).ok_or_else(|| {
            Error::new(
                ErrorKind::OutOfMemory,
                format!("Cannot allocate {len} bytes of native memory for an op result"),
            )
        })?;
        // The block's memory does not move with the value that owns it.
        let address = block.as_uninit_mut().as_mut_ptr().cast::<u8>();
        LIVE_BYTES.fetch_add(len as i64, Ordering::Relaxed);
        let handle = handles::block_into_handle(ResultBlock { _block: block, len })?;
        let made = raw.new_direct_buffer(address, len).and_then(|buffer| {
            // SAFETY: `out` is a non-null long[] of at least one element (checked above).
            unsafe { raw.set_region(out, &[handle])? };
            Ok(buffer)
        });
        if made.is_err() {
            // Java never saw the handle: free the block now.
            let _ = handles::release(handle);
        }
        made
    })
}

impl RawEnv {
    /// `NewDirectByteBuffer` over `len` bytes at `address` (a pending `OutOfMemoryError` and an
    /// error if the JVM could not make the object).
    fn new_direct_buffer(&self, address: *mut u8, len: usize) -> BridgeResult<jobject> {
        let capacity = jlong::try_from(len).map_err(|_| Error::invalid_argument("too large"))?;
        // SAFETY: live JNIEnv of this thread; `address` is valid for `len` bytes for as long as
        // the block's handle is live, which Java keeps so while the buffer is reachable.
        let buffer =
            unsafe { ((**self.0).v1_4.NewDirectByteBuffer)(self.0, address.cast(), capacity) };
        if buffer.is_null() {
            return Err(Error::internal("NewDirectByteBuffer failed").into());
        }
        Ok(buffer)
    }
}

/// `static native long liveBytes()`: bytes of live result blocks (allocated, not yet released),
/// compared with the collection budget after each allocation and read after a collection to set
/// the next one.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ResultStorage_liveBytes<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jlong {
    guard_primitive(&mut env, || Ok(LIVE_BYTES.load(Ordering::Relaxed)))
}

/// `static native void reserveCache(long bytes)`: lets the allocator's cache of freed blocks hold
/// up to `bytes` (the collection budget), so that the blocks one collection frees are reused
/// warm. Negative values change nothing.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ResultStorage_reserveCache<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    bytes: jlong,
) {
    guard_primitive(&mut env, || {
        if let Ok(bytes) = usize::try_from(bytes) {
            crate::tensor::storage::raise_cache_limit(bytes);
        }
        Ok(())
    })
}

/// What a runtime may ask of a tensor's memory: LiteRT's host-memory buffers need 64 bytes, as
/// the tensor allocator gives.
const STORAGE_ALIGNMENT: usize = 64;

/// `static native int alignmentPadding(ByteBuffer buffer)`: the bytes from a direct buffer's
/// start to its first 64-byte aligned address (0 to 63), so that a slice there is aligned.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ResultStorage_alignmentPadding<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    buffer: jni::objects::JByteBuffer<'local>,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (address, _) = raw.direct_span(&buffer)?;
        // Below 64, so it fits.
        Ok(address.wrapping_neg() as jint & (STORAGE_ALIGNMENT as jint - 1))
    })
}
