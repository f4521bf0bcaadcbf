//! The attribute encoding both Java op builders share (`org.tensorflow.AttrEncoder`), decoded
//! into the op registry's values (`crate::ops`).
//!
//! `kinds` holds a `(kind, count)` pair per attribute, in the order set: `count` is -1 for a
//! single value, else the list length. The attribute's name comes first from `bytes` (its byte
//! length in `ints`); then its values: strings as a length in `ints` plus bytes in `bytes`; ints,
//! bools (0/1) and types in `ints`; floats in `floats`; shapes as a rank (-1: unknown) followed
//! by the sizes in `ints`; tensors as handles in `tensors`. A description that runs past the end
//! of a pool is refused as malformed (Java's encoder never writes one).

use jni::sys::jlong;
use smallvec::SmallVec;

use super::errors::BridgeResult;
use super::handles;
use crate::Error;
use crate::ops::{AttrValue, EagerAttr};

/// The attribute kinds of the encoding (`AttrEncoder`'s constants). A Java `String` and a
/// `byte[]` both make a string attribute; they differ only in how a message names them.
const STRING: i32 = 0;
const INT: i32 = 1;
const FLOAT: i32 = 2;
const BOOL: i32 = 3;
const TYPE: i32 = 4;
const SHAPE: i32 = 5;
const TENSOR: i32 = 6;
const BYTES: i32 = 7;

/// Decoded attributes; most ops set a few, so they stay on the stack.
pub(super) type Decoded<'a> = SmallVec<[EagerAttr<'a>; 8]>;

fn malformed() -> Error {
    Error::invalid_argument("malformed operation description")
}

/// The value pools of one description.
pub(super) struct Pools<'a> {
    pub(super) ints: &'a [i64],
    pub(super) floats: &'a [f32],
    pub(super) bytes: &'a [u8],
    pub(super) tensors: &'a [jlong],
}

impl<'a> Pools<'a> {
    fn int(&mut self) -> Result<i64, Error> {
        let (&first, rest) = self.ints.split_first().ok_or_else(malformed)?;
        self.ints = rest;
        Ok(first)
    }

    fn float(&mut self) -> Result<f32, Error> {
        let (&first, rest) = self.floats.split_first().ok_or_else(malformed)?;
        self.floats = rest;
        Ok(first)
    }

    fn byte_slice(&mut self) -> Result<&'a [u8], Error> {
        let len = usize::try_from(self.int()?).map_err(|_| malformed())?;
        if len > self.bytes.len() {
            return Err(malformed());
        }
        let (first, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(first)
    }

    fn bytes(&mut self) -> Result<Vec<u8>, Error> {
        self.byte_slice().map(<[u8]>::to_vec)
    }

    fn tensor(&mut self) -> Result<jlong, Error> {
        let (&first, rest) = self.tensors.split_first().ok_or_else(malformed)?;
        self.tensors = rest;
        Ok(first)
    }

    fn shape(&mut self) -> Result<Option<Vec<i64>>, Error> {
        let rank = self.int()?;
        if rank < 0 {
            return Ok(None);
        }
        let rank = usize::try_from(rank).map_err(|_| malformed())?;
        if rank > self.ints.len() {
            return Err(malformed());
        }
        (0..rank).map(|_| self.int()).collect::<Result<_, _>>().map(Some)
    }

    fn type_value(&mut self) -> Result<i32, Error> {
        i32::try_from(self.int()?).map_err(|_| malformed())
    }

    /// One attribute's value and the Java type it was given as.
    fn value(&mut self, kind: i32, count: i32) -> BridgeResult<(AttrValue, &'static str)> {
        if count < 0 {
            return Ok(match kind {
                STRING => (AttrValue::S(self.bytes()?), "String"),
                BYTES => (AttrValue::S(self.bytes()?), "byte[]"),
                INT => (AttrValue::I(self.int()?), "Long"),
                FLOAT => (AttrValue::F(self.float()?), "Float"),
                BOOL => (AttrValue::B(self.int()? != 0), "Boolean"),
                TYPE => (AttrValue::Type(self.type_value()?), "DataType"),
                SHAPE => (AttrValue::Shape(self.shape()?), "Shape"),
                TENSOR => (AttrValue::Tensor(handles::tensor(self.tensor()?)?), "tensor"),
                _ => return Err(malformed().into()),
            });
        }
        let n = count as usize;
        Ok(match kind {
            STRING => (AttrValue::ListS((0..n).map(|_| self.bytes()).collect::<Result<_, _>>()?), "String[]"),
            INT => (AttrValue::ListI((0..n).map(|_| self.int()).collect::<Result<_, _>>()?), "long[]"),
            FLOAT => (AttrValue::ListF((0..n).map(|_| self.float()).collect::<Result<_, _>>()?), "float[]"),
            BOOL => (
                AttrValue::ListB((0..n).map(|_| self.int().map(|v| v != 0)).collect::<Result<_, _>>()?),
                "boolean[]",
            ),
            TYPE => {
                (AttrValue::ListType((0..n).map(|_| self.type_value()).collect::<Result<_, _>>()?), "DataType[]")
            }
            SHAPE => (AttrValue::ListShape((0..n).map(|_| self.shape()).collect::<Result<_, _>>()?), "Shape[]"),
            TENSOR => {
                let hs: Vec<jlong> = (0..n).map(|_| self.tensor()).collect::<Result<_, _>>()?;
                (AttrValue::ListTensor(handles::tensor_list(&hs)?), "Tensor[]")
            }
            _ => return Err(malformed().into()),
        })
    }
}

/// Decodes a whole description; tensor handles are checked in the registry.
pub(super) fn decode<'a>(kinds: &[i32], mut pools: Pools<'a>) -> BridgeResult<Decoded<'a>> {
    if kinds.len() % 2 != 0 {
        return Err(malformed().into());
    }
    let mut out = Decoded::new();
    for pair in kinds.chunks_exact(2) {
        let name = std::str::from_utf8(pools.byte_slice()?).map_err(|_| malformed())?;
        let (value, given_as) = pools.value(pair[0], pair[1])?;
        out.push(EagerAttr { name, value, given_as });
    }
    Ok(out)
}
