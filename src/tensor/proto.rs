//! `TensorProto` serialization of tensors (docs/contracts/tensor.md#tensorproto), over the `crate::tensor_proto`
//! codec: `FromProto`, `AsProtoField`, `AsProtoTensorContent` and what `tf.io.serialize_tensor`
//! writes, all as serialized bytes.

use std::sync::Arc;

use super::storage::Storage;
use super::{BufferRef, ResourceHandle, Tensor, Variant};
use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::tensor_proto::{self, DecodeOptions};
use crate::tensor_shape::TensorShape;

impl Tensor {
    /// `Tensor::FromProto` of a serialized `TensorProto`
    /// (docs/contracts/tensor.md#decoding-and-rejection-rules): a new tensor, or
    /// `InvalidArgument` (`Cannot parse tensor from proto: <reason>`, or
    /// ``Could not parse `serialized` as TensorProto, base64: …`` for wire-format errors).
    /// The dtype is whatever the proto says (issue #26401): callers that expect one must check.
    /// Element bytes are decoded straight into the tensor's aligned buffer; allocation is
    /// fallible, and `options.max_bytes` bounds it for untrusted input.
    pub fn from_proto(serialized: &[u8], options: &DecodeOptions) -> Result<Tensor> {
        tensor_proto::tensor_from_proto(serialized, options)
    }

    /// `AsProtoField`, serialized (docs/contracts/tensor.md#field-and-content-encodings): every element in the dtype's typed field.
    pub fn as_proto_field_bytes(&self) -> Result<Vec<u8>> {
        tensor_proto::encode::try_encode(&tensor_proto::tensor_as_proto_field(self)?)
    }

    /// `AsProtoTensorContent`, serialized: every element in `tensor_content`.
    pub fn as_proto_tensor_content_bytes(&self) -> Result<Vec<u8>> {
        tensor_proto::tensor_content_bytes(self)
    }

    /// What `tf.io.serialize_tensor` writes: the field form for `string` tensors,
    /// the content form for every other dtype.
    pub fn serialize_tensor(&self) -> Result<Vec<u8>> {
        tensor_proto::serialize_tensor_bytes(self)
    }

    /// A `string` tensor owning `values` (no copy), one per element.
    pub(crate) fn from_strings(shape: TensorShape, values: Vec<Vec<u8>>) -> Result<Tensor> {
        Tensor::from_objects(
            DataType::String,
            shape,
            values.len(),
            Storage::Strings(values),
        )
    }

    /// A `resource` tensor owning `values` (no copy), one per element.
    pub(crate) fn from_resources(
        shape: TensorShape,
        values: Vec<ResourceHandle>,
    ) -> Result<Tensor> {
        Tensor::from_objects(
            DataType::Resource,
            shape,
            values.len(),
            Storage::Resources(values),
        )
    }

    /// A `variant` tensor owning `values` (no copy), one per element.
    pub(crate) fn from_variants(shape: TensorShape, values: Vec<Variant>) -> Result<Tensor> {
        Tensor::from_objects(
            DataType::Variant,
            shape,
            values.len(),
            Storage::Variants(values),
        )
    }

    fn from_objects(
        dtype: DataType,
        shape: TensorShape,
        count: usize,
        storage: Storage,
    ) -> Result<Tensor> {
        if i64::try_from(count).ok() != Some(shape.num_elements()) {
            return Err(Error::invalid_argument(format!(
                "Expected {} values for shape {}, got {count}",
                shape.num_elements(),
                shape.debug_string()
            )));
        }
        // No elements: a null buffer, as `Tensor::new` gives.
        let buf = (count > 0).then(|| BufferRef {
            root: Arc::new(storage),
            offset: 0,
            len: count,
        });
        Ok(Tensor { dtype, shape, buf })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::ALLOCATION_ALIGNMENT;

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
    fn section_13_bytes_through_the_tensor_api() {
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
    fn object_constructors_check_the_element_count() {
        let shape = TensorShape::from_dims(&[2]).unwrap();
        assert!(Tensor::from_strings(shape.clone(), vec![Vec::new()]).is_err());
        let t = Tensor::from_variants(TensorShape::from_dims(&[0]).unwrap(), Vec::new()).unwrap();
        assert!(t.is_initialized() && t.data_address().is_none());
    }
}
