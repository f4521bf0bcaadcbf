//! `AsProtoField`, `AsProtoTensorContent` (docs/contracts/tensor.md#field-and-content-encodings) and TensorFlow's `SerializeTensor`
//! choice between them, over [`Tensor`]s. The functions taking a [`DecodedTensor`] convert it to a
//! tensor first.
//!
//! Output buffers are reserved fallibly (`try_reserve`), so a tensor too large to serialize gives
//! `ResourceExhausted` rather than an abort.

use prost::Message;

use super::decode::MAX_VARIANT_DEPTH;
use super::kind::{self, Kind, PodField};
use super::messages::{
    Dim, DtypeAndShape, ResourceHandleProto, TensorProto, TensorShapeProto, VariantTensorDataProto,
};
use super::{DecodedTensor, string_list};
use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::tensor::{Elements, ResourceHandle, Tensor, Variant};
use crate::tensor_shape::ShapeProto;

/// The proto's dtype and shape (`AsProto`), with no elements.
fn header(t: &Tensor) -> TensorProto {
    TensorProto {
        dtype: t.dtype().as_i32(),
        tensor_shape: Some(shape_proto(&t.shape().as_proto())),
        ..Default::default()
    }
}

fn shape_proto(s: &ShapeProto) -> TensorShapeProto {
    TensorShapeProto {
        dim: s.dims.iter().map(|&size| Dim { size, name: String::new() }).collect(),
        unknown_rank: s.unknown_rank,
    }
}

fn oom(what: &str) -> Error {
    Error::resource_exhausted(format!("OOM when allocating {what}"))
}

/// An empty vector with room for `n` items, reserved fallibly.
fn try_vec<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| oom(what))?;
    Ok(v)
}

/// `f` applied to every item, collected into a fallibly reserved vector.
fn try_map<I: ExactSizeIterator, T>(items: I, f: impl FnMut(I::Item) -> T) -> Result<Vec<T>> {
    let mut v = try_vec(items.len(), "proto field values")?;
    v.extend(items.map(f));
    Ok(v)
}

/// A tensor's elements, or `None` for a null buffer (upstream writes only dtype and shape then:
/// an uninitialised tensor, or one without elements).
fn elements(t: &Tensor) -> Result<Option<Elements<'_>>> {
    if !t.is_initialized() || t.num_elements() == 0 {
        return Ok(None);
    }
    t.elements().map(Some)
}

/// `AsProtoField`: dtype, shape and every element in the dtype's typed field.
pub fn tensor_as_proto_field(t: &Tensor) -> Result<TensorProto> {
    field_proto(t, 0)
}

fn field_proto(t: &Tensor, depth: usize) -> Result<TensorProto> {
    let mut p = header(t);
    let Some(elements) = elements(t)? else {
        return Ok(p);
    };
    match (elements, kind::kind(t.dtype())) {
        (Elements::Bytes(bytes), Some(Kind::Pod { size, field })) => {
            put_pod_fields(&mut p, bytes, size, field)?
        }
        (Elements::Strings(v), _) => {
            let mut out = try_vec(v.len(), "string_val")?;
            for s in v {
                let mut copy = try_vec(s.len(), "string_val")?;
                copy.extend_from_slice(s);
                out.push(copy);
            }
            p.string_val = out;
        }
        (Elements::Resources(v), _) => {
            p.resource_handle_val = try_map(v.iter(), |h| resource_handle_proto(h, Vec::new()))?
        }
        (Elements::Variants(v), _) => {
            let mut out = try_vec(v.len(), "variant_val")?;
            for x in v {
                out.push(variant_proto(x, depth)?);
            }
            p.variant_val = out;
        }
        _ => return Err(mismatch(t)),
    }
    Ok(p)
}

fn mismatch(t: &Tensor) -> Error {
    Error::internal(format!("the buffer of a {} tensor does not hold its elements", t.dtype().name()))
}

