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
/// [`UninitBytes`] and the large-block code below, the only unsafe code of the tensor module.
pub(crate) struct AlignedBytes {
    ptr: NonNull<u8>,
    len: usize,
    /// Bytes actually allocated (`len` rounded up to its size class for large blocks).
    cap: usize,
    /// For a small block: how far `ptr` lies past the start of the allocation (see
    /// [`small`]); 0 otherwise.
    offset: usize,
}

// SAFETY: AlignedBytes uniquely owns its block (like Box<[u8]>); shared access is read-only.
unsafe impl Send for AlignedBytes {}
// SAFETY: as above; `&AlignedBytes` only hands out `&[u8]`.
unsafe impl Sync for AlignedBytes {}

impl AlignedBytes {
    /// Allocates `len` zero bytes; `None` if the size is impossible or the allocator says no,
    /// so callers can report `ResourceExhausted` instead of aborting.
    pub(crate) fn try_zeroed(len: usize) -> Option<AlignedBytes> {
        AlignedBytes::allocate(len, true)
    }

    /// Allocates `len` bytes without initialising them, for a caller that overwrites every byte
    /// anyway (a kernel output): zero-filling first would cost a full extra pass over the buffer
    /// (and, for a fresh mapping, all its page faults before the real writes).
    pub(crate) fn try_uninit(len: usize) -> Option<UninitBytes> {
        AlignedBytes::allocate(len, false).map(|inner| UninitBytes { inner })
    }

