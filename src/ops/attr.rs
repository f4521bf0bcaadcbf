//! The attribute model: values (TensorFlow's `AttrValue`), the kinds an op declares, and the
//! lookup kernels and shape functions read attributes through in either mode.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::tensor::Tensor;

/// One attribute value. Types are raw `DataType` numbers so that an unknown one can be reported
/// with its number; shapes are `None` for an unknown rank and `-1` for an unknown size.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum AttrValue {
    S(Vec<u8>),
    I(i64),
    F(f32),
    B(bool),
    Type(i32),
    Shape(Option<Vec<i64>>),
    Tensor(Arc<Tensor>),
    ListS(Vec<Vec<u8>>),
    ListI(Vec<i64>),
    ListF(Vec<f32>),
    ListB(Vec<bool>),
    ListType(Vec<i32>),
    ListShape(Vec<Option<Vec<i64>>>),
    ListTensor(Vec<Arc<Tensor>>),
}

impl AttrValue {
    /// The kind as TensorFlow names it (`int`, `list(type)`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            AttrValue::S(_) => "string",
            AttrValue::I(_) => "int",
            AttrValue::F(_) => "float",
            AttrValue::B(_) => "bool",
            AttrValue::Type(_) => "type",
            AttrValue::Shape(_) => "shape",
            AttrValue::Tensor(_) => "tensor",
            AttrValue::ListS(_) => "list(string)",
            AttrValue::ListI(_) => "list(int)",
            AttrValue::ListF(_) => "list(float)",
            AttrValue::ListB(_) => "list(bool)",
            AttrValue::ListType(_) => "list(type)",
            AttrValue::ListShape(_) => "list(shape)",
            AttrValue::ListTensor(_) => "list(tensor)",
        }
    }

    /// Value equality (tensors by identity of their value: the same shared tensor).
    pub fn same_as(&self, other: &AttrValue) -> bool {
        use AttrValue::*;
        match (self, other) {
            (S(a), S(b)) => a == b,
            (I(a), I(b)) => a == b,
            (F(a), F(b)) => a.to_bits() == b.to_bits(),
            (B(a), B(b)) => a == b,
            (Type(a), Type(b)) => a == b,
            (Shape(a), Shape(b)) => a == b,
            (Tensor(a), Tensor(b)) => Arc::ptr_eq(a, b),
            (ListS(a), ListS(b)) => a == b,
            (ListI(a), ListI(b)) => a == b,
            (ListF(a), ListF(b)) => a.iter().map(|f| f.to_bits()).eq(b.iter().map(|f| f.to_bits())),
            (ListB(a), ListB(b)) => a == b,
            (ListType(a), ListType(b)) => a == b,
            (ListShape(a), ListShape(b)) => a == b,
            (ListTensor(a), ListTensor(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| Arc::ptr_eq(x, y))
            }
            _ => false,
        }
    }
}

/// The kind of value an op declares for an attribute (every attribute of the ops here holds a
/// single value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrKind {
    /// A `DataType`.
    Type,
    /// A tensor value.
    Tensor,
    /// A (partial) shape.
    Shape,
    /// A 64-bit integer.
    Int,
}

impl AttrKind {
    /// Whether `value` is of this kind.
    pub fn admits(self, value: &AttrValue) -> bool {
        matches!(
            (self, value),
            (AttrKind::Type, AttrValue::Type(_))
                | (AttrKind::Tensor, AttrValue::Tensor(_))
                | (AttrKind::Shape, AttrValue::Shape(_))
                | (AttrKind::Int, AttrValue::I(_))
        )
    }

    /// TensorFlow's name of the kind, as in `AttrValue had value with type 'int' when 'type'
    /// expected`.
    pub fn tf_name(self) -> &'static str {
        match self {
            AttrKind::Type => "type",
            AttrKind::Tensor => "tensor",
            AttrKind::Shape => "shape",
            AttrKind::Int => "int",
        }
    }

    /// The kind with its article, as the eager messages say it (`an int`).
    pub fn with_article(self) -> &'static str {
        match self {
            AttrKind::Type => "a type",
            AttrKind::Tensor => "a tensor",
            AttrKind::Shape => "a shape",
            AttrKind::Int => "an int",
        }
    }
}

/// The value an attribute takes when it is not set.
#[derive(Clone, Copy, Debug)]
pub enum AttrDefault {
    /// An integer.
    Int(i64),
    /// A shape of unknown rank.
    UnknownShape,
}

impl AttrDefault {
    /// The default as a value.
    pub fn value(self) -> AttrValue {
        match self {
            AttrDefault::Int(v) => AttrValue::I(v),
            AttrDefault::UnknownShape => AttrValue::Shape(None),
        }
    }
}

/// Read access to the attributes of one op, whichever mode holds them: a graph node's complete
/// map, or the values an eager call set (the last one of a name wins; unset ones are absent).
pub trait Attrs {
    /// The value of `name`, if set.
    fn get(&self, name: &str) -> Option<&AttrValue>;

    /// Whether no attribute is set (then every one takes its default).
    fn is_empty(&self) -> bool {
        false
    }
}

impl Attrs for BTreeMap<String, AttrValue> {
    fn get(&self, name: &str) -> Option<&AttrValue> {
        BTreeMap::get(self, name)
    }
}
