//! `AsProtoField` (spec §11), `AsProtoTensorContent` (§12) and TensorFlow's `SerializeTensor`
//! choice between them.

use prost::Message;

use super::decode::TENSOR_VARIANT_TYPE_NAME;
use super::dtype_table::{self, Kind, PodField};
use super::messages::{
    Dim, DtypeAndShape, ResourceHandleProto, TensorProto, TensorShapeProto, VariantTensorDataProto,
};
use super::{string_list, DecodedTensor, DtypeAndPartialShape, ElementData, ResourceHandle, VariantValue};
use crate::error::{Error, Result};

/// The proto's dtype and shape (`AsProto`, §3.5), with no elements.
fn header(t: &DecodedTensor) -> TensorProto {
    TensorProto {
        dtype: t.dtype,
        tensor_shape: Some(shape_proto(&t.dims)),
        ..Default::default()
    }
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
    let n = u128::from(t.num_elements());
    let (ok, have) = match (&t.data, kind) {
        (ElementData::Raw(b), Kind::Pod { size, .. }) => (b.len() as u128 == n * size as u128, b.len()),
        (ElementData::Strings(v), Kind::String) => (v.len() as u128 == n, v.len()),
        (ElementData::Resources(v), Kind::Resource) => (v.len() as u128 == n, v.len()),
        (ElementData::Variants(v), Kind::Variant) => (v.len() as u128 == n, v.len()),
        _ => (false, 0),
    };
    if !ok || t.dims.iter().any(|&d| d < 0) {
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
                .map(|c| if signed { i32::from(((c[0] << shift) as i8) >> shift) } else { i32::from((c[0] << shift) >> shift) })
                .collect()
        }
        F::Int64 => p.int64_val = elements.map(|c| i64::from_le_bytes(arr(c))).collect(),
        F::Uint32 => p.uint32_val = elements.map(|c| u32::from_le_bytes(arr(c))).collect(),
        F::Uint64 => p.uint64_val = elements.map(|c| u64::from_le_bytes(arr(c))).collect(),
        F::Bool => p.bool_val = elements.map(|c| c[0] != 0).collect(),
        F::ComplexFloat => p.scomplex_val = bytes.chunks_exact(4).map(|c| f32::from_le_bytes(arr(c))).collect(),
        F::ComplexDouble => p.dcomplex_val = bytes.chunks_exact(8).map(|c| f64::from_le_bytes(arr(c))).collect(),
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
