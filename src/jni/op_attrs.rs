//! The attribute encoding both Java op builders share (`org.tensorflow.AttrEncoder`), decoded
//! into the op registry's values (`crate::ops`).
//!
//! One stream of longs and one pool of bytes. Per attribute, in the order set, the stream holds
//! its kind, its count (-1 for a single value, else the list length) and its name's byte length
//! (the name's UTF-8 bytes come from the pool), then its values: a string as its byte length
//! (bytes from the pool); an int, a bool (0/1) or a type as itself; a float as its raw bits; a
//! shape as its rank (-1: unknown) followed by the sizes; a tensor as its handle. A description
//! that runs past the end of the stream or the pool is refused as malformed (Java's encoder never
//! writes one); bytes past the last one used are ignored.

use jni::sys::jlong;
use smallvec::SmallVec;

use super::errors::BridgeResult;
use super::handles;
use crate::Error;
use crate::ops::{AttrValue, EagerAttr};

/// The value kinds of the encoding (`AttrEncoder`'s constants). A Java `String` and a `byte[]`
/// both make a string attribute; they differ only in how a message names them.
const STRING: i64 = 0;
const INT: i64 = 1;
const FLOAT: i64 = 2;
const BOOL: i64 = 3;
const TYPE: i64 = 4;
const SHAPE: i64 = 5;
const TENSOR: i64 = 6;
const BYTES: i64 = 7;

/// Decoded attributes; most ops set a few, so they stay on the stack.
pub(super) type Decoded<'a> = SmallVec<[EagerAttr<'a>; 8]>;

fn malformed() -> Error {
    Error::invalid_argument("malformed operation description")
}

/// A reader over one description.
struct Reader<'a> {
    stream: &'a [i64],
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn long(&mut self) -> Result<i64, Error> {
        let (&first, rest) = self.stream.split_first().ok_or_else(malformed)?;
        self.stream = rest;
        Ok(first)
    }

    fn count(&mut self) -> Result<usize, Error> {
        let n = usize::try_from(self.long()?).map_err(|_| malformed())?;
        // Every counted item takes at least one long of the stream: a count beyond it is forged.
        if n > self.stream.len() {
            return Err(malformed());
        }
        Ok(n)
    }

    fn byte_slice(&mut self) -> Result<&'a [u8], Error> {
        let len = usize::try_from(self.long()?).map_err(|_| malformed())?;
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

    fn float(&mut self) -> Result<f32, Error> {
        // Java's `floatToRawIntBits`, sign-extended: the low 32 bits are the float's.
        Ok(f32::from_bits(self.long()? as u32))
    }

    fn shape(&mut self) -> Result<Option<Vec<i64>>, Error> {
        if self.stream.first().is_some_and(|&r| r < 0) {
            self.long()?;
            return Ok(None);
        }
        let rank = self.count()?;
        (0..rank).map(|_| self.long()).collect::<Result<_, _>>().map(Some)
    }

    fn type_value(&mut self) -> Result<i32, Error> {
        i32::try_from(self.long()?).map_err(|_| malformed())
    }

    fn list<T>(&mut self, n: usize, mut item: impl FnMut(&mut Self) -> Result<T, Error>) -> Result<Vec<T>, Error> {
        (0..n).map(|_| item(self)).collect()
    }

    /// One attribute's value and the Java type it was given as.
    fn value(&mut self, kind: i64, count: i64) -> BridgeResult<(AttrValue, &'static str)> {
        if count < 0 {
            return Ok(match kind {
                STRING => (AttrValue::S(self.bytes()?), "String"),
                BYTES => (AttrValue::S(self.bytes()?), "byte[]"),
                INT => (AttrValue::I(self.long()?), "Long"),
                FLOAT => (AttrValue::F(self.float()?), "Float"),
                BOOL => (AttrValue::B(self.long()? != 0), "Boolean"),
                TYPE => (AttrValue::Type(self.type_value()?), "DataType"),
                SHAPE => (AttrValue::Shape(self.shape()?), "Shape"),
                TENSOR => (AttrValue::Tensor(handles::tensor(self.long()?)?), "tensor"),
                _ => return Err(malformed().into()),
            });
        }
        let n = usize::try_from(count).map_err(|_| malformed())?;
        if n > self.stream.len() {
            return Err(malformed().into());
        }
        Ok(match kind {
            STRING => (AttrValue::ListS(self.list(n, Self::bytes)?), "String[]"),
            INT => (AttrValue::ListI(self.list(n, Self::long)?), "long[]"),
            FLOAT => (AttrValue::ListF(self.list(n, Self::float)?), "float[]"),
            BOOL => (AttrValue::ListB(self.list(n, |r| r.long().map(|v| v != 0))?), "boolean[]"),
            TYPE => (AttrValue::ListType(self.list(n, Self::type_value)?), "DataType[]"),
            SHAPE => (AttrValue::ListShape(self.list(n, Self::shape)?), "Shape[]"),
            TENSOR => {
                let hs: Vec<jlong> = self.list(n, Self::long)?;
                (AttrValue::ListTensor(handles::tensor_list(&hs)?), "Tensor[]")
            }
            _ => return Err(malformed().into()),
        })
    }
}

/// The handle each single tensor value came under, by attribute position.
pub(super) type TensorHandles = SmallVec<[(usize, jlong); 2]>;

/// Decodes a whole description into `out`; tensor handles are checked in the registry and noted
/// in `handles_out`.
pub(super) fn decode<'a>(
    stream: &'a [i64],
    bytes: &'a [u8],
    out: &mut Decoded<'a>,
    handles_out: &mut TensorHandles,
) -> BridgeResult<()> {
    let mut reader = Reader { stream, bytes };
    while !reader.stream.is_empty() {
        let kind = reader.long()?;
        let count = reader.long()?;
        let name = std::str::from_utf8(reader.byte_slice()?).map_err(|_| malformed())?;
        if kind == TENSOR && count < 0 {
            if let Some(&h) = reader.stream.first() {
                handles_out.push((out.len(), h));
            }
        }
        let (value, given_as) = reader.value(kind, count)?;
        out.push(EagerAttr { name, value, given_as });
    }
    Ok(())
}
