//! Where the elements of an op chain's result go: in the input's order, or channels first
//! (`[.., H, W, C]` interleaved pixels to `[1, C, H, W]` planes, what ONNX models take).
//!
//! Channels first is a permutation, applied after the elementwise steps: element `p * C + c` of
//! the flat input (pixel `p`, channel `c`) lands at `c * P + p`, with `P` the pixel count. The
//! chain writes its values a chunk of whole pixels at a time; each chunk is gathered into the `C`
//! planes, every plane written contiguously.

use crate::lite::element::ByteOrder;
use crate::{Error, Result};

/// The order of the result's elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The input's order.
    Same,
    /// Channels first: `channels` interleaved values per pixel become `channels` planes.
    ChannelsFirst {
        /// Values per pixel (the input's last dimension), at least 1.
        channels: usize,
    },
}

impl Layout {
    /// Elements per chunk of the chain for this layout: `preferred`, rounded down to whole pixels
    /// (at least one pixel), so that every chunk starts on a pixel.
    pub(super) fn chunk(self, preferred: usize) -> usize {
        match self {
            Layout::Same => preferred,
            Layout::ChannelsFirst { channels } => (preferred / channels).max(1) * channels,
        }
    }

    /// Checks that `count` elements are whole pixels of this layout.
    pub(super) fn check(self, count: usize) -> Result<()> {
        match self {
            Layout::Same => Ok(()),
            Layout::ChannelsFirst { channels: 0 } => {
                Err(Error::invalid_argument("channel count must be positive"))
            }
            Layout::ChannelsFirst { channels } if count % channels != 0 => {
                Err(Error::invalid_argument(format!(
                    "{count} elements are not whole pixels of {channels} channels"
                )))
            }
            Layout::ChannelsFirst { .. } => Ok(()),
        }
    }
}

/// Writes `chunk`, whole pixels of `size`-byte elements in native order starting at element
/// `start` of the result, to their places in `dst` (the whole result) under `layout`.
/// `start` and `chunk.len() / size` are multiples of the channel count (see [`Layout::chunk`]).
pub(super) fn place(layout: Layout, chunk: &[u8], size: usize, start: usize, dst: &mut [u8]) {
    match layout {
        Layout::Same => dst[start * size..start * size + chunk.len()].copy_from_slice(chunk),
        Layout::ChannelsFirst { channels } => match size {
            1 => gather::<1>(chunk, channels, start, dst),
            2 => gather::<2>(chunk, channels, start, dst),
            4 => gather::<4>(chunk, channels, start, dst),
            _ => gather::<8>(chunk, channels, start, dst),
        },
    }
}

/// [`place`] for channels first, with elements of `N` bytes.
fn gather<const N: usize>(chunk: &[u8], channels: usize, start: usize, dst: &mut [u8]) {
    // Whole elements: the chunk and the result are multiples of the element size.
    let (pixels, _) = chunk.as_chunks::<N>();
    let (planes, _) = dst.as_chunks_mut::<N>();
    let plane_len = planes.len() / channels;
    let first_pixel = start / channels;
    let count = pixels.len() / channels;
    match channels {
        // RGB, the common case: one pass over the pixels writing three planes, each stride known.
        3 => {
            let (r, rest) = planes.split_at_mut(plane_len);
            let (g, b) = rest.split_at_mut(plane_len);
            let window = first_pixel..first_pixel + count;
            let (r, g, b) = (
                &mut r[window.clone()],
                &mut g[window.clone()],
                &mut b[window],
            );
            let (rgb, _) = pixels.as_chunks::<3>();
            let done = split3_words(rgb, r, g, b);
            for (((pixel, r), g), b) in rgb[done..]
                .iter()
                .zip(&mut r[done..])
                .zip(&mut g[done..])
                .zip(&mut b[done..])
            {
                (*r, *g, *b) = (pixel[0], pixel[1], pixel[2]);
            }
        }
        _ => {
            for c in 0..channels {
                let begin = c * plane_len + first_pixel;
                let plane = &mut planes[begin..begin + count];
                for (out, pixel) in plane.iter_mut().zip(pixels.chunks_exact(channels)) {
                    *out = pixel[c];
                }
            }
        }
    }
}

