//! The global allocator of the JNI library: mimalloc instead of the system malloc.
//!
//! Why: one eager `StridedSlice` from Java makes a few dozen small, short-lived allocations
//! (validation vectors, the output shape, the boxed handle) and frees them in the same call; with
//! glibc malloc these were most of the native time of a small slice (issue 5, measured with perf).
//! Every allocation of this crate is freed by this crate, so the allocator can be swapped safely;
//! memory the JVM hands out (pinned arrays, direct buffers) is never freed here.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
