//! `TensorProto` serialization as methods of [`Tensor`] (docs/contracts/tensor.md#tensorproto):
//! `FromProto`, `AsProtoField`, `AsProtoTensorContent`, what `tf.io.serialize_tensor` writes, and
//! TF 1.x Java's `fromProto` wording. They live in the codec, which depends on the tensor module,
//! so that the tensor module does not depend on the codec.

use crate::error::{Error, ErrorKind, Result};
use crate::tensor::{CANNOT_PARSE, Tensor};

use super::DecodeOptions;

impl Tensor {
    /// `Tensor::FromProto` of a serialized `TensorProto`
    /// (docs/contracts/tensor.md#decoding-and-rejection-rules): a new tensor, or
    /// `InvalidArgument` (`Cannot parse tensor from proto: <reason>`, or
    /// ``Could not parse `serialized` as TensorProto, base64: …`` for wire-format errors).
    /// The dtype is whatever the proto says (issue #26401): callers that expect one must check.
    /// Element bytes are decoded straight into the tensor's aligned buffer; allocation is
    /// fallible, and `options.max_bytes` bounds it for untrusted input.
    pub fn from_proto(serialized: &[u8], options: &DecodeOptions) -> Result<Tensor> {
        super::tensor_from_proto(serialized, options)
    }

    /// `AsProtoField`, serialized (docs/contracts/tensor.md#field-and-content-encodings): every element in the dtype's typed field.
    pub fn as_proto_field_bytes(&self) -> Result<Vec<u8>> {
        super::encode::try_encode(&super::tensor_as_proto_field(self)?)
    }

    /// `AsProtoTensorContent`, serialized: every element in `tensor_content`.
    pub fn as_proto_tensor_content_bytes(&self) -> Result<Vec<u8>> {
        super::tensor_content_bytes(self)
    }

    /// What `tf.io.serialize_tensor` writes: the field form for `string` tensors,
    /// the content form for every other dtype.
    pub fn serialize_tensor(&self) -> Result<Vec<u8>> {
        super::serialize_tensor_bytes(self)
    }

    /// `fromProto` with TF 1.x Java's wording: every rejection is `InvalidArgument` starting with
    /// [`CANNOT_PARSE`]; a wire-format error gets a fixed reason instead of the codec's base64
    /// dump of the whole input. `max_bytes` of `None` means no limit (TensorFlow parity).
    pub fn from_proto_for_java(serialized: &[u8], max_bytes: Option<u64>) -> Result<Tensor> {
        Tensor::from_proto(serialized, &DecodeOptions { max_bytes }).map_err(proto_rejection)
    }
}

fn proto_rejection(e: Error) -> Error {
    if e.kind == ErrorKind::Internal || e.message.starts_with(CANNOT_PARSE) {
        return e;
    }
    let reason = if e.message.starts_with("Could not parse `serialized` as TensorProto") {
        "the bytes are not a serialized TensorProto".to_string()
    } else {
        e.message
    };
    Error::invalid_argument(format!("{CANNOT_PARSE}: {reason}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DataType;
    use crate::tensor::ALLOCATION_ALIGNMENT;
    use crate::tensor_shape::TensorShape;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    fn unhex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn bytes_through_the_tensor_api() {
        // tf.io.serialize_tensor of the float vector [1.0, 2.0], shape [2] (TensorFlow 2.21).
        let t = Tensor::from_vec1(&[1.0f32, 2.0]).unwrap();
        assert_eq!(
            hex(&t.serialize_tensor().unwrap()),
            "080112041202080222080000803f00000040"
        );
        assert_eq!(
            hex(&t.as_proto_tensor_content_bytes().unwrap()),
            "080112041202080222080000803f00000040"
        );
        assert_eq!(
            hex(&t.as_proto_field_bytes().unwrap()),
            "08011204120208022a080000803f00000040"
        );
        // TensorFlow 2.21 serializes the string vector ["ab", "", "c"] in field form.
        let s = Tensor::from_vec1(&[b"ab".to_vec(), Vec::new(), b"c".to_vec()]).unwrap();
        assert_eq!(
            hex(&s.serialize_tensor().unwrap()),
            "0807120412020803420261624200420163"
        );
        // TensorFlow 2.21, empty float vector: an empty Dim, no content.
        let e = Tensor::new(DataType::Float, TensorShape::from_dims(&[0]).unwrap()).unwrap();
        assert_eq!(hex(&e.serialize_tensor().unwrap()), "080112021200");
    }

    #[test]
    fn decoded_elements_land_in_an_aligned_buffer() {
        // TensorFlow 2.21, half vector [1.0]: content 00 3c.
        let t = Tensor::from_proto(
            &unhex("08131204120208012202003c"),
            &DecodeOptions::default(),
        )
        .unwrap();
        assert_eq!(t.dtype(), DataType::Half);
        assert_eq!(t.tensor_data().unwrap(), &[0x00, 0x3c]);
        assert_eq!(t.data_address().unwrap() % ALLOCATION_ALIGNMENT, 0);
        assert!(t.is_aligned());
    }

    #[test]
    fn slices_serialize_only_their_window() {
        let t =
            Tensor::from_slice(TensorShape::from_dims(&[3]).unwrap(), &[1.0f32, 2.0, 3.0]).unwrap();
        let s = t.slice(1, 3).unwrap();
        // Same bytes as TensorFlow 2.21's serialization of [2.0, 3.0]: shape [2], content 00000040 00004040.
        assert_eq!(
            hex(&s.serialize_tensor().unwrap()),
            "080112041202080222080000004000004040"
        );
    }

    #[test]
    fn a_null_buffer_writes_only_dtype_and_shape() {
        // Both encodings: a tensor whose buffer was moved out writes dtype and shape only.
        let mut t = Tensor::from_vec1(&[1i32, 2]).unwrap();
        let _moved = t.move_out();
        assert_eq!(hex(&t.as_proto_field_bytes().unwrap()), "0803120412020802");
        assert_eq!(
            hex(&t.as_proto_tensor_content_bytes().unwrap()),
            "0803120412020802"
        );
    }

    #[test]
    fn proto_rejections_carry_the_prefix() {
        let e = Tensor::from_proto_for_java(&[0xff, 0xff], None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument);
        assert!(e.message.starts_with(CANNOT_PARSE), "{}", e.message);
    }
}
