//! Natives of `dev.tensorbridge.internal.NativeTensorBuffer`: the bulk conversions of TFLite
//! Support's `TensorBuffer` between a Java `float[]`/`int[]` and a direct `ByteBuffer`.
//!
//! Java (`TensorBufferKernels`) has already checked nulls, directness, read-only state and the
//! live limit; this side re-checks what memory safety depends on (non-null, direct, element
//! count times size within the buffer's capacity, which never changes for a buffer object)
//! before it touches memory. Elements always start at the buffer's address (absolute index 0).
//! The `ByteBuffer` is an argument, so it stays reachable for the whole call.

use jni::objects::{JByteBuffer, JFloatArray, JIntArray, JPrimitiveArray, TypeArray};
use jni::refs::Reference;
use jni::sys::{jboolean, jint};
use jni::{Env, EnvUnowned};

use super::errors::BridgeResult;
use super::guard::guard;
use crate::lite::{self, ByteOrder, ElementType};
use crate::{Error, ErrorKind};

/// `static native void storeFloats(float[] src, ByteBuffer dst, int typeCode, boolean bigEndian)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensorBuffer_storeFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: jni::objects::JClass<'local>,
    src: JFloatArray<'local>,
    dst: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
) {
    guard(&mut env, |env| {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = array_len(src.is_null(), || src.len(env))?;
        let Some(bytes) = direct_bytes(env, &dst, count, ty)? else {
            return Ok(());
        };
        // SAFETY: critical section: no JNI call until `elements` is dropped; `bytes` came from
        // the direct buffer (not Java heap memory), so it cannot alias the array.
        let elements = unsafe { Critical::pin(env, &src, count, ReleaseMode::NoCopyBack)? };
        let out = unsafe { std::slice::from_raw_parts_mut(bytes.ptr, bytes.len) };
        lite::store_f32(elements.as_slice(), ty, order, out)?;
        Ok(())
    })
}

/// `static native void storeInts(int[] src, ByteBuffer dst, int typeCode, boolean bigEndian)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensorBuffer_storeInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: jni::objects::JClass<'local>,
    src: JIntArray<'local>,
    dst: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
) {
    guard(&mut env, |env| {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = array_len(src.is_null(), || src.len(env))?;
        let Some(bytes) = direct_bytes(env, &dst, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in storeFloats.
        let elements = unsafe { Critical::pin(env, &src, count, ReleaseMode::NoCopyBack)? };
        let out = unsafe { std::slice::from_raw_parts_mut(bytes.ptr, bytes.len) };
        lite::store_i32(elements.as_slice(), ty, order, out)?;
        Ok(())
    })
}

/// `static native void loadFloats(ByteBuffer src, int typeCode, boolean bigEndian, float[] dst)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensorBuffer_loadFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: jni::objects::JClass<'local>,
    src: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
    dst: JFloatArray<'local>,
) {
    guard(&mut env, |env| {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = array_len(dst.is_null(), || dst.len(env))?;
        let Some(bytes) = direct_bytes(env, &src, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in storeFloats; CopyBack publishes the results if the JVM handed us a copy.
        let mut elements = unsafe { Critical::pin(env, &dst, count, ReleaseMode::CopyBack)? };
        let input = unsafe { std::slice::from_raw_parts(bytes.ptr, bytes.len) };
        lite::load_f32(input, ty, order, elements.as_mut_slice())?;
        Ok(())
    })
}

/// `static native void loadInts(ByteBuffer src, int typeCode, boolean bigEndian, int[] dst)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeTensorBuffer_loadInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: jni::objects::JClass<'local>,
    src: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
    dst: JIntArray<'local>,
) {
    guard(&mut env, |env| {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = array_len(dst.is_null(), || dst.len(env))?;
        let Some(bytes) = direct_bytes(env, &src, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in loadFloats.
        let mut elements = unsafe { Critical::pin(env, &dst, count, ReleaseMode::CopyBack)? };
        let input = unsafe { std::slice::from_raw_parts(bytes.ptr, bytes.len) };
        lite::load_i32(input, ty, order, elements.as_mut_slice())?;
        Ok(())
    })
}

fn element_and_order(
    type_code: jint,
    big_endian: jboolean,
) -> crate::Result<(ElementType, ByteOrder)> {
    Ok((
        ElementType::from_tflite_code(type_code)?,
        ByteOrder::from_big_endian(big_endian),
    ))
}

/// The length of a Java array argument, refusing null.
fn array_len(
    is_null: bool,
    len: impl FnOnce() -> jni::errors::Result<usize>,
) -> BridgeResult<usize> {
    if is_null {
        return Err(Error::new(ErrorKind::NullPointer, "array is null").into());
    }
    Ok(len()?)
}

/// Bytes of a direct buffer, checked against its capacity.
struct Region {
    ptr: *mut u8,
    len: usize,
}

/// The first `count * ty.size()` bytes of a direct buffer, after checking them against its
/// capacity. `None` when there is nothing to touch (count 0), so an empty buffer's address,
/// which the JVM may leave unspecified, is never used.
fn direct_bytes(
    env: &Env<'_>,
    buffer: &JByteBuffer<'_>,
    count: usize,
    ty: ElementType,
) -> BridgeResult<Option<Region>> {
    if buffer.is_null() {
        return Err(Error::new(ErrorKind::NullPointer, "buffer is null").into());
    }
    let len = count
        .checked_mul(ty.size())
        .ok_or_else(|| Error::invalid_argument("element count overflows the byte count"))?;
    // A heap buffer has no address; Java routes those to its own path, so this is a caller bug.
    let ptr = env
        .get_direct_buffer_address(buffer)
        .map_err(|_| Error::invalid_argument("not a direct ByteBuffer"))?;
    let capacity = env.get_direct_buffer_capacity(buffer)?;
    if len > capacity {
        return Err(Error::new(
            ErrorKind::IndexOutOfBounds,
            format!("{len} bytes needed but the direct buffer holds {capacity}"),
        )
        .into());
    }
    if len == 0 {
        return Ok(None);
    }
    if ptr.is_null() {
        return Err(Error::invalid_argument("direct buffer without an address").into());
    }
    Ok(Some(Region { ptr, len }))
}

/// How a pinned array is released: `NoCopyBack` for inputs, `CopyBack` for outputs (matters only
/// if the JVM handed out a copy).
#[derive(Clone, Copy)]
enum ReleaseMode {
    CopyBack,
    NoCopyBack,
}

/// A Java primitive array pinned with `GetPrimitiveArrayCritical` and released on drop.
///
/// Written against the raw function table because the `jni` crate's critical guard calls
/// `ExceptionCheck` inside the critical region, which `-Xcheck:jni` reports. Between pin and
/// drop this code makes no JNI call at all.
struct Critical<'a, T> {
    env: *mut jni::sys::JNIEnv,
    array: jni::sys::jarray,
    ptr: *mut T,
    len: usize,
    mode: ReleaseMode,
    _array_lifetime: std::marker::PhantomData<&'a ()>,
}

