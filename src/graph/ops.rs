//! The op types graph mode knows: their attributes, inputs, shape functions and kernels.
//! `Const`, `Placeholder`, `Identity`, `NoOp` and `StridedSlice`; any other type is refused
//! with TensorFlow's "Op type not registered" wording.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{AttrValue, Endpoint, Graph, Node, NodeSpec, OutputInfo, op_not_registered, partial_shape_string};
use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::strided_slice::tensor_op::index_values;
use crate::strided_slice::{IndexTensor, IndexType, Masks, infer_shape, strided_slice_tensor_attrs};
use crate::tensor::Tensor;

/// The kind an attribute must have, and its default if it has one.
#[derive(Clone, Copy)]
enum AttrKind {
    Type,
    Tensor,
    Shape,
    Int,
}

struct AttrDef {
    name: &'static str,
    kind: AttrKind,
    /// Allowed types of a type attribute (empty: any).
    allowed: &'static [DataType],
    /// Whether the attribute may be left unset (then it takes TensorFlow's default).
    has_default: bool,
}

const fn attr(name: &'static str, kind: AttrKind) -> AttrDef {
    AttrDef { name, kind, allowed: &[], has_default: false }
}

const fn int_attr_default_0(name: &'static str) -> AttrDef {
    AttrDef { name, kind: AttrKind::Int, allowed: &[], has_default: true }
}

struct OpDef {
    name: &'static str,
    attrs: &'static [AttrDef],
    /// Input argument names and the type attribute each one's dtype sets.
    inputs: &'static [(&'static str, &'static str)],
}

const INDEX_TYPES: &[DataType] = &[DataType::Int32, DataType::Int64];

const OPS: &[OpDef] = &[
    OpDef {
        name: "Const",
        attrs: &[attr("value", AttrKind::Tensor), attr("dtype", AttrKind::Type)],
        inputs: &[],
    },
    OpDef {
        name: "Placeholder",
        attrs: &[
            attr("dtype", AttrKind::Type),
            AttrDef { name: "shape", kind: AttrKind::Shape, allowed: &[], has_default: true },
        ],
        inputs: &[],
    },
    OpDef { name: "Identity", attrs: &[attr("T", AttrKind::Type)], inputs: &[("input", "T")] },
    OpDef { name: "NoOp", attrs: &[], inputs: &[] },
    OpDef {
        name: "StridedSlice",
        attrs: &[
            attr("T", AttrKind::Type),
            AttrDef { name: "Index", kind: AttrKind::Type, allowed: INDEX_TYPES, has_default: false },
            int_attr_default_0("begin_mask"),
            int_attr_default_0("end_mask"),
            int_attr_default_0("ellipsis_mask"),
            int_attr_default_0("new_axis_mask"),
            int_attr_default_0("shrink_axis_mask"),
        ],
        inputs: &[("input", "T"), ("begin", "Index"), ("end", "Index"), ("strides", "Index")],
    },
];

fn op_def(op: &str) -> Result<&'static OpDef> {
    OPS.iter().find(|d| d.name == op).ok_or_else(|| op_not_registered(op))
}

/// The number of inputs an op takes, by argument name (every argument is a single tensor here).
pub fn input_arg_length(op: &str, arg: &str) -> Option<usize> {
    op_def(op).ok()?.inputs.iter().any(|(n, _)| *n == arg).then_some(1)
}

/// The number of outputs of an op's argument `arg` (`output` for every op with an output).
pub fn output_arg_length(op: &str, arg: &str) -> Option<usize> {
    let d = op_def(op).ok()?;
    (d.name != "NoOp" && arg == "output").then_some(1)
}

fn node_suffix(name: &str) -> String {
    format!("; NodeDef: {{{{node {name}}}}}")
}

