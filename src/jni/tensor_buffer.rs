//! Natives of `org.tensorflow.lite.support.tensorbuffer.ElementConversions`: every conversion of
//! TFLite Support's `TensorBuffer` between a Java `float[]`/`int[]` and a buffer's elements, for
//! every array size and every buffer kind. A buffer's elements are given either as a direct
//! `ByteBuffer` (by address) or as a `byte[]` plus offset (a heap buffer's backing array, or
//! Java's copy of a read-only heap buffer), in the buffer's byte order.
//!
//! Java (`ElementConversions`) has already checked nulls, read-only state and the live limit;
//! this side re-checks what memory safety depends on (non-null, direct, element count times size
//! within the buffer's capacity or the array's length from the offset, which never change for a
//! buffer or array object) before it touches memory. Elements always start at the buffer's
//! address or at the array offset. The `ByteBuffer` is an argument, so it stays reachable for the
//! whole call.
//!
//! Performance: one user call is one JNI transition. These run under [`guard_primitive`] and call
//! the JNI functions they need (array length, direct address and capacity, critical pin and
//! release) straight through the function table, so no `jni::Env` is built unless there is an
//! exception to throw. Java arrays are pinned with `GetPrimitiveArrayCritical` (no copy on
//! HotSpot) at every size; docs/tensorbuffer.md has the measured cost at 1 and 1,000 elements.

use std::marker::PhantomData;

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JFloatArray, JIntArray, JPrimitiveArray, TypeArray};
use jni::refs::Reference;
use jni::sys::{JNIEnv, jarray, jboolean, jbyte, jint, jobject};

use super::errors::BridgeResult;
use super::guard::guard_primitive;
use crate::lite::{self, ByteOrder, ElementType};
use crate::{Error, ErrorKind};

/// `static native void storeFloats(float[] src, ByteBuffer direct, byte[] heap, int heapOffset,
/// int typeCode, boolean bigEndian)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JFloatArray<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    type_code: jint,
    big_endian: jboolean,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&src)?;
        let Some(target) = raw.storage(&direct, &heap, heap_offset, count, ty)? else {
            return Ok(());
        };
        // SAFETY: no JNI call until the pins drop; `src` is a float[] and the storage is a
        // direct buffer's memory or a byte[], so the two never alias.
        let elements = unsafe { raw.pin(&src, count, Release::NoCopyBack)? };
        let mut bytes = unsafe { target.open(&raw, Release::CopyBack)? };
        lite::store_f32(elements.as_slice(), ty, order, bytes.as_mut_slice())?;
        Ok(())
    })
}

/// `static native void storeInts(int[] src, ByteBuffer direct, byte[] heap, int heapOffset,
/// int typeCode, boolean bigEndian)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JIntArray<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    type_code: jint,
    big_endian: jboolean,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&src)?;
        let Some(target) = raw.storage(&direct, &heap, heap_offset, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in storeFloats.
        let elements = unsafe { raw.pin(&src, count, Release::NoCopyBack)? };
        let mut bytes = unsafe { target.open(&raw, Release::CopyBack)? };
        lite::store_i32(elements.as_slice(), ty, order, bytes.as_mut_slice())?;
        Ok(())
    })
}

/// `static native void loadFloats(ByteBuffer direct, byte[] heap, int heapOffset, int typeCode,
/// boolean bigEndian, float[] dst)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    type_code: jint,
    big_endian: jboolean,
    dst: JFloatArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&dst)?;
        let Some(source) = raw.storage(&direct, &heap, heap_offset, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in storeFloats; CopyBack publishes the results if the JVM handed out a copy.
        let bytes = unsafe { source.open(&raw, Release::NoCopyBack)? };
        let mut elements = unsafe { raw.pin(&dst, count, Release::CopyBack)? };
        lite::load_f32(bytes.as_slice(), ty, order, elements.as_mut_slice())?;
        Ok(())
    })
}

