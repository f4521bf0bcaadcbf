//! Natives of `org.tensorflow.lite.support.tensorbuffer.ElementConversions`: the bulk conversions of TFLite
//! Support's `TensorBuffer` between a Java `float[]`/`int[]` and a direct `ByteBuffer`.
//!
//! Java (`ElementConversions`) has already checked nulls, directness, read-only state and the
//! live limit; this side re-checks what memory safety depends on (non-null, direct, element
//! count times size within the buffer's capacity, which never changes for a buffer object)
//! before it touches memory. Elements always start at the buffer's address (absolute index 0).
//! The `ByteBuffer` is an argument, so it stays reachable for the whole call.
//!
//! Performance: these run under [`guard_primitive`] and call the five JNI functions they need
//! straight through the function table. Building a `jni::Env` and going through the crate's
//! checked wrappers cost about 250 ns per call, which made the native path slower than Java
//! below a few hundred elements; an `Env` is now built only to throw.

use std::marker::PhantomData;

use jni::EnvUnowned;
use jni::objects::{JByteBuffer, JClass, JFloatArray, JIntArray, JPrimitiveArray, TypeArray};
use jni::refs::Reference;
use jni::sys::{JNIEnv, jarray, jboolean, jint, jobject};

use super::errors::BridgeResult;
use super::guard::guard_primitive;
use crate::lite::{self, ByteOrder, ElementType};
use crate::{Error, ErrorKind};

/// `static native void storeFloats(float[] src, ByteBuffer dst, int typeCode, boolean bigEndian)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JFloatArray<'local>,
    dst: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&src)?;
        let Some(region) = raw.direct_region(&dst, count, ty)? else {
            return Ok(());
        };
        // SAFETY: no JNI call until `elements` drops; the region is direct-buffer memory, which
        // never aliases a Java array.
        let elements = unsafe { raw.pin(&src, count, Release::NoCopyBack)? };
        lite::store_f32(elements.as_slice(), ty, order, unsafe {
            region.bytes_mut()
        })?;
        Ok(())
    })
}

/// `static native void storeInts(int[] src, ByteBuffer dst, int typeCode, boolean bigEndian)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JIntArray<'local>,
    dst: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&src)?;
        let Some(region) = raw.direct_region(&dst, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in storeFloats.
        let elements = unsafe { raw.pin(&src, count, Release::NoCopyBack)? };
        lite::store_i32(elements.as_slice(), ty, order, unsafe {
            region.bytes_mut()
        })?;
        Ok(())
    })
}

/// `static native void loadFloats(ByteBuffer src, int typeCode, boolean bigEndian, float[] dst)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
    dst: JFloatArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&dst)?;
        let Some(region) = raw.direct_region(&src, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in storeFloats; CopyBack publishes the results if the JVM handed out a copy.
        let mut elements = unsafe { raw.pin(&dst, count, Release::CopyBack)? };
        lite::load_f32(
            unsafe { region.bytes() },
            ty,
            order,
            elements.as_mut_slice(),
        )?;
        Ok(())
    })
}

