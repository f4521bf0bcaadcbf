//! `AsProtoField` (spec §11), `AsProtoTensorContent` (§12) and TensorFlow's `SerializeTensor`
//! choice between them.

use prost::Message;

use super::decode::TENSOR_VARIANT_TYPE_NAME;
use super::dtype_table::{self, Kind, PodField};
use super::messages::{
    Dim, DtypeAndShape, ResourceHandleProto, TensorProto, TensorShapeProto, VariantTensorDataProto,
};
use super::{
    DecodedTensor, DtypeAndPartialShape, ElementData, ResourceHandle, VariantValue, shape, string_list,
};
use crate::error::{Error, Result};

/// The proto's dtype and shape (`AsProto`, §3.5), with no elements.
fn header(t: &DecodedTensor) -> TensorProto {
    TensorProto { dtype: t.dtype, tensor_shape: Some(shape_proto(&t.dims)), ..Default::default() }
}

fn shape_proto(dims: &[i64]) -> TensorShapeProto {
    TensorShapeProto {
        dim: dims.iter().map(|&size| Dim { size, name: String::new() }).collect(),
        unknown_rank: false,
    }
}

/// Checks that `t.data` matches its dtype and element count, and returns the dtype's kind.
fn checked_kind(t: &DecodedTensor) -> Result<Kind> {
    let kind = dtype_table::kind(t.dtype).ok_or_else(|| {
        Error::invalid_argument(format!("cannot encode a tensor of dtype {}", dtype_table::name(t.dtype)))
    })?;
    let Some(n) = shape::element_count(&t.dims).map(u128::from) else {
        return Err(Error::invalid_argument(format!("invalid tensor shape {:?}", t.dims)));
    };
    let (ok, have) = match (&t.data, kind) {
        (ElementData::Raw(b), Kind::Pod { size, .. }) => (b.len() as u128 == n * size as u128, b.len()),
        (ElementData::Strings(v), Kind::String) => (v.len() as u128 == n, v.len()),
        (ElementData::Resources(v), Kind::Resource) => (v.len() as u128 == n, v.len()),
        (ElementData::Variants(v), Kind::Variant) => (v.len() as u128 == n, v.len()),
        _ => (false, 0),
    };
    if !ok {
        return Err(Error::invalid_argument(format!(
            "element data ({have} items) does not match a {} tensor of shape {:?}",
            dtype_table::name(t.dtype),
            t.dims
        )));
    }
    Ok(kind)
}

/// `AsProtoField`: dtype, shape and every element in the dtype's typed field (§11).
pub fn as_proto_field(t: &DecodedTensor) -> Result<TensorProto> {
    let kind = checked_kind(t)?;
    let mut p = header(t);
    match (&t.data, kind) {
        (ElementData::Raw(bytes), Kind::Pod { size, field }) => put_pod_fields(&mut p, bytes, size, field),
        (ElementData::Strings(v), _) => p.string_val = v.clone(),
        (ElementData::Resources(v), _) => {
            p.resource_handle_val = v.iter().map(|h| resource_handle_proto(h, Vec::new())).collect()
        }
        (ElementData::Variants(v), _) => {
            p.variant_val = v.iter().map(variant_proto).collect::<Result<_>>()?;
        }
        _ => {}
    }
    Ok(p)
}

fn put_pod_fields(p: &mut TensorProto, bytes: &[u8], size: usize, field: PodField) {
    use PodField as F;
    let elements = bytes.chunks_exact(size);
    fn arr<const K: usize>(c: &[u8]) -> [u8; K] {
        let mut a = [0u8; K];
        a.copy_from_slice(&c[..K]);
        a
    }
    match field {
        F::Float => p.float_val = elements.map(|c| f32::from_le_bytes(arr(c))).collect(),
        F::Double => p.double_val = elements.map(|c| f64::from_le_bytes(arr(c))).collect(),
        F::IntSigned => {
            p.int_val = elements
                .map(|c| match size {
                    1 => i32::from(c[0] as i8),
                    2 => i32::from(i16::from_le_bytes(arr(c))),
                    _ => i32::from_le_bytes(arr(c)),
                })
                .collect()
        }
        F::IntUnsigned => {
            p.int_val = elements
                .map(|c| match size {
                    1 => i32::from(c[0]),
                    _ => i32::from(u16::from_le_bytes(arr(c))),
                })
                .collect()
        }
        // ml_dtypes `intN` → int: only the low `bits` bits count, sign-extended if signed.
        F::IntSubByte { bits, signed } => {
            let shift = 8 - bits;
            p.int_val = elements
                .map(|c| {
                    if signed {
                        i32::from(((c[0] << shift) as i8) >> shift)
                    } else {
                        i32::from((c[0] << shift) >> shift)
                    }
                })
                .collect()
        }
        F::Int64 => p.int64_val = elements.map(|c| i64::from_le_bytes(arr(c))).collect(),
        F::Uint32 => p.uint32_val = elements.map(|c| u32::from_le_bytes(arr(c))).collect(),
        F::Uint64 => p.uint64_val = elements.map(|c| u64::from_le_bytes(arr(c))).collect(),
        F::Bool => p.bool_val = elements.map(|c| c[0] != 0).collect(),
        F::ComplexFloat => {
            p.scomplex_val = bytes.chunks_exact(4).map(|c| f32::from_le_bytes(arr(c))).collect()
        }
        F::ComplexDouble => {
            p.dcomplex_val = bytes.chunks_exact(8).map(|c| f64::from_le_bytes(arr(c))).collect()
        }
        F::Half => p.half_val = elements.map(|c| i32::from(u16::from_le_bytes(arr(c)))).collect(),
        F::Float8 => p.float8_val = bytes.to_vec(),
    }
}

