//! The hot TensorBuffer conversions (UINT8 ⇄ float/int, FLOAT32 → int) as explicit SIMD kernels,
//! one file per instruction set, chosen once at run time for the CPU at hand.
//!
//! Every path computes exactly the rules of docs/contracts/tensorbuffer.md#numeric-conversions;
//! the scalar path ([`Path::Scalar`]) is the portable reference and also converts the tail that
//! does not fill a whole vector block on the other paths. x86_64 has SSE2 (its baseline), AVX2
//! and AVX-512 (F+BW); aarch64 has NEON (its baseline). The selection ([`Kernels::best`]) runs the CPU feature
//! detection once and caches the result, so a conversion costs one atomic load and an indirect
//! call on top of its loop.
//!
//! Each kernel processes equal-length slices in fixed-size chunks with unaligned loads and
//! stores, so it works for any slice start; the only precondition of its `unsafe` is that the CPU
//! supports its instruction set, which [`Kernels::for_path`] checks before handing it out. Under
//! Miri (`cfg(miri)`) only the scalar path is offered.

use std::sync::OnceLock;

pub(crate) mod scalar;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(target_arch = "x86_64")]
mod sse2;

/// An implementation of the kernels, named after the instruction set it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Portable Rust, the reference (the compiler may still vectorize it for the baseline).
    Scalar,
    /// x86_64 baseline: 128-bit vectors.
    Sse2,
    /// x86_64 with AVX2: 256-bit vectors.
    Avx2,
    /// x86_64 with AVX-512 F and BW: 512-bit vectors.
    Avx512,
    /// aarch64 baseline: 128-bit vectors.
    Neon,
}

impl Path {
    /// Every path, in order of preference (the fastest first) with the scalar reference last.
    pub const ALL: [Path; 5] = [
        Path::Avx512,
        Path::Avx2,
        Path::Sse2,
        Path::Neon,
        Path::Scalar,
    ];

    /// Lower-case name, as used in benchmark ids (`avx2`, `neon`, …).
    pub fn name(self) -> &'static str {
        match self {
            Path::Scalar => "scalar",
            Path::Sse2 => "sse2",
            Path::Avx2 => "avx2",
            Path::Avx512 => "avx512",
            Path::Neon => "neon",
        }
    }
}

/// One path's kernels. A value exists only for a path the running CPU supports.
pub struct Kernels {
    path: Path,
    // Contract of every pointer: called only on a CPU with the path's instruction set, which
    // `for_path` guarantees for the values it hands out. Slices have equal lengths (checked by
    // the safe wrappers; the kernels also only walk the common length).
    f32_to_u8: unsafe fn(&[f32], &mut [u8]),
    u8_to_f32: unsafe fn(&[u8], &mut [f32]),
    u8_to_i32: unsafe fn(&[u8], &mut [i32]),
    i32_to_u8: unsafe fn(&[i32], &mut [u8]),
    f32_to_i32: unsafe fn(&[f32], &mut [i32]),
}

static BEST: OnceLock<&'static Kernels> = OnceLock::new();

impl Kernels {
    /// The fastest path this CPU supports, detected on the first call and cached.
    pub fn best() -> &'static Kernels {
        BEST.get_or_init(|| {
            Path::ALL
                .iter()
                .find_map(|&path| Kernels::for_path(path))
                .unwrap_or(&scalar::KERNELS)
        })
    }

    /// The kernels of `path`, or `None` when this build's architecture or this CPU lacks its
    /// instruction set.
    pub fn for_path(path: Path) -> Option<&'static Kernels> {
        // Under Miri only the scalar path runs: Miri interprets the vector intrinsics through
        // shims, which check nothing about this crate's pointer use that the scalar path and the
        // per-path unit tests on real CPUs do not, at a hundred times the cost.
        if cfg!(miri) && path != Path::Scalar {
            return None;
        }
        match path {
            Path::Scalar => Some(&scalar::KERNELS),
            // SSE2 is part of the x86_64 baseline.
            #[cfg(target_arch = "x86_64")]
            Path::Sse2 => Some(&sse2::KERNELS),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => std::is_x86_feature_detected!("avx2").then_some(&avx2::KERNELS),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => (std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw"))
            .then_some(&avx512::KERNELS),
            // NEON is part of the aarch64 baseline.
            #[cfg(target_arch = "aarch64")]
            Path::Neon => Some(&neon::KERNELS),
            #[allow(unreachable_patterns)] // every path exists on some architecture only
            _ => None,
        }
    }

    /// Which path these kernels use.
    pub fn path(&self) -> Path {
        self.path
    }

    /// float → UINT8: NaN → 0, clamp to [0, 255], truncate toward zero.
    ///
    /// # Panics
    /// If the slices' lengths differ.
    pub fn f32_to_u8(&self, src: &[f32], dst: &mut [u8]) {
        same_len(src.len(), dst.len());
        // SAFETY: `self` came from `for_path`, which checked the CPU; lengths are equal.
        unsafe { (self.f32_to_u8)(src, dst) }
    }

    /// UINT8 → float: the unsigned value, exact.
    ///
    /// # Panics
    /// If the slices' lengths differ.
    pub fn u8_to_f32(&self, src: &[u8], dst: &mut [f32]) {
        same_len(src.len(), dst.len());
        // SAFETY: as in `f32_to_u8`.
        unsafe { (self.u8_to_f32)(src, dst) }
    }

    /// UINT8 → int: the unsigned value.
    ///
    /// # Panics
    /// If the slices' lengths differ.
    pub fn u8_to_i32(&self, src: &[u8], dst: &mut [i32]) {
        same_len(src.len(), dst.len());
        // SAFETY: as in `f32_to_u8`.
        unsafe { (self.u8_to_i32)(src, dst) }
    }

    /// int → UINT8: clamp to [0, 255].
    ///
    /// # Panics
    /// If the slices' lengths differ.
    pub fn i32_to_u8(&self, src: &[i32], dst: &mut [u8]) {
        same_len(src.len(), dst.len());
        // SAFETY: as in `f32_to_u8`.
        unsafe { (self.i32_to_u8)(src, dst) }
    }

    /// float → int as Java's `(int) f`: NaN → 0, truncate toward zero, saturate.
    ///
    /// # Panics
    /// If the slices' lengths differ.
    pub fn f32_to_i32(&self, src: &[f32], dst: &mut [i32]) {
        same_len(src.len(), dst.len());
        // SAFETY: as in `f32_to_u8`.
        unsafe { (self.f32_to_i32)(src, dst) }
    }
}

/// Callers (src/lite/convert.rs) check lengths first, so a mismatch is a bug in this crate.
#[inline]
fn same_len(src: usize, dst: usize) {
    assert_eq!(src, dst, "conversion kernels need equal-length slices");
}

#[cfg(test)]
mod tests;