/// `static native void loadInts(ByteBuffer direct, byte[] heap, int heapOffset, int typeCode,
/// boolean bigEndian, int[] dst)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    type_code: jint,
    big_endian: jboolean,
    dst: JIntArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let (ty, order) = element_and_order(type_code, big_endian)?;
        let count = raw.array_len(&dst)?;
        let Some(source) = raw.storage(&direct, &heap, heap_offset, count, ty)? else {
            return Ok(());
        };
        // SAFETY: as in loadFloats.
        let bytes = unsafe { source.open(&raw, Release::NoCopyBack)? };
        let mut elements = unsafe { raw.pin(&dst, count, Release::CopyBack)? };
        lite::load_i32(bytes.as_slice(), ty, order, elements.as_mut_slice())?;
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

    /// Where the first `count` elements of `ty` live: the direct buffer's memory when `direct`
    /// is not null, else `heap[heap_offset..]` (a heap buffer's backing array, or Java's copy of
    /// a read-only one). Checked against the direct buffer's capacity or the array's length.
    /// `None` when there is nothing to touch (count 0), so an empty buffer's address, which the
    /// JVM may leave unspecified, is never used.
    fn storage<'a, 'b>(
        &self,
        direct: &JByteBuffer<'_>,
        heap: &'a JByteArray<'b>,
        heap_offset: jint,
        count: usize,
        ty: ElementType,
    ) -> BridgeResult<Option<Storage<'a, 'b>>> {
        let len = count
            .checked_mul(ty.size())
            .ok_or_else(|| Error::invalid_argument("element count overflows the byte count"))?;
        if !direct.is_null() {
            return self.direct_region(direct, len);
        }
        let array_len = self.array_len(heap)?;
        let offset = usize::try_from(heap_offset).map_err(|_| {
            Error::new(ErrorKind::IndexOutOfBounds, format!("negative array offset {heap_offset}"))
        })?;
        if offset.checked_add(len).is_none_or(|end| end > array_len) {
            return Err(Error::new(
                ErrorKind::IndexOutOfBounds,
                format!("{len} bytes from offset {offset} needed but the array holds {array_len}"),
            )
            .into());
        }
        if len == 0 {
            return Ok(None);
        }
        Ok(Some(Storage::Heap { array: heap, array_len, offset, len }))
    }

    /// The first `len` bytes of a direct buffer, after checking them against its capacity.
    fn direct_region<'a, 'b>(
        &self,
        buffer: &JByteBuffer<'_>,
        len: usize,
    ) -> BridgeResult<Option<Storage<'a, 'b>>> {
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
        // Java passes heap buffers by their array, so this is a caller bug.
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
        Ok(Some(Storage::Direct { ptr, len }))
    }

    /// Pins `array` (whose length was read as `len` before entering the region) with
    /// `GetPrimitiveArrayCritical`, written against the raw table because the `jni` crate's
    /// critical guard calls `ExceptionCheck` inside the region, which `-Xcheck:jni` reports.
    /// Two arrays may be pinned at once (JNI allows nested critical regions).
    ///
    /// # Safety
    /// The caller makes no JNI call on this thread, other than pinning or releasing another
    /// array, until the returned guard is dropped.
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

/// A buffer's element bytes, checked but not yet accessed.
enum Storage<'a, 'b> {
    /// Direct-buffer memory; the buffer object is an argument of the running native call, so it
    /// stays reachable and its memory stays allocated until the call returns.
    Direct { ptr: *mut u8, len: usize },
    /// `len` bytes from `offset` of a Java `byte[]` of `array_len` elements.
    Heap {
        array: &'a JByteArray<'b>,
        array_len: usize,
        offset: usize,
        len: usize,
    },
}

impl<'a> Storage<'a, '_> {
    /// The bytes, pinning a heap array for as long as the result lives.
    ///
    /// # Safety
    /// As [`RawEnv::pin`].
    unsafe fn open(self, raw: &RawEnv, release: Release) -> BridgeResult<Bytes<'a>> {
        match self {
            Storage::Direct { ptr, len } => Ok(Bytes { ptr, len, _pin: None }),
            Storage::Heap { array, array_len, offset, len } => {
                // SAFETY: forwarded to the caller.
                let pinned = unsafe { raw.pin(array, array_len, release)? };
                // SAFETY: offset + len <= array_len was checked by `storage`.
                let ptr = unsafe { pinned.ptr.cast::<u8>().add(offset) };
                Ok(Bytes { ptr, len, _pin: Some(pinned) })
            }
        }
    }
}

/// Element bytes open for one conversion: direct-buffer memory, or a window of a pinned array.
/// Java code racing on the same buffer may observe partial writes, as with any concurrent
/// `ByteBuffer` use, but no access leaves the checked range.
struct Bytes<'a> {
    ptr: *mut u8,
    len: usize,
    _pin: Option<Pinned<'a, jbyte>>,
}

impl Bytes<'_> {
    fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` bytes from `ptr` lie within the checked range of live memory until drop.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as in as_slice; `&mut self` makes the borrow unique within this call.
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
