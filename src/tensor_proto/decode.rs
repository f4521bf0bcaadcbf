//! `FromProto` (docs/contracts/tensor.md#decoding-and-rejection-rules) and the `ParseTensor` entry point around it.
//!
//! Every size a proto asks for is validated before memory is requested, and every allocation
//! is fallible: a tiny proto asking for a huge tensor gets a zeroed allocation that the OS backs
//! lazily, or a clean rejection when the memory cannot be had (or exceeds the optional
//! [`DecodeOptions::max_bytes`] limit). Nothing here panics on any input.

use prost::Message;

use super::kind::{self, Kind, PodField};
use super::messages::{ResourceHandleProto, TensorProto, TensorShapeProto, VariantTensorDataProto};
use super::wire::{Msg, drop_mismatched_fields};
use super::{DecodedTensor, string_list};
use crate::dtype::{DataType, data_type_string};
use crate::error::{Error, ErrorKind, Result};
use crate::tensor::{ResourceHandle, Tensor, Variant};
use crate::tensor_shape::{PartialTensorShape, ShapeProto, TensorShape};

/// Prefix of every `FromProto` rejection, as TensorFlow's ParseTensor reports it.
pub const CANNOT_PARSE: &str = "Cannot parse tensor from proto: ";

/// Variants nest tensors that may hold variants; beyond this depth decoding rejects so that a
/// small input cannot exhaust the stack (protobuf's own default recursion limit is 100).
pub const MAX_VARIANT_DEPTH: usize = 100;

/// The type name of a variant that holds a tensor.
pub(crate) const TENSOR_VARIANT_TYPE_NAME: &str = "tensorflow::Tensor";

/// Upstream's in-memory size of one string / resource / variant element (a 24-byte object on
/// 64-bit hosts); used only to apply [`DecodeOptions::max_bytes`] to those dtypes.
const OBJECT_ELEMENT_BYTES: u64 = 24;

/// Caller-chosen limits. The default has no limit, which is TensorFlow 2.21 parity
/// (docs/contracts/tensor.md#resource-limits).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DecodeOptions {
    /// Reject tensors whose buffer would exceed this many bytes (`num_elements × DataTypeSize`,
    /// or × 24 for string / resource / variant elements, plus the bytes of the string elements,
    /// including those that typed fields fill in by repetition). Checked before allocating the
    /// elements; applies to each tensor of a variant separately. The same tensor counts the same
    /// in the field and the content form. Recommended for untrusted input and for fuzzing.
    pub max_bytes: Option<u64>,
}

fn reject(reason: impl AsRef<str>) -> Error {
    Error::invalid_argument(format!("{CANNOT_PARSE}{}", reason.as_ref()))
}

/// `ParseProtoUnlimited`: the wire-format step. Errors use ParseTensor's message, with the
/// input in standard base64.
fn parse_message(serialized: &[u8]) -> Result<TensorProto> {
    TensorProto::decode(&*drop_mismatched_fields(serialized, Msg::Tensor)).map_err(|_| {
        use base64::Engine as _;
        Error::invalid_argument(format!(
            "Could not parse `serialized` as TensorProto, base64: {}",
            base64::engine::general_purpose::STANDARD.encode(serialized)
        ))
    })
}

/// Parses serialized `TensorProto` bytes and decodes them into a [`Tensor`]
/// (`ParseProtoUnlimited` + `FromProto`). This is what `Tensor::from_proto` runs.
pub fn tensor_from_proto(serialized: &[u8], options: &DecodeOptions) -> Result<Tensor> {
    decode_tensor(&parse_message(serialized)?, options, 0)
}

/// `Tensor::FromProto` on a parsed message. The dtype is not checked against any
/// expectation (issue #26401): callers that expect one must compare afterwards.
pub fn tensor_from_proto_message(proto: &TensorProto, options: &DecodeOptions) -> Result<Tensor> {
    decode_tensor(proto, options, 0)
}

/// [`tensor_from_proto`] in the plain [`DecodedTensor`] form (one extra copy of the elements).
pub fn from_proto(serialized: &[u8], options: &DecodeOptions) -> Result<DecodedTensor> {
    DecodedTensor::from_tensor(&tensor_from_proto(serialized, options)?)
}

/// [`tensor_from_proto_message`] in the plain [`DecodedTensor`] form.
pub fn from_proto_message(proto: &TensorProto, options: &DecodeOptions) -> Result<DecodedTensor> {
    DecodedTensor::from_tensor(&decode_tensor(proto, options, 0)?)
}

