//! TFLite Support's `TensorAudio`: a ring of float samples that keeps the newest ones, fed with
//! float or PCM16 samples (PCM16 is scaled by 1/32767 as upstream does, in float arithmetic).
//!
//! The rules reproduce upstream's Java step by step, including Java's wrapping `int` arithmetic
//! and where its `System.arraycopy` or array allocation throws, with HotSpot's messages; so a
//! load either has upstream's effect or fails with upstream's exception at the same point (a
//! failing second copy leaves the first one written, as upstream's does).

use crate::lite::ByteOrder;
use crate::{Error, ErrorKind, Result};

#[cfg(test)]
mod tests;

/// `AudioFormat.ENCODING_PCM_16BIT`.
pub const ENCODING_PCM_16BIT: i32 = 2;
/// `AudioFormat.ENCODING_PCM_FLOAT`.
pub const ENCODING_PCM_FLOAT: i32 = 4;

/// Upstream's conversion of one PCM16 sample: `s * 1.f / Short.MAX_VALUE`.
#[inline(always)]
pub fn pcm16_to_f32(sample: i16) -> f32 {
    f32::from(sample) / 32767.0
}

/// Converts `src` into `dst` (equal lengths) with [`pcm16_to_f32`].
pub fn convert_pcm16(src: &[i16], dst: &mut [f32]) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX (checked above).
        return unsafe { convert_pcm16_avx(src, dst) };
    }
    convert_pcm16_portable(src, dst);
}

fn convert_pcm16_portable(src: &[i16], dst: &mut [f32]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = pcm16_to_f32(s);
    }
}

/// The same loop compiled for AVX: 8 divisions per instruction instead of 4. Division is exact in
/// every instruction set, so the results are the portable loop's bit for bit.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx")]
unsafe fn convert_pcm16_avx(src: &[i16], dst: &mut [f32]) {
    convert_pcm16_portable(src, dst);
}

/// The argument errors of `load(float[], offset, size)` that precede any copy: the channel check
/// (first, as upstream), then the index check.
pub fn check_float_load(channels: i32, src_len: i32, offset: i32, size: i32) -> Result<()> {
    check_channels(channels, size)?;
    check_index(src_len, offset, size)
}

/// `load(short[], offset, size)`'s checks before its conversion into a temporary float array of
/// `size`: the index check, the allocation, the reads `src[offset + i]`; then the channel check
/// of the float load it calls.
pub fn check_pcm16_load(channels: i32, src_len: i32, offset: i32, size: i32) -> Result<()> {
    check_index(src_len, offset, size)?;
    if size < 0 {
        return Err(Error::new(ErrorKind::NegativeArraySize, size.to_string()));
    }
    if size > i32::MAX - 2 {
        // HotSpot's limit for a float array, hit by the temporary float[size].
        return Err(Error::new(ErrorKind::OutOfMemory, "Requested array size exceeds VM limit"));
    }
    if size >= 1 << 30 && offset >= 0 && i64::from(offset) + i64::from(size) > i64::from(src_len) {
        // offset + size wrapped past Integer.MAX_VALUE: upstream's temporary of 4 GB or more comes
        // before the failing read; the heap decides, and this answers as a heap that cannot hold
        // it (tensorbridge never allocates it).
        return Err(Error::new(ErrorKind::OutOfMemory, "Java heap space"));
    }
    if size > 0 {
        // The first read out of the array: a negative first index, or (after a wrapped
        // offset + size) the first index at or past the end.
        let bad = if offset < 0 {
            Some(offset)
        } else if i64::from(offset) + i64::from(size) > i64::from(src_len) {
            Some(src_len.max(offset))
        } else {
            None
        };
        if let Some(index) = bad {
            return Err(Error::new(
                ErrorKind::ArrayIndexOutOfBounds,
                format!("Index {index} out of bounds for length {src_len}"),
            ));
        }
    }
    check_channels(channels, size)
}

