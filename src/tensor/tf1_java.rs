//! The rules TensorFlow 1.x's Java `Tensor` adds on top of C++ `tensorflow::Tensor`
//! ([docs/contracts/tensor.md](../../docs/contracts/tensor.md) is the contract): how a tensor is built from Java bytes and
//! strings, what `numBytes()` counts, and how summaries with
//! non-UTF-8 bytes become Java text. They live here, not in the JNI bridge, so that the bridge
//! only converts arguments and results.

use super::{Elements, Tensor};
use crate::dtype::DataType;
use crate::error::{Error, ErrorKind, Result};
use crate::tensor_shape::TensorShape;
use crate::tf_string;

/// The prefix of every `fromProto` rejection.
pub const CANNOT_PARSE: &str = "Cannot parse tensor from proto";

impl Tensor {
    /// A tensor of `dtype` and `shape` whose `length` data bytes are written by `fill`, after
    /// checking that `length` is exactly what `dtype` × `shape` needs (`InvalidArgument`
    /// otherwise, naming both sizes). `fill` is not called for an empty tensor.
    pub fn from_filled<E: From<Error>>(
        dtype: DataType,
        shape: TensorShape,
        length: usize,
        fill: impl FnOnce(&mut [u8]) -> std::result::Result<(), E>,
    ) -> std::result::Result<Tensor, E> {
        let mut tensor = Tensor::new(dtype, shape)?;
        let need = tensor.tensor_data()?.len();
        if need != length {
            return Err(Error::invalid_argument(format!(
                "{length} bytes given for a {} tensor with shape {}, which needs {need}",
                dtype.name(),
                tensor.shape().debug_string()
            ))
            .into());
        }
        if need > 0 {
            fill(tensor.tensor_data_mut()?)?;
        }
        Ok(tensor)
    }

    /// A STRING tensor whose row-major elements are consecutive pieces of `data` with the given
    /// `lengths`, which must be non-negative and cover `data` exactly.
    pub fn from_string_pieces(shape: TensorShape, data: &[u8], lengths: &[i32]) -> Result<Tensor> {
        let mut strings = Vec::new();
        strings
            .try_reserve_exact(lengths.len())
            .map_err(|_| Error::resource_exhausted("OOM when allocating string elements"))?;
        let mut start = 0usize;
        for &size in lengths {
            let end = usize::try_from(size)
                .ok()
                .and_then(|size| start.checked_add(size))
                .filter(|end| *end <= data.len())
                .ok_or_else(|| Error::invalid_argument("string lengths exceed the data"))?;
            strings.push(data[start..end].to_vec());
            start = end;
        }
        if start != data.len() {
            return Err(Error::invalid_argument("string lengths do not cover the data"));
        }
        Tensor::from_vec(shape, strings)
    }

    /// A STRING tensor from TF 1.x's `TF_STRING` layout (see [`crate::tf_string`]).
    pub fn from_tf_string(shape: TensorShape, encoded: &[u8]) -> Result<Tensor> {
        let count = usize::try_from(shape.num_elements())
            .map_err(|_| Error::invalid_argument("too many elements"))?;
        Tensor::from_vec(shape, tf_string::decode(encoded, count)?)
    }

    /// A STRING tensor's elements concatenated, with each element's length: what one Java call
    /// returns. `IllegalState` if the data does not fit Java arrays (2^31 - 1 bytes).
    pub fn string_pieces(&self) -> Result<(Vec<u8>, Vec<i32>)> {
        let strings = self.strings()?;
        let too_large = || Error::new(ErrorKind::IllegalState, "string data does not fit a Java array");
        let mut lengths = Vec::with_capacity(strings.len());
        let mut total = 0usize;
        for s in strings {
            lengths.push(i32::try_from(s.len()).map_err(|_| too_large())?);
            total = total
                .checked_add(s.len())
                .filter(|t| i32::try_from(*t).is_ok())
                .ok_or_else(too_large)?;
        }
        let mut data = Vec::with_capacity(total);
        for s in strings {
            data.extend_from_slice(s);
        }
        Ok((data, lengths))
    }

    /// The data bytes as TF 1.x Java exposes them: `tensor_data()`, with "not memcpy-able"
    /// (STRING, RESOURCE, VARIANT) as `IllegalState`, the class Java throws for it.
    pub fn java_data(&self) -> Result<&[u8]> {
        not_memcpy_is_illegal_state(self.tensor_data())
    }

    /// The bytes of the element values, for reading them from Java ([`Tensor::element_bytes`]: an
    /// uninitialised tensor is an error, not an empty view), with "not memcpy-able" as
    /// `IllegalState`.
    pub fn java_element_bytes(&self) -> Result<&[u8]> {
        not_memcpy_is_illegal_state(self.element_bytes())
    }

    /// TF 1.x's `numBytes()`: the data size; for STRING the size of the `TF_STRING` encoding
    /// (0 for an uninitialised STRING tensor, like the empty data of other dtypes).
    pub fn java_num_bytes(&self) -> Result<usize> {
        if self.dtype() == DataType::String {
            Ok(tf_string::encoded_size(self.strings_or_none()?))
        } else {
            Ok(self.java_data()?.len())
        }
    }

    /// A STRING tensor's `TF_STRING` encoding (`writeTo(ByteBuffer)`): an uninitialised tensor
    /// has no strings to write, so it is an error like every other read of element values.
    pub fn tf_string_encoding(&self) -> Result<Vec<u8>> {
        tf_string::encode(self.strings()?)
    }