/// TensorFlow's `ParseTensor` op: [`tensor_from_proto`], then the dtype must be `out_type`.
pub fn parse_tensor_to_tensor(serialized: &[u8], out_type: i32, options: &DecodeOptions) -> Result<Tensor> {
    let tensor = tensor_from_proto(serialized, options)?;
    if tensor.dtype().as_i32() != out_type {
        return Err(Error::invalid_argument(format!(
            "Type mismatch between parsed tensor ({}) and dtype ({})",
            tensor.dtype().name(),
            data_type_string(out_type)
        )));
    }
    Ok(tensor)
}

/// [`parse_tensor_to_tensor`] in the plain [`DecodedTensor`] form.
pub fn parse_tensor(serialized: &[u8], out_type: i32, options: &DecodeOptions) -> Result<DecodedTensor> {
    DecodedTensor::from_tensor(&parse_tensor_to_tensor(serialized, out_type, options)?)
}

/// The proto's shape in the form `crate::tensor_shape` validates (dimension names are unused).
fn shape_of(proto: Option<&TensorShapeProto>) -> ShapeProto {
    proto.map_or_else(ShapeProto::default, |p| ShapeProto {
        dims: p.dim.iter().map(|d| d.size).collect(),
        unknown_rank: p.unknown_rank,
    })
}

fn decode_tensor(proto: &TensorProto, options: &DecodeOptions, depth: usize) -> Result<Tensor> {
    // IsValidShape for a TensorShape, `unknown_rank` ignored; its messages follow the prefix.
    let shape =
        TensorShape::from_proto(&shape_of(proto.tensor_shape.as_ref())).map_err(|e| reject(e.message))?;
    if proto.dtype == 0 {
        return Err(reject("invalid dtype DT_INVALID (0)"));
    }
    // Unknown and reference dtypes are rejected for every N (CVE-2022-23571 for N == 0).
    let (dtype, kind) = kind::value_type(proto.dtype)
        .ok_or_else(|| reject(format!("{} is not a value type", data_type_string(proto.dtype))))?;
    // A valid shape has fewer than 2^63 elements.
    let n = shape.num_elements() as u64;
    check_limit(kind, n, options)?;
    if n == 0 {
        // A null buffer: content and typed fields are ignored entirely.
        return Tensor::new(dtype, shape);
    }
    if !proto.tensor_content.is_empty() {
        decode_content(dtype, kind, shape, &proto.tensor_content, options, depth)
    } else {
        decode_fields(dtype, kind, shape, proto, options, depth)
    }
}

fn check_limit(kind: Kind, n: u64, options: &DecodeOptions) -> Result<()> {
    check_limit_with_payload(kind, n, 0, options)
}

/// The optional limit over the element buffer plus `payload` bytes held outside it (the bytes
/// of string elements), computed before anything is allocated.
fn check_limit_with_payload(kind: Kind, n: u64, payload: u128, options: &DecodeOptions) -> Result<()> {
    let Some(limit) = options.max_bytes else {
        return Ok(());
    };
    let per_element = match kind {
        Kind::Pod { size, .. } => size as u128,
        _ => u128::from(OBJECT_ELEMENT_BYTES),
    };
    if u128::from(n) * per_element + payload <= u128::from(limit) {
        return Ok(());
    }
    Err(reject(format!("a tensor of {n} elements exceeds the decode limit of {limit} bytes")))
}

fn allocation_failed(bytes: impl std::fmt::Display) -> Error {
    reject(format!("could not allocate {bytes} bytes"))
}

/// A zero-filled tensor of a memcpy-able dtype, in the tensor's own 64-byte aligned buffer
/// (zeroed by the allocator, so large tensors are backed lazily by the OS). Elements are then
/// written in place: no intermediate buffer.
fn zeroed_tensor(dtype: DataType, shape: TensorShape) -> Result<Tensor> {
    let n = shape.num_elements();
    Tensor::new(dtype, shape).map_err(|e| match e.kind {
        ErrorKind::ResourceExhausted => {
            let bytes = (n as u128) * dtype.size() as u128;
            allocation_failed(bytes)
        }
        _ => e,
    })
}