/// Checks `spec` against its op and infers its outputs (TensorFlow's NodeBuilder finalisation
/// followed by the shape refiner).
pub(super) fn build_node(graph: &Graph, spec: NodeSpec) -> Result<Node> {
    let def = op_def(&spec.op)?;
    let name = spec.name.clone();
    if name.is_empty() || !valid_node_name(&name) {
        return Err(Error::invalid_argument(format!(
            "Node name '{name}' contains invalid characters"
        )));
    }
    // Attributes as set: unknown names and conflicting repeats fail.
    let mut attrs: BTreeMap<String, AttrValue> = BTreeMap::new();
    for (attr_name, value) in spec.attrs {
        let Some(adef) = def.attrs.iter().find(|a| a.name == attr_name) else {
            return Err(Error::invalid_argument(format!(
                "NodeDef mentions attr '{attr_name}' not in Op<name={}>{}",
                def.name,
                node_suffix(&name)
            )));
        };
        check_kind(adef, &value, &name)?;
        if let Some(previous) = attrs.get(&attr_name) {
            if !previous.same_as(&value) {
                return Err(Error::invalid_argument(format!(
                    "Inconsistent values for attr '{attr_name}' while building NodeDef '{name}'"
                )));
            }
        }
        attrs.insert(attr_name, value);
    }
    // Inputs: count, existence, and the type attributes they set.
    if spec.inputs.len() != def.inputs.len() {
        let expected: Vec<String> = def
            .inputs
            .iter()
            .map(|(_, t)| match attrs.get(*t) {
                Some(AttrValue::Type(v)) => type_name(*v),
                _ => (*t).to_owned(),
            })
            .collect();
        return Err(Error::invalid_argument(format!(
            "NodeDef expected inputs '{}' do not match {} inputs specified; Op<name={}>{}",
            expected.join(", "),
            spec.inputs.len(),
            def.name,
            node_suffix(&name)
        )));
    }
    let mut input_infos = Vec::with_capacity(spec.inputs.len());
    for e in &spec.inputs {
        input_infos.push(output_info(graph, *e)?.clone());
    }
    for ((arg, type_attr), info) in def.inputs.iter().zip(&input_infos) {
        let dtype = info.dtype.as_i32();
        match attrs.get(*type_attr) {
            Some(AttrValue::Type(v)) if *v != dtype => {
                return Err(Error::invalid_argument(format!(
                    "Inconsistent values for attr '{type_attr}' {} vs. {} while building NodeDef \
                     '{name}' (input '{arg}')",
                    proto_type_name(*v),
                    proto_type_name(dtype)
                )));
            }
            _ => {
                attrs.insert((*type_attr).to_owned(), AttrValue::Type(dtype));
            }
        }
    }
    for c in &spec.control_inputs {
        if graph.node(*c).is_none() {
            return Err(Error::invalid_argument(format!(
                "Control input {c} of node '{name}' does not exist in the graph"
            )));
        }
    }
    // Defaults, required attributes, allowed types.
    for adef in def.attrs {
        match attrs.get(adef.name) {
            None if adef.has_default => {
                let default = match adef.kind {
                    AttrKind::Shape => AttrValue::Shape(None),
                    _ => AttrValue::I(0),
                };
                attrs.insert(adef.name.to_owned(), default);
            }
            None => {
                return Err(Error::invalid_argument(format!(
                    "NodeDef missing attr '{}' from Op<name={}>{}",
                    adef.name,
                    def.name,
                    node_suffix(&name)
                )));
            }
            Some(AttrValue::Type(v)) => check_type(adef, *v, &name)?,
            Some(_) => {}
        }
    }
    let outputs = infer(graph, def.name, &name, &spec.inputs, &input_infos, &attrs)?;
    Ok(Node {
        name,
        op: spec.op,
        inputs: spec.inputs,
        control_inputs: spec.control_inputs,
        device: spec.device,
        attrs,
        outputs,
    })
}

/// TensorFlow's node name rule: `[A-Za-z0-9.][A-Za-z0-9_.\-/>]*`.
fn valid_node_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphanumeric() || c == '.');
    first_ok && chars.all(|c| c.is_ascii_alphanumeric() || "_.-/>".contains(c))
}