fn put_pod_fields(p: &mut TensorProto, bytes: &[u8], size: usize, field: PodField) -> Result<()> {
    use PodField as F;
    let elements = bytes.chunks_exact(size);
    fn arr<const K: usize>(c: &[u8]) -> [u8; K] {
        let mut a = [0u8; K];
        a.copy_from_slice(&c[..K]);
        a
    }
    match field {
        F::Float => p.float_val = try_map(elements, |c| f32::from_le_bytes(arr(c)))?,
        F::Double => p.double_val = try_map(elements, |c| f64::from_le_bytes(arr(c)))?,
        F::IntSigned => {
            p.int_val = try_map(elements, |c| match size {
                1 => i32::from(c[0] as i8),
                2 => i32::from(i16::from_le_bytes(arr(c))),
                _ => i32::from_le_bytes(arr(c)),
            })?
        }
        F::IntUnsigned => {
            p.int_val = try_map(elements, |c| match size {
                1 => i32::from(c[0]),
                _ => i32::from(u16::from_le_bytes(arr(c))),
            })?
        }
        // ml_dtypes `intN` → int: only the low `bits` bits count, sign-extended if signed.
        F::IntSubByte { bits, signed } => {
            let shift = 8 - bits;
            p.int_val = try_map(elements, |c| {
                if signed {
                    i32::from(((c[0] << shift) as i8) >> shift)
                } else {
                    i32::from((c[0] << shift) >> shift)
                }
            })?
        }
        F::Int64 => p.int64_val = try_map(elements, |c| i64::from_le_bytes(arr(c)))?,
        F::Uint32 => p.uint32_val = try_map(elements, |c| u32::from_le_bytes(arr(c)))?,
        F::Uint64 => p.uint64_val = try_map(elements, |c| u64::from_le_bytes(arr(c)))?,
        F::Bool => p.bool_val = try_map(elements, |c| c[0] != 0)?,
        F::ComplexFloat => p.scomplex_val = try_map(bytes.chunks_exact(4), |c| f32::from_le_bytes(arr(c)))?,
        F::ComplexDouble => p.dcomplex_val = try_map(bytes.chunks_exact(8), |c| f64::from_le_bytes(arr(c)))?,
        F::Half => p.half_val = try_map(elements, |c| i32::from(u16::from_le_bytes(arr(c))))?,
        F::Float8 => p.float8_val = try_map(bytes.iter(), |&b| b)?,
    }
    Ok(())
}

/// `ResourceHandle::AsProto` into a message that already carries `previous` entries (the
/// accumulation quirk of the content encoding passes the entries of earlier handles; the field
/// encoding passes none).
fn resource_handle_proto(h: &ResourceHandle, previous: Vec<DtypeAndShape>) -> ResourceHandleProto {
    let mut dtypes_and_shapes = previous;
    dtypes_and_shapes.extend(
        h.dtypes_and_shapes.iter().map(|(dtype, shape)| DtypeAndShape {
            dtype: *dtype,
            shape: Some(shape_proto(&shape.as_proto())),
        }),
    );
    ResourceHandleProto {
        device: h.device.clone(),
        container: h.container.clone(),
        name: h.name.clone(),
        hash_code: h.hash_code,
        maybe_type_name: h.maybe_type_name.clone(),
        dtypes_and_shapes,
    }
}

/// A variant's `VariantTensorDataProto`: its type name, metadata and tensors, each tensor in
/// field form (as upstream's `VariantTensorData::ToProto`). Nesting is bounded like decoding, so
/// everything the decoder accepts encodes and a hand-built deep nest cannot exhaust the stack.
fn variant_proto(v: &Variant, depth: usize) -> Result<VariantTensorDataProto> {
    if !v.tensors.is_empty() && depth >= MAX_VARIANT_DEPTH {
        return Err(Error::invalid_argument("variants nested too deeply to encode"));
    }
    let mut tensors = try_vec(v.tensors.len(), "variant tensors")?;
    for t in &v.tensors {
        tensors.push(field_proto(t, depth + 1)?);
    }
    Ok(VariantTensorDataProto { type_name: v.type_name.clone(), metadata: v.metadata.clone(), tensors })
}

/// Frames already serialized elements after upstream's size rule (an error where upstream aborts).
fn framed(items: &[Vec<u8>]) -> Result<Vec<u8>> {
    let total: u64 = items.iter().map(|s| s.len() as u64).sum();
    string_list::check_encoded_size(items.len() as u64, total).map_err(Error::invalid_argument)?;
    Ok(string_list::encode(items.iter()))
}

