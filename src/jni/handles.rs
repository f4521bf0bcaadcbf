//! Tensors handed to Java: a `jlong` handle is the address of a boxed core `Tensor`.
//!
//! Handles are created only here and stored only in a private field of `org.tensorflow.Tensor`,
//! which never passes 0 or a released handle to native code (it checks under its own lock, and
//! `close()` takes the same lock). So a non-zero handle reaching these functions is live.

use jni::sys::jlong;

use super::errors::{BridgeError, BridgeResult};
use crate::tensor::Tensor;
use crate::{Error, ErrorKind};

/// Moves `tensor` to the heap and returns its handle (never 0).
pub(crate) fn into_handle(tensor: Tensor) -> jlong {
    Box::into_raw(Box::new(tensor)) as jlong
}

/// Borrows the tensor behind a live handle.
///
/// # Safety
/// `handle` must come from [`into_handle`] and not have been released (see the module comment).
pub(crate) unsafe fn borrow<'a>(handle: jlong) -> BridgeResult<&'a Tensor> {
    let ptr = handle as *const Tensor;
    if ptr.is_null() {
        return Err(closed());
    }
    // SAFETY: by the contract above the pointer is a live Box<Tensor>.
    Ok(unsafe { &*ptr })
}

/// Frees the tensor behind a handle; 0 is ignored.
///
/// # Safety
/// As for [`borrow`]; the handle must not be used again.
pub(crate) unsafe fn release(handle: jlong) {
    let ptr = handle as *mut Tensor;
    if !ptr.is_null() {
        // SAFETY: by the contract above the pointer is a live Box<Tensor>, released once.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// The TF 1.x message for a tensor used after `close()`.
pub(crate) fn closed() -> BridgeError {
    Error::new(ErrorKind::NullPointer, "close() was called on the Tensor").into()
}
