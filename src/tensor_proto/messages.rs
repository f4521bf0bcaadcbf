//! The protobuf messages of `tensor.proto`, `tensor_shape.proto` and `resource_handle.proto`
//! as `prost` derive structs.
//!
//! Fields are declared in field-number order because prost encodes in declaration order and the
//! C++ encoder writes in number order. Repeated numeric fields are packed (prost's default
//! for proto3), defaults are omitted, and `tensor_shape` is an `Option` so that the encoders can
//! always write it (`12 00` for a scalar). `dtype` is carried as a raw `int32` (the wire form of a
//! proto3 open enum) so unknown and reference values survive decoding and can be rejected with
//! their number.

/// `tensorflow.TensorShapeProto.Dim`. A size of 0 encodes as an empty message.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Dim {
    /// The size; -1 for an unknown size.
    #[prost(int64, tag = "1")]
    pub size: i64,
    /// An optional label for the dimension; ignored by the conversions here.
    #[prost(string, tag = "2")]
    pub name: String,
}

/// `tensorflow.TensorShapeProto` (field 1 is unused upstream).
#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorShapeProto {
    /// The dimensions, outermost first; empty for a scalar.
    #[prost(message, repeated, tag = "2")]
    pub dim: Vec<Dim>,
    /// Set when even the rank is unknown (`dim` must then be empty).
    #[prost(bool, tag = "3")]
    pub unknown_rank: bool,
}

/// `tensorflow.ResourceHandleProto.DtypeAndShape`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct DtypeAndShape {
    /// The raw `DataType` enum value.
    #[prost(int32, tag = "1")]
    pub dtype: i32,
    /// The (possibly partial) shape; absent means a scalar.
    #[prost(message, optional, tag = "2")]
    pub shape: Option<TensorShapeProto>,
}

/// `tensorflow.ResourceHandleProto` (field 7 is reserved upstream).
#[derive(Clone, PartialEq, prost::Message)]
pub struct ResourceHandleProto {
    /// The device that owns the resource.
    #[prost(string, tag = "1")]
    pub device: String,
    /// The resource manager container.
    #[prost(string, tag = "2")]
    pub container: String,
    /// The resource name within its container.
    #[prost(string, tag = "3")]
    pub name: String,
    /// The hash of the resource's type.
    #[prost(uint64, tag = "4")]
    pub hash_code: u64,
    /// The resource's type name for debugging; may be empty.
    #[prost(string, tag = "5")]
    pub maybe_type_name: String,
    /// Dtypes and shapes of the tensors the resource holds, if known.
    #[prost(message, repeated, tag = "6")]
    pub dtypes_and_shapes: Vec<DtypeAndShape>,
}

/// `tensorflow.VariantTensorDataProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct VariantTensorDataProto {
    /// The name of the encoded value's type.
    #[prost(string, tag = "1")]
    pub type_name: String,
    /// Opaque bytes the value's type uses to encode itself.
    #[prost(bytes = "vec", tag = "2")]
    pub metadata: Vec<u8>,
    /// Tensors the value holds.
    #[prost(message, repeated, tag = "3")]
    pub tensors: Vec<TensorProto>,
}

/// `tensorflow.TensorProto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct TensorProto {
    /// The raw `DataType` enum value; decoding rejects 0, unknown and reference values.
    #[prost(int32, tag = "1")]
    pub dtype: i32,
    /// The shape; must be fully defined to decode.
    #[prost(message, optional, tag = "2")]
    pub tensor_shape: Option<TensorShapeProto>,
    /// Ignored by decoding and never set by the encoders.
    #[prost(int32, tag = "3")]
    pub version_number: i32,
    /// All elements in one byte string (little-endian raw bytes, or the string-list encoding for
    /// `string`); when non-empty, decoding reads it instead of the typed fields.
    #[prost(bytes = "vec", tag = "4")]
    pub tensor_content: Vec<u8>,
    /// `float` elements.
    #[prost(float, repeated, tag = "5")]
    pub float_val: Vec<f32>,
    /// `double` elements.
    #[prost(double, repeated, tag = "6")]
    pub double_val: Vec<f64>,
    /// Elements of the narrow integer dtypes (`int32`, `int16`, `int8`, `uint16`, `uint8`, the
    /// quantized and 4/2-bit types), each widened to `int32`.
    #[prost(int32, repeated, tag = "7")]
    pub int_val: Vec<i32>,
    /// `string` elements.
    #[prost(bytes = "vec", repeated, tag = "8")]
    pub string_val: Vec<Vec<u8>>,
    /// Interleaved real, imaginary.
    #[prost(float, repeated, tag = "9")]
    pub scomplex_val: Vec<f32>,
    /// `int64` elements.
    #[prost(int64, repeated, tag = "10")]
    pub int64_val: Vec<i64>,
    /// `bool` elements.
    #[prost(bool, repeated, tag = "11")]
    pub bool_val: Vec<bool>,
    /// Interleaved real, imaginary.
    #[prost(double, repeated, tag = "12")]
    pub dcomplex_val: Vec<f64>,
    /// 16-bit patterns of half / bfloat16 values.
    #[prost(int32, repeated, tag = "13")]
    pub half_val: Vec<i32>,
    /// `resource` elements.
    #[prost(message, repeated, tag = "14")]
    pub resource_handle_val: Vec<ResourceHandleProto>,
    /// `variant` elements.
    #[prost(message, repeated, tag = "15")]
    pub variant_val: Vec<VariantTensorDataProto>,
    /// `uint32` elements.
    #[prost(uint32, repeated, tag = "16")]
    pub uint32_val: Vec<u32>,
    /// `uint64` elements.
    #[prost(uint64, repeated, tag = "17")]
    pub uint64_val: Vec<u64>,
    /// One byte per element (float8 types and float4_e2m1fn).
    #[prost(bytes = "vec", tag = "18")]
    pub float8_val: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn scalar_shape_is_written_even_when_empty() {
        // TensorFlow 2.21 serializes the float scalar 1.5 as 08 01 12 00 22 04 00 00 c0 3f
        let p = TensorProto {
            dtype: 1,
            tensor_shape: Some(TensorShapeProto::default()),
            tensor_content: 1.5f32.to_le_bytes().to_vec(),
            ..Default::default()
        };
        assert_eq!(hex(&p.encode_to_vec()), "0801120022040000c03f");
    }

    #[test]
    fn zero_dim_is_an_empty_message_and_fields_are_packed() {
        // TensorFlow 2.21, empty float vector: 08 01 12 02 12 00
        let p = TensorProto {
            dtype: 1,
            tensor_shape: Some(TensorShapeProto { dim: vec![Dim::default()], unknown_rank: false }),
            ..Default::default()
        };
        assert_eq!(hex(&p.encode_to_vec()), "080112021200");
        // TensorFlow 2.21's AsProtoField form of [1.0, 2.0]
        let p = TensorProto {
            dtype: 1,
            tensor_shape: Some(TensorShapeProto {
                dim: vec![Dim { size: 2, name: String::new() }],
                unknown_rank: false,
            }),
            float_val: vec![1.0, 2.0],
            ..Default::default()
        };
        assert_eq!(hex(&p.encode_to_vec()), "08011204120208022a080000803f00000040");
    }

    #[test]
    fn field_numbers_above_15_use_two_byte_tags() {
        let p = TensorProto {
            uint32_val: vec![1],
            uint64_val: vec![1],
            float8_val: vec![7],
            ..Default::default()
        };
        assert_eq!(hex(&p.encode_to_vec()), "820101018a010101920101 07".replace(' ', ""));
    }
}