    fn allocate(len: usize, zeroed: bool) -> Option<AlignedBytes> {
        if len == 0 {
            // A dangling but aligned pointer: never read through, never deallocated.
            let ptr = NonNull::new(std::ptr::without_provenance_mut::<u8>(ALLOCATION_ALIGNMENT))?;
            return Some(AlignedBytes {
                ptr,
                len: 0,
                cap: 0,
                offset: 0,
            });
        }
        let cap = large::class_size(len)?;
        if cap >= large::LARGE_BLOCK {
            let ptr = large::allocate(cap, len, zeroed)?;
            return Some(AlignedBytes {
                ptr,
                len,
                cap,
                offset: 0,
            });
        }
        if cap <= small::SMALL_BLOCK {
            let (ptr, offset) = small::allocate(cap, zeroed)?;
            return Some(AlignedBytes {
                ptr,
                len,
                cap,
                offset,
            });
        }
        let layout = Layout::from_size_align(cap, ALLOCATION_ALIGNMENT).ok()?;
        // SAFETY: layout has non-zero size.
        let ptr = NonNull::new(unsafe {
            if zeroed {
                alloc_zeroed(layout)
            } else {
                alloc(layout)
            }
        })?;
        Some(AlignedBytes {
            ptr,
            len,
            cap,
            offset: 0,
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
        if self.cap >= large::LARGE_BLOCK {
            // SAFETY: allocated by large::allocate with this capacity, and not used after this.
            unsafe { large::release(self.ptr, self.cap) }
        } else if self.cap > small::SMALL_BLOCK {
            // SAFETY: allocated in `allocate` with exactly this layout (validated there).
            unsafe {
                dealloc(
                    self.ptr.as_ptr(),
                    Layout::from_size_align_unchecked(self.cap, ALLOCATION_ALIGNMENT),
                )
            }
        } else if self.cap != 0 {
            // SAFETY: allocated by small::allocate with this capacity, at this offset, and not
            // used after this.
            unsafe { small::release(self.ptr, self.cap, self.offset) }
        }
    }
}

/// Blocks of at most [`SMALL_BLOCK`](small::SMALL_BLOCK) bytes: one ordinary allocation with
/// room to move the start up to the next 64-byte boundary. The allocator's own aligned path
/// (`posix_memalign`) carves an aligned piece out of a bigger chunk and frees the rest, which
/// for the many small outputs of eager ops fragmented the heap and cost more than the op's own
/// work (docs/eager_overhead.md); a plain allocation takes the allocator's fast path. Bigger
/// blocks keep the aligned path: with plain allocations for every size below 1 MiB, a batch of
/// sixteen 600 KB image crops ran 9x slower (docs/benchmarks.md).
mod small {
    use std::alloc::{Layout, alloc, alloc_zeroed, dealloc};
    use std::ptr::NonNull;

    use super::ALLOCATION_ALIGNMENT;

    /// Largest block made here.
    pub(super) const SMALL_BLOCK: usize = 4096;

    /// The alignment asked of the allocator: what `malloc` gives on every platform.
    const BASE_ALIGN: usize = std::mem::align_of::<usize>();

    fn layout(cap: usize) -> Option<Layout> {
        Layout::from_size_align(
            cap.checked_add(ALLOCATION_ALIGNMENT - BASE_ALIGN)?,
            BASE_ALIGN,
        )
        .ok()
    }

    /// A 64-byte aligned block of `cap` (> 0) bytes, zeroed if `zeroed`, and its offset from the
    /// start of its allocation.
    pub(super) fn allocate(cap: usize, zeroed: bool) -> Option<(NonNull<u8>, usize)> {
        let layout = layout(cap)?;
        // SAFETY: layout has non-zero size.
        let base = unsafe {
            if zeroed {
                alloc_zeroed(layout)
            } else {
                alloc(layout)
            }
        };
        let base = NonNull::new(base)?;
        // From the address itself (`align_offset` may decline to compute it, e.g. under Miri's
        // symbolic alignment). At most ALLOCATION_ALIGNMENT - BASE_ALIGN, since `base` is
        // BASE_ALIGN aligned.
        let offset = base.as_ptr().addr().wrapping_neg() & (ALLOCATION_ALIGNMENT - 1);
        // SAFETY: offset + cap <= layout.size(), so the block lies inside the allocation.
        Some((unsafe { base.add(offset) }, offset))
    }

    /// # Safety
    /// `block` and `offset` came from [`allocate`] with this `cap`, and the block is not used
    /// afterwards.
    pub(super) unsafe fn release(block: NonNull<u8>, cap: usize, offset: usize) {
        if let Some(layout) = layout(cap) {
            // SAFETY: `block - offset` is the start of the allocation made with this layout.
            unsafe { dealloc(block.as_ptr().sub(offset), layout) }
        }
    }
}

#[cfg(feature = "jni")]
pub(crate) use large::raise_cache_limit;

/// Large blocks (at least [`LARGE_BLOCK`](large::LARGE_BLOCK) bytes): sizes are rounded to
/// classes so that freed blocks can be recycled through a small cache, and fresh ones get
/// transparent huge pages where the platform offers them (docs/strided_slice_kernels.md explains
/// the measurements behind both).
mod large {
    use std::alloc::{Layout, alloc, alloc_zeroed, dealloc};
    use std::ptr::NonNull;
    use std::sync::Mutex;

    use super::ALLOCATION_ALIGNMENT;

    /// Smallest block that is size-classed, cached and advised to use huge pages.
    pub(super) const LARGE_BLOCK: usize = 64 << 10;

    /// Most bytes the cache holds unless raised ([`raise_cache_limit`]); beyond that the oldest
    /// blocks go back to the allocator.
    pub(super) const CACHE_LIMIT: usize = 64 << 20;

    /// The highest limit [`raise_cache_limit`] accepts.
    #[cfg(feature = "jni")]
    const MAX_CACHE_LIMIT: usize = 1 << 30;

    /// Transparent huge page size on x86-64 and arm64 Linux; blocks this big are aligned to it
    /// so that every whole 2 MiB of the block can be one huge page.
    const HUGE_PAGE: usize = 2 << 20;

    /// `len` rounded up to its size class: eight classes per power of two at and above
    /// [`LARGE_BLOCK`] (at most 12.5% slack, a multiple of the page size), `len` itself below.
    pub(super) fn class_size(len: usize) -> Option<usize> {
        if len < LARGE_BLOCK {
            return Some(len);
        }
        let granule = 1usize << (usize::BITS - 1 - len.leading_zeros() - 3);
        Some(len.checked_add(granule - 1)? & !(granule - 1))
    }

    fn layout(cap: usize) -> Option<Layout> {
        let align = if cap >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            ALLOCATION_ALIGNMENT
        };
        Layout::from_size_align(cap, align).ok()
    }

    /// A block of `cap` bytes (a class size): a cached one when available (its first `len`
    /// bytes zeroed if `zeroed`), else a fresh one; when the allocator fails, the cache is
    /// emptied and the allocation tried once more.
    pub(super) fn allocate(cap: usize, len: usize, zeroed: bool) -> Option<NonNull<u8>> {
        let cached = lock().take(cap);
        if let Some(block) = cached {
            if zeroed {
                // SAFETY: the cached block is valid for cap >= len bytes and owned by us now.
                unsafe { block.as_ptr().write_bytes(0, len) };
            }
            return Some(block);
        }
        let layout = layout(cap)?;
        let fresh = || {
            // SAFETY: layout has non-zero size (cap >= LARGE_BLOCK).
            NonNull::new(unsafe {
                if zeroed {
                    alloc_zeroed(layout)
                } else {
                    alloc(layout)
                }
            })
        };
        let block = fresh().or_else(|| {
            release_cached_blocks();
            fresh()
        })?;
        advise_huge_pages(block, cap);
        Some(block)
    }

    /// Returns a block to the cache, or to the allocator when it does not fit.
    ///
    /// # Safety
    /// `block` came from [`allocate`] with this `cap` and is not used afterwards.
    pub(super) unsafe fn release(block: NonNull<u8>, cap: usize) {
        let evicted = lock().put(block, cap);
        for (b, c) in evicted {
            // SAFETY: every block in the cache came from `allocate` with capacity `c`.
            unsafe { free(b, c) };
        }
    }

    /// Lets the cache hold up to `bytes` (never less than before, at most 1 GiB): the JVM asks
    /// for a collection only once that many result bytes are live, and the blocks a collection
    /// frees should all be reused warm rather than faulted in again.
    #[cfg(feature = "jni")]
    pub(crate) fn raise_cache_limit(bytes: usize) {
        let mut cache = lock();
        cache.limit = cache.limit.max(bytes.min(MAX_CACHE_LIMIT));
    }

    /// Frees every cached block (on allocation failure, so that the memory is available again).
    pub(super) fn release_cached_blocks() {
        let all = {
            let mut cache = lock();
            cache.bytes = 0;
            std::mem::take(&mut cache.blocks)
        };
        for (b, c) in all {
            // SAFETY: as in release.
            unsafe { free(b, c) };
        }
    }

    /// # Safety
    /// `block` came from [`allocate`] with this `cap` and is not used afterwards.
    unsafe fn free(block: NonNull<u8>, cap: usize) {
        if let Some(layout) = layout(cap) {
            // SAFETY: the block was allocated with this very layout.
            unsafe { dealloc(block.as_ptr(), layout) }
        }
    }

    /// Asks Linux to back the block's whole 2 MiB pages with transparent huge pages: one fault
    /// per 2 MiB instead of 512 when the block is first written. Advice only; failures (THP
    /// disabled, a kernel without it) change nothing.
    /// Not under Miri, which cannot call into the kernel (and the advice changes no contents).
    #[cfg(all(target_os = "linux", not(miri)))]
    fn advise_huge_pages(block: NonNull<u8>, cap: usize) {
        let start = block.as_ptr().addr();
        let first = (start + HUGE_PAGE - 1) & !(HUGE_PAGE - 1);
        let end = (start + cap) & !(HUGE_PAGE - 1);
        if end > first {
            // The block's own pointer moved to `first`, so the call keeps its provenance.
            let at = block.as_ptr().with_addr(first);
            // SAFETY: [first, end) lies inside the block we own; MADV_HUGEPAGE does not change
            // its contents.
            unsafe {
                libc::madvise(at.cast::<libc::c_void>(), end - first, libc::MADV_HUGEPAGE);
            }
        }
    }

    #[cfg(any(not(target_os = "linux"), miri))]
    fn advise_huge_pages(_block: NonNull<u8>, _cap: usize) {}

    fn lock() -> std::sync::MutexGuard<'static, BlockCache> {
        // Nothing panics while the lock is held, but a poisoned cache is still consistent.
        CACHE.lock().unwrap_or_else(|e| e.into_inner())
    }