/// An empty vector with room for `n` elements, or an allocation rejection.
fn vec_with_capacity<T>(n: u64) -> Result<Vec<T>> {
    let bytes = n.saturating_mul(std::mem::size_of::<T>() as u64);
    let count = usize::try_from(n).map_err(|_| allocation_failed(bytes))?;
    let mut v = Vec::new();
    v.try_reserve_exact(count).map_err(|_| allocation_failed(bytes))?;
    Ok(v)
}

fn copy_bytes(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut v = vec_with_capacity(bytes.len() as u64)?;
    v.extend_from_slice(bytes);
    Ok(v)
}

/// Decoding from `tensor_content` (N > 0, content non-empty).
fn decode_content(
    dtype: DataType,
    kind: Kind,
    shape: TensorShape,
    content: &[u8],
    options: &DecodeOptions,
    depth: usize,
) -> Result<Tensor> {
    let n = shape.num_elements() as u64;
    match kind {
        Kind::Pod { size, field } => {
            let want = n.checked_mul(size as u64);
            if want != Some(content.len() as u64) {
                let want = want.map_or_else(|| format!("{n} * {size}"), |w| w.to_string());
                return Err(reject(format!("Input size was {} and expected {want}", content.len())));
            }
            if field == PodField::Bool {
                if let Some(b) = content.iter().find(|&&b| b > 1) {
                    return Err(reject(format!("invalid bool value {b} in tensor_content")));
                }
            }
            let mut t = zeroed_tensor(dtype, shape)?;
            t.tensor_data_mut()?.copy_from_slice(content);
            Ok(t)
        }
        Kind::String => {
            // Framing allocates at most 16 bytes per input byte; the limit then counts the string
            // bytes alone (not their length prefixes), as for typed fields, so that a tensor
            // accepted in one form is accepted in the other.
            let items = string_list::decode(content, n).ok_or_else(bad_framing)?;
            let payload: u128 = items.iter().map(|s| s.len() as u128).sum();
            check_limit_with_payload(kind, n, payload, options)?;
            let mut out = vec_with_capacity(n)?;
            for item in items {
                out.push(copy_bytes(item)?);
            }
            Tensor::from_strings(shape, out)
        }
        Kind::Resource => {
            let items = string_list::decode(content, n).ok_or_else(bad_framing)?;
            let mut out = vec_with_capacity(n)?;
            for item in items {
                let proto = ResourceHandleProto::decode(&*drop_mismatched_fields(item, Msg::Handle))
                    .map_err(|_| reject("could not parse a resource handle"))?;
                out.push(resource_handle(&proto)?);
            }
            Tensor::from_resources(shape, out)
        }
        Kind::Variant => {
            let items = string_list::decode(content, n).ok_or_else(bad_framing)?;
            let mut out = vec_with_capacity(n)?;
            for item in items {
                let proto = VariantTensorDataProto::decode(&*drop_mismatched_fields(item, Msg::Variant))
                    .map_err(|_| reject("could not parse a variant"))?;
                out.push(variant_value(&proto, options, depth)?);
            }
            Tensor::from_variants(shape, out)
        }
    }
}

fn bad_framing() -> Error {
    reject("malformed string list in tensor_content")
}

/// Typed fields: the first `min(n, have)` elements come from `have` values; the rest repeat the last
/// value, or stay zero when there are no values. Elements are `size` bytes written by `put`
/// straight into `buf`, the tensor's zeroed buffer.
fn fill_pod<T: Copy>(buf: &mut [u8], size: usize, values: &[T], put: impl Fn(T, &mut [u8])) {
    let Some(&last) = values.last() else {
        return;
    };
    let mut chunks = buf.chunks_exact_mut(size);
    for (&value, chunk) in values.iter().zip(chunks.by_ref()) {
        put(value, chunk);
    }
    for chunk in chunks {
        put(last, chunk);
    }
}