/// Splits the first pixels of `rgb` (3 elements of 4 bytes each) into the planes `r`, `g`, `b`
/// (as long as the shortest) with vector shuffles; returns how many pixels it did (a multiple of
/// 4; the caller does the rest). Bit moves only, so any 32-bit element type, NaNs included.
/// Other architectures do none.
#[cfg_attr(
    not(any(target_arch = "x86_64", target_arch = "aarch64")),
    allow(unused_variables)
)]
fn split3_words<const N: usize>(
    rgb: &[[[u8; N]; 3]],
    r: &mut [[u8; N]],
    g: &mut [[u8; N]],
    b: &mut [[u8; N]],
) -> usize {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    if N == 4 {
        let blocks = rgb.len().min(r.len()).min(g.len()).min(b.len()) / 4;
        #[cfg(target_arch = "x86_64")]
        let first = if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above); blocks / 2 blocks of 8 pixels lie
            // within every slice, as below.
            unsafe {
                simd::split3_avx2(
                    rgb.as_ptr().cast(),
                    [r.as_mut_ptr(), g.as_mut_ptr(), b.as_mut_ptr()].map(|p| p.cast()),
                    blocks / 2,
                )
            };
            blocks / 2 * 2
        } else {
            0
        };
        #[cfg(not(target_arch = "x86_64"))]
        let first = 0;
        for block in first..blocks {
            // SAFETY: N == 4, so pixels 4·block .. 4·block + 3 are 48 readable bytes of `rgb` and
            // 16 writable bytes of each plane (block < the shortest length / 4).
            unsafe {
                let src = rgb.as_ptr().add(4 * block).cast::<f32>();
                let (r, g, b) = (
                    r.as_mut_ptr().add(4 * block).cast::<f32>(),
                    g.as_mut_ptr().add(4 * block).cast::<f32>(),
                    b.as_mut_ptr().add(4 * block).cast::<f32>(),
                );
                simd::split3(src, r, g, b);
            }
        }
        return blocks * 4;
    }
    0
}

#[cfg(target_arch = "x86_64")]
mod simd {
    use std::arch::x86_64::*;

    /// Four RGB pixels of 32-bit words at `src` (12 words) to four words at each of `r`, `g`,
    /// `b`, with SSE2 shuffles (baseline on x86_64). With the loads a = [r0 g0 b0 r1],
    /// b = [g1 b1 r2 g2], c = [b2 r3 g3 b3]: R = [a0 a3 b2 c1], G = [a1 b0 b3 c2],
    /// B = [a2 b1 c0 c3].
    ///
    /// # Safety
    /// 48 readable bytes at `src`, 16 writable bytes at each of `r`, `g`, `b`.
    #[inline(always)]
    pub(super) unsafe fn split3(src: *const f32, r: *mut f32, g: *mut f32, b: *mut f32) {
        // SAFETY: the caller's contract.
        unsafe {
            let a = _mm_loadu_ps(src);
            let bb = _mm_loadu_ps(src.add(4));
            let c = _mm_loadu_ps(src.add(8));
            let red = _mm_shuffle_ps::<0b10_00_11_00>(a, _mm_shuffle_ps::<0b01_01_10_10>(bb, c));
            let green = _mm_shuffle_ps::<0b10_00_10_00>(
                _mm_shuffle_ps::<0b00_00_01_01>(a, bb),
                _mm_shuffle_ps::<0b10_10_11_11>(bb, c),
            );
            let blue = _mm_shuffle_ps::<0b10_00_10_00>(
                _mm_shuffle_ps::<0b01_01_10_10>(a, bb),
                _mm_shuffle_ps::<0b11_11_00_00>(c, c),
            );
            _mm_storeu_ps(r, red);
            _mm_storeu_ps(g, green);
            _mm_storeu_ps(b, blue);
        }
    }

