//! ndarray `Shape` semantics (TensorFlow Java `org.tensorflow.ndarray.Shape`, ndarray 0.3.x plus
//! `get` and `toListOrNull`): unknown rank, unknown (−1) dimensions, derivation and compatibility.
//!
//! This module is the only implementation of those rules. The Java class of the same name keeps an
//! immutable snapshot of the dimensions and calls the free functions below through the JNI bridge
//! (`src/jni/shape.rs`); the [`Shape`] type wraps the same functions for Rust callers. Both run
//! `tests/vectors/shape.jsonl`.
//!
//! The free functions work on borrowed dimensions, `Option<&[i64]>` where `None` is an unknown
//! rank, so a caller with its own storage (a Java array) needs no copy into a [`Shape`]. Those that
//! look for unknown dimensions take the marker as an argument: in Java `UNKNOWN_SIZE` is an
//! assignable static field, read at each call, and code that reassigns it must see the rules
//! follow. [`Shape`]'s methods pass the constant [`UNKNOWN_SIZE`].
//!
//! Where Java would throw, these functions return an [`Error`] whose kind names the Java class
//! (`ArrayIndexOutOfBounds`, `NegativeArraySize`, `NullPointer`, `OutOfMemory`). Messages that the
//! Java class writes itself are reproduced byte for byte; for the ones the JVM writes we use
//! HotSpot's text for array errors and a plain description for null dereferences (no test may
//! assert those).
//!
//! Differences that follow from Rust rather than from choice:
//! * Arguments of [`Shape`]'s methods are `&Shape`, which cannot be null; the free functions take
//!   `Option<Dims>` where Java can pass a `null` shape and the outcome depends on it.
//! * Shapes of unknown rank hash by identity in Java; [`hash_code`] returns `None` for them.
//! * Java's reference identity in `equals` is pointer identity of the two borrowed values.

use std::fmt;

use crate::error::{Error, ErrorKind, Result};

/// The value of an unknown dimension, and the size of a shape that is not fully known.
pub const UNKNOWN_SIZE: i64 = -1;

/// Borrowed dimensions; `None` is an unknown rank.
pub type Dims<'a> = Option<&'a [i64]>;

/// The dimensions of an n-dimensional array; `None` means the rank itself is unknown.
///
/// Immutable. `Clone` gives an equal-by-content copy; note that [`Shape::equals`] follows Java
/// and calls two distinct shapes with unknown parts unequal, so there is deliberately no
/// `PartialEq` implementation that could be confused with it.
#[derive(Debug, Clone)]
pub struct Shape {
    dims: Option<Vec<i64>>,
}

/// The dimensions of a derived shape: two borrowed runs laid end to end, so that deriving needs
/// no allocation until the caller stores the result where it wants it.
#[derive(Debug, Clone, Copy)]
pub struct Joined<'a> {
    first: &'a [i64],
    second: &'a [i64],
}

impl<'a> Joined<'a> {
    fn one(dims: &'a [i64]) -> Self {
        Joined { first: dims, second: &[] }
    }

    /// The rank of the derived shape.
    pub fn len(&self) -> usize {
        self.first.len() + self.second.len()
    }

    /// True for a derived scalar.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The dimensions in order.
    pub fn iter(&self) -> impl Iterator<Item = i64> + 'a {
        self.first.iter().chain(self.second).copied()
    }

    /// Copies the dimensions to the front of `out`, which must hold at least [`Joined::len`].
    pub fn write_to(&self, out: &mut [i64]) {
        let (first, rest) = out.split_at_mut(self.first.len());
        first.copy_from_slice(self.first);
        rest[..self.second.len()].copy_from_slice(self.second);
    }

    /// The dimensions as a new vector.
    pub fn to_vec(&self) -> Vec<i64> {
        [self.first, self.second].concat()
    }
}

