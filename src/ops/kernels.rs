//! Kernels: what an op computes from its input values and attributes, the same function in
//! eager mode (run inside the op builder's `build()`) and in graph mode (a session's run).

use std::sync::Arc;

use smallvec::{SmallVec, smallvec};

use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::strided_slice::strided_slice_tensor_attrs;
use crate::tensor::Tensor;

use super::attr::{AttrValue, Attrs};
use super::{OpDef, partial_shape_string};

/// What a kernel sees: inputs that passed the op's checks, and its attributes.
pub struct KernelCtx<'a> {
    /// The op.
    pub def: &'static OpDef,
    /// The node (graph) or operation (eager) name, for messages.
    pub node: &'a str,
    /// The input values, in argument order.
    pub inputs: &'a [Arc<Tensor>],
    /// The attributes (unset ones take their default).
    pub attrs: &'a dyn Attrs,
}

/// An op's output values (one inline: no allocation for the list itself).
pub type Outputs = SmallVec<[Arc<Tensor>; 1]>;

/// A kernel.
pub type Kernel = fn(&KernelCtx<'_>) -> Result<Outputs>;

pub(super) fn constant(ctx: &KernelCtx<'_>) -> Result<Outputs> {
    match ctx.attrs.get("value") {
        Some(AttrValue::Tensor(t)) => Ok(smallvec![Arc::clone(t)]),
        _ => Err(Error::internal("Const without value")),
    }
}

pub(super) fn placeholder(ctx: &KernelCtx<'_>) -> Result<Outputs> {
    let dtype = match ctx.attrs.get("dtype") {
        Some(AttrValue::Type(v)) => DataType::from_i32(*v).map_or("", DataType::name),
        _ => "",
    };
    let shape = match ctx.attrs.get("shape") {
        Some(AttrValue::Shape(Some(dims))) if !dims.is_empty() => Some(dims),
        _ => None,
    };
    Err(Error::invalid_argument(match shape {
        Some(dims) => format!(
            "You must feed a value for placeholder tensor '{}' with dtype {dtype} and shape {}",
            ctx.node,
            partial_shape_string(Some(dims))
        ),
        None => format!("You must feed a value for placeholder tensor '{}' with dtype {dtype}", ctx.node),
    }))
}

pub(super) fn identity(ctx: &KernelCtx<'_>) -> Result<Outputs> {
    Ok(smallvec![Arc::clone(&ctx.inputs[0])])
}

pub(super) fn no_op(_ctx: &KernelCtx<'_>) -> Result<Outputs> {
    Ok(SmallVec::new())
}

/// `StridedSlice`'s mask attributes, which are its first five in the op table.
pub(super) const STRIDED_SLICE_MASKS: [&str; 5] =
    ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"];

/// The five masks as the attributes hold them (64-bit; the kernel narrows them to int32 with
/// TensorFlow's range message).
pub(super) fn strided_slice_masks(def: &OpDef, attrs: &dyn Attrs) -> [i64; 5] {
    debug_assert!(def.attrs.iter().map(|a| a.name).take(5).eq(STRIDED_SLICE_MASKS));
    let set = (!attrs.is_empty()).then_some(attrs);
    [0, 1, 2, 3, 4].map(|i| def.int_attr_at(set, i))
}

pub(super) fn strided_slice(ctx: &KernelCtx<'_>) -> Result<Outputs> {
    let [input, begin, end, strides] = ctx.inputs else {
        return Err(Error::internal("StridedSlice without its four inputs"));
    };
    let masks = strided_slice_masks(ctx.def, ctx.attrs);
    let out = strided_slice_tensor_attrs(input, begin, end, strides, masks)?;
    Ok(smallvec![Arc::new(out)])
}