/// `static native void loadInts(ByteBuffer src, int typeCode, boolean bigEndian, int[] dst)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JByteBuffer<'local>,
    type_code: jint,
    big_endian: jboolean,
    dst: JIntArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&dst)?;
        let Some(region) = raw.direct_region(&src, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in loadFloats.
        let mut elements = unsafe { raw.pin(&dst, count, Release::CopyBack)? };
        lite::load_i32(
            unsafe { region.bytes() },
            ty,
            order,
            elements.as_mut_slice(),
        )?;
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

fn null_pointer(what: &str) -> Error {
    Error::new(ErrorKind::NullPointer, format!("{what} is null"))
}

/// This thread's JNIEnv for the duration of one native call. Only functions that cannot throw
/// (or, for `GetPrimitiveArrayCritical`, leave an OutOfMemoryError pending) are called.
struct RawEnv(*mut JNIEnv);

impl RawEnv {
    fn array_len<T: TypeArray>(&self, array: &JPrimitiveArray<'_, T>) -> BridgeResult<usize> {
        if array.is_null() {
            return Err(null_pointer("array").into());
        }
        // SAFETY: live JNIEnv of this thread; non-null local reference to an array.
        let len = unsafe { ((**self.0).v1_1.GetArrayLength)(self.0, array.as_raw() as jarray) };
        Ok(usize::try_from(len).map_err(|_| Error::internal("negative array length"))?)
    }

    /// The first `count * ty.size()` bytes of a direct buffer, after checking them against its
    /// capacity. `None` when there is nothing to touch (count 0), so an empty buffer's address,
    /// which the JVM may leave unspecified, is never used.
    fn direct_region(
        &self,
        buffer: &JByteBuffer<'_>,
        count: usize,
        ty: ElementType,
    ) -> BridgeResult<Option<Region>> {
        if buffer.is_null() {
            return Err(null_pointer("buffer").into());
        }
        let len = count
            .checked_mul(ty.size())
            .ok_or_else(|| Error::invalid_argument("element count overflows the byte count"))?;
        let object = buffer.as_raw() as jobject;
        // SAFETY: live JNIEnv; non-null local reference. Neither function throws; a heap buffer
        // gives capacity -1 and a null address.
        let (capacity, ptr) = unsafe {
            let interface = *self.0;
            (
                ((*interface).v1_4.GetDirectBufferCapacity)(self.0, object),
                ((*interface).v1_4.GetDirectBufferAddress)(self.0, object).cast::<u8>(),
            )
        };
        // A heap buffer has no address; Java routes those to its own path, so this is a caller bug.
        let capacity = usize::try_from(capacity)
            .map_err(|_| Error::invalid_argument("not a direct ByteBuffer"))?;
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
            return Err(Error::invalid_argument("not a direct ByteBuffer").into());
        }
        Ok(Some(Region { ptr, len }))
    }

    /// Pins `array` (whose length was read as `len` before entering the region) with
    /// `GetPrimitiveArrayCritical`, written against the raw table because the `jni` crate's
    /// critical guard calls `ExceptionCheck` inside the region, which `-Xcheck:jni` reports.
    ///
    /// # Safety
    /// The caller makes no JNI call on this thread until the returned guard is dropped.
    unsafe fn pin<'a, T: TypeArray>(
        &self,
        array: &'a JPrimitiveArray<'_, T>,
        len: usize,
        release: Release,
    ) -> BridgeResult<Pinned<'a, T>> {
        let raw_array = array.as_raw() as jarray;
        // SAFETY: live JNIEnv; non-null local reference to a primitive array of element type T.
        let ptr = unsafe {
            ((**self.0).v1_2.GetPrimitiveArrayCritical)(self.0, raw_array, std::ptr::null_mut())
        };
        if ptr.is_null() {
            // Could not pin or copy (out of memory): an OutOfMemoryError is pending and the
            // guard lets it through.
            return Err(Error::resource_exhausted("GetPrimitiveArrayCritical failed").into());
        }
        Ok(Pinned {
            env: self.0,
            array: raw_array,
            ptr: ptr.cast(),
            len,
            release,
            _array: PhantomData,
        })
    }
}

/// Bytes of a direct buffer, checked against its capacity.
struct Region {
    ptr: *mut u8,
    len: usize,
}

impl Region {
    /// # Safety
    /// The buffer object stays reachable (it is an argument of the running native call).
    unsafe fn bytes(&self) -> &[u8] {
        // SAFETY: `len` bytes from the buffer's address lie within its capacity.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// # Safety
    /// As [`Self::bytes`]; Java code racing on the same buffer may observe partial writes, as
    /// with any concurrent `ByteBuffer` use, but no access leaves the buffer.
    #[allow(clippy::mut_from_ref)]
    unsafe fn bytes_mut(&self) -> &mut [u8] {
        // SAFETY: as in `bytes`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// How a pinned array is released: without copying back for inputs, with for outputs (matters
/// only if the JVM handed out a copy).
#[derive(Clone, Copy)]
enum Release {
    CopyBack,
    NoCopyBack,
}

/// A Java primitive array pinned by [`RawEnv::pin`], released on drop.
struct Pinned<'a, T> {
    env: *mut JNIEnv,
    array: jarray,
    ptr: *mut T,
    len: usize,
    release: Release,
    _array: PhantomData<&'a ()>,
}

impl<T> Pinned<'_, T> {
    fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` points at `len` elements of the pinned array until drop.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in as_slice; `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T> Drop for Pinned<'_, T> {
    fn drop(&mut self) {
        let mode = match self.release {
            Release::CopyBack => 0,
            Release::NoCopyBack => jni::sys::JNI_ABORT,
        };
        // SAFETY: releases exactly what `pin` obtained, on the same thread and JNIEnv.
        unsafe {
            ((**self.env).v1_2.ReleasePrimitiveArrayCritical)(
                self.env,
                self.array,
                self.ptr.cast(),
                mode,
            );
        }
    }
}