fn decode_fields(
    dtype: DataType,
    kind: Kind,
    shape: TensorShape,
    proto: &TensorProto,
    options: &DecodeOptions,
    depth: usize,
) -> Result<Tensor> {
    let n = shape.num_elements() as u64;
    match kind {
        Kind::Pod { size, field } => {
            let mut t = zeroed_tensor(dtype, shape)?;
            decode_pod_fields(t.tensor_data_mut()?, size, field, proto);
            Ok(t)
        }
        Kind::String => {
            // Repeating the last value can amplify a small input enormously: bound it first.
            let have = proto.string_val.len() as u64;
            let given: u128 = proto.string_val.iter().take(n as usize).map(|s| s.len() as u128).sum();
            let repeated =
                proto.string_val.last().map_or(0, |s| s.len() as u128) * u128::from(n.saturating_sub(have));
            check_limit_with_payload(kind, n, given + repeated, options)?;
            let mut out = vec_with_capacity(n)?;
            for i in 0..n {
                // Past the values, the last one repeats; with none, elements are "".
                let s = proto
                    .string_val
                    .get(i as usize)
                    .or(proto.string_val.last())
                    .map_or(&[][..], Vec::as_slice);
                out.push(copy_bytes(s)?);
            }
            Tensor::from_strings(shape, out)
        }
        Kind::Resource => {
            let mut out = vec_with_capacity(n)?;
            for i in 0..n {
                // Past the values, resource elements are default handles (not the last value).
                out.push(match proto.resource_handle_val.get(i as usize) {
                    Some(p) => resource_handle(p)?,
                    None => ResourceHandle::default(),
                });
            }
            Tensor::from_resources(shape, out)
        }
        Kind::Variant => {
            let mut out = vec_with_capacity(n)?;
            for i in 0..n {
                out.push(match proto.variant_val.get(i as usize) {
                    Some(p) => variant_value(p, options, depth)?,
                    None => Variant::default(),
                });
            }
            Tensor::from_variants(shape, out)
        }
    }
}

fn decode_pod_fields(buf: &mut [u8], size: usize, field: PodField, p: &TensorProto) {
    use PodField as F;
    match field {
        F::Float => fill_pod(buf, size, &p.float_val, |v, o| o.copy_from_slice(&v.to_le_bytes())),
        F::Double => fill_pod(buf, size, &p.double_val, |v, o| o.copy_from_slice(&v.to_le_bytes())),
        // Narrowing keeps the low bytes: two's-complement truncation.
        F::IntSigned | F::IntUnsigned | F::IntSubByte { .. } => {
            fill_pod(buf, size, &p.int_val, |v, o| o.copy_from_slice(&v.to_le_bytes()[..size]))
        }
        F::Int64 => fill_pod(buf, size, &p.int64_val, |v, o| o.copy_from_slice(&v.to_le_bytes())),
        F::Uint32 => fill_pod(buf, size, &p.uint32_val, |v, o| o.copy_from_slice(&v.to_le_bytes())),
        F::Uint64 => fill_pod(buf, size, &p.uint64_val, |v, o| o.copy_from_slice(&v.to_le_bytes())),
        F::Bool => fill_pod(buf, size, &p.bool_val, |v, o| o[0] = u8::from(v)),
        // Complex values are (re, im) pairs; an odd trailing value is ignored.
        F::ComplexFloat => fill_pairs(buf, size, &p.scomplex_val, |v, o| o.copy_from_slice(&v.to_le_bytes())),
        F::ComplexDouble => {
            fill_pairs(buf, size, &p.dcomplex_val, |v, o| o.copy_from_slice(&v.to_le_bytes()))
        }
        // The low 16 bits of each int32 are the bit pattern.
        F::Half => fill_pod(buf, size, &p.half_val, |v, o| o.copy_from_slice(&(v as u16).to_le_bytes())),
        F::Float8 => fill_pod(buf, size, &p.float8_val, |v, o| o[0] = v),
    }
}

/// [`fill_pod`] for complex elements: `values` are (re, im) pairs, an odd trailing value is
/// ignored; each half of an element is written by `put`.
fn fill_pairs<T: Copy>(buf: &mut [u8], size: usize, values: &[T], put: impl Fn(T, &mut [u8])) {
    let pairs: Vec<[T; 2]> = values.chunks_exact(2).map(|c| [c[0], c[1]]).collect();
    fill_pod(buf, size, &pairs, |v, o| {
        let (re, im) = o.split_at_mut(size / 2);
        put(v[0], re);
        put(v[1], im);
    })
}

/// `ResourceHandle::FromProto`: copies the strings and builds each partial shape the way
/// TensorFlow 2.21 does (`PartialTensorShape::BuildTensorShapeBase`: `unknown_rank` wins over
/// dims, negative sizes become unknown, prefix and positive-product overflow checks).
fn resource_handle(p: &ResourceHandleProto) -> Result<ResourceHandle> {
    let mut dtypes_and_shapes = Vec::new();
    for entry in &p.dtypes_and_shapes {
        let shape = PartialTensorShape::build_from_proto(&shape_of(entry.shape.as_ref()))
            .map_err(|e| reject(format!("could not decode resource handle: {}", e.message)))?;
        dtypes_and_shapes.push((entry.dtype, shape));
    }
    Ok(ResourceHandle {
        device: p.device.clone(),
        container: p.container.clone(),
        name: p.name.clone(),
        hash_code: p.hash_code,
        maybe_type_name: p.maybe_type_name.clone(),
        dtypes_and_shapes,
    })
}