/// The checks of the direct-buffer load (a tensorbridge extension): whole samples, a known
/// encoding, then upstream's channel check on the sample count. Returns the sample count.
pub fn check_bytes_load(channels: i32, encoding: i32, byte_count: usize) -> Result<i32> {
    let width = sample_width(encoding)?;
    if byte_count % width != 0 {
        return Err(Error::invalid_argument(format!(
            "Size ({byte_count} bytes) is not a whole number of {width}-byte samples"
        )));
    }
    let count = i32::try_from(byte_count / width)
        .map_err(|_| Error::invalid_argument(format!("Size ({byte_count} bytes) exceeds 2^31 - 1 samples")))?;
    check_channels(channels, count)?;
    Ok(count)
}

/// Bytes per sample of an encoding, or upstream's message for any other encoding.
pub fn sample_width(encoding: i32) -> Result<usize> {
    match encoding {
        ENCODING_PCM_16BIT => Ok(2),
        ENCODING_PCM_FLOAT => Ok(4),
        _ => Err(Error::invalid_argument(
            "Unsupported encoding. Requires ENCODING_PCM_16BIT or ENCODING_PCM_FLOAT.",
        )),
    }
}

/// Upstream's check that `size` samples are whole frames of `channels`.
pub fn check_channels(channels: i32, size: i32) -> Result<()> {
    if channels == 0 {
        return Err(divide_by_zero());
    }
    // Java's `%` truncates, as Rust's does; MIN % -1 is 0 in Java.
    if size.wrapping_rem(channels) != 0 {
        return Err(Error::invalid_argument(format!(
            "Size ({size}) needs to be a multiplier of the number of channels ({channels})"
        )));
    }
    Ok(())
}

fn check_index(src_len: i32, offset: i32, size: i32) -> Result<()> {
    if offset.wrapping_add(size) > src_len {
        return Err(Error::invalid_argument(format!(
            "Index out of range. offset ({offset}) + size ({size}) should <= newData.length ({src_len})"
        )));
    }
    Ok(())
}

fn divide_by_zero() -> Error {
    Error::new(ErrorKind::Arithmetic, "/ by zero")
}

/// Upstream's ring update after its argument checks: stores `size` samples of a source of
/// `src_len` floats from `offset` at `next`, keeping only the newest `ring.len()` samples, and
/// returns the next index. `fill(start, dst)` writes the source's samples `start..start +
/// dst.len()` (already checked to lie within the source) into `dst`.
pub fn ring_store(
    ring: &mut [f32],
    next: i32,
    src_len: i32,
    mut offset: i32,
    mut size: i32,
    mut fill: impl FnMut(usize, &mut [f32]),
) -> Result<i32> {
    let cap = i32::try_from(ring.len()).map_err(|_| Error::internal("ring longer than a Java array"))?;
    if next < 0 || (next >= cap && cap > 0) || (cap == 0 && next != 0) {
        return Err(Error::new(ErrorKind::IllegalState, format!("ring index {next} outside 0..{cap}")));
    }
    if size > cap {
        offset = offset.wrapping_add(size - cap);
        size = cap;
    }
    let mut copy = |src_pos: i32, dst_pos: i32, len: i32| -> Result<()> {
        arraycopy_check(src_len, src_pos, cap, dst_pos, len)?;
        let (src_pos, dst_pos, len) = (src_pos as usize, dst_pos as usize, len as usize);
        if len > 0 {
            fill(src_pos, &mut ring[dst_pos..dst_pos + len]);
        }
        Ok(())
    };
    if next.wrapping_add(size) < cap {
        copy(offset, next, size)?;
    } else {
        let first = cap - next;
        copy(offset, next, first)?;
        copy(offset.wrapping_add(first), 0, size.wrapping_sub(first))?;
    }
    if cap == 0 {
        return Err(divide_by_zero());
    }
    Ok(next.wrapping_add(size) % cap)
}

/// `System.arraycopy(float[src_len], src_pos, float[dst_len], dst_pos, len)`'s checks, in
/// HotSpot's order and wording.
fn arraycopy_check(src_len: i32, src_pos: i32, dst_len: i32, dst_pos: i32, len: i32) -> Result<()> {
    let fail = |message: String| Err(Error::new(ErrorKind::ArrayIndexOutOfBounds, message));
    if src_pos < 0 {
        return fail(format!("arraycopy: source index {src_pos} out of bounds for float[{src_len}]"));
    }
    if dst_pos < 0 {
        return fail(format!("arraycopy: destination index {dst_pos} out of bounds for float[{dst_len}]"));
    }
    if len < 0 {
        return fail(format!("arraycopy: length {len} is negative"));
    }
    let src_end = len as u32 + src_pos as u32;
    if src_end > src_len as u32 {
        return fail(format!("arraycopy: last source index {src_end} out of bounds for float[{src_len}]"));
    }
    let dst_end = len as u32 + dst_pos as u32;
    if dst_end > dst_len as u32 {
        return fail(format!("arraycopy: last destination index {dst_end} out of bounds for float[{dst_len}]"));
    }
    Ok(())
}

