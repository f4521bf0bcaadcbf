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
    for c in 0..channels {
        let begin = c * plane_len + first_pixel;
        let plane = &mut planes[begin..begin + count];
        for (out, pixel) in plane.iter_mut().zip(pixels.chunks_exact(channels)) {
            *out = pixel[c];
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
    let chunk_bytes = layout.chunk(chunk_elements) * size;
    let mut scratch = Vec::new();
    for (index, piece) in src.chunks(chunk_bytes).enumerate() {
        let start = index * chunk_bytes / size;
        if swap {
            scratch.clear();
            scratch.extend_from_slice(piece);
            for element in scratch.chunks_exact_mut(size) {
                element.reverse();
            }
            place(layout, &scratch, size, start, dst);
        } else {
            place(layout, piece, size, start, dst);
        }
    }
}