/// `DecodeUnaryVariant` for the variant types we know: the empty variant and a tensor.
fn variant_value(p: &VariantTensorDataProto, options: &DecodeOptions, depth: usize) -> Result<Variant> {
    if p.type_name.is_empty() {
        if p.metadata.is_empty() && p.tensors.is_empty() {
            return Ok(Variant::default());
        }
        return Err(reject("malformed empty variant"));
    }
    if p.type_name == TENSOR_VARIANT_TYPE_NAME {
        if depth >= MAX_VARIANT_DEPTH {
            return Err(reject("variants nested too deeply"));
        }
        // TensorFlow 2.21 crashes on a tensor variant without a (valid) tensor; we reject.
        // Metadata and further tensors are ignored, as upstream does.
        let inner = p.tensors.first().ok_or_else(|| reject("tensor variant without a tensor"))?;
        return Ok(Variant {
            type_name: TENSOR_VARIANT_TYPE_NAME.to_string(),
            metadata: Vec::new(),
            tensors: vec![decode_tensor(inner, options, depth + 1)?],
        });
    }
    Err(reject(format!(
        "Could not decode variant with type_name: \"{}\".  Perhaps you forgot to register a \
         decoder via REGISTER_UNARY_VARIANT_DECODE_FUNCTION?",
        p.type_name
    )))
}

#[cfg(test)]
mod tests {
    use super::super::messages::{Dim, DtypeAndShape};
    use super::super::{ElementData, string_list};
    use super::*;

    fn shape(sizes: &[i64]) -> Option<TensorShapeProto> {
        Some(TensorShapeProto {
            dim: sizes.iter().map(|&size| Dim { size, name: String::new() }).collect(),
            unknown_rank: false,
        })
    }

    fn decode(p: &TensorProto) -> Result<DecodedTensor> {
        from_proto_message(p, &DecodeOptions::default())
    }

    fn assert_rejected(r: Result<DecodedTensor>) -> String {
        let e = r.expect_err("must be rejected");
        assert_eq!(e.kind, crate::ErrorKind::InvalidArgument);
        assert!(e.message.starts_with(CANNOT_PARSE), "{}", e.message);
        e.message
    }

    #[test]
    fn impossible_allocations_are_rejected_cleanly() {
        // Allocation bomb: 2^61 floats (2^63 bytes) and 2^62 floats (byte count overflows).
        for n in [1i64 << 61, 1 << 62] {
            let p = TensorProto { dtype: 1, tensor_shape: shape(&[n]), ..Default::default() };
            assert!(assert_rejected(decode(&p)).contains("could not allocate"));
            let p = TensorProto { float_val: vec![1.0], ..p };
            assert_rejected(decode(&p));
        }
        // Strings, resources and variants: the element vector itself cannot be reserved.
        for dtype in [7, 20, 21] {
            let p = TensorProto { dtype, tensor_shape: shape(&[1 << 61]), ..Default::default() };
            assert!(assert_rejected(decode(&p)).contains("could not allocate"));
        }
    }