/// `load(float[], offset, size)`: checks, then the ring update. Returns the next index.
pub fn load_f32(ring: &mut [f32], next: i32, channels: i32, src: &[f32], offset: i32, size: i32) -> Result<i32> {
    let src_len = java_len(src.len())?;
    check_float_load(channels, src_len, offset, size)?;
    ring_store(ring, next, src_len, offset, size, |start, dst| {
        dst.copy_from_slice(&src[start..start + dst.len()]);
    })
}

/// `load(short[], offset, size)`: checks, then the ring update from the converted samples (no
/// temporary array: the ring reads the samples it keeps straight from `src`).
pub fn load_pcm16(ring: &mut [f32], next: i32, channels: i32, src: &[i16], offset: i32, size: i32) -> Result<i32> {
    check_pcm16_load(channels, java_len(src.len())?, offset, size)?;
    // Checked: 0 <= offset and offset + size <= src.len() (or size is 0).
    let window = if size == 0 { &[][..] } else { &src[offset as usize..offset as usize + size as usize] };
    ring_store(ring, next, size, 0, size, |start, dst| {
        convert_pcm16(&window[start..start + dst.len()], dst);
    })
}

/// The direct-buffer load: `bytes` holds whole samples of `encoding` in `order`.
pub fn load_bytes(ring: &mut [f32], next: i32, channels: i32, bytes: &[u8], encoding: i32, order: ByteOrder) -> Result<i32> {
    let count = check_bytes_load(channels, encoding, bytes.len())?;
    let width = sample_width(encoding)?;
    ring_store(ring, next, count, 0, count, |start, dst| {
        let src = &bytes[start * width..(start + dst.len()) * width];
        if encoding == ENCODING_PCM_16BIT {
            decode_pcm16(src, order, dst);
        } else {
            decode_f32(src, order, dst);
        }
    })
}

fn decode_pcm16(src: &[u8], order: ByteOrder, dst: &mut [f32]) {
    let mut samples = [0i16; 256];
    for (bytes, out) in src.chunks(2 * samples.len()).zip(dst.chunks_mut(samples.len())) {
        let samples = &mut samples[..out.len()];
        for (s, b) in samples.iter_mut().zip(bytes.chunks_exact(2)) {
            let b = [b[0], b[1]];
            *s = match order {
                ByteOrder::Little => i16::from_le_bytes(b),
                ByteOrder::Big => i16::from_be_bytes(b),
            };
        }
        convert_pcm16(samples, out);
    }
}

fn decode_f32(src: &[u8], order: ByteOrder, dst: &mut [f32]) {
    for (d, b) in dst.iter_mut().zip(src.chunks_exact(4)) {
        let b = [b[0], b[1], b[2], b[3]];
        *d = match order {
            ByteOrder::Little => f32::from_le_bytes(b),
            ByteOrder::Big => f32::from_be_bytes(b),
        };
    }
}

/// The ring's samples oldest first (`getTensorBuffer`'s order) into `dst` (the ring's length).
pub fn unroll(ring: &[f32], next: i32, dst: &mut [f32]) -> Result<()> {
    let next = usize::try_from(next).ok().filter(|&n| n < ring.len().max(1));
    match next {
        Some(next) if dst.len() == ring.len() => {
            let tail = ring.len() - next;
            dst[..tail].copy_from_slice(&ring[next..]);
            dst[tail..].copy_from_slice(&ring[..next]);
            Ok(())
        }
        _ => Err(Error::new(ErrorKind::IllegalState, "ring index or destination length out of range")),
    }
}

fn java_len(len: usize) -> Result<i32> {
    i32::try_from(len).map_err(|_| Error::internal("array longer than a Java array"))
}
