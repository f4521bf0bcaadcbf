//! The raw JNI function table of the calling thread, for natives that run under
//! [`super::guard::guard_primitive`] and build no `jni::Env` unless an exception is thrown. This
//! module holds the primitives the bridge files share (array length, primitive array regions,
//! direct-buffer address and capacity, heap array ranges); each file adds its own methods in
//! further `impl RawEnv` blocks.

use jni::objects::JByteBuffer;
use jni::refs::Reference;
use jni::sys::{JNIEnv, jarray, jbyte, jint, jlong, jobject, jsize};

use super::errors::BridgeResult;
use crate::{Error, ErrorKind};

/// This thread's JNIEnv for the duration of one native call. Only functions that cannot throw for
/// the checked arguments are called, unless a method says otherwise.
pub(super) struct RawEnv(pub(super) *mut JNIEnv);

/// A Java primitive array element type and its region functions.
pub(super) trait Element: Copy + Default {
    /// `Get<Type>ArrayRegion` into `buf`.
    ///
    /// # Safety
    /// `env` is the live JNIEnv of this thread, `array` a non-null local reference to an array of
    /// this element type holding at least `start + len` elements, and `buf` holds `len` elements.
    unsafe fn get(env: *mut JNIEnv, array: jarray, start: jsize, len: jsize, buf: *mut Self);

    /// `Set<Type>ArrayRegion` from `buf`; throws `ArrayIndexOutOfBoundsException` if the region
    /// does not fit the array.
    ///
    /// # Safety
    /// `env` is the live JNIEnv of this thread, `array` a non-null local reference to an array of
    /// this element type, and `buf` holds `len` elements.
    unsafe fn set(env: *mut JNIEnv, array: jarray, start: jsize, len: jsize, buf: *const Self);
}

macro_rules! element {
    ($t:ty, $raw:ty, $get:ident, $set:ident) => {
        impl Element for $t {
            unsafe fn get(env: *mut JNIEnv, array: jarray, start: jsize, len: jsize, buf: *mut Self) {
                // SAFETY: the caller's contract; `$t` has the layout of `$raw`.
                unsafe { ((**env).v1_1.$get)(env, array.cast(), start, len, buf.cast::<$raw>()) }
            }

            unsafe fn set(env: *mut JNIEnv, array: jarray, start: jsize, len: jsize, buf: *const Self) {
                // SAFETY: the caller's contract; `$t` has the layout of `$raw`.
                unsafe { ((**env).v1_1.$set)(env, array.cast(), start, len, buf.cast::<$raw>()) }
            }
        }
    };
}
element!(jint, jint, GetIntArrayRegion, SetIntArrayRegion);
element!(jlong, jlong, GetLongArrayRegion, SetLongArrayRegion);
element!(f32, f32, GetFloatArrayRegion, SetFloatArrayRegion);
element!(i8, jbyte, GetByteArrayRegion, SetByteArrayRegion);
element!(u8, jbyte, GetByteArrayRegion, SetByteArrayRegion);

impl RawEnv {
    /// The length of a non-null array.
    pub(super) fn len(&self, array: jarray) -> BridgeResult<usize> {
        // SAFETY: live JNIEnv of this thread; non-null local reference to an array (every caller
        // passes an array argument it has checked or that Java never passes null).
        let len = unsafe { ((**self.0).v1_1.GetArrayLength)(self.0, array) };
        Ok(usize::try_from(len).map_err(|_| Error::internal("negative array length"))?)
    }

    /// The length of `array`; null fails with `NullPointer` "array is null".
    pub(super) fn array_len(&self, array: jarray) -> BridgeResult<usize> {
        if array.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "array is null").into());
        }
        self.len(array)
    }

    /// Copies `buf.len()` elements of `array` from `start` into `buf` (nothing for an empty
    /// `buf`).
    ///
    /// # Safety
    /// `array` is a non-null local reference to an array of `T` holding at least
    /// `start + buf.len()` elements (so both fit in `jsize`).
    pub(super) unsafe fn get_region<T: Element>(&self, array: jarray, start: usize, buf: &mut [T]) {
        if !buf.is_empty() {
            // SAFETY: live JNIEnv of this thread; the caller's contract; `buf` holds the region.
            unsafe { T::get(self.0, array, start as jsize, buf.len() as jsize, buf.as_mut_ptr()) };
        }
    }

    /// Writes `values` to `array` from index 0 (nothing for empty `values`). The JVM checks the
    /// region against the array and throws `ArrayIndexOutOfBoundsException` if it does not fit.
    ///
    /// # Safety
    /// `array` is a non-null local reference to an array of `T`.
    pub(super) unsafe fn set_region<T: Element>(&self, array: jarray, values: &[T]) -> BridgeResult<()> {
        if values.is_empty() {
            return Ok(());
        }
        let len = jsize::try_from(values.len())
            .map_err(|_| Error::internal("region beyond a Java array"))?;
        // SAFETY: live JNIEnv of this thread; the caller's contract; `values` holds `len`.
        unsafe { T::set(self.0, array, 0, len, values.as_ptr()) };
        Ok(())
    }

    /// Checks that `len` bytes from `offset` lie within `array` (null fails as in
    /// [`Self::array_len`]); returns the array's length and the offset.
    pub(super) fn heap_range(
        &self,
        array: jarray,
        offset: jint,
        len: usize,
    ) -> BridgeResult<(usize, usize)> {
        let array_len = self.array_len(array)?;
        let start = usize::try_from(offset).map_err(|_| {
            Error::new(ErrorKind::IndexOutOfBounds, format!("negative array offset {offset}"))
        })?;
        if start.checked_add(len).is_none_or(|end| end > array_len) {
            return Err(Error::new(
                ErrorKind::IndexOutOfBounds,
                format!("{len} bytes from offset {start} needed but the array holds {array_len}"),
            )
            .into());
        }
        Ok((array_len, start))
    }

    /// The address of a non-null direct buffer after checking `len` bytes against its capacity;
    /// `None` when `len` is 0, so an empty buffer's address, which the JVM may leave
    /// unspecified, is never used.
    pub(super) fn direct(&self, buffer: &JByteBuffer<'_>, len: usize) -> BridgeResult<Option<*mut u8>> {
        let (capacity, ptr) = self.direct_parts(buffer)?;
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
        Ok(Some(ptr))
    }

    /// A non-null direct buffer's whole memory as (address, capacity); (0, 0) when it is empty.
    pub(super) fn direct_span(&self, buffer: &JByteBuffer<'_>) -> BridgeResult<(usize, usize)> {
        if buffer.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "buffer is null").into());
        }
        let (capacity, _) = self.direct_parts(buffer)?;
        Ok(match self.direct(buffer, capacity)? {
            Some(ptr) => (ptr.addr(), capacity),
            None => (0, 0),
        })
    }

    /// A non-null buffer's capacity and address, refusing a heap buffer.
    fn direct_parts(&self, buffer: &JByteBuffer<'_>) -> BridgeResult<(usize, *mut u8)> {
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
        Ok((capacity, ptr))
    }
}