    fn strings(&self) -> Result<&[Vec<u8>]> {
        match self.elements()? {
            Elements::Strings(strings) => Ok(strings),
            _ => Err(Error::invalid_argument(format!(
                "{} tensor is not a string tensor",
                self.dtype().name()
            ))),
        }
    }

    fn strings_or_none(&self) -> Result<&[Vec<u8>]> {
        if self.is_initialized() { self.strings() } else { Ok(&[]) }
    }
}

fn not_memcpy_is_illegal_state(bytes: Result<&[u8]>) -> Result<&[u8]> {
    bytes.map_err(|e| match e.kind {
        ErrorKind::InvalidArgument => Error::new(ErrorKind::IllegalState, e.message),
        _ => e,
    })
}

/// Summary bytes as text: valid UTF-8 as is, each byte of an invalid sequence as `\xNN`
/// (lower-case hex). Summaries escape every backslash of string elements as `\\`, so such a `\x`
/// is never ambiguous there.
pub fn summary_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_text_escapes_only_invalid_bytes() {
        assert_eq!(summary_text(b"a\xffb\xc3\xa9"), "a\\xffb\u{e9}");
    }

    #[test]
    fn byte_count_must_match() {
        let shape = TensorShape::from_dims(&[2]).unwrap();
        let e = Tensor::from_filled::<Error>(DataType::Int32, shape, 4, |_| Ok(())).unwrap_err();
        assert_eq!(e.message, "4 bytes given for a int32 tensor with shape [2], which needs 8");
    }

    #[test]
    fn string_pieces_round_trip_and_reject_bad_lengths() {
        let shape = TensorShape::from_dims(&[2]).unwrap();
        let t = Tensor::from_string_pieces(shape.clone(), b"abcde", &[2, 3]).unwrap();
        assert_eq!(t.string_pieces().unwrap(), (b"abcde".to_vec(), vec![2, 3]));
        assert_eq!(t.java_num_bytes().unwrap(), 2 * 8 + 1 + 2 + 1 + 3);
        assert!(Tensor::from_string_pieces(shape.clone(), b"abcde", &[2, 2]).is_err());
        assert!(Tensor::from_string_pieces(shape, b"abcde", &[-1, 6]).is_err());
    }
}

/// What TensorFlow 1.x's Java `Tensor` factories would have passed on to native code with
/// undefined results, rejected instead (`InvalidArgument`): a negative dimension, or (for a shape
/// without a zero dimension) more elements, or data bytes, than a Java array or buffer holds
/// (`2^31 - 1`, elements of variable size counted as one byte), or string elements of more than
/// `2^31 - 9` bytes in all (`string_bytes`: they are packed into one Java array). Dimensions print
/// as Java's `Arrays.toString` does.
pub fn check_java_creatable(shape: &[i64], dtype: DataType, string_bytes: i64) -> Result<()> {
    let listed = || {
        let parts: Vec<String> = shape.iter().map(i64::to_string).collect();
        format!("[{}]", parts.join(", "))
    };
    if shape.iter().any(|&d| d < 0) {
        return Err(Error::invalid_argument(format!("shape {} has a negative dimension", listed())));
    }
    let too_large = || Err(Error::invalid_argument(format!("tensor of shape {} is too large", listed())));
    if string_bytes > i64::from(i32::MAX) - 8 {
        return too_large();
    }
    if shape.contains(&0) {
        return Ok(());
    }
    let element_bytes = if dtype.can_use_memcpy() { dtype.size().max(1) } else { 1 } as i64;
    let fits = shape
        .iter()
        .try_fold(1i64, |n, &d| n.checked_mul(d))
        .is_some_and(|n| n <= i64::from(i32::MAX) / element_bytes);
    if fits { Ok(()) } else { too_large() }
}

#[cfg(test)]
mod creatable_tests {
    use super::*;

    #[test]
    fn negative_dimensions_are_named_before_sizes() {
        let err = check_java_creatable(&[i64::MAX, -1], DataType::Float, 0).unwrap_err();
        assert_eq!(err.message, "shape [9223372036854775807, -1] has a negative dimension");
    }

    #[test]
    fn a_zero_dimension_makes_any_shape_creatable() {
        assert!(check_java_creatable(&[i64::MAX, i64::MAX, 0], DataType::Double, 0).is_ok());
        assert!(check_java_creatable(&[], DataType::Double, 0).is_ok());
    }

    #[test]
    fn the_limit_is_java_array_bytes() {
        assert!(check_java_creatable(&[i64::from(i32::MAX) / 4], DataType::Float, 0).is_ok());
        let err = check_java_creatable(&[i64::from(i32::MAX) / 4 + 1], DataType::Float, 0).unwrap_err();
        assert_eq!(err.message, "tensor of shape [536870912] is too large");
        // Variable-size elements count one byte each.
        assert!(check_java_creatable(&[i64::from(i32::MAX)], DataType::String, 0).is_ok());
        assert!(check_java_creatable(&[1 << 32, 1 << 32], DataType::String, 0).is_err());
        // The packed string bytes of a creatable shape.
        assert!(check_java_creatable(&[2], DataType::String, i64::from(i32::MAX) - 8).is_ok());
        let err = check_java_creatable(&[2], DataType::String, i64::from(i32::MAX) - 7).unwrap_err();
        assert_eq!(err.message, "tensor of shape [2] is too large");
    }
}
