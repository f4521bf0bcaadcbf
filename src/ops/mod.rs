//! One op registry for eager and graph mode: the op table ([`table`]), the attribute model
//! ([`AttrValue`], [`AttrKind`]), the checks with each mode's messages ([`check`]), shape
//! functions and kernels.
//!
//! Graph mode (`crate::graph`) checks a node here, infers its outputs with the op's shape
//! function and runs its kernel in a session. The eager runtime (the Java op builder) checks an
//! op call and runs the same kernel at once ([`execute`]). Where the two modes' messages differ
//! (TensorFlow's `NodeDef` wording in graph mode, the project's texts in eager mode, two endings
//! of "Op type not registered"), both are written here, next to each other.

mod attr;
pub mod check;
mod kernels;
mod shape_fn;
pub mod table;

use std::sync::Arc;

pub use attr::{AttrDefault, AttrKind, AttrValue, Attrs};
pub use check::EagerAttr;
pub use kernels::{Kernel, KernelCtx, Outputs};
pub use shape_fn::{ShapeCtx, ShapeFn};
pub use table::{AttrDef, InputArg, OpDef, lookup, ops};

use crate::dtype::DataType;
use crate::error::{Error, ErrorKind, Result};
use crate::tensor::Tensor;

/// Which runtime asks: they accept different op sets and word some errors differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Ops run at once, inside the op builder's `build()`.
    Eager,
    /// Ops are added to a graph and run by a session.
    Graph,
}

/// The statically known type and (partial) shape of one output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputInfo {
    /// The element type.
    pub dtype: DataType,
    /// `None` for an unknown rank; `-1` for an unknown dimension size.
    pub shape: Option<Vec<i64>>,
}

/// The error for an op type `mode` does not accept (TensorFlow's `NOT_FOUND` wording; the bridge
/// throws it as `TensorFlowException`, as TensorFlow's Java client does). Graph mode ends as
/// TensorFlow does; eager mode names the ops it can run instead.
pub fn not_registered(op: &str, mode: Mode) -> Error {
    let ending = match mode {
        Mode::Graph => {
            "Make sure the Op and Kernel are registered in the binary running in this process.".to_owned()
        }
        Mode::Eager => {
            let names: Vec<&str> = ops(Mode::Eager).map(|d| d.name).collect();
            let listed = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => names.concat(),
            };
            format!("Only {listed} can be executed eagerly by tensorbridge.")
        }
    };
    Error::new(
        ErrorKind::Internal,
        format!("Op type not registered '{op}' in binary running on tensorbridge. {ending}"),
    )
}

/// The length of input (or output) argument `arg` of op type `op`, or the error for an argument
/// the op does not have (the same in both modes).
pub fn arg_list_length(op: &str, arg: &str, input: bool) -> Result<usize> {
    let def = lookup(op, Mode::Graph)?;
    let length = if input { def.input_arg_length(arg) } else { def.output_arg_length(arg) };
    length.ok_or_else(|| {
        Error::invalid_argument(format!(
            "Op {op} has no {} list named '{arg}'",
            if input { "input" } else { "output" }
        ))
    })
}

/// The eager op with index `index` (its position among the ops eager mode accepts).
pub fn eager_op(index: usize) -> Option<&'static OpDef> {
    ops(Mode::Eager).nth(index)
}

/// Runs an eager op: the eager checks, then the kernel. Eager ops have one output.
pub fn execute(def: &'static OpDef, inputs: &[Arc<Tensor>], attrs: &[EagerAttr<'_>]) -> Result<Arc<Tensor>> {
    check::eager(def, inputs, attrs)?;
    let ctx = KernelCtx { def, node: "", inputs, attrs: &attrs };
    (def.kernel)(&ctx)?
        .into_iter()
        .next()
        .ok_or_else(|| Error::internal(format!("eager op {} produced no output", def.name)))
}

/// A shape as TensorFlow's debug string prints it (`[?,4]`, `<unknown>`).
pub(crate) fn partial_shape_string(shape: Option<&[i64]>) -> String {
    match shape {
        None => "<unknown>".to_owned(),
        Some(dims) => {
            let parts: Vec<String> = dims
                .iter()
                .map(|&d| if d < 0 { "?".to_owned() } else { d.to_string() })
                .collect();
            format!("[{}]", parts.join(","))
        }
    }
}

#[cfg(test)]
mod tests;
