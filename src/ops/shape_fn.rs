//! Shape functions: an op's output types and (partial) shapes from its inputs' and its
//! attributes, as graph mode infers them when a node is added (TensorFlow's shape refiner).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::strided_slice::tensor_op::index_values;
use crate::strided_slice::{IndexTensor, IndexType, Masks, infer_shape};
use crate::tensor::Tensor;

use super::{OpDef, OutputInfo, partial_shape_string};

/// What a shape function sees of a node whose inputs and attributes passed the checks.
pub struct ShapeCtx<'a> {
    /// The op.
    pub def: &'static OpDef,
    /// The node name (for messages).
    pub node: &'a str,
    /// The inputs' types and shapes.
    pub inputs: &'a [OutputInfo],
    /// The inputs' values where they are constants of the graph.
    pub constants: &'a [Option<&'a Arc<Tensor>>],
    /// Every attribute, defaults included.
    pub attrs: &'a BTreeMap<String, super::AttrValue>,
}

/// A shape function.
pub type ShapeFn = fn(&ShapeCtx<'_>) -> Result<Vec<OutputInfo>>;

fn dtype_attr(ctx: &ShapeCtx<'_>, name: &str) -> Result<DataType> {
    match ctx.attrs.get(name) {
        Some(super::AttrValue::Type(v)) => DataType::from_i32(*v)
            .ok_or_else(|| Error::invalid_argument(format!("Attr {name} is not a valid DataType"))),
        _ => Err(Error::internal(format!("attr {name} missing after validation"))),
    }
}

pub(super) fn constant(ctx: &ShapeCtx<'_>) -> Result<Vec<OutputInfo>> {
    let dtype = dtype_attr(ctx, "dtype")?;
    let Some(super::AttrValue::Tensor(value)) = ctx.attrs.get("value") else {
        return Err(Error::internal("Const value missing after validation"));
    };
    Ok(vec![OutputInfo { dtype, shape: Some(value.shape().dim_sizes().to_vec()) }])
}

pub(super) fn placeholder(ctx: &ShapeCtx<'_>) -> Result<Vec<OutputInfo>> {
    let dtype = dtype_attr(ctx, "dtype")?;
    let shape = match ctx.attrs.get("shape") {
        Some(super::AttrValue::Shape(s)) => s.clone(),
        _ => None,
    };
    if let Some(dims) = &shape {
        if let Some(d) = dims.iter().find(|&&d| d < -1) {
            return Err(Error::invalid_argument(format!(
                "Shape [{}] has dimensions with values below -1 (where -1 means unknown): {d}",
                dims.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            )));
        }
    }
    Ok(vec![OutputInfo { dtype, shape }])
}

pub(super) fn identity(ctx: &ShapeCtx<'_>) -> Result<Vec<OutputInfo>> {
    Ok(vec![ctx.inputs[0].clone()])
}

pub(super) fn no_op(_ctx: &ShapeCtx<'_>) -> Result<Vec<OutputInfo>> {
    Ok(Vec::new())
}

fn index_type_of(dtype: DataType) -> IndexType {
    match dtype {
        DataType::Int16 => IndexType::Int16,
        DataType::Int32 => IndexType::Int32,
        DataType::Int64 => IndexType::Int64,
        _ => IndexType::Unsupported,
    }
}

pub(super) fn strided_slice(ctx: &ShapeCtx<'_>) -> Result<Vec<OutputInfo>> {
    let masks = super::kernels::strided_slice_masks(ctx.def, ctx.attrs);
    let [b, e, el, na, sh] = masks;
    let masks = Masks::from_attrs(b, e, el, na, sh)?;
    let index_type = index_type_of(ctx.inputs[1].dtype);
    // Constant index inputs, as the shape refiner evaluates them.
    let constants: Vec<Option<(Vec<i64>, Vec<i64>)>> = ctx.constants[1..]
        .iter()
        .map(|c| {
            let t = (*c)?;
            let values = index_values(t, index_type).ok()?.into_vec();
            Some((t.shape().dim_sizes().to_vec(), values))
        })
        .collect();
    let views: Vec<Option<IndexTensor<'_>>> = constants
        .iter()
        .map(|c| c.as_ref().map(|(s, v)| IndexTensor::with_shape(s, v)))
        .collect();
    let shape = infer_shape(
        ctx.inputs[0].shape.as_deref(),
        views[0].as_ref(),
        views[1].as_ref(),
        views[2].as_ref(),
        index_type,
        masks,
    )
    .map_err(|err| shape_error(err, ctx, &constants))?;
    Ok(vec![OutputInfo { dtype: ctx.inputs[0].dtype, shape }])
}

/// A shape function's error with the context TensorFlow 1.x's shape refiner appends.
fn shape_error(err: Error, ctx: &ShapeCtx<'_>, constants: &[Option<(Vec<i64>, Vec<i64>)>]) -> Error {
    let shapes: Vec<String> = ctx
        .inputs
        .iter()
        .map(|i| match &i.shape {
            None => "?".to_owned(),
            Some(d) => partial_shape_string(Some(d)),
        })
        .collect();
    let computed: Vec<String> = constants
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            c.as_ref().map(|(_, v)| {
                let values: Vec<String> = v.iter().map(i64::to_string).collect();
                format!("input[{}] = <{}>", i + 1, values.join(" "))
            })
        })
        .collect();
    let mut message = format!(
        "{} for '{}' (op: '{}') with input shapes: {}",
        err.message,
        ctx.node,
        ctx.def.name,
        shapes.join(", ")
    );
    if !computed.is_empty() {
        message.push_str(" and with computed input tensors: ");
        message.push_str(&computed.join(", "));
    }
    message.push('.');
    Error::new(err.kind, message)
}