    static CACHE: Mutex<BlockCache> = Mutex::new(BlockCache::new());

    /// Freed large blocks, oldest first, holding at most `limit` bytes.
    pub(super) struct BlockCache {
        blocks: Vec<(NonNull<u8>, usize)>,
        bytes: usize,
        limit: usize,
    }

    // SAFETY: the cache owns the blocks it holds (nothing else points to them).
    unsafe impl Send for BlockCache {}

    impl BlockCache {
        pub(super) const fn new() -> BlockCache {
            BlockCache {
                blocks: Vec::new(),
                bytes: 0,
                limit: CACHE_LIMIT,
            }
        }

        /// The most recently cached block of exactly `cap` bytes (the likeliest to be in the
        /// CPU caches), if any.
        pub(super) fn take(&mut self, cap: usize) -> Option<NonNull<u8>> {
            let i = self.blocks.iter().rposition(|&(_, c)| c == cap)?;
            let (block, _) = self.blocks.remove(i);
            self.bytes -= cap;
            Some(block)
        }

        /// Keeps `block`, evicting the oldest blocks as needed to stay within the limit;
        /// returns the blocks to free (`block` itself when it is too big, or when the cache
        /// cannot grow its list).
        pub(super) fn put(&mut self, block: NonNull<u8>, cap: usize) -> Vec<(NonNull<u8>, usize)> {
            if cap > self.limit || self.blocks.try_reserve(1).is_err() {
                return vec![(block, cap)];
            }
            let mut evict = 0;
            let mut bytes = self.bytes;
            while bytes + cap > self.limit {
                bytes -= self.blocks[evict].1;
                evict += 1;
            }
            let evicted: Vec<_> = self.blocks.drain(..evict).collect();
            self.blocks.push((block, cap));
            self.bytes = bytes + cap;
            evicted
        }

