//! Element access for summaries: one trait the tensor type implements (or adapts to), plus ready-made
//! implementations over borrowed storage — raw native-endian bytes for numeric kinds, byte strings for
//! `string`, and caller-made summaries for `resource` / `variant`.

use super::kind::SummaryKind;
use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::format::{
    MiniFloat, push_bf16, push_f16, push_f32, push_f64, push_utf8_safe_c_escape, signed_low_bits, unsigned_low_bits,
};
use half::{bf16, f16};
use std::fmt::Write as _;

/// The elements of one tensor in row-major order, each printable as SummarizeValue prints it.
pub trait ElementFormatter {
    /// Number of elements.
    fn len(&self) -> usize;

    /// True if there are no elements.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends element `index` (`index < len()`). `print_v2` selects the v2 form, which only differs for
    /// strings (quoted). Generic-printer kinds append `?` or `<summary>`.
    fn fmt_element(&self, index: usize, print_v2: bool, out: &mut Vec<u8>);
}

/// Numeric elements (everything except string, resource and variant) over the tensor's bytes in native byte
/// order, `len() = bytes.len() / element size`.
#[derive(Debug, Clone, Copy)]
pub struct NumericElements<'a> {
    kind: DataType,
    size: usize,
    bytes: &'a [u8],
}

impl<'a> NumericElements<'a> {
    /// Views `bytes` as elements of `kind`. Fails if the kind has no byte representation or the length is
    /// not a whole number of elements.
    pub fn new(kind: DataType, bytes: &'a [u8]) -> Result<Self> {
        let size = kind
            .element_size()
            .ok_or_else(|| Error::invalid_argument(format!("{kind:?} elements are not stored as plain bytes")))?;
        if bytes.len() % size != 0 {
            return Err(Error::invalid_argument(format!(
                "{} bytes is not a whole number of {kind:?} elements of {size} bytes",
                bytes.len()
            )));
        }
        Ok(NumericElements { kind, size, bytes })
    }

    fn element<const N: usize>(&self, index: usize) -> Option<[u8; N]> {
        let start = index.checked_mul(self.size)?;
        self.bytes.get(start..start.checked_add(N)?)?.try_into().ok()
    }
}

impl ElementFormatter for NumericElements<'_> {
    fn len(&self) -> usize {
        self.bytes.len() / self.size
    }

    fn fmt_element(&self, index: usize, _print_v2: bool, out: &mut Vec<u8>) {
        let mut text = String::new();
        if push_numeric(self, index, &mut text).is_some() {
            out.extend_from_slice(text.as_bytes());
        }
    }
}

/// Formats one numeric element into `text`; `None` if `index` is out of range.
fn push_numeric(elements: &NumericElements<'_>, index: usize, text: &mut String) -> Option<()> {
    use DataType::*;
    let byte = || elements.element::<1>(index).map(|[b]| b);
    match elements.kind {
        Float => push_f32(text, f32::from_ne_bytes(elements.element(index)?)),
        Double => push_f64(text, f64::from_ne_bytes(elements.element(index)?)),
        Half => push_f16(text, f16::from_ne_bytes(elements.element(index)?)),
        BFloat16 => push_bf16(text, bf16::from_ne_bytes(elements.element(index)?)),
        Float8E5M2 => push_f32(text, MiniFloat::FLOAT8_E5M2.to_f32(byte()?)),
        Float8E4M3FN => push_f32(text, MiniFloat::FLOAT8_E4M3FN.to_f32(byte()?)),
        Float8E4M3B11FNUZ => push_f32(text, MiniFloat::FLOAT8_E4M3B11FNUZ.to_f32(byte()?)),
        Float4E2M1FN => push_f32(text, MiniFloat::FLOAT4_E2M1FN.to_f32(byte()?)),
        Int8 | QInt8 => write_int(text, byte()? as i8),
        UInt8 | QUInt8 => write_int(text, byte()?),
        Int16 | QInt16 => write_int(text, i16::from_ne_bytes(elements.element(index)?)),
        UInt16 | QUInt16 => write_int(text, u16::from_ne_bytes(elements.element(index)?)),
        Int32 => write_int(text, i32::from_ne_bytes(elements.element(index)?)),
        UInt32 => write_int(text, u32::from_ne_bytes(elements.element(index)?)),
        Int64 => write_int(text, i64::from_ne_bytes(elements.element(index)?)),
        UInt64 => write_int(text, u64::from_ne_bytes(elements.element(index)?)),
        Int4 => write_int(text, signed_low_bits(byte()?, 4)),
        Int2 => write_int(text, signed_low_bits(byte()?, 2)),
        UInt4 => write_int(text, unsigned_low_bits(byte()?, 4)),
        UInt2 => write_int(text, unsigned_low_bits(byte()?, 2)),
        // Upstream only ever holds 0 or 1 (FromProto rejects other bytes); any non-zero byte reads as true.
        Bool => text.push(if byte()? != 0 { '1' } else { '0' }),
        // No element printer upstream: the generic printer.
        Complex64 | Complex128 | QInt32 | Float8E4M3FNUZ | Float8E5M2FNUZ => {
            byte()?;
            text.push('?')
        }
        // Rejected by `NumericElements::new`.
        String | Resource | Variant | Invalid => return None,
    }
    Some(())
}

