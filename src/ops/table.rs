//! The op table: every op type this library knows, with its inputs, outputs, attributes, shape
//! function and kernel, and whether the eager runtime executes it. Graph mode accepts every op
//! here; eager mode the ones marked `eager`.

use crate::dtype::DataType;
use crate::error::Result;

use super::attr::{AttrDefault, AttrKind, AttrValue, Attrs};
use super::{Mode, kernels, not_registered, shape_fn};

/// One input argument (every input here is a single tensor) and the type attribute its dtype
/// sets.
pub struct InputArg {
    /// The argument name (`input`, `begin`, …).
    pub name: &'static str,
    /// The type attribute the input's dtype binds (`T`, `Index`).
    pub type_attr: &'static str,
}

/// One attribute an op declares.
pub struct AttrDef {
    /// The attribute name.
    pub name: &'static str,
    /// The kind of value it holds.
    pub kind: AttrKind,
    /// Allowed values of a type attribute in graph mode (empty: any).
    pub allowed: &'static [DataType],
    /// Its value when not set; `None`: it must be set (or bound by an input).
    pub default: Option<AttrDefault>,
    /// For a type attribute: the tensor attribute whose dtype it must equal (`Const`'s `dtype`
    /// and `value`).
    pub dtype_of: Option<&'static str>,
}

const fn attr(name: &'static str, kind: AttrKind) -> AttrDef {
    AttrDef { name, kind, allowed: &[], default: None, dtype_of: None }
}

const fn int_attr_default_0(name: &'static str) -> AttrDef {
    AttrDef { name, kind: AttrKind::Int, allowed: &[], default: Some(AttrDefault::Int(0)), dtype_of: None }
}

/// An op type.
pub struct OpDef {
    /// The op type name, e.g. `StridedSlice`.
    pub name: &'static str,
    /// Input arguments in order.
    pub inputs: &'static [InputArg],
    /// Output argument names in order.
    pub outputs: &'static [&'static str],
    /// Attributes, in the order the eager checks visit them (kernels read them by position:
    /// `kernels` names the positions it uses).
    pub attrs: &'static [AttrDef],
    /// Whether the eager runtime executes it.
    pub eager: bool,
    /// The shape function (graph mode).
    pub shape_fn: shape_fn::ShapeFn,
    /// The kernel (both modes).
    pub kernel: kernels::Kernel,
}

impl OpDef {
    /// The declaration of attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&'static AttrDef> {
        // `self` is always an entry of the static table.
        let attrs: &'static [AttrDef] = self.attrs;
        attrs.iter().find(|a| a.name == name)
    }

    /// The first input whose dtype binds type attribute `attr`.
    pub fn input_binding(&self, attr: &str) -> Option<usize> {
        self.inputs.iter().position(|i| i.type_attr == attr)
    }

    /// The value of int attribute number `index` of [`OpDef::attrs`] (kernels read their own
    /// op's attributes by position, with no search), or its default when unset (0 if none);
    /// `attrs` is `None` when none is set.
    pub fn int_attr_at(&self, attrs: Option<&dyn Attrs>, index: usize) -> i64 {
        let Some(adef) = self.attrs.get(index) else { return 0 };
        match attrs.and_then(|a| a.get(adef.name)) {
            Some(AttrValue::I(v)) => *v,
            _ => match adef.default {
                Some(AttrDefault::Int(v)) => v,
                _ => 0,
            },
        }
    }

    /// The number of tensors of input argument `arg` (every argument is a single tensor here).
    pub fn input_arg_length(&self, arg: &str) -> Option<usize> {
        self.inputs.iter().any(|i| i.name == arg).then_some(1)
    }

    /// The number of tensors of output argument `arg`.
    pub fn output_arg_length(&self, arg: &str) -> Option<usize> {
        self.outputs.contains(&arg).then_some(1)
    }
}

const INDEX_TYPES: &[DataType] = &[DataType::Int32, DataType::Int64];
const OUTPUT: &[&str] = &["output"];

/// Every op type, in no particular order.
pub static OPS: &[OpDef] = &[
    OpDef {
        name: "Const",
        inputs: &[],
        outputs: OUTPUT,
        attrs: &[
            attr("value", AttrKind::Tensor),
            AttrDef { dtype_of: Some("value"), ..attr("dtype", AttrKind::Type) },
        ],
        eager: true,
        shape_fn: shape_fn::constant,
        kernel: kernels::constant,
    },
    OpDef {
        name: "Placeholder",
        inputs: &[],
        outputs: OUTPUT,
        attrs: &[
            attr("dtype", AttrKind::Type),
            AttrDef { default: Some(AttrDefault::UnknownShape), ..attr("shape", AttrKind::Shape) },
        ],
        eager: false,
        shape_fn: shape_fn::placeholder,
        kernel: kernels::placeholder,
    },
    OpDef {
        name: "Identity",
        inputs: &[InputArg { name: "input", type_attr: "T" }],
        outputs: OUTPUT,
        attrs: &[attr("T", AttrKind::Type)],
        eager: false,
        shape_fn: shape_fn::identity,
        kernel: kernels::identity,
    },
    OpDef {
        name: "NoOp",
        inputs: &[],
        outputs: &[],
        attrs: &[],
        eager: false,
        shape_fn: shape_fn::no_op,
        kernel: kernels::no_op,
    },
    OpDef {
        name: "StridedSlice",
        inputs: &[
            InputArg { name: "input", type_attr: "T" },
            InputArg { name: "begin", type_attr: "Index" },
            InputArg { name: "end", type_attr: "Index" },
            InputArg { name: "strides", type_attr: "Index" },
        ],
        outputs: OUTPUT,
        attrs: &[
            int_attr_default_0("begin_mask"),
            int_attr_default_0("end_mask"),
            int_attr_default_0("ellipsis_mask"),
            int_attr_default_0("new_axis_mask"),
            int_attr_default_0("shrink_axis_mask"),
            attr("T", AttrKind::Type),
            AttrDef { allowed: INDEX_TYPES, ..attr("Index", AttrKind::Type) },
        ],
        eager: true,
        shape_fn: shape_fn::strided_slice,
        kernel: kernels::strided_slice,
    },
];

/// The op types `mode` accepts, in table order (eager indices count in this order).
pub fn ops(mode: Mode) -> impl Iterator<Item = &'static OpDef> {
    OPS.iter().filter(move |d| mode == Mode::Graph || d.eager)
}

/// The op type `op` as `mode` accepts it, or TensorFlow's "Op type not registered" in that
/// mode's wording.
pub fn lookup(op: &str, mode: Mode) -> Result<&'static OpDef> {
    ops(mode).find(|d| d.name == op).ok_or_else(|| not_registered(op, mode))
}
