//! Wire-format leniency that C++ protobuf has and `prost` lacks.
//!
//! C++ protobuf treats a field whose number is known but whose wire type does not match the
//! schema as an unknown field and skips it (observed: `0a 00`, field 1 as length-delimited, leaves
//! `dtype` unset and parsing succeeds). prost's derived decoders reject such a message instead. To
//! accept exactly what TensorFlow accepts, such fields are dropped here, recursively through every
//! nested message of the schema, before prost decodes. Everything else (malformed varints,
//! truncation, invalid UTF-8, packed payloads) is left for prost to judge. The walk uses prost's
//! own key/skip primitives; nothing is copied unless a field is dropped.

use std::borrow::Cow;

use prost::encoding::{DecodeContext, WireType, decode_key, decode_varint, encode_varint, skip_field};

/// The `TensorProto` messages that can nest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Msg {
    Tensor,
    Shape,
    Dim,
    Handle,
    DtypeAndShape,
    Variant,
}

/// What the schema declares for a field number.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// A scalar or non-packed field with exactly this wire type.
    Exactly(WireType),
    /// A nested message (length-delimited).
    Message(Msg),
    /// A packable repeated scalar: packed (length-delimited) or one element of this wire type.
    Packed(WireType),
}

fn schema(msg: Msg, tag: u32) -> Option<Expect> {
    use Expect::{Exactly, Message, Packed};
    use WireType::{LengthDelimited as Len, SixtyFourBit as I64, ThirtyTwoBit as I32, Varint};
    Some(match (msg, tag) {
        (Msg::Tensor, 1 | 3) => Exactly(Varint),
        (Msg::Tensor, 2) => Message(Msg::Shape),
        (Msg::Tensor, 4 | 8 | 18) => Exactly(Len),
        (Msg::Tensor, 5 | 9) => Packed(I32),
        (Msg::Tensor, 6 | 12) => Packed(I64),
        (Msg::Tensor, 7 | 10 | 11 | 13 | 16 | 17) => Packed(Varint),
        (Msg::Tensor, 14) => Message(Msg::Handle),
        (Msg::Tensor, 15) => Message(Msg::Variant),
        (Msg::Shape, 2) => Message(Msg::Dim),
        (Msg::Shape, 3) => Exactly(Varint),
        (Msg::Dim, 1) => Exactly(Varint),
        (Msg::Dim, 2) => Exactly(Len),
        (Msg::Handle, 1 | 2 | 3 | 5) => Exactly(Len),
        (Msg::Handle, 4) => Exactly(Varint),
        (Msg::Handle, 6) => Message(Msg::DtypeAndShape),
        (Msg::DtypeAndShape, 1) => Exactly(Varint),
        (Msg::DtypeAndShape, 2) => Message(Msg::Shape),
        (Msg::Variant, 1 | 2) => Exactly(Len),
        (Msg::Variant, 3) => Message(Msg::Tensor),
        _ => return None,
    })
}

/// protobuf's default nesting limit; deeper input is left to prost, which rejects it.
const MAX_DEPTH: usize = 100;

/// `input` without the fields whose wire type contradicts the schema of `msg`. Malformed input is
/// returned unchanged for prost to reject.
pub(crate) fn drop_mismatched_fields(input: &[u8], msg: Msg) -> Cow<'_, [u8]> {
    sanitize(input, msg, 0).unwrap_or(Cow::Borrowed(input))
}

fn sanitize(input: &[u8], msg: Msg, depth: usize) -> Option<Cow<'_, [u8]>> {
    if depth > MAX_DEPTH {
        return Some(Cow::Borrowed(input));
    }
    let mut out: Option<Vec<u8>> = None;
    let mut rest = input;
    while !rest.is_empty() {
        let start = input.len() - rest.len();
        let (tag, wire_type) = decode_key(&mut rest).ok()?;
        let key_end = input.len() - rest.len();
        skip_field(wire_type, tag, &mut rest, DecodeContext::default()).ok()?;
        let end = input.len() - rest.len();
        let replacement: Option<Vec<u8>> = match (schema(msg, tag), wire_type) {
            (None, _) => None,
            (Some(Expect::Exactly(w)), got) if w != got => Some(Vec::new()),
            (Some(Expect::Packed(w)), got) if w != got && got != WireType::LengthDelimited => {
                Some(Vec::new())
            }
            (Some(Expect::Message(_)), got) if got != WireType::LengthDelimited => Some(Vec::new()),
            (Some(Expect::Message(inner)), _) => {
                let mut value = &input[key_end..end];
                decode_varint(&mut value).ok()?;
                match sanitize(value, inner, depth + 1)? {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(cleaned) => {
                        let mut field = input[start..key_end].to_vec();
                        encode_varint(cleaned.len() as u64, &mut field);
                        field.extend_from_slice(&cleaned);
                        Some(field)
                    }
                }
            }
            _ => None,
        };
        match (replacement, out.as_mut()) {
            (None, None) => {}
            (None, Some(o)) => o.extend_from_slice(&input[start..end]),
            (Some(field), None) => {
                let mut o = input[..start].to_vec();
                o.extend_from_slice(&field);
                out = Some(o);
            }
            (Some(field), Some(o)) => o.extend_from_slice(&field),
        }
    }
    Some(out.map_or(Cow::Borrowed(input), Cow::Owned))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mismatched_wire_types_are_dropped_recursively() {
        // dtype (field 1) as length-delimited is dropped; the float_val after it stays.
        let input = [0x08, 0x01, 0x0a, 0x00, 0x2a, 0x04, 0, 0, 0x80, 0x3f];
        assert_eq!(
            &*drop_mismatched_fields(&input, Msg::Tensor),
            &[0x08, 0x01, 0x2a, 0x04, 0, 0, 0x80, 0x3f]
        );
        // Inside tensor_shape → dim: size as fixed32 is dropped, the dim and shape are re-framed.
        let input = [0x12, 0x09, 0x12, 0x07, 0x0d, 1, 2, 3, 4, 0x08, 0x02];
        assert_eq!(&*drop_mismatched_fields(&input, Msg::Tensor), &[0x12, 0x04, 0x12, 0x02, 0x08, 0x02]);
        // tensor_shape as a varint is dropped.
        assert_eq!(&*drop_mismatched_fields(&[0x10, 0x05, 0x08, 0x01], Msg::Tensor), &[0x08, 0x01]);
    }

    #[test]
    fn well_formed_and_malformed_input_is_left_alone() {
        let packed_and_unpacked = [0x2a, 0x04, 0, 0, 0x80, 0x3f, 0x2d, 0, 0, 0, 0x40, 0xa0, 0x06, 0x05];
        assert!(matches!(drop_mismatched_fields(&packed_and_unpacked, Msg::Tensor), Cow::Borrowed(_)));
        let truncated = [0x0a, 0x05, 0x00];
        assert!(matches!(drop_mismatched_fields(&truncated, Msg::Tensor), Cow::Borrowed(_)));
    }
}
