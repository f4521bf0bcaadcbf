//! Conversions between [`DecodedTensor`] (plain data) and [`Tensor`]. Both copy the elements.

use super::decode::TENSOR_VARIANT_TYPE_NAME;
use super::kind::{self, Kind};
use super::{DecodedTensor, ElementData, VariantValue};
use crate::error::{Error, ErrorKind, Result};
use crate::tensor::{Elements, Tensor, Variant};
use crate::tensor_shape::TensorShape;

impl DecodedTensor {
    /// The plain form of `t`. A variant that is neither empty nor a plain tensor variant (one
    /// tensor, no metadata: the only kinds the decoder produces) has no plain form:
    /// `Unimplemented`. A tensor without a buffer but with elements is an error.
    pub fn from_tensor(t: &Tensor) -> Result<DecodedTensor> {
        let data = match t.elements()? {
            Elements::Bytes(b) => ElementData::Raw(b.to_vec()),
            Elements::Strings(v) => ElementData::Strings(v.to_vec()),
            Elements::Resources(v) => ElementData::Resources(v.to_vec()),
            Elements::Variants(v) => {
                ElementData::Variants(v.iter().map(variant_value).collect::<Result<_>>()?)
            }
        };
        Ok(DecodedTensor { dtype: t.dtype().as_i32(), dims: t.shape().dim_sizes().to_vec(), data })
    }

    /// The tensor this describes. The dtype must be a value type, the dims a valid shape and the
    /// data of the dtype's kind with exactly one entry per element (raw: `N × DataTypeSize` bytes).
    pub fn to_tensor(&self) -> Result<Tensor> {
        let (dtype, kind) = kind::value_type(self.dtype).ok_or_else(|| {
            Error::invalid_argument(format!(
                "cannot encode a tensor of dtype {}",
                crate::dtype::data_type_string(self.dtype)
            ))
        })?;
        let shape = TensorShape::from_dims(&self.dims)?;
        match (&self.data, kind) {
            (ElementData::Raw(b), Kind::Pod { .. }) => Tensor::from_bytes(dtype, shape, b),
            (ElementData::Strings(v), Kind::String) => Tensor::from_strings(shape, v.clone()),
            (ElementData::Resources(v), Kind::Resource) => Tensor::from_resources(shape, v.clone()),
            (ElementData::Variants(v), Kind::Variant) => {
                let variants = v.iter().map(variant).collect::<Result<Vec<_>>>()?;
                Tensor::from_variants(shape, variants)
            }
            _ => {
                Err(Error::invalid_argument(format!("element data does not match a {} tensor", dtype.name())))
            }
        }
    }
}

fn variant_value(v: &Variant) -> Result<VariantValue> {
    if v.is_empty() {
        return Ok(VariantValue::Empty);
    }
    match v.tensors.as_slice() {
        [t] if v.type_name == TENSOR_VARIANT_TYPE_NAME && v.metadata.is_empty() => {
            Ok(VariantValue::Tensor(Box::new(DecodedTensor::from_tensor(t)?)))
        }
        _ => Err(Error::new(
            ErrorKind::Unimplemented,
            format!("a variant of type \"{}\" has no plain form", v.type_name),
        )),
    }
}

fn variant(v: &VariantValue) -> Result<Variant> {
    Ok(match v {
        VariantValue::Empty => Variant::default(),
        VariantValue::Tensor(t) => Variant {
            type_name: TENSOR_VARIANT_TYPE_NAME.to_string(),
            metadata: Vec::new(),
            tensors: vec![t.to_tensor()?],
        },
    })
}