impl<'a, T: TypeArray> Critical<'a, T> {
    /// Pins `array`, whose length the caller has read as `len` (before entering the region).
    ///
    /// # Safety
    /// The caller makes no JNI call on this thread until the returned guard is dropped.
    unsafe fn pin(
        env: &Env<'_>,
        array: &'a JPrimitiveArray<'_, T>,
        len: usize,
        mode: ReleaseMode,
    ) -> BridgeResult<Self> {
        let raw_env = env.get_raw();
        let raw_array = array.as_raw() as jni::sys::jarray;
        // SAFETY: `raw_env` is this thread's live JNIEnv; `raw_array` is a non-null local
        // reference to a primitive array of element type T (checked by the callers' signatures).
        let ptr = unsafe {
            let interface = *raw_env;
            ((*interface).v1_2.GetPrimitiveArrayCritical)(raw_env, raw_array, std::ptr::null_mut())
        };
        if ptr.is_null() {
            // The JVM could not pin or copy it (out of memory); an OutOfMemoryError is pending
            // and the guard lets it through.
            return Err(Error::resource_exhausted("GetPrimitiveArrayCritical failed").into());
        }
        Ok(Critical {
            env: raw_env,
            array: raw_array,
            ptr: ptr.cast(),
            len,
            mode,
            _array_lifetime: std::marker::PhantomData,
        })
    }

    fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` points at `len` elements of the pinned array until drop.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in as_slice; `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T> Drop for Critical<'_, T> {
    fn drop(&mut self) {
        let mode = match self.mode {
            ReleaseMode::CopyBack => 0,
            ReleaseMode::NoCopyBack => jni::sys::JNI_ABORT,
        };
        // SAFETY: releases exactly what `pin` obtained, on the same thread and JNIEnv.
        unsafe {
            let interface = *self.env;
            ((*interface).v1_2.ReleasePrimitiveArrayCritical)(
                self.env,
                self.array,
                self.ptr.cast(),
                mode,
            );
        }
    }
}