fn output_info(graph: &Graph, e: Endpoint) -> Result<&OutputInfo> {
    let node = graph.node(e.node).ok_or_else(|| {
        Error::invalid_argument(format!("Input node {} does not exist in the graph", e.node))
    })?;
    node.outputs.get(e.index).ok_or_else(|| {
        Error::out_of_range(format!(
            "Node '{}' (type: '{}', num of outputs: {}) does not have output {}",
            node.name,
            node.op,
            node.outputs.len(),
            e.index
        ))
    })
}

fn check_kind(adef: &AttrDef, value: &AttrValue, node: &str) -> Result<()> {
    let ok = matches!(
        (adef.kind, value),
        (AttrKind::Type, AttrValue::Type(_))
            | (AttrKind::Tensor, AttrValue::Tensor(_))
            | (AttrKind::Shape, AttrValue::Shape(_))
            | (AttrKind::Int, AttrValue::I(_))
    );
    if ok {
        return Ok(());
    }
    let expected = match adef.kind {
        AttrKind::Type => "type",
        AttrKind::Tensor => "tensor",
        AttrKind::Shape => "shape",
        AttrKind::Int => "int",
    };
    Err(Error::invalid_argument(format!(
        "AttrValue had value with type '{}' when '{expected}' expected for attr '{}'{}",
        value.kind(),
        adef.name,
        node_suffix(node)
    )))
}

fn check_type(adef: &AttrDef, v: i32, node: &str) -> Result<()> {
    let Some(dtype) = DataType::from_i32(v).filter(|d| *d != DataType::Invalid) else {
        return Err(Error::invalid_argument(format!(
            "Value for attr '{}' of {v} is not a valid DataType{}",
            adef.name,
            node_suffix(node)
        )));
    };
    if !adef.allowed.is_empty() && !adef.allowed.contains(&dtype) {
        let allowed: Vec<&str> = adef.allowed.iter().map(|d| d.name()).collect();
        return Err(Error::invalid_argument(format!(
            "Value for attr '{}' of {} is not in the list of allowed values: {}{}",
            adef.name,
            dtype.name(),
            allowed.join(", "),
            node_suffix(node)
        )));
    }
    Ok(())
}

fn type_name(v: i32) -> String {
    DataType::from_i32(v).map_or_else(|| v.to_string(), |d| d.name().to_owned())
}

fn proto_type_name(v: i32) -> String {
    DataType::from_i32(v).map_or_else(|| v.to_string(), DataType::proto_name)
}

fn dtype_attr(attrs: &BTreeMap<String, AttrValue>, name: &str) -> Result<DataType> {
    match attrs.get(name) {
        Some(AttrValue::Type(v)) => DataType::from_i32(*v)
            .ok_or_else(|| Error::invalid_argument(format!("Attr {name} is not a valid DataType"))),
        _ => Err(Error::internal(format!("attr {name} missing after validation"))),
    }
}

fn int_attr(attrs: &BTreeMap<String, AttrValue>, name: &str) -> i64 {
    match attrs.get(name) {
        Some(AttrValue::I(v)) => *v,
        _ => 0,
    }
}

/// The five masks as the attributes hold them (64-bit, narrowed by `Masks::from_attrs`).
fn masks(attrs: &BTreeMap<String, AttrValue>) -> [i64; 5] {
    ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"]
        .map(|m| int_attr(attrs, m))
}