    #[test]
    fn a_large_zero_filled_request_is_accepted_like_tensorflow() {
        // TensorFlow 2.21 accepts an 80 MB float tensor from a tiny proto with no values is accepted (zero-filled).
        let p = TensorProto { dtype: 1, tensor_shape: shape(&[20_000_000]), ..Default::default() };
        let t = decode(&p).expect("accepted");
        match t.data {
            ElementData::Raw(b) => {
                assert_eq!(b.len(), 80_000_000);
                assert!(b.iter().step_by(4096).all(|&x| x == 0));
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn the_optional_limit_rejects_large_tensors() {
        let limited = DecodeOptions { max_bytes: Some(1024) };
        let p = TensorProto { dtype: 1, tensor_shape: shape(&[256]), ..Default::default() };
        assert!(from_proto_message(&p, &limited).is_ok());
        let p = TensorProto { dtype: 1, tensor_shape: shape(&[257]), ..Default::default() };
        assert_eq!(
            assert_rejected(from_proto_message(&p, &limited)),
            "Cannot parse tensor from proto: a tensor of 257 elements exceeds the decode limit of 1024 bytes"
        );
        // The repeated bytes of the last string count: 10 × 24 + 10 × 79 > 1024.
        let p = TensorProto {
            dtype: 7,
            tensor_shape: shape(&[10]),
            string_val: vec![vec![b'x'; 79]],
            ..Default::default()
        };
        assert_rejected(from_proto_message(&p, &limited));
        let p = TensorProto { string_val: vec![vec![b'x'; 78]], ..p };
        assert!(from_proto_message(&p, &limited).is_ok());
        // The same tensor in content form counts the same 10 × 24 + 780 bytes; the 10 length
        // prefixes do not count (found by the from_proto fuzz target: the content serialization
        // of an accepted string tensor was rejected).
        let content = TensorProto {
            dtype: 7,
            tensor_shape: shape(&[10]),
            tensor_content: string_list::encode(vec![vec![b'x'; 78]; 10]),
            ..Default::default()
        };
        assert_eq!(content.tensor_content.len(), 790);
        assert!(from_proto_message(&content, &limited).is_ok());
        let content =
            TensorProto { tensor_content: string_list::encode(vec![vec![b'x'; 79]; 10]), ..content };
        assert_rejected(from_proto_message(&content, &limited));
        // 43 strings × 24 bytes > 1024.
        let p = TensorProto { dtype: 7, tensor_shape: shape(&[43]), ..Default::default() };
        assert_rejected(from_proto_message(&p, &limited));
        let p = TensorProto { dtype: 7, tensor_shape: shape(&[42]), ..Default::default() };
        assert!(from_proto_message(&p, &limited).is_ok());
    }

    #[test]
    fn content_length_message_reuses_the_upstream_log_text() {
        let p = TensorProto {
            dtype: 1,
            tensor_shape: shape(&[2]),
            tensor_content: vec![0; 7],
            ..Default::default()
        };
        assert_eq!(
            assert_rejected(decode(&p)),
            "Cannot parse tensor from proto: Input size was 7 and expected 8"
        );
        // Upstream test case: DT_BOOL [5] with content 00 01 02 03 04.
        let p = TensorProto {
            dtype: 10,
            tensor_shape: shape(&[5]),
            tensor_content: vec![0, 1, 2, 3, 4],
            ..Default::default()
        };
        assert_rejected(decode(&p));
    }

    fn tensor_variant(tensors: Vec<TensorProto>) -> TensorProto {
        TensorProto {
            dtype: 21,
            tensor_shape: shape(&[]),
            variant_val: vec![VariantTensorDataProto {
                type_name: TENSOR_VARIANT_TYPE_NAME.to_string(),
                metadata: Vec::new(),
                tensors,
            }],
            ..Default::default()
        }
    }

    #[test]
    fn tensor_variants_that_crash_tensorflow_are_rejected() {
        // TensorFlow 2.21 segfaults on both (observed); we return an error.
        assert_eq!(
            assert_rejected(decode(&tensor_variant(Vec::new()))),
            "Cannot parse tensor from proto: tensor variant without a tensor"
        );
        let bad_inner = TensorProto { dtype: 99, ..Default::default() };
        assert_rejected(decode(&tensor_variant(vec![bad_inner])));
    }

    #[test]
    fn deeply_nested_variants_are_rejected_not_overflowing_the_stack() {
        let leaf =
            TensorProto { dtype: 1, tensor_shape: shape(&[]), float_val: vec![1.0], ..Default::default() };
        let wrap = |inner: TensorProto| {
            // The content form restarts prost's recursion budget at every level.
            let element = tensor_variant(vec![inner]).variant_val.remove(0).encode_to_vec();
            TensorProto {
                dtype: 21,
                tensor_shape: shape(&[]),
                tensor_content: string_list::encode([element]),
                ..Default::default()
            }
        };
        let mut p = leaf;
        for _ in 0..MAX_VARIANT_DEPTH {
            p = wrap(p);
        }
        assert!(decode(&p).is_ok());
        let too_deep = wrap(p);
        assert_eq!(
            assert_rejected(decode(&too_deep)),
            "Cannot parse tensor from proto: variants nested too deeply"
        );
    }

    #[test]
    fn resource_handles_fill_with_defaults_and_validate_shapes() {
        let handle = ResourceHandleProto {
            name: "a".into(),
            dtypes_and_shapes: vec![DtypeAndShape { dtype: 1, shape: shape(&[-2, 3]) }],
            ..Default::default()
        };
        let p = TensorProto {
            dtype: 20,
            tensor_shape: shape(&[2]),
            resource_handle_val: vec![handle.clone()],
            ..Default::default()
        };
        let t = decode(&p).expect("accepted");
        let ElementData::Resources(h) = t.data else { panic!("not resources") };
        assert_eq!(h[0].name, "a");
        let expected = PartialTensorShape::from_dims(&[-1, 3]).unwrap();
        assert_eq!(h[0].dtypes_and_shapes, vec![(1, expected)]);
        assert_eq!(h[1], ResourceHandle::default());
        let mut bad = handle;
        bad.dtypes_and_shapes[0].shape = shape(&[1 << 62, 4]);
        let p = TensorProto { resource_handle_val: vec![bad], ..p };
        assert!(assert_rejected(decode(&p)).contains("Encountered overflow when multiplying"));
    }

    /// The shape rules the decoder takes from `crate::tensor_shape` (this codec had its own copy
    /// before): docs/contracts/tensor.md#tensor-shapes for tensor shapes, TensorFlow 2.21's observed rules for the partial
    /// shapes of resource handles.
    #[test]
    fn shape_rules_used_by_the_decoder() {
        let big = 1i64 << 62;
        let full =
            |d: &[i64]| TensorShape::from_proto(&ShapeProto::new(d.to_vec())).map(|s| s.num_elements());
        assert_eq!(full(&[0, big, 4]), Ok(0));
        assert_eq!(full(&[big, 1, 0]), Ok(0));
        for bad in [[big, 4, 0], [big, 2, 0]] {
            assert_eq!(
                full(&bad).unwrap_err().message,
                format!("Shape [{big},{},0] is too large (more than 2**63 - 1 entries)", bad[1])
            );
        }
        assert_eq!(full(&[2, -1]).unwrap_err().message, "Shape [2,?] is not fully defined");
        assert_eq!(full(&[1; 254]), Ok(1));
        assert!(full(&[1; 255]).unwrap_err().message.ends_with("has too many dimensions"));
        let unknown = ShapeProto { dims: vec![2], unknown_rank: true };
        assert_eq!(TensorShape::from_proto(&unknown).map(|s| s.dim_sizes().to_vec()), Ok(vec![2]));

        let partial = |d: &[i64]| PartialTensorShape::build_from_proto(&ShapeProto::new(d.to_vec()));
        let msg = |d: &[i64]| partial(d).unwrap_err().message;
        assert_eq!(partial(&[-2, 3]).unwrap().dim_sizes(), Some(&[-1, 3][..]));
        let hidden = "Encountered overflow when multiplying shape dimensions";
        assert!(partial(&[-1, big, 1]).is_ok());
        assert_eq!(msg(&[-1, big, 2]), hidden);
        assert_eq!(msg(&[0, big, 4]), hidden);
        assert!(partial(&[big, 1, 0]).is_ok());
        assert_eq!(
            msg(&[big, 4, -1]),
            format!("Encountered overflow when multiplying {big} with 4, result: -1")
        );
        assert_eq!(
            msg(&[3, big]),
            format!("Encountered overflow when multiplying 3 with {big}, result: -{big}")
        );
        assert_eq!(
            msg(&[big, 2, 0]),
            format!("Encountered overflow when multiplying {big} with 2, result: {}", i64::MIN)
        );
        assert_eq!(msg(&[1; 255]), "Too many dimensions in tensor");
        let unknown = ShapeProto { dims: vec![1; 300], unknown_rank: true };
        assert!(PartialTensorShape::build_from_proto(&unknown).unwrap().is_unknown_rank());
    }

    #[test]
    fn parse_tensor_messages() {
        let float = TensorProto { dtype: 1, tensor_shape: shape(&[]), ..Default::default() }.encode_to_vec();
        let e = parse_tensor(&float, 3, &DecodeOptions::default()).expect_err("mismatch");
        assert_eq!(e.message, "Type mismatch between parsed tensor (float) and dtype (int32)");
        let e = from_proto(&[0xff, 0xff], &DecodeOptions::default()).expect_err("wire error");
        assert_eq!(e.message, "Could not parse `serialized` as TensorProto, base64: //8=");
    }
}
