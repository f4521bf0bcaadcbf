//! The checks of an op's inputs and attributes against its declaration, in both modes' order and
//! wording. Graph mode reports TensorFlow's `NodeDef` messages (TensorFlow's node builder); the
//! eager runtime reports the project's own texts, which TensorFlow 1.15 leaves open
//! (docs/contracts/eager.md#project-defined-messages). Both read the same declarations.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::tensor::Tensor;

use super::attr::{AttrValue, Attrs};
use super::table::{AttrDef, OpDef};

/// The node context TensorFlow appends to its `NodeDef` messages.
pub(crate) fn node_suffix(name: &str) -> String {
    format!("; NodeDef: {{{{node {name}}}}}")
}

// ---------------------------------------------------------------------------------------------
// Graph mode (TensorFlow's NodeBuilder finalisation), in four steps so that graph mode can make
// its own checks (input endpoints, control inputs) where TensorFlow makes them.

/// Step 1, the attributes as set: unknown names, wrong kinds and conflicting repeats fail.
pub fn node_attrs(def: &OpDef, node: &str, set: Vec<(String, AttrValue)>) -> Result<BTreeMap<String, AttrValue>> {
    let mut attrs: BTreeMap<String, AttrValue> = BTreeMap::new();
    for (attr_name, value) in set {
        let Some(adef) = def.attr(&attr_name) else {
            return Err(Error::invalid_argument(format!(
                "NodeDef mentions attr '{attr_name}' not in Op<name={}>{}",
                def.name,
                node_suffix(node)
            )));
        };
        if !adef.kind.admits(&value) {
            return Err(Error::invalid_argument(format!(
                "AttrValue had value with type '{}' when '{}' expected for attr '{}'{}",
                value.kind(),
                adef.kind.tf_name(),
                adef.name,
                node_suffix(node)
            )));
        }
        if let Some(previous) = attrs.get(&attr_name) {
            if !previous.same_as(&value) {
                return Err(Error::invalid_argument(format!(
                    "Inconsistent values for attr '{attr_name}' while building NodeDef '{node}'"
                )));
            }
        }
        attrs.insert(attr_name, value);
    }
    Ok(attrs)
}

/// Step 2, the number of inputs.
pub fn node_input_count(def: &OpDef, node: &str, attrs: &BTreeMap<String, AttrValue>, count: usize) -> Result<()> {
    if count == def.inputs.len() {
        return Ok(());
    }
    let expected: Vec<String> = def
        .inputs
        .iter()
        .map(|i| match attrs.get(i.type_attr) {
            Some(AttrValue::Type(v)) => type_name(*v),
            _ => i.type_attr.to_owned(),
        })
        .collect();
    Err(Error::invalid_argument(format!(
        "NodeDef expected inputs '{}' do not match {count} inputs specified; Op<name={}>{}",
        expected.join(", "),
        def.name,
        node_suffix(node)
    )))
}

/// Step 3, the inputs' types: each sets its type attribute, or must equal it.
pub fn node_input_types(
    def: &OpDef,
    node: &str,
    attrs: &mut BTreeMap<String, AttrValue>,
    dtypes: impl IntoIterator<Item = DataType>,
) -> Result<()> {
    for (arg, dtype) in def.inputs.iter().zip(dtypes) {
        let dtype = dtype.as_i32();
        match attrs.get(arg.type_attr) {
            Some(AttrValue::Type(v)) if *v != dtype => {
                return Err(Error::invalid_argument(format!(
                    "Inconsistent values for attr '{}' {} vs. {} while building NodeDef '{node}' \
                     (input '{}')",
                    arg.type_attr,
                    proto_type_name(*v),
                    proto_type_name(dtype),
                    arg.name
                )));
            }
            _ => {
                attrs.insert(arg.type_attr.to_owned(), AttrValue::Type(dtype));
            }
        }
    }
    Ok(())
}