/// The op's shape function: output types and (partial) shapes.
fn infer(
    graph: &Graph,
    op: &str,
    name: &str,
    inputs: &[Endpoint],
    input_infos: &[OutputInfo],
    attrs: &BTreeMap<String, AttrValue>,
) -> Result<Vec<OutputInfo>> {
    match op {
        "Const" => {
            let dtype = dtype_attr(attrs, "dtype")?;
            let Some(AttrValue::Tensor(value)) = attrs.get("value") else {
                return Err(Error::internal("Const value missing after validation"));
            };
            if value.dtype() != dtype {
                return Err(Error::invalid_argument(format!(
                    "Type mismatch between value ({}) and dtype ({}){}",
                    value.dtype().name(),
                    dtype.name(),
                    node_suffix(name)
                )));
            }
            Ok(vec![OutputInfo { dtype, shape: Some(value.shape().dim_sizes().to_vec()) }])
        }
        "Placeholder" => {
            let dtype = dtype_attr(attrs, "dtype")?;
            let shape = match attrs.get("shape") {
                Some(AttrValue::Shape(s)) => s.clone(),
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
        "Identity" => Ok(vec![input_infos[0].clone()]),
        "NoOp" => Ok(Vec::new()),
        "StridedSlice" => infer_strided_slice(graph, name, inputs, input_infos, attrs),
        _ => Err(op_not_registered(op)),
    }
}

fn index_type_of(dtype: DataType) -> IndexType {
    match dtype {
        DataType::Int16 => IndexType::Int16,
        DataType::Int32 => IndexType::Int32,
        DataType::Int64 => IndexType::Int64,
        _ => IndexType::Unsupported,
    }
}

fn infer_strided_slice(
    graph: &Graph,
    name: &str,
    inputs: &[Endpoint],
    input_infos: &[OutputInfo],
    attrs: &BTreeMap<String, AttrValue>,
) -> Result<Vec<OutputInfo>> {
    let [b, e, el, na, sh] = masks(attrs);
    let masks = Masks::from_attrs(b, e, el, na, sh)?;
    let index_type = index_type_of(input_infos[1].dtype);
    // Constant index inputs, as the shape refiner evaluates them.
    let constants: Vec<Option<(Vec<i64>, Vec<i64>)>> = inputs[1..]
        .iter()
        .map(|e| {
            let t = graph.constant_value(*e)?;
            let values = index_values(t, index_type).ok()?.into_vec();
            Some((t.shape().dim_sizes().to_vec(), values))
        })
        .collect();
    let views: Vec<Option<IndexTensor<'_>>> = constants
        .iter()
        .map(|c| c.as_ref().map(|(s, v)| IndexTensor::with_shape(s, v)))
        .collect();
    let shape = infer_shape(
        input_infos[0].shape.as_deref(),
        views[0].as_ref(),
        views[1].as_ref(),
        views[2].as_ref(),
        index_type,
        masks,
    )
    .map_err(|err| shape_error(err, name, input_infos, &constants))?;
    Ok(vec![OutputInfo { dtype: input_infos[0].dtype, shape }])
}

/// A shape function's error with the context TensorFlow 1.x's shape refiner appends.
fn shape_error(
    err: Error,
    name: &str,
    input_infos: &[OutputInfo],
    constants: &[Option<(Vec<i64>, Vec<i64>)>],
) -> Error {
    let shapes: Vec<String> = input_infos
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
        "{} for '{name}' (op: 'StridedSlice') with input shapes: {}",
        err.message,
        shapes.join(", ")
    );
    if !computed.is_empty() {
        message.push_str(" and with computed input tensors: ");
        message.push_str(&computed.join(", "));
    }
    message.push('.');
    Error::new(err.kind, message)
}

/// Runs a node's kernel on its input values.
pub(super) fn compute(node: &Node, inputs: &[Arc<Tensor>]) -> Result<Vec<Arc<Tensor>>> {
    match node.op.as_str() {
        "Const" => match node.attrs.get("value") {
            Some(AttrValue::Tensor(t)) => Ok(vec![Arc::clone(t)]),
            _ => Err(Error::internal("Const without value")),
        },
        "Placeholder" => {
            let dtype = node.outputs[0].dtype.name();
            Err(Error::invalid_argument(match &node.outputs[0].shape {
                Some(dims) if !dims.is_empty() => format!(
                    "You must feed a value for placeholder tensor '{}' with dtype {dtype} and shape {}",
                    node.name,
                    partial_shape_string(Some(dims))
                ),
                _ => format!(
                    "You must feed a value for placeholder tensor '{}' with dtype {dtype}",
                    node.name
                ),
            }))
        }
        "Identity" => Ok(vec![Arc::clone(&inputs[0])]),
        "NoOp" => Ok(Vec::new()),
        "StridedSlice" => {
            let out =
                strided_slice_tensor_attrs(&inputs[0], &inputs[1], &inputs[2], &inputs[3], masks(&node.attrs))?;
            Ok(vec![Arc::new(out)])
        }
        other => Err(op_not_registered(other)),
    }
}