/// The longest `long[]` HotSpot allocates; longer requests fail with "Requested array size
/// exceeds VM limit" whatever the heap size.
const MAX_JAVA_ARRAY_LENGTH: i32 = i32::MAX - 2;

/// Java's message for an array read at `index` in an array of `length` (HotSpot, JDK 11+).
fn index_error(index: i64, length: usize) -> Error {
    Error::new(
        ErrorKind::ArrayIndexOutOfBounds,
        format!("Index {index} out of bounds for length {length}"),
    )
}

/// Java's `new long[n]` with a negative `n`: HotSpot's message is the length itself.
fn negative_size_error(length: i32) -> Error {
    Error::new(ErrorKind::NegativeArraySize, length.to_string())
}

/// Java dereferencing the missing dimension array of an unknown rank (or a null shape).
fn unknown_rank_error() -> Error {
    Error::new(ErrorKind::NullPointer, "Shape of unknown rank has no dimensions")
}

/// The dimensions of a known rank, or Java's `NullPointerException` for an unknown one.
fn known(dims: Dims<'_>) -> Result<&[i64]> {
    dims.ok_or_else(unknown_rank_error)
}

/// The rank: −1 for an unknown rank, 0 for a scalar. (Saturates at `i32::MAX`, a rank no Java
/// array can reach.)
pub fn num_dimensions(dims: Dims<'_>) -> i32 {
    match dims {
        None => -1,
        Some(dims) => i32::try_from(dims.len()).unwrap_or(i32::MAX),
    }
}

/// The number of elements: the product of the dimensions, multiplied with wrapping `i64`
/// arithmetic like Java's `long`. `unknown` if the rank or any dimension is `unknown`, even when
/// another dimension is 0. A scalar has size 1.
pub fn size(dims: Dims<'_>, unknown: i64) -> i64 {
    match dims {
        None => unknown,
        Some(dims) if dims.contains(&unknown) => unknown,
        Some(dims) => dims.iter().fold(1i64, |product, &d| product.wrapping_mul(d)),
    }
}

/// True if the rank is unknown or any dimension equals `unknown` (other negative values do not
/// count).
pub fn has_unknown_dimension(dims: Dims<'_>, unknown: i64) -> bool {
    dims.is_none_or(|dims| dims.contains(&unknown))
}

/// True if the sizes are equal or either is `unknown` (other negatives are not wildcards).
pub fn is_compatible(dim: i64, other_dim: i64, unknown: i64) -> bool {
    dim == unknown || other_dim == unknown || dim == other_dim
}

/// Java `isCompatibleWith`: true if either rank is unknown, or both ranks are equal and every
/// pair of dimensions is [`is_compatible`]. `other` is `None` for a Java `null` shape, which fails
/// with `NullPointer` only when this rank is known (Java looks at this shape first).
pub fn is_compatible_with(dims: Dims<'_>, other: Option<Dims<'_>>, unknown: i64) -> Result<bool> {
    let Some(mine) = dims else {
        return Ok(true);
    };
    let Some(other) = other else {
        return Err(unknown_rank_error());
    };
    Ok(match other {
        None => true,
        Some(theirs) => {
            mine.len() == theirs.len()
                && mine.iter().zip(theirs).all(|(&a, &b)| is_compatible(a, b, unknown))
        }
    })
}

/// Java's `new long[n]`: a negative `n` fails before anything else is touched.
fn array_length(n: i32) -> Result<usize> {
    usize::try_from(n).map_err(|_| negative_size_error(n))
}