/// Step 4, the complete attributes: defaults filled in, required ones present, type values
/// valid and allowed, and a type that names a tensor attribute's dtype equal to it.
pub fn node_complete(def: &OpDef, node: &str, attrs: &mut BTreeMap<String, AttrValue>) -> Result<()> {
    for adef in def.attrs {
        match attrs.get(adef.name) {
            None => match adef.default {
                Some(default) => {
                    attrs.insert(adef.name.to_owned(), default.value());
                }
                None => {
                    return Err(Error::invalid_argument(format!(
                        "NodeDef missing attr '{}' from Op<name={}>{}",
                        adef.name,
                        def.name,
                        node_suffix(node)
                    )));
                }
            },
            Some(AttrValue::Type(v)) => check_type(adef, *v, node)?,
            Some(_) => {}
        }
    }
    for adef in def.attrs {
        if let (Some(source), Some(AttrValue::Type(v))) = (adef.dtype_of, attrs.get(adef.name)) {
            if let Some(AttrValue::Tensor(value)) = attrs.get(source) {
                if value.dtype().as_i32() != *v {
                    return Err(Error::invalid_argument(format!(
                        "Type mismatch between value ({}) and {} ({}){}",
                        value.dtype().name(),
                        adef.name,
                        type_name(*v),
                        node_suffix(node)
                    )));
                }
            }
        }
    }
    Ok(())
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

// ---------------------------------------------------------------------------------------------
// Eager mode

/// One attribute an eager call set.
#[derive(Clone, Debug)]
pub struct EagerAttr<'a> {
    /// The attribute name as given.
    pub name: &'a str,
    /// The value.
    pub value: AttrValue,
    /// How the caller's language names the value's type (`Long`, `long[]`, `String`, …), for
    /// the wrong-kind message.
    pub given_as: &'static str,
}

impl Attrs for &[EagerAttr<'_>] {
    /// The last value set under `name` (setting an attribute again replaces it).
    fn get(&self, name: &str) -> Option<&AttrValue> {
        last(self, name).map(|a| &a.value)
    }

    fn is_empty(&self) -> bool {
        <[EagerAttr<'_>]>::is_empty(self)
    }
}

fn last<'x, 'a>(attrs: &'x [EagerAttr<'a>], name: &str) -> Option<&'x EagerAttr<'a>> {
    attrs.iter().rev().find(|a| a.name == name)
}

/// The eager checks, in their order: the number of inputs, unknown attribute names (in the
/// order first set), then each declared attribute in declaration order: present if required,
/// of the declared kind, and a type equal to the dtype it names (the bound input's, or a tensor
/// attribute's). Unset attributes take their default; type attributes bound to an input are
/// inferred from it. Type restrictions and value ranges are the kernel's checks.
pub fn eager(def: &OpDef, inputs: &[Arc<Tensor>], attrs: &[EagerAttr<'_>]) -> Result<()> {
    if inputs.len() != def.inputs.len() {
        return Err(Error::invalid_argument(if def.inputs.is_empty() {
            format!("{} takes no inputs, got {}", def.name, inputs.len())
        } else {
            let names: Vec<&str> = def.inputs.iter().map(|i| i.name).collect();
            format!(
                "{} takes {} input{} ({}), got {}",
                def.name,
                def.inputs.len(),
                if def.inputs.len() == 1 { "" } else { "s" },
                names.join(", "),
                inputs.len()
            )
        }));
    }
    if let Some(unknown) = attrs.iter().find(|a| def.attr(a.name).is_none()) {
        return Err(Error::invalid_argument(format!("Op {} has no attribute '{}'", def.name, unknown.name)));
    }
    for adef in def.attrs {
        let Some(set) = last(attrs, adef.name) else {
            if adef.default.is_none() && def.input_binding(adef.name).is_none() {
                return Err(Error::invalid_argument(format!(
                    "{} requires the attribute '{}' ({})",
                    def.name,
                    adef.name,
                    adef.kind.with_article()
                )));
            }
            continue;
        };
        if !adef.kind.admits(&set.value) {
            return Err(Error::invalid_argument(format!(
                "Attribute '{}' of op {} must be {}, got a {}",
                adef.name,
                def.name,
                adef.kind.with_article(),
                set.given_as
            )));
        }
        let AttrValue::Type(v) = set.value else { continue };
        let (actual, of) = if let Some(i) = def.input_binding(adef.name) {
            (inputs[i].dtype().as_i32(), "input")
        } else if let Some(AttrValue::Tensor(t)) = adef.dtype_of.and_then(|s| last(attrs, s)).map(|a| &a.value) {
            (t.dtype().as_i32(), "value")
        } else {
            continue;
        };
        if v != actual {
            return Err(Error::invalid_argument(format!(
                "{}: attribute '{}' is {} but the {of} is a {} tensor",
                def.name,
                adef.name,
                enum_name(v),
                enum_name(actual)
            )));
        }
    }
    Ok(())
}

/// A type as the Java client's `DataType` constant is named (`FLOAT`, `INT32`): the proto name
/// without its `DT_` prefix.
fn enum_name(v: i32) -> String {
    let name = crate::dtype::proto_enum_name(v);
    match name.strip_prefix("DT_") {
        Some(stem) => stem.to_owned(),
        None => v.to_string(),
    }
}