fn write_int(text: &mut String, value: impl std::fmt::Display) {
    let _ = write!(text, "{value}");
}

/// `string` elements: C-escaped, and quoted in v2.
#[derive(Debug, Clone, Copy)]
pub struct StringElements<'a, S: AsRef<[u8]>> {
    items: &'a [S],
}

impl<'a, S: AsRef<[u8]>> StringElements<'a, S> {
    /// A formatter over `items`, one byte string per element.
    pub fn new(items: &'a [S]) -> Self {
        StringElements { items }
    }
}

impl<S: AsRef<[u8]>> ElementFormatter for StringElements<'_, S> {
    fn len(&self) -> usize {
        self.items.len()
    }

    fn fmt_element(&self, index: usize, print_v2: bool, out: &mut Vec<u8>) {
        let Some(item) = self.items.get(index) else { return };
        if print_v2 {
            out.push(b'"');
        }
        push_utf8_safe_c_escape(out, item.as_ref());
        if print_v2 {
            out.push(b'"');
        }
    }
}

/// `resource` / `variant` elements whose own summaries the caller has built (`ResourceHandle(...)`, or the
/// contained value's summary); each prints wrapped in `<` `>`.
#[derive(Debug, Clone, Copy)]
pub struct ObjectSummaries<'a, S: AsRef<[u8]>> {
    summaries: &'a [S],
}

impl<'a, S: AsRef<[u8]>> ObjectSummaries<'a, S> {
    /// A formatter over the prepared `summaries`, one per element.
    pub fn new(summaries: &'a [S]) -> Self {
        ObjectSummaries { summaries }
    }
}

impl<S: AsRef<[u8]>> ElementFormatter for ObjectSummaries<'_, S> {
    fn len(&self) -> usize {
        self.summaries.len()
    }

    fn fmt_element(&self, index: usize, _print_v2: bool, out: &mut Vec<u8>) {
        let Some(summary) = self.summaries.get(index) else { return };
        out.push(b'<');
        out.extend_from_slice(summary.as_ref());
        out.push(b'>');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(elements: &dyn ElementFormatter, v2: bool) -> String {
        let mut out = Vec::new();
        for i in 0..elements.len() {
            if i > 0 {
                out.push(b' ');
            }
            elements.fmt_element(i, v2, &mut out);
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn integers_print_plain_decimal() {
        // TensorFlow 2.21 prints `-128 127 0`, `255`, `18446744073709551615`.
        let bytes = [0x80u8, 0x7F, 0x00];
        assert_eq!(all(&NumericElements::new(DataType::Int8, &bytes).unwrap(), false), "-128 127 0");
        assert_eq!(all(&NumericElements::new(DataType::QInt8, &bytes).unwrap(), false), "-128 127 0");
        assert_eq!(all(&NumericElements::new(DataType::UInt8, &[255]).unwrap(), false), "255");
        let max = u64::MAX.to_ne_bytes();
        assert_eq!(all(&NumericElements::new(DataType::UInt64, &max).unwrap(), false), "18446744073709551615");
    }

    #[test]
    fn bool_and_generic_kinds() {
        assert_eq!(all(&NumericElements::new(DataType::Bool, &[0, 1, 1]).unwrap(), false), "0 1 1");
        assert_eq!(all(&NumericElements::new(DataType::Complex64, &[0; 16]).unwrap(), true), "? ?");
        assert_eq!(all(&NumericElements::new(DataType::QInt32, &[0; 12]).unwrap(), false), "? ? ?");
    }

    #[test]
    fn strings_quote_in_v2_only() {
        let items = ["hi", "q\"'\\"];
        assert_eq!(all(&StringElements::new(&items), false), "hi q\\\"\\'\\\\");
        assert_eq!(all(&StringElements::new(&items), true), "\"hi\" \"q\\\"\\'\\\\\"");
    }

    #[test]
    fn object_summaries_are_bracketed() {
        // The element part of a resource summary printed by TensorFlow 2.21.
        let handle =
            ["ResourceHandle(name=\"a\", device=\"\", container=\"\", type=\"\", dtype and shapes : \"[  ]\")"];
        assert_eq!(
            all(&ObjectSummaries::new(&handle), true),
            "<ResourceHandle(name=\"a\", device=\"\", container=\"\", type=\"\", dtype and shapes : \"[  ]\")>"
        );
    }

    #[test]
    fn rejects_bad_storage() {
        assert!(NumericElements::new(DataType::String, &[]).is_err());
        assert!(NumericElements::new(DataType::Float, &[0; 6]).is_err());
        // Out-of-range indices append nothing instead of panicking.
        let elements = NumericElements::new(DataType::Float, &[0; 4]).unwrap();
        let mut out = Vec::new();
        elements.fmt_element(1, false, &mut out);
        assert!(out.is_empty());
    }
}