fn partial_shape_proto(dims: &Option<Vec<i64>>) -> TensorShapeProto {
    match dims {
        None => TensorShapeProto { dim: Vec::new(), unknown_rank: true },
        Some(d) => shape_proto(d),
    }
}

/// `ResourceHandle::AsProto` into a message that already carries `previous` entries (the
/// accumulation quirk of §12 passes the entries of earlier handles; §11 passes none).
fn resource_handle_proto(h: &ResourceHandle, previous: Vec<DtypeAndShape>) -> ResourceHandleProto {
    let mut dtypes_and_shapes = previous;
    dtypes_and_shapes.extend(h.dtypes_and_shapes.iter().map(|DtypeAndPartialShape { dtype, dims }| {
        DtypeAndShape { dtype: *dtype, shape: Some(partial_shape_proto(dims)) }
    }));
    ResourceHandleProto {
        device: h.device.clone(),
        container: h.container.clone(),
        name: h.name.clone(),
        hash_code: h.hash_code,
        maybe_type_name: h.maybe_type_name.clone(),
        dtypes_and_shapes,
    }
}

/// A variant's `VariantTensorDataProto`; a tensor variant carries its tensor in field form.
fn variant_proto(v: &VariantValue) -> Result<VariantTensorDataProto> {
    Ok(match v {
        VariantValue::Empty => VariantTensorDataProto::default(),
        VariantValue::Tensor(t) => VariantTensorDataProto {
            type_name: TENSOR_VARIANT_TYPE_NAME.to_string(),
            metadata: Vec::new(),
            tensors: vec![as_proto_field(t)?],
        },
    })
}

/// Frames already serialized elements after the size rule of §12 / §16.
fn framed(items: &[Vec<u8>]) -> Result<Vec<u8>> {
    let total: u64 = items.iter().map(|s| s.len() as u64).sum();
    string_list::check_encoded_size(items.len() as u64, total).map_err(Error::invalid_argument)?;
    Ok(string_list::encode(items.iter()))
}

/// `AsProtoTensorContent`: dtype, shape and every element in `tensor_content` (§12).
pub fn as_proto_tensor_content(t: &DecodedTensor) -> Result<TensorProto> {
    checked_kind(t)?;
    let mut p = header(t);
    p.tensor_content = match &t.data {
        ElementData::Raw(bytes) => bytes.clone(),
        ElementData::Strings(v) => framed(v)?,
        ElementData::Resources(v) => {
            // Upstream reuses one message without clearing it: dtypes_and_shapes accumulate.
            let mut previous = Vec::new();
            let mut items = Vec::with_capacity(v.len());
            for h in v {
                let proto = resource_handle_proto(h, std::mem::take(&mut previous));
                items.push(proto.encode_to_vec());
                previous = proto.dtypes_and_shapes;
            }
            framed(&items)?
        }
        ElementData::Variants(v) => {
            let items: Vec<Vec<u8>> =
                v.iter().map(|x| variant_proto(x).map(|p| p.encode_to_vec())).collect::<Result<_>>()?;
            framed(&items)?
        }
    };
    Ok(p)
}

/// TensorFlow's `SerializeTensor` op: `AsProtoField` for strings, `AsProtoTensorContent` for every
/// other dtype, serialized.
pub fn serialize_tensor(t: &DecodedTensor) -> Result<Vec<u8>> {
    let proto = if t.dtype == 7 { as_proto_field(t)? } else { as_proto_tensor_content(t)? };
    Ok(proto.encode_to_vec())
}

#[cfg(test)]
mod tests {
    use super::super::decode::{DecodeOptions, from_proto};
    use super::*;

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
        let entry = |dtype| DtypeAndPartialShape { dtype, dims: Some(vec![dtype as i64]) };
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
                tensor_shape: Some(shape_proto(&[3])),
                tensor_content: content,
                ..Default::default()
            }
            .encode_to_vec(),
            &DecodeOptions::default(),
        )
        .expect("decodes");
        let ElementData::Resources(h) = decoded.data else { panic!("not resources") };
        let dtypes = |i: usize| h[i].dtypes_and_shapes.iter().map(|e| e.dtype).collect::<Vec<_>>();
        assert_eq!((dtypes(0), dtypes(1), dtypes(2)), (vec![1], vec![1], vec![1, 3]));
        // The field form has no such quirk.
        let field = as_proto_field(&t).expect("encodes");
        assert_eq!(field.resource_handle_val[1].dtypes_and_shapes, Vec::new());
    }

    #[test]
    fn every_dtype_round_trips_through_both_forms() {
        for dtype in 1..=33 {
            let t = match dtype_table::kind(dtype).expect("value type") {
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
                            dtypes_and_shapes: vec![DtypeAndPartialShape { dtype: 1, dims: None }],
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
