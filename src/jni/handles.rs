//! Tensors handed to Java: a `jlong` handle is the address of a boxed core `Tensor`.
//!
//! Handles are created only here and stored only in a private field of `org.tensorflow.Tensor`,
//! which never passes 0 or a released handle to native code (it checks under its own lock, and
//! `close()` takes the same lock). So a non-zero handle reaching these functions is live.

use std::sync::atomic::{AtomicI64, Ordering};

use jni::sys::jlong;

use super::errors::{BridgeError, BridgeResult};
use crate::tensor::Tensor;
use crate::{Error, ErrorKind};

/// Handles created and not yet released: lets tests prove that the Java safety net frees
/// unreachable tensors.
static LIVE_HANDLES: AtomicI64 = AtomicI64::new(0);

/// Moves `tensor` to the heap and returns its handle (never 0).
pub(crate) fn into_handle(tensor: Tensor) -> jlong {
    LIVE_HANDLES.fetch_add(1, Ordering::Relaxed);
    Box::into_raw(Box::new(tensor)) as jlong
}

/// The number of live handles (tensors and data-view keep-alives).
pub(crate) fn live_handles() -> i64 {
    LIVE_HANDLES.load(Ordering::Relaxed)
}

/// Mutably borrows the tensor behind a live handle (for `CopyFrom`, which changes the tensor).
///
/// # Safety
/// As for [`borrow`], and no other reference to this tensor may be live: Java holds the
/// tensor's lock for the whole call.
pub(crate) unsafe fn borrow_mut<'a>(handle: jlong) -> BridgeResult<&'a mut Tensor> {
    let ptr = handle as *mut Tensor;
    if ptr.is_null() {
        return Err(closed());
    }
    // SAFETY: by the contract above the pointer is a live, unaliased Box<Tensor>.
    Ok(unsafe { &mut *ptr })
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
        LIVE_HANDLES.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The TF 1.x message for a tensor used after `close()`.
pub(crate) fn closed() -> BridgeError {
    Error::new(ErrorKind::NullPointer, "close() was called on the Tensor").into()
}
