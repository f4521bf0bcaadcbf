//! `TensorProto` encoding and decoding (docs/contracts/tensor.md#tensorproto): TensorFlow's `Tensor::AsProtoField`,
//! `Tensor::AsProtoTensorContent` and `Tensor::FromProto`, plus the `SerializeTensor` /
//! `ParseTensor` entry points that wrap them.
//!
//! The codec decodes into and encodes from [`crate::tensor::Tensor`] (the public entry points are
//! `Tensor::from_proto`, `Tensor::as_proto_field_bytes`, `Tensor::as_proto_tensor_content_bytes`
//! and `Tensor::serialize_tensor`). Raw element bytes are decoded straight into the tensor's
//! 64-byte aligned buffer and encoded straight out of it. [`DecodedTensor`] is a plain-data form
//! of a tensor for tests and tools; the functions taking or returning it convert.
//!
//! ## What `tf.io.parse_tensor` cannot show, and how it is covered instead
//! The golden vectors (`tests/vectors/tensor_proto.jsonl`, replayed by
//! `tests/tensor_proto_vectors.rs`) cover every accept and reject rule of
//! docs/contracts/tensor.md#decoding-and-rejection-rules that ParseTensor can reach. What it cannot show:
//! * The rejection *reason*. ParseTensor reports every `FromProto` failure as
//!   `Cannot parse tensor from proto: <proto debug string>`, and TensorFlow 2.21 randomises that
//!   debug string (a `goo.gle/debug…` marker followed by a random run of spaces). The vectors pin
//!   accept/reject and the stable prefix; our text after the prefix is a reason of our own (the
//!   upstream log text where one exists, e.g. `Input size was 7 and expected 8`). The other two
//!   ParseTensor messages (``Could not parse `serialized` as TensorProto, base64: …`` and
//!   `Type mismatch between parsed tensor (…) and dtype (…)`) are deterministic and pinned exactly.
//! * Allocation failure (upstream tests use a failing allocator). Unit tests in [`decode`] request
//!   impossible sizes (2^61 and 2^62 elements) and exercise [`DecodeOptions::max_bytes`].
//! * "On failure the target tensor is unchanged": our decoder builds a new value, so there is
//!   nothing to leave unchanged.
//! * `EncodeStringList size too large`: upstream aborts, and a 2 GiB string list is too
//!   big for a test; the size rule is a separate function unit-tested with synthetic sizes.
//! * Inputs that crash TensorFlow 2.21, which we reject
//!   (docs/contracts/tensor.md#where-tensorflow-aborts): a `tensorflow::Tensor` variant with
//!   no tensors, or whose tensor does not decode, segfaults ParseTensor. Unit tests.
//! * Encodings of dtypes without a `SerializeTensor` kernel (quantized types, float8, int4, uint4,
//!   int2, uint2, float4_e2m1fn) and the `AsProtoField` form of every non-string dtype: observed
//!   through a variant holding the tensor, because TensorFlow re-encodes a variant's tensor with
//!   `AsProtoField`. Their `AsProtoTensorContent` form (raw bytes) is covered by the round
//!   trips of the unit tests and by decoded element bytes read through numpy.
//! * An empty resource tensor cannot be serialized or converted by eager TensorFlow; those
//!   vectors pin acceptance and dims only.
//! * `parse_tensor(..., out_type=<reference dtype>)`: the Python wrapper turns the reference type
//!   into its base type before the kernel sees it, so no vector uses reference out_types.
//!
//! ## Rules observed in TensorFlow 2.21 beyond the contract notes
//! * Wire format: C++ protobuf skips a known field that arrives with the wrong wire type (as an
//!   unknown field); prost would reject, so such fields are dropped before decoding (`wire`).
//! * Resource handle shapes (`dtypes_and_shapes`) are built as partial shapes: `unknown_rank`
//!   wins over dims, any negative size is unknown, and besides the prefix check of tensor shapes the
//!   product of all positive sizes must stay below 2^63 (so `[0, 2^62, 4]` is rejected there,
//!   while it is a valid 0-element `TensorShape`).
//! * Sub-byte integers (int4, uint4, int2, uint2) from `int_val` keep the low 8 bits of the value
//!   in their byte; `AsProtoField` writes back the low 4 / 2 bits, sign- or zero-extended.
//! * A tensor variant keeps only its first tensor; metadata and further tensors are dropped.
//!
//! ## Known differences from upstream
//! * Variants: only the empty variant and `tensorflow::Tensor` variants are decoded; other
//!   registered variant types (e.g. `tensorflow::TensorList`) are rejected as unregistered.
//! * Nesting of variants inside variants is limited to [`MAX_VARIANT_DEPTH`] levels so that a
//!   small input cannot exhaust the stack.

mod kind;
pub mod messages;
mod plain;
mod string_list;
mod tensor_api;
mod wire;

pub mod decode;
pub mod encode;

/// Resource elements are the tensor module's handles (fields of `ResourceHandleProto`).
pub use crate::tensor::ResourceHandle;
pub use decode::{
    DecodeOptions, MAX_VARIANT_DEPTH, from_proto, from_proto_message, parse_tensor, parse_tensor_to_tensor,
    tensor_from_proto, tensor_from_proto_message,
};
pub use encode::{
    as_proto_field, as_proto_tensor_content, serialize_tensor, serialize_tensor_bytes, tensor_as_proto_field,
    tensor_as_proto_tensor_content, tensor_content_bytes,
};
pub use messages::TensorProto;

/// A tensor as plain data: dtype, shape and elements in row-major order. The codec itself works
/// on [`crate::tensor::Tensor`]; this form (convertible both ways, see `plain`) is for tests and
/// tools that want to build or compare tensors field by field.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedTensor {
    /// The TensorFlow `DataType` enum value (1..=33 after a successful decode).
    pub dtype: i32,
    /// Dimension sizes, each ≥ 0.
    pub dims: Vec<i64>,
    /// The elements, in the storage form of the dtype.
    pub data: ElementData,
}

/// The elements of a [`DecodedTensor`]. A tensor with 0 elements has an empty collection.
#[derive(Debug, Clone, PartialEq)]
pub enum ElementData {
    /// `num_elements × DataTypeSize` bytes, little-endian, for every memcpy-able dtype.
    Raw(Vec<u8>),
    /// DT_STRING elements (arbitrary bytes).
    Strings(Vec<Vec<u8>>),
    /// DT_RESOURCE elements.
    Resources(Vec<ResourceHandle>),
    /// DT_VARIANT elements.
    Variants(Vec<VariantValue>),
}

/// A variant element of the two kinds the codec decodes.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum VariantValue {
    /// The empty variant (an all-default `VariantTensorDataProto`).
    #[default]
    Empty,
    /// A variant holding a tensor (type name `tensorflow::Tensor`).
    Tensor(Box<DecodedTensor>),
}
