//! The rules of TFLite Support's `TensorBuffer` state: shape validity, the wrapping element
//! count, fixed versus dynamic resizing, what a load or a `loadBuffer` may do and in which order
//! it checks, when read-only storage is copied, which bulk path `createFrom` takes, where the
//! position ends, and every message. Pure functions over the buffer's current state: each plans
//! one step and returns the new state or the exact upstream error; the JNI layer
//! (`src/jni/tensor_buffer.rs`) applies the plan and the Java fields only store the result.

use super::element::ElementType;
use crate::dtype::LiteDataType;
use crate::{Error, ErrorKind, Result};

/// The state a plan starts from: the Java fields `shape`, `flatSize` and `isDynamic`.
#[derive(Debug, Clone, Copy)]
pub struct State<'a> {
    /// The element type of the buffer class.
    pub ty: ElementType,
    /// `isDynamic`: the shape follows what is loaded.
    pub dynamic: bool,
    /// `shape`.
    pub shape: &'a [i32],
    /// `flatSize` (-1 before the constructor allocated storage).
    pub flat_size: i32,
}

/// What a resize does to the storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resize {
    /// Nothing changes (a fixed-size buffer given its own shape).
    Keep,
    /// The shape changes but the element count does not: the storage (maybe a caller's buffer
    /// from `loadBuffer`) is kept.
    Reshape {
        /// The new element count (equal to the current one).
        flat_size: i32,
    },
    /// New native-order direct storage of `flat_size * size` bytes (wrapping, as upstream; a
    /// negative byte count makes the JDK's allocation throw).
    Reallocate {
        /// The new element count.
        flat_size: i32,
        /// The byte count to allocate.
        bytes: i32,
    },
}

/// The first step of a load (`loadArray`), in upstream's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Load {
    /// The storage is read-only: copy it to writable storage first, then plan again.
    CopyReadOnly,
    /// Resize as given, then write the elements from index 0.
    Write(Resize),
}

/// Messages of upstream's checks, verbatim.
const NEGATIVE_DIMENSION: &str = "Values in TensorBuffer shape should be non-negative.";
const LOAD_SIZE: &str = "The size of the array to be loaded does not match the specified shape.";

/// `computeFlatSize`: the product of the dimensions in 32-bit arithmetic, wrapping on overflow
/// (1 for the empty shape).
pub fn flat_size(shape: &[i32]) -> i32 {
    shape.iter().fold(1i32, |n, &d| n.wrapping_mul(d))
}

/// Every dimension must be non-negative (the empty shape is a scalar).
pub fn check_shape(shape: &[i32]) -> Result<()> {
    if shape.iter().any(|&d| d < 0) {
        return Err(Error::invalid_argument(NEGATIVE_DIMENSION));
    }
    Ok(())
}

/// `allocateMemory`: validates `shape` and decides whether the storage must be replaced. The
/// storage is kept when the element count is unchanged, even a wrapped one.
pub fn plan_allocate(current_flat_size: i32, ty: ElementType, shape: &[i32]) -> Result<Resize> {
    check_shape(shape)?;
    let flat_size = flat_size(shape);
    if flat_size == current_flat_size {
        return Ok(Resize::Reshape { flat_size });
    }
    Ok(Resize::Reallocate { flat_size, bytes: flat_size.wrapping_mul(element_size(ty)) })
}

/// `resize`: a dynamic buffer allocates for `shape`; a fixed-size one accepts only its own shape
/// and then keeps everything (upstream throws a message-less `IllegalArgumentException`).
pub fn plan_resize(state: State<'_>, shape: &[i32]) -> Result<Resize> {
    if state.dynamic {
        return plan_allocate(state.flat_size, state.ty, shape);
    }
    if shape != state.shape {
        return Err(Error::invalid_argument(String::new()));
    }
    Ok(Resize::Keep)
}

/// `loadArray(src, shape)` after the null check of `src`: the length check, then the read-only
/// copy, then the resize.
pub fn plan_load(state: State<'_>, src_len: usize, shape: &[i32], read_only: bool) -> Result<Load> {
    if i64::try_from(src_len).ok() != Some(i64::from(flat_size(shape))) {
        return Err(Error::invalid_argument(LOAD_SIZE));
    }
    if read_only {
        return Ok(Load::CopyReadOnly);
    }
    Ok(Load::Write(plan_resize(state, shape)?))
}

/// `loadBuffer(buffer, shape)` after the null check of `buffer`: the buffer's limit must be the
/// byte count of `shape`, and a fixed-size buffer only takes its own shape. Returns the new
/// element count.
pub fn plan_attach(state: State<'_>, shape: &[i32], limit: i32) -> Result<i32> {
    check_shape(shape)?;
    let flat_size = flat_size(shape);
    let expected = element_size(state.ty).wrapping_mul(flat_size);
    if limit != expected {
        return Err(Error::invalid_argument(format!(
            "The size of byte buffer and the shape do not match. Expected: {expected} Actual: {limit}"
        )));
    }
    if !state.dynamic && shape != state.shape {
        return Err(Error::invalid_argument(String::new()));
    }
    Ok(flat_size)
}

/// Whether the storage's `limit` still matches `shape` (what `getShape` and `getFlatSize` check).
pub fn is_consistent(ty: ElementType, shape: &[i32], limit: i32) -> bool {
    limit == element_size(ty).wrapping_mul(flat_size(shape))
}