        #[cfg(test)]
        pub(super) fn bytes(&self) -> usize {
            self.bytes
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
        // Both sides of the small-block limit (above it: the allocator's aligned path).
        for len in [1usize, 3, 64, 65, 1000, 4095, 4096, 4097] {
            let b = AlignedBytes::try_zeroed(len).unwrap();
            assert_eq!(b.as_slice().as_ptr() as usize % 64, 0);
            assert_eq!(b.as_slice().len(), len);
            assert!(b.as_slice().iter().all(|&x| x == 0));
        }
        assert_eq!(AlignedBytes::try_zeroed(0).unwrap().as_slice().len(), 0);
    }

    #[test]
    fn uninit_blocks_are_aligned_and_become_readable_once_written() {
        for len in [0usize, 1, 3, 64, 65, 1000, 4096, 4097] {
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
    fn large_sizes_round_up_to_eight_classes_per_power_of_two() {
        use large::{LARGE_BLOCK, class_size};
        assert_eq!(class_size(LARGE_BLOCK - 1), Some(LARGE_BLOCK - 1));
        assert_eq!(class_size(LARGE_BLOCK), Some(LARGE_BLOCK));
        // 64 KiB + 1 byte: classes are 8 KiB apart between 64 and 128 KiB.
        assert_eq!(class_size(LARGE_BLOCK + 1), Some(LARGE_BLOCK + (8 << 10)));
        // 1 MiB + 1 byte: classes are 128 KiB apart between 1 and 2 MiB.
        assert_eq!(class_size((1 << 20) + 1), Some((1 << 20) + (128 << 10)));
        // A 224x224x3 f32 result (602,112 bytes) takes the 640 KiB class.
        assert_eq!(class_size(602_112), Some(640 << 10));
        // A 1080x1920x3 f32 image (24,883,200 bytes, 23.73 MiB) takes the 24 MiB class (classes
        // are 2 MiB apart between 16 and 32 MiB).
        assert_eq!(class_size(24_883_200), Some(24 << 20));
        assert_eq!(class_size(usize::MAX), None);
    }

    #[test]
    fn recycled_large_blocks_are_zeroed_for_try_zeroed() {
        // Dirty a large block, free it (it may go to the cache), then ask for zeroed blocks of
        // the same class: whichever block comes back must read as zeros.
        // The fill and the comparison are single memset/memcmp calls, so that Miri (which runs
        // those natively but a byte loop a million times over) finishes in seconds.
        let len = 3 << 20;
        let mut dirty = AlignedBytes::try_uninit(len).unwrap();
        let view = dirty.as_uninit_mut();
        // SAFETY: `view` is valid for writes of its `len` bytes.
        unsafe { view.as_mut_ptr().write_bytes(0xA5, view.len()) };
        // SAFETY: every byte was written just above.
        let dirty = unsafe { dirty.assume_init() };
        assert_eq!(dirty.as_slice()[len - 1], 0xA5);
        drop(dirty);
        let zeros = vec![0u8; len];
        for _ in 0..2 {
            let b = AlignedBytes::try_zeroed(len).unwrap();
            assert_eq!(b.as_slice().len(), len);
            assert_eq!(b.as_slice().as_ptr() as usize % ALLOCATION_ALIGNMENT, 0);
            assert!(b.as_slice() == zeros.as_slice());
        }
    }

    #[test]
    fn block_cache_is_capped_and_evicts_oldest_first() {
        use large::{BlockCache, CACHE_LIMIT};
        // Fake addresses: the cache only stores and returns them.
        let p = |n: usize| NonNull::new(std::ptr::without_provenance_mut::<u8>(n * 4096)).unwrap();
        let mut cache = BlockCache::new();
        let quarter = CACHE_LIMIT / 4;
        for n in 1..=4 {
            assert!(cache.put(p(n), quarter).is_empty());
        }
        assert_eq!(cache.bytes(), CACHE_LIMIT);
        // A fifth block pushes out the oldest one; one too big for the cache is refused.
        assert_eq!(cache.put(p(5), quarter), vec![(p(1), quarter)]);
        assert_eq!(
            cache.put(p(6), CACHE_LIMIT + 1),
            vec![(p(6), CACHE_LIMIT + 1)]
        );
        assert_eq!(cache.bytes(), CACHE_LIMIT);
        // Only an exact class matches, newest first.
        assert_eq!(cache.take(quarter + 1), None);
        assert_eq!(cache.take(quarter), Some(p(5)));
        assert_eq!(cache.take(quarter), Some(p(4)));
        assert_eq!(cache.bytes(), CACHE_LIMIT / 2);
        // A half-size block fits without eviction; a full-size one evicts everything else.
        assert!(cache.put(p(7), CACHE_LIMIT / 2).is_empty());
        assert_eq!(
            cache.put(p(8), CACHE_LIMIT),
            vec![(p(2), quarter), (p(3), quarter), (p(7), CACHE_LIMIT / 2)]
        );
        assert_eq!(cache.take(CACHE_LIMIT), Some(p(8)));
        assert_eq!(cache.bytes(), 0);
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert!(AlignedBytes::try_zeroed(usize::MAX).is_none());
        assert!(AlignedBytes::try_zeroed(usize::MAX / 2).is_none());
        assert!(try_default_vec::<Vec<u8>>(usize::MAX / 8, || "x".to_string()).is_err());
    }
}
