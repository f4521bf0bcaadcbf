//! The global allocator of the JNI library: mimalloc for small blocks, the system allocator for
//! large ones.
//!
//! Why mimalloc: one eager `StridedSlice` from Java makes a few dozen small, short-lived
//! allocations (validation vectors, the output shape and buffer, the boxed handle) and frees them
//! in the same call or at the handle's release; with glibc malloc they cost about 0.28 us of a
//! 0.75 us native call (JMH `slice2x3x4NativePart`, issue 5).
//!
//! Why not for large blocks: mimalloc reserves memory with `MAP_NORESERVE`, so an absurd request
//! (a tensor proto asking for 2^40 strings) "succeeds" and the process is killed when the memory
//! is touched, where the system allocator refuses it and the caller reports `ResourceExhausted`
//! (`TensorHostileInputTest`). Routing by size is sound because Rust passes every `dealloc` and
//! `realloc` the layout the block currently has, so each block goes back to its own allocator.

use std::alloc::{GlobalAlloc, Layout, System};

use mimalloc::MiMalloc;

/// Blocks up to this size come from mimalloc. Far below any size worth refusing, far above the
/// per-op bookkeeping of small ops.
const SMALL_MAX: usize = 256 * 1024;

struct SplitAllocator;

fn is_small(size: usize) -> bool {
    size <= SMALL_MAX
}

// SAFETY: every method forwards to an allocator that upholds the `GlobalAlloc` contract, chosen
// by the block's size, which the caller passes unchanged to the matching dealloc/realloc.
unsafe impl GlobalAlloc for SplitAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded contract (non-zero size).
        unsafe {
            if is_small(layout.size()) {
                MiMalloc.alloc(layout)
            } else {
                System.alloc(layout)
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded contract (non-zero size).
        unsafe {
            if is_small(layout.size()) {
                MiMalloc.alloc_zeroed(layout)
            } else {
                System.alloc_zeroed(layout)
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated with `layout`, so by the allocator its size selects.
        unsafe {
            if is_small(layout.size()) {
                MiMalloc.dealloc(ptr, layout)
            } else {
                System.dealloc(ptr, layout)
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (is_small(layout.size()), is_small(new_size)) {
            // SAFETY: same allocator before and after; forwarded contract.
            (true, true) => unsafe { MiMalloc.realloc(ptr, layout, new_size) },
            // SAFETY: as above.
            (false, false) => unsafe { System.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: the caller guarantees `new_size` (non-zero) rounded up to `layout.align()`
                // does not overflow isize, so this layout is valid.
                let new_layout =
                    unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                // SAFETY: the new block comes from the allocator of its size; the copy covers the
                // bytes both blocks hold; the old block goes back to its own allocator.
                unsafe {
                    let new_ptr = self.alloc(new_layout);
                    if !new_ptr.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, new_ptr, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    new_ptr
                }
            }
        }
    }
}

#[global_allocator]
static GLOBAL: SplitAllocator = SplitAllocator;

#[cfg(test)]
mod tests {
    use super::*;

    /// Growing across the threshold and back keeps the contents (the block changes allocator).
    #[test]
    fn realloc_across_the_threshold_keeps_contents() {
        let mut v: Vec<u8> = (0..=255u8).cycle().take(SMALL_MAX - 8).collect();
        v.reserve_exact(SMALL_MAX); // moves to the system allocator
        v.extend((0..=255u8).cycle().take(SMALL_MAX));
        for (i, &b) in v.iter().enumerate().take(SMALL_MAX - 8) {
            assert_eq!(b, (i % 256) as u8);
        }
        v.truncate(100);
        v.shrink_to_fit(); // and back to mimalloc
        assert!(v.iter().enumerate().all(|(i, &b)| b == (i % 256) as u8));
    }

    /// A request no machine can satisfy fails instead of reserving address space.
    #[test]
    fn absurd_requests_fail() {
        let mut v: Vec<Vec<u8>> = Vec::new();
        assert!(v.try_reserve_exact(1 << 40).is_err());
    }
}