/// Serialized forms of object elements (resources and variants), for framing.
fn object_items(elements: Elements<'_>) -> Result<Option<Vec<Vec<u8>>>> {
    Ok(Some(match elements {
        Elements::Resources(v) => {
            // Upstream reuses one message without clearing it: dtypes_and_shapes accumulate.
            let mut previous = Vec::new();
            let mut items = try_vec(v.len(), "tensor_content")?;
            for h in v {
                let proto = resource_handle_proto(h, std::mem::take(&mut previous));
                items.push(try_encode(&proto)?);
                previous = proto.dtypes_and_shapes;
            }
            items
        }
        Elements::Variants(v) => {
            let mut items = try_vec(v.len(), "tensor_content")?;
            for x in v {
                items.push(try_encode(&variant_proto(x, 0)?)?);
            }
            items
        }
        _ => return Ok(None),
    }))
}

/// `AsProtoTensorContent`: dtype, shape and every element in `tensor_content`.
pub fn tensor_as_proto_tensor_content(t: &Tensor) -> Result<TensorProto> {
    let mut p = header(t);
    let Some(elements) = elements(t)? else {
        return Ok(p);
    };
    p.tensor_content = match elements {
        Elements::Bytes(bytes) => {
            let mut content = try_vec(bytes.len(), "tensor_content")?;
            content.extend_from_slice(bytes);
            content
        }
        Elements::Strings(v) => {
            let total: u64 = v.iter().map(|s| s.len() as u64).sum();
            string_list::check_encoded_size(v.len() as u64, total).map_err(Error::invalid_argument)?;
            string_list::encode(v.iter())
        }
        other => match object_items(other)? {
            Some(items) => framed(&items)?,
            None => return Err(mismatch(t)),
        },
    };
    Ok(p)
}

/// `message.encode_to_vec()` with the output reserved fallibly.
pub(crate) fn try_encode(message: &impl Message) -> Result<Vec<u8>> {
    let mut out = try_vec(message.encoded_len(), "a serialized proto")?;
    message.encode_raw(&mut out);
    Ok(out)
}

/// The serialized `AsProtoTensorContent` form, written without an intermediate `tensor_content`
/// copy for memcpy-able dtypes: the element bytes go straight from the tensor's buffer to the
/// output (field 4 is the last field of this form, so appending it keeps field order).
pub fn tensor_content_bytes(t: &Tensor) -> Result<Vec<u8>> {
    let bytes = match elements(t)? {
        Some(Elements::Bytes(bytes)) => bytes,
        _ => return try_encode(&tensor_as_proto_tensor_content(t)?),
    };
    let head = header(t);
    let field_len =
        prost::encoding::key_len(4) + prost::encoding::encoded_len_varint(bytes.len() as u64) + bytes.len();
    let mut out = try_vec(head.encoded_len() + field_len, "a serialized proto")?;
    head.encode_raw(&mut out);
    prost::encoding::encode_key(4, prost::encoding::WireType::LengthDelimited, &mut out);
    prost::encoding::encode_varint(bytes.len() as u64, &mut out);
    out.extend_from_slice(bytes);
    Ok(out)
}

/// TensorFlow's `SerializeTensor` op: `AsProtoField` for strings, `AsProtoTensorContent` for every
/// other dtype, serialized.
pub fn serialize_tensor_bytes(t: &Tensor) -> Result<Vec<u8>> {
    if t.dtype() == DataType::String {
        try_encode(&tensor_as_proto_field(t)?)
    } else {
        tensor_content_bytes(t)
    }
}

/// [`tensor_as_proto_field`] of a [`DecodedTensor`].
pub fn as_proto_field(t: &DecodedTensor) -> Result<TensorProto> {
    tensor_as_proto_field(&t.to_tensor()?)
}

/// [`tensor_as_proto_tensor_content`] of a [`DecodedTensor`].
pub fn as_proto_tensor_content(t: &DecodedTensor) -> Result<TensorProto> {
    tensor_as_proto_tensor_content(&t.to_tensor()?)
}

