//! Tensors over memory Java owns: a direct `ByteBuffer`'s bytes become a tensor's root buffer
//! without a copy (`Storage::External`), kept valid by a JNI global reference to the buffer.
//!
//! Release: the global reference is deleted when the last tensor sharing the root is dropped,
//! which happens inside a native call on a Java thread (a handle release, a slot replaced by
//! `CopyFrom`, an op's temporary). `jni::objects::Global` deletes it on whatever thread drops it,
//! attaching that thread for the call if it is not attached, and without disturbing a pending
//! Java exception, so no release order of tensors, views and buffers can leak or double-free it.
//! Once deleted, the buffer object is an ordinary Java object again: the collector frees its
//! memory when nothing else references it.

use jni::EnvUnowned;
use jni::objects::{Global, JByteBuffer, JClass, JLongArray};
use jni::sys::{jint, jlong};

use super::super::errors::BridgeError;
use super::super::guard::guard;
use super::super::handles;
use super::{dtype_of, shape_of};
use crate::Error;
use crate::tensor::{ExternalBytes, Tensor};

/// The first `len` bytes of a Java direct buffer, pinned by a global reference to the buffer
/// object (direct buffer memory does not move, and lives while its buffer object is reachable).
struct DirectBufferBytes {
    /// Never read: holding it keeps the buffer, and so the memory, alive.
    _buffer: Global<JByteBuffer<'static>>,
    address: *mut u8,
    len: usize,
}

// SAFETY: the memory is plain bytes owned by the JVM's buffer object, valid from any thread while
// the global reference lives; a `Global` may be dropped on any thread (see the module comment).
unsafe impl Send for DirectBufferBytes {}
// SAFETY: as above; `&DirectBufferBytes` only hands out `&[u8]`.
unsafe impl Sync for DirectBufferBytes {}

impl ExternalBytes for DirectBufferBytes {
    fn as_bytes(&self) -> &[u8] {
        // SAFETY: [address, address + len) lies inside the buffer's capacity (checked when the
        // value was made) and stays valid while `_buffer` pins the buffer object. Java code may
        // write these bytes at any time (that is the point of sharing); a read that races with
        // such a write sees old or new element bytes, never memory outside the buffer.
        unsafe { std::slice::from_raw_parts(self.address, self.len) }
    }

    fn as_bytes_mut(&mut self) -> Option<&mut [u8]> {
        // SAFETY: as in as_bytes; `&mut self` means this tensor root is not shared with another
        // tensor.
        Some(unsafe { std::slice::from_raw_parts_mut(self.address, self.len) })
    }
}

/// `private static native long createSharing(int dtype, long[] shape, ByteBuffer storage, int length)`:
/// a tensor whose elements are the first `length` bytes of the direct buffer `storage`, which
/// must be exactly the bytes `dtype` × `shape` needs. The caller has checked that the buffer is
/// direct, writable and in native byte order (Java knows those; native code cannot tell).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Tensor_createSharing<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dtype: jint,
    shape: JLongArray<'local>,
    storage: JByteBuffer<'local>,
    length: jint,
) -> jlong {
    guard(&mut env, |env| {
        let dtype = dtype_of(dtype)?;
        let shape = shape_of(env, &shape)?;
        let len = usize::try_from(length)
            .map_err(|_| Error::invalid_argument(format!("negative byte count {length}")))?;
        let need = usize::try_from(shape.num_elements())
            .ok()
            .and_then(|n| n.checked_mul(dtype.size()))
            .ok_or_else(|| Error::invalid_argument("shape too large for a shared buffer"))?;
        if dtype.size() == 0 || !dtype.can_use_memcpy() {
            return Err(Error::invalid_argument(format!(
                "a {} tensor cannot share a buffer's bytes",
                dtype.name()
            ))
            .into());
        }
        if need != len {
            return Err(Error::invalid_argument(format!(
                "{len} bytes given for a {} tensor with shape {}, which needs {need}",
                dtype.name(),
                shape.debug_string()
            ))
            .into());
        }
        if len == 0 {
            // Nothing to share (and a zero-capacity buffer may have no address).
            return handles::into_handle(Tensor::new(dtype, shape)?);
        }
        let not_direct = |_| BridgeError::from(Error::invalid_argument("not a direct buffer"));
        let address = env.get_direct_buffer_address(&storage).map_err(not_direct)?;
        let capacity = env.get_direct_buffer_capacity(&storage).map_err(not_direct)?;
        if address.is_null() {
            return Err(Error::invalid_argument("not a direct buffer").into());
        }
        if len > capacity {
            return Err(Error::invalid_argument(format!(
                "{len} bytes requested from a buffer of capacity {capacity}"
            ))
            .into());
        }
        let pinned = env.new_global_ref(&storage)?;
        let memory = DirectBufferBytes { _buffer: pinned, address, len };
        handles::into_handle(Tensor::from_external(dtype, shape, Box::new(memory))?)
    })
}
