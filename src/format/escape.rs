//! Escaping of string elements: the rules of absl's `Utf8SafeCEscape`, which TensorFlow 2.21 applies to
//! every string it prints in a summary.
//!
//! The result is bytes, not `str`: bytes ≥ 0x80 are copied through unchanged even when they are not valid
//! UTF-8, exactly as upstream does.

/// Appends `bytes` escaped C-style, leaving bytes ≥ 0x80 raw.
pub fn push_utf8_safe_c_escape(out: &mut Vec<u8>, bytes: &[u8]) {
    for &byte in bytes {
        match byte {
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'"' => out.extend_from_slice(b"\\\""),
            b'\'' => out.extend_from_slice(b"\\'"),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x20..=0x7E | 0x80..=0xFF => out.push(byte),
            // Remaining control characters and DEL: three octal digits.
            _ => out.extend_from_slice(&[b'\\', b'0' + (byte >> 6), b'0' + ((byte >> 3) & 7), b'0' + (byte & 7)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::push_utf8_safe_c_escape;

    fn escaped(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        push_utf8_safe_c_escape(&mut out, bytes);
        out
    }

    // Element texts observed with TensorFlow 2.21 (docs/contracts/tensor.md#number-formatting).
    #[test]
    fn spec_vectors() {
        assert_eq!(escaped(b"q\"'\\"), b"q\\\"\\'\\\\");
        assert_eq!(escaped(&[0x0A, 0x09, 0x0D, 0x00, 0x01, 0x7F]), b"\\n\\t\\r\\000\\001\\177");
        assert_eq!(escaped("é€".as_bytes()), "é€".as_bytes());
        assert_eq!(escaped(&[0xFF, 0xFE]), [0xFF, 0xFE]);
        assert_eq!(escaped(b"hi there ~"), b"hi there ~");
        assert_eq!(escaped(&[0x1B, 0x1F]), b"\\033\\037");
    }
}
