//! The TensorFlow 1.x C API layout of `TF_STRING` tensor data, which TF 1.x Java exposes through
//! `Tensor.create(String.class, shape, ByteBuffer)`, `numBytes()` and `writeTo(ByteBuffer)`:
//! `n` little-endian `u64` offsets (one per element, relative to the end of the offset table),
//! then each element as a varint64 length followed by its bytes.
//!
//! Decoding follows the C API's `TF_TensorToTensor` checks and messages; it reads only inside the
//! given slice, whatever the offsets and lengths claim.

use prost::encoding::{decode_varint, encode_varint, encoded_len_varint};

use crate::error::{Error, Result};

const OFFSET_BYTES: usize = 8;

/// The encoded size: `n × 8 + Σ (varint length + length)`. Saturates instead of overflowing.
pub fn encoded_size<S: AsRef<[u8]>>(elements: &[S]) -> usize {
    elements
        .iter()
        .fold(elements.len().saturating_mul(OFFSET_BYTES), |acc, e| {
            let len = e.as_ref().len();
            acc.saturating_add(encoded_len_varint(len as u64))
                .saturating_add(len)
        })
}

/// Encodes `elements` in the layout above, offsets in element order.
pub fn encode<S: AsRef<[u8]>>(elements: &[S]) -> Result<Vec<u8>> {
    let size = encoded_size(elements);
    let mut out = Vec::new();
    out.try_reserve_exact(size).map_err(|_| {
        Error::resource_exhausted(format!("OOM when allocating {size} bytes of TF_STRING data"))
    })?;
    let mut offset = 0u64;
    for e in elements {
        out.extend_from_slice(&offset.to_le_bytes());
        let len = e.as_ref().len() as u64;
        offset += (encoded_len_varint(len) as u64) + len;
    }
    for e in elements {
        encode_varint(e.as_ref().len() as u64, &mut out);
        out.extend_from_slice(e.as_ref());
    }
    Ok(out)
}

fn malformed_encoding() -> Error {
    Error::invalid_argument("invalid string encoding or truncated src buffer")
}

/// Decodes `count` elements from `data`, with the C API's messages:
/// `Malformed TF_STRING tensor; too short to hold number of elements`,
/// `Malformed TF_STRING tensor; element <i> out of range`,
/// `invalid string encoding or truncated src buffer`.
pub fn decode(data: &[u8], count: usize) -> Result<Vec<Vec<u8>>> {
    let table_len = count
        .checked_mul(OFFSET_BYTES)
        .filter(|n| *n <= data.len())
        .ok_or_else(|| {
            Error::invalid_argument("Malformed TF_STRING tensor; too short to hold number of elements")
        })?;
    let (table, strings) = data.split_at(table_len);
    let mut out = Vec::new();
    out.try_reserve_exact(count)
        .map_err(|_| Error::resource_exhausted("OOM when allocating TF_STRING elements"))?;
    for (i, entry) in table.chunks_exact(OFFSET_BYTES).enumerate() {
        let mut raw = [0u8; OFFSET_BYTES];
        raw.copy_from_slice(entry);
        let offset = u64::from_le_bytes(raw);
        let start = usize::try_from(offset)
            .ok()
            .filter(|o| *o < strings.len())
            .ok_or_else(|| {
                Error::invalid_argument(format!("Malformed TF_STRING tensor; element {i} out of range"))
            })?;
        let mut rest = &strings[start..];
        let len = decode_varint(&mut rest).map_err(|_| malformed_encoding())?;
        let len = usize::try_from(len)
            .ok()
            .filter(|l| *l <= rest.len())
            .ok_or_else(malformed_encoding)?;
        out.push(rest[..len].to_vec());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_offsets_then_length_prefixed_strings() {
        let encoded = encode(&[b"ab".as_slice(), b"".as_slice(), b"xyz".as_slice()]).unwrap();
        let mut expected = Vec::new();
        for offset in [0u64, 3, 4] {
            expected.extend_from_slice(&offset.to_le_bytes());
        }
        expected.extend_from_slice(&[2, b'a', b'b', 0, 3, b'x', b'y', b'z']);
        assert_eq!(encoded, expected);
        assert_eq!(
            encoded_size(&[b"ab".as_slice(), b"".as_slice(), b"xyz".as_slice()]),
            expected.len()
        );
        assert_eq!(
            decode(&encoded, 3).unwrap(),
            vec![b"ab".to_vec(), vec![], b"xyz".to_vec()]
        );
    }

    #[test]
    fn long_strings_use_multi_byte_varints() {
        let long = vec![7u8; 300];
        let encoded = encode(&[&long]).unwrap();
        assert_eq!(&encoded[8..10], &[0xAC, 0x02]);
        assert_eq!(encoded.len(), 8 + 2 + 300);
        assert_eq!(decode(&encoded, 1).unwrap(), vec![long]);
    }

    #[test]
    fn rejects_short_tables_bad_offsets_and_truncated_strings() {
        let err = |data: &[u8], n| decode(data, n).unwrap_err().message;
        assert_eq!(
            err(&[0; 7], 1),
            "Malformed TF_STRING tensor; too short to hold number of elements"
        );
        assert_eq!(
            err(&[0; 8], 1),
            "Malformed TF_STRING tensor; element 0 out of range"
        );
        let mut bad = 0u64.to_le_bytes().to_vec();
        bad.extend_from_slice(&5u64.to_le_bytes());
        bad.extend_from_slice(&[0, 0]);
        assert_eq!(err(&bad, 2), "Malformed TF_STRING tensor; element 1 out of range");
        let mut truncated = 0u64.to_le_bytes().to_vec();
        truncated.extend_from_slice(&[5, b'a']);
        assert_eq!(
            err(&truncated, 1),
            "invalid string encoding or truncated src buffer"
        );
        let mut endless = 0u64.to_le_bytes().to_vec();
        endless.extend_from_slice(&[0x80; 3]);
        assert_eq!(
            err(&endless, 1),
            "invalid string encoding or truncated src buffer"
        );
        assert!(decode(&[], usize::MAX).is_err());
        assert_eq!(decode(&[], 0).unwrap(), Vec::<Vec<u8>>::new());
    }
}