/// The `IllegalStateException` of `getShape`/`getFlatSize` when the limit no longer matches.
/// `zero_digit` is the default locale's zero digit, as `String.format("%d")` uses it.
pub fn inconsistent(shape: &[i32], limit: i32, zero_digit: char) -> Error {
    let dims: Vec<String> = shape.iter().map(i32::to_string).collect();
    Error::new(
        ErrorKind::IllegalState,
        format!(
            "The size of underlying ByteBuffer ({}) and the shape ([{}]) do not match. The \
             ByteBuffer may have been changed.",
            localized_digits(limit, zero_digit),
            dims.join(", ")
        ),
    )
}

/// A bulk read of `count` elements: a negative count fails as Java's array allocation does; a
/// count beyond the limit fails as the relative bulk get would, before anything is allocated.
pub fn check_readable(ty: ElementType, count: i32, limit: i32) -> Result<()> {
    if count < 0 {
        return Err(Error::new(ErrorKind::NegativeArraySize, count.to_string()));
    }
    if i64::from(count) * i64::from(element_size(ty)) > i64::from(limit) {
        return Err(Error::new(ErrorKind::BufferUnderflow, ""));
    }
    Ok(())
}

/// A bulk write of `count` elements must fit below the limit.
pub fn check_writable(ty: ElementType, count: usize, limit: i32) -> Result<()> {
    let bytes = count.checked_mul(ty.size());
    if bytes.is_none_or(|b| i64::try_from(b).unwrap_or(i64::MAX) > i64::from(limit)) {
        return Err(Error::new(ErrorKind::BufferOverflow, ""));
    }
    Ok(())
}

/// The fill-in getters' destination must have exactly `flat_size` elements.
pub fn check_destination(len: usize, flat_size: i32) -> Result<()> {
    if i64::try_from(len).ok() != Some(i64::from(flat_size)) {
        return Err(Error::invalid_argument(format!(
            "The destination array length ({len}) does not match the flat size of the buffer \
             ({flat_size})."
        )));
    }
    Ok(())
}

/// Where the position ends after a bulk transfer of `count` elements: UINT8 after the last
/// element (upstream uses relative `byte[]` transfers there), every other type at 0.
pub fn position_after_bulk(ty: ElementType, count: i32) -> i32 {
    if ty == ElementType::Uint8 { count } else { 0 }
}

/// The element type of a `TensorBuffer` of Java `DataType` `ordinal`, or upstream's
/// `AssertionError` for the types it does not support.
pub fn element_type(ordinal: i32) -> Result<ElementType> {
    let data_type = usize::try_from(ordinal)
        .ok()
        .and_then(LiteDataType::from_ordinal)
        .ok_or_else(|| Error::invalid_argument(format!("no DataType ordinal {ordinal}")))?;
    ElementType::try_from(data_type).map_err(|_| {
        Error::new(
            ErrorKind::UnsupportedDataType,
            format!("TensorBuffer does not support data type: {}", data_type.name()),
        )
    })
}

/// How `createFrom` moves the elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Through a `float[]` (`getFloatArray` then `loadArray`).
    Floats = 0,
    /// Through an `int[]`.
    Ints = 1,
    /// An exact element copy (same type, not one of upstream's two types).
    Exact = 2,
}

/// `createFrom`'s path: between FLOAT32 and UINT8 (upstream's types) through `int` unless both
/// are FLOAT32; otherwise the same type is copied exactly, and different types go through
/// `float` if either side is FLOAT32, else through `int`.
pub fn create_from_route(from: ElementType, to: ElementType) -> Route {
    let upstream = |t| matches!(t, ElementType::Float32 | ElementType::Uint8);
    let float_either = from == ElementType::Float32 || to == ElementType::Float32;
    if upstream(from) && upstream(to) {
        if from == ElementType::Float32 && to == ElementType::Float32 { Route::Floats } else { Route::Ints }
    } else if from == to {
        Route::Exact
    } else if float_either {
        Route::Floats
    } else {
        Route::Ints
    }
}

/// Messages of upstream's null checks.
pub mod null {
    /// `loadArray` with a null array.
    pub const LOAD_ARRAY: &str = "The array to be loaded cannot be null.";
    /// `computeFlatSize(null)`.
    pub const SHAPE: &str = "Shape cannot be null.";
    /// The constructor or `resize` with a null shape.
    pub const TENSOR_SHAPE: &str = "TensorBuffer shape cannot be null.";
    /// `loadBuffer(null, …)`.
    pub const BYTE_BUFFER: &str = "Byte buffer cannot be null.";
    /// A fill-in getter given null.
    pub const DESTINATION: &str = "The destination array cannot be null.";
    /// `createFrom(null, …)`.
    pub const SOURCE: &str = "Cannot create a buffer from null";
}

/// A null-argument error with one of the [`null`] messages.
pub fn null_argument(message: &str) -> Error {
    Error::new(ErrorKind::NullPointer, message)
}

fn element_size(ty: ElementType) -> i32 {
    // 1, 2, 4 or 8.
    ty.size() as i32
}

/// `value` in decimal with the digits of a locale whose zero is `zero_digit`.
pub(crate) fn localized_digits(value: i32, zero_digit: char) -> String {
    value
        .to_string()
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(zero_digit as u32 + d).unwrap_or(c),
            None => c,
        })
        .collect()
}

#[cfg(test)]
mod tests;