    /// `blocks` blocks of eight RGB pixels of 32-bit words from `src` into the planes' first
    /// `8 · blocks` words. With the loads a = [r0 g0 b0 r1 g1 b1 r2 g2], b = [b2 r3 .. r5],
    /// c = [g5 b5 .. b7], each channel's eight words sit in distinct lanes of a, b and c: two
    /// blends gather them into one vector and one lane permutation puts them in order.
    ///
    /// # Safety
    /// The CPU must support AVX2; `src` has `96 · blocks` readable bytes and each plane at least
    /// `32 · blocks` writable bytes.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn split3_avx2(src: *const f32, planes: [*mut f32; 3], blocks: usize) {
        let order = |i: [i32; 8]| _mm256_setr_epi32(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7]);
        let (red_order, green_order, blue_order) = (
            order([0, 3, 6, 1, 4, 7, 2, 5]),
            order([1, 4, 7, 2, 5, 0, 3, 6]),
            order([2, 5, 0, 3, 6, 1, 4, 7]),
        );
        for block in 0..blocks {
            // SAFETY: block < blocks: 96 bytes at src + 24 · block, 32 bytes at each plane's
            // word 8 · block (the caller's contract).
            unsafe {
                let p = src.add(24 * block);
                let (a, bb, c) = (
                    _mm256_loadu_ps(p),
                    _mm256_loadu_ps(p.add(8)),
                    _mm256_loadu_ps(p.add(16)),
                );
                let red = _mm256_blend_ps::<0x24>(_mm256_blend_ps::<0x92>(a, bb), c);
                let green = _mm256_blend_ps::<0x49>(_mm256_blend_ps::<0x24>(a, bb), c);
                let blue = _mm256_blend_ps::<0x92>(_mm256_blend_ps::<0x49>(a, bb), c);
                let [r, g, b] = planes.map(|plane| plane.add(8 * block));
                _mm256_storeu_ps(r, _mm256_permutevar8x32_ps(red, red_order));
                _mm256_storeu_ps(g, _mm256_permutevar8x32_ps(green, green_order));
                _mm256_storeu_ps(b, _mm256_permutevar8x32_ps(blue, blue_order));
            }
        }
    }
}

#[cfg(target_arch = "aarch64")]
mod simd {
    use std::arch::aarch64::*;

    /// Four RGB pixels of 32-bit words at `src` to four words at each plane: NEON's
    /// de-interleaving load.
    ///
    /// # Safety
    /// 48 readable bytes at `src`, 16 writable bytes at each of `r`, `g`, `b`.
    #[inline(always)]
    pub(super) unsafe fn split3(src: *const f32, r: *mut f32, g: *mut f32, b: *mut f32) {
        // SAFETY: the caller's contract.
        unsafe {
            let v = vld3q_f32(src);
            vst1q_f32(r, v.0);
            vst1q_f32(g, v.1);
            vst1q_f32(b, v.2);
        }
    }
}

/// Permutes `src` (elements of `size` bytes in `order`) into `dst` in native order under
/// `layout`, with no arithmetic: the exact path of a chain that only moves elements, for every
/// element type (64-bit integers included, which the float path would round).
pub(super) fn permute(
    src: &[u8],
    size: usize,
    order: ByteOrder,
    layout: Layout,
    chunk_elements: usize,
    dst: &mut [u8],
) {
    let swap = size > 1 && order != ByteOrder::NATIVE;
    if !swap {
        // Nothing to compute: one pass over the whole input.
        place(layout, src, size, 0, dst);
        return;
    }
    let chunk_bytes = layout.chunk(chunk_elements) * size;
    let mut scratch = Vec::new();
    for (index, piece) in src.chunks(chunk_bytes).enumerate() {
        let start = index * chunk_bytes / size;
        scratch.clear();
        scratch.extend_from_slice(piece);
        for element in scratch.chunks_exact_mut(size) {
            element.reverse();
        }
        place(layout, &scratch, size, start, dst);
    }
}
