//! The string-list framing of `tensor_content` (docs/contracts/tensor.md#field-and-content-encodings): all `N` lengths as varint32
//! first, then all element bytes concatenated. Used for string, resource and variant tensors.

use prost::bytes::Buf;

/// Upstream `EncodeStringList` gives up (LOG(FATAL)) beyond this total; we return an error.
const MAX_ENCODED_TOTAL: u64 = i32::MAX as u64;

/// The size rule of upstream's string-list encoder: `N × 8 + Σ lengths` must fit in 2^31 − 1.
pub(crate) fn check_encoded_size(n: u64, total_len: u64) -> Result<(), String> {
    let tot = n.saturating_mul(8).saturating_add(total_len);
    if tot > MAX_ENCODED_TOTAL {
        return Err(format!("EncodeStringList size too large: {tot}"));
    }
    Ok(())
}

/// Frames `items` (lengths first, then bytes). The caller checks the size rule first.
pub(crate) fn encode<I, T>(items: I) -> Vec<u8>
where
    I: IntoIterator<Item = T> + Clone,
    T: AsRef<[u8]>,
{
    let mut out = Vec::new();
    for item in items.clone() {
        prost::encoding::encode_varint(item.as_ref().len() as u64, &mut out);
    }
    for item in items {
        out.extend_from_slice(item.as_ref());
    }
    out
}

/// Reads one varint32 the way upstream's `GetVarint32` does: at most 5 bytes, bits above 32
/// dropped, a missing terminator rejects.
fn read_varint32(reader: &mut &[u8]) -> Option<u32> {
    let before = reader.remaining();
    let value = prost::encoding::decode_varint(reader).ok()?;
    if before - reader.remaining() > 5 {
        return None;
    }
    Some(value as u32)
}

/// Splits framed content into exactly `n` element byte slices, or `None` when a length varint is
/// truncated or the lengths do not sum to exactly the bytes that follow them.
pub(crate) fn decode(content: &[u8], n: u64) -> Option<Vec<&[u8]>> {
    // Every length takes at least one byte: this bounds `n` by the input before allocating.
    if n > content.len() as u64 {
        return None;
    }
    let n = n as usize;
    let mut reader = content;
    let mut lengths = Vec::new();
    lengths.try_reserve_exact(n).ok()?;
    let mut total = 0u64;
    for _ in 0..n {
        let len = read_varint32(&mut reader)?;
        total += u64::from(len);
        lengths.push(len as usize);
    }
    if total != reader.len() as u64 {
        return None;
    }
    let mut items = Vec::new();
    items.try_reserve_exact(n).ok()?;
    for len in lengths {
        let (item, rest) = reader.split_at(len);
        items.push(item);
        reader = rest;
    }
    Some(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing_example_of_section_12() {
        assert_eq!(encode([&b"a"[..], b"bc"]), vec![0x01, 0x02, 0x61, 0x62, 0x63]);
        assert_eq!(decode(&[0x01, 0x02, 0x61, 0x62, 0x63], 2), Some(vec![&b"a"[..], b"bc"]));
    }

    #[test]
    fn malformed_framing_is_rejected() {
        assert_eq!(decode(&[0x01, 0x02, 0x61, 0x62], 2), None); // sum 3, 2 bytes left
        assert_eq!(decode(&[0x01, 0x02, 0x61, 0x62, 0x63, 0x64], 2), None); // one byte too many
        assert_eq!(decode(&[0x80], 1), None); // truncated varint
        assert_eq!(decode(&[0x00], 2), None); // more elements than bytes
        // A 6-byte varint is not a varint32.
        assert_eq!(decode(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x00], 1), None);
        // A 5-byte varint keeps its low 32 bits: 0x10_0000_0000 → 0.
        assert_eq!(decode(&[0x80, 0x80, 0x80, 0x80, 0x10], 1), Some(vec![&b""[..]]));
    }

    #[test]
    fn encoder_size_limit_of_section_16() {
        assert_eq!(check_encoded_size(1, (1u64 << 31) - 1 - 8), Ok(()));
        assert_eq!(
            check_encoded_size(1, (1u64 << 31) - 8),
            Err("EncodeStringList size too large: 2147483648".to_string())
        );
        assert_eq!(
            check_encoded_size(300_000_000, 0),
            Err("EncodeStringList size too large: 2400000000".to_string())
        );
    }
}
