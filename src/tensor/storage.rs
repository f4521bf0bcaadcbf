//! Root buffers of tensors. A root is shared through `Arc` by every tensor that views it (copies,
//! slices, bit casts); each tensor holds its own window into it.
//!
//! Storage kinds:
//! * `Bytes` — memory we own: 64-byte aligned (TensorFlow's CPU allocator alignment, so
//!   `IsAligned` is deterministic), zero-filled, allocated fallibly.
//! * `External` — bytes owned by someone else (e.g. a Java direct `ByteBuffer`, kept reachable
//!   by the [`ExternalBytes`] implementation). Kernels see the same `&[u8]` as for `Bytes`, so
//!   Java-owned memory can be wrapped without a copy.
//! * `Strings`, `Resources`, `Variants` — element objects for the dtypes that are not plain bytes.
//!
//! Window units: bytes for `Bytes`/`External`, elements for the object kinds. This keeps a
//! window valid across `BitcastFrom`, which changes the element size but never the bytes.

use std::alloc::{Layout, alloc, alloc_zeroed, dealloc};
use std::mem::MaybeUninit;
use std::ptr::NonNull;

use crate::error::{Error, Result};

use super::opaque::{ResourceHandle, Variant};

/// Alignment of every owned root buffer, in bytes (`EIGEN_MAX_ALIGN_BYTES` on x86 builds).
pub const ALLOCATION_ALIGNMENT: usize = 64;

/// A zero-filled (or fully written, see [`UninitBytes`]), 64-byte aligned heap block. With
/// [`UninitBytes`], the only unsafe code of the tensor module.
pub(crate) struct AlignedBytes {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: AlignedBytes uniquely owns its block (like Box<[u8]>); shared access is read-only.
unsafe impl Send for AlignedBytes {}
// SAFETY: as above; `&AlignedBytes` only hands out `&[u8]`.
unsafe impl Sync for AlignedBytes {}

impl AlignedBytes {
    /// Allocates `len` zero bytes; `None` if the size is impossible or the allocator says no,
    /// so callers can report `ResourceExhausted` instead of aborting.
    pub(crate) fn try_zeroed(len: usize) -> Option<AlignedBytes> {
        if len == 0 {
            // A dangling but aligned pointer: never read through, never deallocated.
            let ptr = NonNull::new(ALLOCATION_ALIGNMENT as *mut u8)?;
            return Some(AlignedBytes { ptr, len: 0 });
        }
        let layout = Layout::from_size_align(len, ALLOCATION_ALIGNMENT).ok()?;
        // SAFETY: layout has non-zero size.
        let raw = unsafe { alloc_zeroed(layout) };
        NonNull::new(raw).map(|ptr| AlignedBytes { ptr, len })
    }

    /// Allocates `len` bytes without initialising them, for a caller that overwrites every byte
    /// anyway (a kernel output): zero-filling first would cost a full extra pass over the buffer
    /// (and, for a fresh mapping, all its page faults before the real writes).
    pub(crate) fn try_uninit(len: usize) -> Option<UninitBytes> {
        if len == 0 {
            return AlignedBytes::try_zeroed(0).map(|inner| UninitBytes { inner });
        }
        let layout = Layout::from_size_align(len, ALLOCATION_ALIGNMENT).ok()?;
        // SAFETY: layout has non-zero size.
        let raw = unsafe { alloc(layout) };
        NonNull::new(raw).map(|ptr| UninitBytes {
            inner: AlignedBytes { ptr, len },
        })
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        // SAFETY: ptr is valid for len initialised (zeroed) bytes for the life of self, or
        // dangling-but-aligned with len 0.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as in as_slice, and &mut self guarantees exclusive access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for AlignedBytes {
    fn drop(&mut self) {
        if self.len != 0 {
            // SAFETY: allocated in try_zeroed with exactly this layout (validated there).
            unsafe {
                dealloc(
                    self.ptr.as_ptr(),
                    Layout::from_size_align_unchecked(self.len, ALLOCATION_ALIGNMENT),
                )
            }
        }
    }
}

/// An aligned block whose bytes may still be uninitialised. It only hands out
/// `&mut [MaybeUninit<u8>]`, so nothing can read it until [`UninitBytes::assume_init`] declares
/// every byte written. Dropping it unread just frees the block.
pub(crate) struct UninitBytes {
    /// Never viewed as `&[u8]` while uninitialised; its `Drop` only deallocates.
    inner: AlignedBytes,
}

impl UninitBytes {
    pub(crate) fn as_uninit_mut(&mut self) -> &mut [MaybeUninit<u8>] {
        // SAFETY: ptr is valid for len bytes (or dangling with len 0) for the life of self, and
        // &mut self gives exclusive access; MaybeUninit<u8> makes no claim about the contents.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.inner.ptr.as_ptr().cast::<MaybeUninit<u8>>(),
                self.inner.len,
            )
        }
    }

    /// # Safety
    /// Every byte of [`as_uninit_mut`](Self::as_uninit_mut) must have been written.
    pub(crate) unsafe fn assume_init(self) -> AlignedBytes {
        self.inner
    }
}