/// The first `n` dimensions (Java `take`; `head` is `take(1)`).
///
/// Errors, in Java's order: `ArrayIndexOutOfBounds` ("Cannot take {n} dimensions, shape has
/// only {rank}.") if `n` exceeds the rank (−1 for an unknown rank); `NegativeArraySize` if `n`
/// is negative.
pub fn take(dims: Dims<'_>, n: i32) -> Result<Joined<'_>> {
    let count = count_to_take(dims, n, "")?;
    Ok(Joined::one(&known(dims)?[..count]))
}

/// The last `n` dimensions (Java `takeLast`).
///
/// Errors, in Java's order: `ArrayIndexOutOfBounds` ("Cannot take last {n} dimensions, shape
/// has only {rank}.") if `n` exceeds the rank; `NegativeArraySize` if `n` is negative.
pub fn take_last(dims: Dims<'_>, n: i32) -> Result<Joined<'_>> {
    let count = count_to_take(dims, n, "last ")?;
    let dims = known(dims)?;
    Ok(Joined::one(&dims[dims.len() - count..]))
}

/// The checks `take` and `takeLast` share, in Java's order; `which` is `""` or `"last "`.
fn count_to_take(dims: Dims<'_>, n: i32, which: &str) -> Result<usize> {
    let rank = num_dimensions(dims);
    if n > rank {
        return Err(Error::new(
            ErrorKind::ArrayIndexOutOfBounds,
            format!("Cannot take {which}{n} dimensions, shape has only {rank}."),
        ));
    }
    array_length(n)
}

/// All dimensions but the first; a scalar for rank 0 or 1 (Java `tail`).
///
/// Errors: `NullPointer` for an unknown rank.
pub fn tail(dims: Dims<'_>) -> Result<Joined<'_>> {
    Ok(Joined::one(known(dims)?.get(1..).unwrap_or(&[])))
}

/// Dimensions `begin` (inclusive) to `end` (exclusive); negative indices are not counted from
/// the end (Java `subShape`).
///
/// Errors, in Java's order: `ArrayIndexOutOfBounds` ("End index {end} out of bounds: shape only
/// has {rank} dimensions.") if `end` exceeds the rank (−1 for an unknown rank);
/// `ArrayIndexOutOfBounds` ("Begin index {begin} out of bounds: cannot be less than 0.") if
/// `begin < 0`; `NegativeArraySize` if `begin > end`.
///
/// Java computes the length `end - begin` in wrapping `int` arithmetic, so a very negative
/// `end` with a large `begin` gives a positive length that does not fit. Java then fails to
/// allocate it (`OutOfMemory`, "Requested array size exceeds VM limit") if it is beyond the VM's
/// array limit; otherwise the copy that follows fails: `NullPointer` for an unknown rank,
/// `ArrayIndexOutOfBounds` with HotSpot's `arraycopy` message for a known one. (A JVM with a
/// small heap can also run out of memory for lengths below the limit; that depends on its
/// configuration and is not modelled.)
pub fn sub_shape(dims: Dims<'_>, begin: i32, end: i32) -> Result<Joined<'_>> {
    let rank = num_dimensions(dims);
    if end > rank {
        return Err(Error::new(
            ErrorKind::ArrayIndexOutOfBounds,
            format!("End index {end} out of bounds: shape only has {rank} dimensions."),
        ));
    }
    if begin < 0 {
        return Err(Error::new(
            ErrorKind::ArrayIndexOutOfBounds,
            format!("Begin index {begin} out of bounds: cannot be less than 0."),
        ));
    }
    let length = end.wrapping_sub(begin);
    let count = array_length(length)?;
    if length > MAX_JAVA_ARRAY_LENGTH {
        return Err(Error::new(ErrorKind::OutOfMemory, "Requested array size exceeds VM limit"));
    }
    let dims = known(dims)?;
    // begin >= 0 here, so the cast is lossless; both terms are below 2^31, so no overflow.
    let start = begin as usize;
    dims.get(start..start + count).map(Joined::one).ok_or_else(|| {
        Error::new(
            ErrorKind::ArrayIndexOutOfBounds,
            format!(
                "arraycopy: last source index {} out of bounds for long[{}]",
                start + count,
                dims.len()
            ),
        )
    })
}

/// `first` in front of the dimensions, not validated (Java `prepend(long)`).
///
/// Errors: `NullPointer` for an unknown rank.
pub fn prepend<'a>(dims: Dims<'a>, first: &'a i64) -> Result<Joined<'a>> {
    Ok(Joined { first: std::slice::from_ref(first), second: known(dims)? })
}

/// `last` after the dimensions, not validated (Java `append(long)`).
///
/// Errors: `NullPointer` for an unknown rank.
pub fn append<'a>(dims: Dims<'a>, last: &'a i64) -> Result<Joined<'a>> {
    Ok(Joined { first: known(dims)?, second: std::slice::from_ref(last) })
}

/// `first`'s dimensions followed by `second`'s: Java `a.append(b)` is `concat(a, b)` and
/// `a.prepend(b)` is `concat(b, a)`.
///
/// Errors: `NullPointer` if either rank is unknown.
pub fn concat<'a>(first: Dims<'a>, second: Dims<'a>) -> Result<Joined<'a>> {
    Ok(Joined { first: known(first)?, second: known(second)? })
}

/// Java `hashCode` for a known rank: `java.util.Arrays.hashCode(long[])` of the dimensions.
/// `None` for an unknown rank, which Java hashes by object identity.
pub fn hash_code(dims: Dims<'_>) -> Option<i32> {
    dims.map(|dims| {
        dims.iter().fold(1i32, |hash, &d| {
            // Long.hashCode: the two 32-bit halves XORed; truncation is the point.
            let element = (d ^ ((d as u64) >> 32) as i64) as i32;
            hash.wrapping_mul(31).wrapping_add(element)
        })
    })
}

/// Java `toString`: `Arrays.toString(long[])`, e.g. `[5, 4, 5]`, `[]` for a scalar, `[-1, 4]`,
/// and `null` for an unknown rank.
pub fn write_dims(f: &mut impl fmt::Write, dims: Dims<'_>) -> fmt::Result {
    let Some(dims) = dims else {
        return f.write_str("null");
    };
    f.write_str("[")?;
    for (i, d) in dims.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{d}")?;
    }
    f.write_str("]")
}

impl Shape {
    /// A shape of unknown rank.
    pub fn unknown() -> Self {
        Shape { dims: None }
    }

    /// The shape of a scalar: known rank 0.
    pub fn scalar() -> Self {
        Shape { dims: Some(Vec::new()) }
    }

    /// A shape of known rank with these dimensions, stored as given (no validation: −1 is
    /// unknown, other negative values are kept). An empty slice gives a scalar, which also stands
    /// for Java's `of((long[]) null)`.
    pub fn of(dims: &[i64]) -> Self {
        Shape { dims: Some(dims.to_vec()) }
    }

    fn derived(joined: Result<Joined<'_>>) -> Result<Shape> {
        joined.map(|joined| Shape { dims: Some(joined.to_vec()) })
    }

    /// The dimensions, or `None` for an unknown rank (Java `asArray()`, without the copy that
    /// Java needs to protect its array).
    pub fn as_array(&self) -> Option<&[i64]> {
        self.dims.as_deref()
    }

    /// The dimensions as a new vector, or `None` for an unknown rank (Java `toListOrNull()`).
    pub fn to_list_or_null(&self) -> Option<Vec<i64>> {
        self.dims.clone()
    }

    /// The number of elements; see [`size`].
    pub fn size(&self) -> i64 {
        size(self.as_array(), UNKNOWN_SIZE)
    }

    /// The size of dimension `i`; a negative `i` counts from the end. An unknown rank gives
    /// [`UNKNOWN_SIZE`] for any `i`, without a range check.
    ///
    /// Errors: `ArrayIndexOutOfBounds` if the rank is known and `i` is outside `[-rank, rank)`.
    pub fn get(&self, i: i32) -> Result<i64> {
        let Some(dims) = &self.dims else {
            return Ok(UNKNOWN_SIZE);
        };
        // Java indexes with `length + i` for negative i; report that index, as the JVM does.
        let index = if i >= 0 { i64::from(i) } else { dims.len() as i64 + i64::from(i) };
        usize::try_from(index)
            .ok()
            .and_then(|at| dims.get(at).copied())
            .ok_or_else(|| index_error(index, dims.len()))
    }

    /// The ndarray 0.3.x name of [`Shape::get`], with the same behaviour.
    pub fn size_at(&self, i: i32) -> Result<i64> {
        self.get(i)
    }

    /// The rank; see [`num_dimensions`].
    pub fn num_dimensions(&self) -> i32 {
        num_dimensions(self.as_array())
    }

    /// See [`has_unknown_dimension`].
    pub fn has_unknown_dimension(&self) -> bool {
        has_unknown_dimension(self.as_array(), UNKNOWN_SIZE)
    }

    /// True if the rank is known and 0.
    pub fn is_scalar(&self) -> bool {
        self.rank_is(0)
    }

    /// True if the rank is known and 1.
    pub fn is_vector(&self) -> bool {
        self.rank_is(1)
    }

    /// True if the rank is known and 2.
    pub fn is_matrix(&self) -> bool {
        self.rank_is(2)
    }

    /// True if the rank is unknown.
    pub fn is_unknown(&self) -> bool {
        self.dims.is_none()
    }

    fn rank_is(&self, rank: usize) -> bool {
        self.dims.as_ref().is_some_and(|dims| dims.len() == rank)
    }

    /// The first dimension alone; the same as `take(1)`.
    pub fn head(&self) -> Result<Shape> {
        self.take(1)
    }

    /// See [`take`].
    pub fn take(&self, n: i32) -> Result<Shape> {
        Self::derived(take(self.as_array(), n))
    }

    /// See [`take_last`].
    pub fn take_last(&self, n: i32) -> Result<Shape> {
        Self::derived(take_last(self.as_array(), n))
    }

    /// See [`tail`].
    pub fn tail(&self) -> Result<Shape> {
        Self::derived(tail(self.as_array()))
    }

    /// See [`sub_shape`].
    pub fn sub_shape(&self, begin: i32, end: i32) -> Result<Shape> {
        Self::derived(sub_shape(self.as_array(), begin, end))
    }

    /// See [`prepend`].
    pub fn prepend(&self, first_dimension: i64) -> Result<Shape> {
        Self::derived(prepend(self.as_array(), &first_dimension))
    }

    /// See [`append`].
    pub fn append(&self, last_dimension: i64) -> Result<Shape> {
        Self::derived(append(self.as_array(), &last_dimension))
    }

    /// `other`'s dimensions followed by this shape's (Java `prepend(Shape)`).
    ///
    /// Errors: `NullPointer` if either rank is unknown.
    pub fn prepend_shape(&self, other: &Shape) -> Result<Shape> {
        Self::derived(concat(other.as_array(), self.as_array()))
    }

    /// This shape's dimensions followed by `other`'s (Java `append(Shape)`).
    ///
    /// Errors: `NullPointer` if either rank is unknown.
    pub fn append_shape(&self, other: &Shape) -> Result<Shape> {
        Self::derived(concat(self.as_array(), other.as_array()))
    }

    /// See [`is_compatible_with`] (a `&Shape` is never null, so this cannot fail).
    pub fn is_compatible_with(&self, other: &Shape) -> bool {
        // Only a null `other` makes the free function fail.
        is_compatible_with(self.as_array(), Some(other.as_array()), UNKNOWN_SIZE).unwrap_or(true)
    }

    /// See [`is_compatible`], with the marker [`UNKNOWN_SIZE`].
    pub fn is_compatible(dim: i64, other_dim: i64) -> bool {
        is_compatible(dim, other_dim, UNKNOWN_SIZE)
    }

    /// Java `equals`: true for the very same value (pointer identity); otherwise false if `other`
    /// has any unknown part; otherwise true iff both have the same known dimensions.
    pub fn equals(&self, other: &Shape) -> bool {
        if std::ptr::eq(self, other) {
            return true;
        }
        if other.has_unknown_dimension() {
            return false;
        }
        self.dims == other.dims
    }

    /// See [`hash_code`].
    pub fn hash_code(&self) -> Option<i32> {
        hash_code(self.as_array())
    }
}

/// Java `toString`; see [`write_dims`].
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_dims(f, self.as_array())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind<T: fmt::Debug>(result: Result<T>) -> ErrorKind {
        match result {
            Ok(value) => panic!("expected an error, got {value:?}"),
            Err(error) => error.kind,
        }
    }

    #[test]
    fn index_errors_report_the_index_java_uses() {
        let shape = Shape::of(&[5, 4, 5]);
        let Err(error) = shape.get(-4) else { panic!("get(-4) must fail") };
        assert_eq!(error.kind, ErrorKind::ArrayIndexOutOfBounds);
        assert_eq!(error.message, "Index -1 out of bounds for length 3");
        let Err(error) = shape.get(3) else { panic!("get(3) must fail") };
        assert_eq!(error.message, "Index 3 out of bounds for length 3");
        let Err(error) = shape.get(i32::MIN) else { panic!("get(MIN) must fail") };
        assert_eq!(error.message, "Index -2147483645 out of bounds for length 3");
    }

    #[test]
    fn negative_lengths_report_the_length() {
        let Err(error) = Shape::of(&[2, 3]).sub_shape(2, 1) else { panic!("must fail") };
        assert_eq!((error.kind, error.message.as_str()), (ErrorKind::NegativeArraySize, "-1"));
        let Err(error) = Shape::of(&[2, 3]).take_last(-2) else { panic!("must fail") };
        assert_eq!((error.kind, error.message.as_str()), (ErrorKind::NegativeArraySize, "-2"));
    }

    #[test]
    fn wrapped_sub_shape_length_follows_java_int_arithmetic() {
        // new long[Integer.MIN_VALUE - 1], i.e. new long[Integer.MAX_VALUE]: beyond the VM limit.
        assert_eq!(kind(Shape::of(&[2, 3]).sub_shape(1, i32::MIN)), ErrorKind::OutOfMemory);
        assert_eq!(kind(Shape::unknown().sub_shape(1, i32::MIN)), ErrorKind::OutOfMemory);
        // new long[Integer.MIN_VALUE - Integer.MAX_VALUE], i.e. new long[1]: allocated, then the
        // copy from index MAX_VALUE fails.
        let Err(error) = Shape::of(&[2, 3]).sub_shape(i32::MAX, i32::MIN) else {
            panic!("must fail")
        };
        assert_eq!(error.kind, ErrorKind::ArrayIndexOutOfBounds);
        assert_eq!(
            error.message,
            "arraycopy: last source index 2147483648 out of bounds for long[2]"
        );
        assert_eq!(kind(Shape::unknown().sub_shape(i32::MAX, i32::MIN)), ErrorKind::NullPointer);
    }

    #[test]
    fn equals_is_reflexive_by_identity_only_for_unknown_parts() {
        let x = Shape::of(&[-1, 4, 5]);
        assert!(x.equals(&x));
        assert!(!x.equals(&x.clone()));
        let u = Shape::unknown();
        assert!(u.equals(&u));
        assert!(!u.equals(&Shape::unknown()));
        assert!(Shape::of(&[5, 4, 5]).equals(&Shape::of(&[5, 4, 5])));
    }

    #[test]
    fn unknown_rank_has_no_hash_code() {
        assert_eq!(Shape::unknown().hash_code(), None);
        assert_eq!(Shape::scalar().hash_code(), Some(1));
    }

    #[test]
    fn size_at_is_get() {
        let shape = Shape::of(&[5, 4, 5]);
        assert_eq!(shape.size_at(-2), Ok(4));
        assert_eq!(kind(shape.size_at(3)), ErrorKind::ArrayIndexOutOfBounds);
    }
}