/// [`serialize_tensor_bytes`] of a [`DecodedTensor`].
pub fn serialize_tensor(t: &DecodedTensor) -> Result<Vec<u8>> {
    serialize_tensor_bytes(&t.to_tensor()?)
}

#[cfg(test)]
mod tests {
    use super::super::decode::{DecodeOptions, from_proto};
    use super::super::{ElementData, ResourceHandle, VariantValue};
    use super::*;
    use crate::tensor_shape::PartialTensorShape;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    fn raw(dtype: i32, dims: &[i64], bytes: Vec<u8>) -> DecodedTensor {
        DecodedTensor { dtype, dims: dims.to_vec(), data: ElementData::Raw(bytes) }
    }

    fn f32s(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn serialization_byte_vectors_of_section_13() {
        let cases = [
            (raw(1, &[], f32s(&[1.5])), "0801120022040000c03f"),
            (raw(1, &[2], f32s(&[1.0, 2.0])), "080112041202080222080000803f00000040"),
            (raw(1, &[0], Vec::new()), "080112021200"),
            (raw(19, &[1], vec![0x00, 0x3c]), "08131204120208012202003c"),
        ];
        for (t, expected) in cases {
            assert_eq!(hex(&serialize_tensor(&t).expect("encodes")), expected);
        }
        let strings = DecodedTensor {
            dtype: 7,
            dims: vec![3],
            data: ElementData::Strings(vec![b"ab".to_vec(), Vec::new(), b"c".to_vec()]),
        };
        assert_eq!(hex(&serialize_tensor(&strings).expect("encodes")), "0807120412020803420261624200420163");
        let field = as_proto_field(&raw(1, &[2], f32s(&[1.0, 2.0]))).expect("encodes");
        assert_eq!(hex(&field.encode_to_vec()), "08011204120208022a080000803f00000040");
    }

    #[test]
    fn string_content_framing_of_section_12() {
        let t = DecodedTensor {
            dtype: 7,
            dims: vec![2],
            data: ElementData::Strings(vec![b"a".to_vec(), b"bc".to_vec()]),
        };
        assert_eq!(
            as_proto_tensor_content(&t).expect("encodes").tensor_content,
            vec![1, 2, 0x61, 0x62, 0x63]
        );
    }

    #[test]
    fn field_conversions_of_section_11() {
        let p = as_proto_field(&raw(6, &[2], vec![0xff, 0x80])).expect("int8");
        assert_eq!(p.int_val, vec![-1, -128]);
        let p = as_proto_field(&raw(4, &[1], vec![0xff])).expect("uint8");
        assert_eq!(p.int_val, vec![255]);
        let p = as_proto_field(&raw(16, &[1], vec![0xff, 0xff])).expect("quint16");
        assert_eq!(p.int_val, vec![65535]);
        let p = as_proto_field(&raw(19, &[1], vec![0xff, 0xff])).expect("half");
        assert_eq!(p.half_val, vec![65535]);
        let p = as_proto_field(&raw(8, &[1], f32s(&[1.0, -2.0]))).expect("complex64");
        assert_eq!(p.scomplex_val, vec![1.0, -2.0]);
        let p = as_proto_field(&raw(25, &[2], vec![0x7f, 0x80])).expect("float8");
        assert_eq!(p.float8_val, vec![0x7f, 0x80]);
        // int4 keeps its low nibble, sign-extended; uint2 its low two bits.
        let p = as_proto_field(&raw(29, &[3], vec![0x07, 0x08, 0xf7])).expect("int4");
        assert_eq!(p.int_val, vec![7, -8, 7]);
        let p = as_proto_field(&raw(32, &[2], vec![0x07, 0x2c])).expect("uint2");
        assert_eq!(p.int_val, vec![3, 0]);
        // With no elements only dtype and shape are written.
        let p = as_proto_field(&raw(3, &[2, 0], Vec::new())).expect("empty");
        assert_eq!(hex(&p.encode_to_vec()), "08031206120208021200");
    }

    #[test]
    fn resource_content_accumulates_dtypes_and_shapes() {
        let entry = |dtype| (dtype, PartialTensorShape::from_dims(&[dtype as i64]).unwrap());
        let handles = vec![
            ResourceHandle { name: "a".into(), dtypes_and_shapes: vec![entry(1)], ..Default::default() },
            ResourceHandle { name: "b".into(), ..Default::default() },
            ResourceHandle { name: "c".into(), dtypes_and_shapes: vec![entry(3)], ..Default::default() },
        ];
        let t = DecodedTensor { dtype: 20, dims: vec![3], data: ElementData::Resources(handles) };
        let content = as_proto_tensor_content(&t).expect("encodes").tensor_content;
        let decoded = from_proto(
            &TensorProto {
                dtype: 20,
                tensor_shape: Some(shape_proto(&ShapeProto::new(vec![3]))),
                tensor_content: content,
                ..Default::default()
            }
            .encode_to_vec(),
            &DecodeOptions::default(),
        )
        .expect("decodes");
        let ElementData::Resources(h) = decoded.data else { panic!("not resources") };
        let dtypes = |i: usize| h[i].dtypes_and_shapes.iter().map(|e| e.0).collect::<Vec<_>>();
        assert_eq!((dtypes(0), dtypes(1), dtypes(2)), (vec![1], vec![1], vec![1, 3]));
        // The field form has no such quirk.
        let field = as_proto_field(&t).expect("encodes");
        assert_eq!(field.resource_handle_val[1].dtypes_and_shapes, Vec::new());
    }

    #[test]
    fn every_dtype_round_trips_through_both_forms() {
        for dtype in 1..=33 {
            let t = match kind::value_type(dtype).expect("value type").1 {
                Kind::Pod { size, field } => {
                    // Bytes each form can carry: bools 0/1, sub-byte ints in their canonical range.
                    let bytes = (0..3 * size as u8)
                        .map(|i| match field {
                            PodField::Bool => i % 2,
                            // −1 and 1 fit both int4 and int2; stored sign-extended.
                            PodField::IntSubByte { signed: true, .. } => {
                                if i % 2 == 0 {
                                    0xff
                                } else {
                                    0x01
                                }
                            }
                            PodField::IntSubByte { .. } => i % 2,
                            _ => i.wrapping_mul(37).wrapping_add(3),
                        })
                        .collect();
                    raw(dtype, &[3], bytes)
                }
                Kind::String => DecodedTensor {
                    dtype,
                    dims: vec![3],
                    data: ElementData::Strings(vec![b"x".to_vec(), Vec::new(), vec![0xff; 200]]),
                },
                Kind::Resource => DecodedTensor {
                    dtype,
                    dims: vec![2],
                    data: ElementData::Resources(vec![
                        ResourceHandle { name: "r".into(), hash_code: 7, ..Default::default() },
                        ResourceHandle {
                            device: "/cpu:0".into(),
                            dtypes_and_shapes: vec![(1, PartialTensorShape::unknown_rank())],
                            ..Default::default()
                        },
                    ]),
                },
                Kind::Variant => DecodedTensor {
                    dtype,
                    dims: vec![2],
                    data: ElementData::Variants(vec![
                        VariantValue::Empty,
                        VariantValue::Tensor(Box::new(raw(3, &[1], vec![1, 2, 3, 4]))),
                    ]),
                },
            };
            for form in [as_proto_field, as_proto_tensor_content] {
                let bytes = form(&t).expect("encodes").encode_to_vec();
                let back = from_proto(&bytes, &DecodeOptions::default()).expect("decodes");
                assert_eq!(back, t, "dtype {dtype}");
            }
        }
    }

    #[test]
    fn mismatched_element_data_is_an_error_not_a_panic() {
        for t in [
            raw(1, &[2], vec![0; 7]),
            raw(7, &[1], vec![0]),
            raw(99, &[], Vec::new()),
            raw(1, &[-1], Vec::new()),
            raw(1, &[1; 255], vec![0; 4]),
            DecodedTensor { dtype: 7, dims: vec![2], data: ElementData::Strings(vec![Vec::new()]) },
        ] {
            assert!(as_proto_field(&t).is_err());
            assert!(as_proto_tensor_content(&t).is_err());
        }
    }
}