/// Bytes owned outside tensorbridge (for example a Java direct buffer pinned by a global
/// reference). The implementation must keep the memory valid and unmoved while it lives.
pub trait ExternalBytes: Send + Sync + 'static {
    /// The whole memory, read-only; the same address and length on every call.
    fn as_bytes(&self) -> &[u8];
    /// Writable access, or `None` for read-only memory.
    fn as_bytes_mut(&mut self) -> Option<&mut [u8]>;
}

/// `Vec<u8>` as external memory: handy for adopting an existing Rust buffer without copying
/// (alignment is whatever the vector has).
impl ExternalBytes for Vec<u8> {
    fn as_bytes(&self) -> &[u8] {
        self
    }
    fn as_bytes_mut(&mut self) -> Option<&mut [u8]> {
        Some(self)
    }
}

/// A root buffer.
pub(crate) enum Storage {
    Bytes(AlignedBytes),
    External(Box<dyn ExternalBytes>),
    Strings(Vec<Vec<u8>>),
    Resources(Vec<ResourceHandle>),
    Variants(Vec<Variant>),
}

impl Storage {
    /// The raw bytes, for byte-backed storage.
    pub(crate) fn bytes(&self) -> Option<&[u8]> {
        match self {
            Storage::Bytes(b) => Some(b.as_slice()),
            Storage::External(e) => Some(e.as_bytes()),
            _ => None,
        }
    }

    pub(crate) fn bytes_mut(&mut self) -> Option<&mut [u8]> {
        match self {
            Storage::Bytes(b) => Some(b.as_mut_slice()),
            Storage::External(e) => e.as_bytes_mut(),
            _ => None,
        }
    }

    /// Address of the first unit, for alignment checks and error messages.
    pub(crate) fn base_address(&self) -> usize {
        match self {
            Storage::Bytes(b) => b.as_slice().as_ptr() as usize,
            Storage::External(e) => e.as_bytes().as_ptr() as usize,
            Storage::Strings(v) => v.as_ptr() as usize,
            Storage::Resources(v) => v.as_ptr() as usize,
            Storage::Variants(v) => v.as_ptr() as usize,
        }
    }

    /// Whether window offsets count bytes (true) or elements (false).
    pub(crate) fn is_byte_backed(&self) -> bool {
        matches!(self, Storage::Bytes(_) | Storage::External(_))
    }
}

fn oom(what: &str) -> Error {
    Error::resource_exhausted(format!("OOM when allocating {what}"))
}

/// A vector of `n` default elements, allocated fallibly.
///
/// `what` is called only on failure: formatting it on every allocation was a visible share of a
/// small eager op in profiles.
pub(crate) fn try_default_vec<T: Default>(
    n: usize,
    what: impl FnOnce() -> String,
) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| oom(&what()))?;
    v.resize_with(n, T::default);
    Ok(v)
}

/// Zeroed aligned bytes, or `ResourceExhausted` naming what was being allocated.
/// `what` is called only on failure.
pub(crate) fn try_bytes(len: usize, what: impl FnOnce() -> String) -> Result<AlignedBytes> {
    AlignedBytes::try_zeroed(len).ok_or_else(|| oom(&what()))
}

/// Uninitialised aligned bytes, or `ResourceExhausted` naming what was being allocated.
/// `what` is called only on failure.
pub(crate) fn try_uninit_bytes(len: usize, what: impl FnOnce() -> String) -> Result<UninitBytes> {
    AlignedBytes::try_uninit(len).ok_or_else(|| oom(&what()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_and_zeroed() {
        for len in [1usize, 3, 64, 65, 1000] {
            let b = AlignedBytes::try_zeroed(len).unwrap();
            assert_eq!(b.as_slice().as_ptr() as usize % 64, 0);
            assert_eq!(b.as_slice().len(), len);
            assert!(b.as_slice().iter().all(|&x| x == 0));
        }
        assert_eq!(AlignedBytes::try_zeroed(0).unwrap().as_slice().len(), 0);
    }

    #[test]
    fn uninit_blocks_are_aligned_and_become_readable_once_written() {
        for len in [0usize, 1, 3, 64, 65, 1000] {
            let mut b = AlignedBytes::try_uninit(len).unwrap();
            let view = b.as_uninit_mut();
            assert_eq!(view.len(), len);
            for (i, x) in view.iter_mut().enumerate() {
                x.write(i as u8);
            }
            // SAFETY: every byte was written just above.
            let b = unsafe { b.assume_init() };
            assert_eq!(b.as_slice().as_ptr() as usize % 64, 0);
            assert!(b.as_slice().iter().enumerate().all(|(i, &x)| x == i as u8));
        }
        assert!(AlignedBytes::try_uninit(usize::MAX).is_none());
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert!(AlignedBytes::try_zeroed(usize::MAX).is_none());
        assert!(AlignedBytes::try_zeroed(usize::MAX / 2).is_none());
        assert!(try_default_vec::<Vec<u8>>(usize::MAX / 8, || "x".to_string()).is_err());
    }
}
