//! C++ `TensorShape` / `PartialTensorShape` rules (`tensor_shape.cc`): at most 254 dimensions,
//! element counts computed with a checked running product over the dimensions in order, and the
//! upstream status messages verbatim. Where upstream CHECK-aborts we return an error instead.

use smallvec::SmallVec;

use crate::error::{Error, Result};

/// `TensorShape::MaxDimensions()`. Upstream keeps 255 as its unknown-rank marker.
pub const MAX_DIMENSIONS: usize = 254;

/// `MultiplyWithoutOverflow` (`util/overflow.h`): negative means invalid.
///
/// Any negative input gives −1; a zero `x` gives 0 without looking at `y` (this is why a zero
/// prefix hides later huge dimensions). The product is formed in unsigned 64-bit: if that
/// overflows the result is −1, otherwise the bits are reinterpreted as signed, so products in
/// `[2^63, 2^64)` come back as that negative number (e.g. `2^62 × 2` → `i64::MIN`). Upstream
/// messages print this value, so we keep it rather than normalising to −1.
pub fn multiply_without_overflow(x: i64, y: i64) -> i64 {
    if x < 0 || y < 0 {
        return -1;
    }
    if x == 0 {
        return 0;
    }
    match (x as u64).checked_mul(y as u64) {
        Some(p) => p as i64,
        None => -1,
    }
}

/// A plain stand-in for `TensorShapeProto` (dimension names are never used by these rules):
/// the dimension sizes in order plus the `unknown_rank` flag.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShapeProto {
    /// Sizes in order; -1 marks an unknown size.
    pub dims: Vec<i64>,
    /// Whether the rank itself is unknown (`dims` is then ignored).
    pub unknown_rank: bool,
}

impl ShapeProto {
    /// A shape of known rank with these sizes.
    pub fn new(dims: Vec<i64>) -> Self {
        ShapeProto {
            dims,
            unknown_rank: false,
        }
    }

    /// A shape of unknown rank.
    pub fn unknown() -> Self {
        ShapeProto {
            dims: Vec::new(),
            unknown_rank: true,
        }
    }

    /// `TensorShapeRep::DebugString(proto)`: `<unknown>` for unknown rank, followed by the dims
    /// list only if dims are present anyway; −1 prints `?`, other negatives print as numbers.
    pub fn debug_string(&self) -> String {
        let mut s = String::new();
        if self.unknown_rank {
            s.push_str("<unknown>");
            if self.dims.is_empty() {
                return s;
            }
        }
        s.push('[');
        for (i, d) in self.dims.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            if *d == -1 {
                s.push('?');
            } else {
                s.push_str(&d.to_string());
            }
        }
        s.push(']');
        s
    }
}

/// `[a,b,?]` for known rank: negative sizes print `?` (shape `DebugString`, not the proto one).
fn dims_debug_string(dims: &[i64]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .map(|d| {
            if *d < 0 {
                "?".to_owned()
            } else {
                d.to_string()
            }
        })
        .collect();
    format!("[{}]", parts.join(","))
}

/// The count checks shared by both `MakeShape` variants.
fn check_make_shape_count(n: i64) -> Result<()> {
    if n > MAX_DIMENSIONS as i64 {
        return Err(Error::invalid_argument("Too many dimensions"));
    }
    if n < 0 {
        return Err(Error::invalid_argument(format!(
            "Negative number of dimensions {n}"
        )));
    }
    Ok(())
}

fn make_shape_overflow(dims: &[i64]) -> Error {
    Error::invalid_argument(format!(
        "Shape {} would have more than 2**63 - 1 elements",
        ShapeProto::new(dims.to_vec()).debug_string()
    ))
}

/// The zero-skipping overflow check of `BuildTensorShapeBase(proto)`; unknown sizes are skipped too.
fn check_nonzero_product(product: &mut i64, d: i64) -> Result<()> {
    if d > 0 {
        *product = multiply_without_overflow(*product, d);
        if *product < 0 {
            return Err(Error::invalid_argument(
                "Encountered overflow when multiplying shape dimensions",
            ));
        }
    }
    Ok(())
}

/// Shared `IsValidShape` walk; `partial` selects the PartialTensorShape rules.
fn is_valid_shape_impl(proto: &ShapeProto, partial: bool) -> Result<()> {
    if partial && proto.unknown_rank {
        if !proto.dims.is_empty() {
            return Err(Error::invalid_argument(
                "An unknown shape must not have any dimensions set.",
            ));
        }
        return Ok(());
    }
    let shape_error =
        |what: &str| Error::invalid_argument(format!("Shape {} {what}", proto.debug_string()));
    if proto.dims.len() > MAX_DIMENSIONS {
        return Err(shape_error("has too many dimensions"));
    }
    let mut num_elements: i64 = 1;
    for &d in &proto.dims {
        if d < if partial { -1 } else { 0 } {
            return Err(if partial {
                shape_error("has dimensions with values below -1 (where -1 means unknown)")
            } else {
                shape_error("is not fully defined")
            });
        }
        if d == -1 {
            num_elements = -1;
        } else if !partial || num_elements >= 0 {
            num_elements = multiply_without_overflow(num_elements, d);
            if num_elements < 0 {
                return Err(shape_error("is too large (more than 2**63 - 1 entries)"));
            }
        }
    }
    Ok(())
}

/// Sizes kept inline up to this rank: a small tensor's shape then costs no heap block of its own
/// (every eager op result has one, and clones of tensors copy it).
const INLINE_DIMS: usize = 4;

/// A fully defined shape: rank 0..=254, sizes ≥ 0, element count < 2^63.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorShape {
    dims: SmallVec<[i64; INLINE_DIMS]>,
    num_elements: i64,
}

impl Default for TensorShape {
    /// The scalar shape `[]` (one element), as upstream's default constructor.
    fn default() -> Self {
        TensorShape {
            dims: SmallVec::new(),
            num_elements: 1,
        }
    }
}

impl TensorShape {
    /// The scalar shape `[]`.
    pub fn scalar() -> Self {
        Self::default()
    }

    /// `TensorShapeUtils::MakeShape`: build from sizes, with the upstream messages
    /// (`Too many dimensions`, `Dimension <d> must be >= 0`,
    /// `Shape <p> would have more than 2**63 - 1 elements`).
    pub fn from_dims(dims: &[i64]) -> Result<Self> {
        check_make_shape_count(dims.len() as i64)?;
        let mut shape = Self::default();
        for &d in dims {
            if d < 0 {
                return Err(Error::invalid_argument(format!(
                    "Dimension {d} must be >= 0"
                )));
            }
            let n = multiply_without_overflow(shape.num_elements, d);
            if n < 0 {
                return Err(make_shape_overflow(dims));
            }
            shape.dims.push(d);
            shape.num_elements = n;
        }
        Ok(shape)
    }

    /// `TensorShape::BuildTensorShape(dims)` (the status-returning form of `TensorShape(dims)`).
    /// When every size is at most 0xd744 (so four of them cannot overflow) negatives are rejected
    /// up front with `Expected shape dimensions to be non-negative, got <s>`; otherwise the sizes
    /// go through [`add_dim`](Self::add_dim) and its messages.
    pub fn build_tensor_shape(dims: &[i64]) -> Result<Self> {
        const MAX_SMALL: i64 = 0xd744;
        if dims.iter().all(|&s| s <= MAX_SMALL) {
            if let Some(&s) = dims.iter().find(|&&s| s < 0) {
                return Err(Error::invalid_argument(format!(
                    "Expected shape dimensions to be non-negative, got {s}"
                )));
            }
        }
        let mut shape = Self::default();
        for &d in dims {
            shape.add_dim(d)?;
        }
        Ok(shape)
    }

    /// `MakeShape(dims, n)` where the count comes from the caller separately (e.g. over JNI):
    /// validates `n` first (`Negative number of dimensions <n>`), then uses the first `n` sizes.
    /// A count beyond `dims.len()` is rejected like an over-long list rather than read past.
    pub fn make_shape(dims: &[i64], n: i64) -> Result<Self> {
        check_make_shape_count(n)?;
        let used = dims
            .get(..n as usize)
            .ok_or_else(|| Error::invalid_argument("Too many dimensions"))?;
        Self::from_dims(used)
    }

    /// `AddDimWithStatus`. The unchecked `AddDim` CHECK-aborts upstream; ours is this one
    /// (docs/contracts/tensor.md#where-tensorflow-aborts).
    pub fn add_dim(&mut self, size: i64) -> Result<()> {
        if size < 0 {
            return Err(Error::invalid_argument(format!(
                "Expected a non-negative size, got {size}"
            )));
        }
        if self.dims.len() >= MAX_DIMENSIONS {
            return Err(Error::invalid_argument("Too many dimensions in tensor"));
        }
        let n = multiply_without_overflow(self.num_elements, size);
        if n < 0 {
            return Err(Error::invalid_argument(format!(
                "Encountered overflow when multiplying {} with {size}, result: {n}",
                self.num_elements
            )));
        }
        self.dims.push(size);
        self.num_elements = n;
        Ok(())
    }

    /// Number of dimensions (rank).
    pub fn dims(&self) -> usize {
        self.dims.len()
    }

    /// Size of dimension `d`. Upstream CHECKs the index; ours returns an error.
    pub fn dim_size(&self, d: usize) -> Result<i64> {
        self.dims.get(d).copied().ok_or_else(|| {
            Error::invalid_argument(format!(
                "Check failed: d < dims() ({d} vs. {})",
                self.dims.len()
            ))
        })
    }

    /// All sizes in order.
    pub fn dim_sizes(&self) -> &[i64] {
        &self.dims
    }

    /// Product of the sizes (always `0 ..= 2^63 - 1`).
    pub fn num_elements(&self) -> i64 {
        self.num_elements
    }

    /// `IsSameSize`: same rank and same sizes.
    pub fn is_same_size(&self, other: &TensorShape) -> bool {
        self.dims == other.dims
    }

    /// `DebugString`, e.g. `[2,3]`, `[]`.
    pub fn debug_string(&self) -> String {
        dims_debug_string(&self.dims)
    }

    /// `AsProto`: one dim per dimension, `unknown_rank` false.
    pub fn as_proto(&self) -> ShapeProto {
        ShapeProto::new(self.dims.to_vec())
    }

    /// `TensorShape::IsValid(proto)`: ≤ 254 dims, sizes ≥ 0, prefix products valid.
    /// `unknown_rank` is ignored (upstream keeps this for compatibility).
    pub fn is_valid(proto: &ShapeProto) -> bool {
        is_valid_shape_impl(proto, false).is_ok()
    }

    /// `TensorShape::IsValidShape(proto)` with its messages (`Shape <p> has too many dimensions`,
    /// `… is not fully defined` for any negative size, `… is too large (more than 2**63 - 1 entries)`).
    pub fn is_valid_shape(proto: &ShapeProto) -> Result<()> {
        is_valid_shape_impl(proto, false)
    }

    /// The FromProto path: `is_valid_shape`, then the shape of the dims. `unknown_rank` is
    /// ignored, so an `unknown_rank` proto without dims is the scalar `[]`.
    pub fn from_proto(proto: &ShapeProto) -> Result<Self> {
        Self::is_valid_shape(proto)?;
        Self::from_dims(&proto.dims)
    }

    /// `BuildTensorShapeBase(proto)` (TensorFlow 2.21): adds the dims one by one with
    /// [`add_dim`](Self::add_dim) messages, and also rejects shapes whose non-zero sizes alone
    /// overflow (`Encountered overflow when multiplying shape dimensions`), so `[0,2^62,4]` fails
    /// here although `is_valid` (the FromProto path) accepts it. `unknown_rank` is ignored.
    pub fn build_from_proto(proto: &ShapeProto) -> Result<Self> {
        let mut shape = Self::default();
        let mut nonzero_product: i64 = 1;
        for &d in &proto.dims {
            shape.add_dim(d)?;
            check_nonzero_product(&mut nonzero_product, d)?;
        }
        Ok(shape)
    }

    /// The same shape with dimension 0 replaced (used by `Slice`). Cannot overflow when the new
    /// size is not larger than the old one; otherwise the product is rechecked.
    pub fn with_dim0(&self, size: i64) -> Result<Self> {
        let mut dims = self.dims.clone();
        match dims.first_mut() {
            Some(d0) => *d0 = size,
            None => {
                return Err(Error::invalid_argument(
                    "Check failed: d < dims() (0 vs. 0)",
                ));
            }
        }
        Self::from_dims(&dims)
    }
}

impl std::fmt::Display for TensorShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.debug_string())
    }
}

/// A shape that may have unknown rank (`None`) or unknown sizes (−1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PartialTensorShape {
    dims: Option<Vec<i64>>,
}

impl Default for PartialTensorShape {
    /// Unknown rank, as upstream's default constructor.
    fn default() -> Self {
        PartialTensorShape { dims: None }
    }
}

impl PartialTensorShape {
    /// A shape of unknown rank (the same as `default()`).
    pub fn unknown_rank() -> Self {
        Self::default()
    }

    /// `MakeShape` for partial shapes: sizes ≥ −1 (`Dimension <d> must be >= -1`); the element
    /// count is only checked while every size so far is known.
    pub fn from_dims(dims: &[i64]) -> Result<Self> {
        check_make_shape_count(dims.len() as i64)?;
        let mut num_elements: i64 = 1;
        for &d in dims {
            if d < -1 {
                return Err(Error::invalid_argument(format!(
                    "Dimension {d} must be >= -1"
                )));
            }
            if d == -1 || num_elements < 0 {
                num_elements = -1;
            } else {
                num_elements = multiply_without_overflow(num_elements, d);
                if num_elements < 0 {
                    return Err(make_shape_overflow(dims));
                }
            }
        }
        Ok(PartialTensorShape {
            dims: Some(dims.to_vec()),
        })
    }

    /// `PartialTensorShape::BuildPartialTensorShape(dims)`: the [`add_dim`](Self::add_dim)
    /// rules from a known-rank scalar (sizes below −1 become unknown).
    pub fn build_partial_tensor_shape(dims: &[i64]) -> Result<Self> {
        let mut shape = PartialTensorShape {
            dims: Some(Vec::new()),
        };
        for &d in dims {
            shape.add_dim(d)?;
        }
        Ok(shape)
    }

    /// `MakeShape(dims, n)` for partial shapes; see [`TensorShape::make_shape`].
    pub fn make_shape(dims: &[i64], n: i64) -> Result<Self> {
        check_make_shape_count(n)?;
        let used = dims
            .get(..n as usize)
            .ok_or_else(|| Error::invalid_argument("Too many dimensions"))?;
        Self::from_dims(used)
    }

    /// `BuildTensorShapeBase(proto)` for partial shapes: `unknown_rank` gives the unknown shape
    /// whatever dims are present; otherwise dims are added with [`add_dim`](Self::add_dim) rules
    /// (sizes below −1 become unknown) plus the zero-skipping overflow check.
    pub fn build_from_proto(proto: &ShapeProto) -> Result<Self> {
        if proto.unknown_rank {
            return Ok(Self::default());
        }
        let mut shape = PartialTensorShape {
            dims: Some(Vec::new()),
        };
        let mut nonzero_product: i64 = 1;
        for &d in &proto.dims {
            shape.add_dim(d)?;
            check_nonzero_product(&mut nonzero_product, d)?;
        }
        Ok(shape)
    }

    /// `AddDimWithStatus` for partial shapes: a no-op on unknown rank; any negative size is stored
    /// as unknown (−1), as upstream's compact representation does.
    pub fn add_dim(&mut self, size: i64) -> Result<()> {
        let num_elements = self.num_elements();
        let Some(dims) = self.dims.as_mut() else {
            return Ok(());
        };
        if dims.len() >= MAX_DIMENSIONS {
            return Err(Error::invalid_argument("Too many dimensions in tensor"));
        }
        if num_elements >= 0 && size >= 0 {
            let n = multiply_without_overflow(num_elements, size);
            if n < 0 {
                return Err(Error::invalid_argument(format!(
                    "Encountered overflow when multiplying {num_elements} with {size}, result: {n}"
                )));
            }
        }
        dims.push(size.max(-1));
        Ok(())
    }

    /// Whether the rank is unknown.
    pub fn is_unknown_rank(&self) -> bool {
        self.dims.is_none()
    }

    /// Rank, or −1 for unknown rank (upstream `dims()`).
    pub fn dims(&self) -> i64 {
        self.dims.as_ref().map_or(-1, |d| d.len() as i64)
    }

    /// Sizes, or `None` for unknown rank.
    pub fn dim_sizes(&self) -> Option<&[i64]> {
        self.dims.as_deref()
    }

    /// Size of dimension `d` (−1 if unknown, and −1 for any `d` when the rank is unknown).
    pub fn dim_size(&self, d: usize) -> Result<i64> {
        match &self.dims {
            None => Ok(-1),
            Some(dims) => dims.get(d).copied().ok_or_else(|| {
                Error::invalid_argument(format!(
                    "Check failed: d < dims() ({d} vs. {})",
                    dims.len()
                ))
            }),
        }
    }

    /// Element count, −1 if the rank or any size is unknown.
    pub fn num_elements(&self) -> i64 {
        match &self.dims {
            None => -1,
            Some(dims) => dims
                .iter()
                .try_fold(1i64, |acc, &d| {
                    (d >= 0).then(|| multiply_without_overflow(acc, d))
                })
                .unwrap_or(-1),
        }
    }

    /// Whether the rank and every size are known (`IsFullyDefined`).
    pub fn is_fully_defined(&self) -> bool {
        self.dims
            .as_ref()
            .is_some_and(|d| d.iter().all(|&s| s >= 0))
    }

    /// `AsTensorShape`: the fully defined shape, if it is one.
    pub fn as_tensor_shape(&self) -> Option<TensorShape> {
        match &self.dims {
            Some(d) if self.is_fully_defined() => TensorShape::from_dims(d).ok(),
            _ => None,
        }
    }

    /// `DebugString`: `<unknown>`, or `[2,?]`.
    pub fn debug_string(&self) -> String {
        match &self.dims {
            None => "<unknown>".to_owned(),
            Some(d) => dims_debug_string(d),
        }
    }

    /// `AsProto`: unknown rank → only `unknown_rank = true`; otherwise the sizes.
    pub fn as_proto(&self) -> ShapeProto {
        match &self.dims {
            None => ShapeProto::unknown(),
            Some(d) => ShapeProto::new(d.clone()),
        }
    }

    /// `PartialTensorShape::IsValid(proto)`: unknown rank valid iff no dims; sizes ≥ −1.
    pub fn is_valid(proto: &ShapeProto) -> bool {
        is_valid_shape_impl(proto, true).is_ok()
    }

    /// `PartialTensorShape::IsValidShape(proto)` with its messages.
    pub fn is_valid_shape(proto: &ShapeProto) -> Result<()> {
        is_valid_shape_impl(proto, true)
    }

    /// Build from a proto after `is_valid_shape`.
    pub fn from_proto(proto: &ShapeProto) -> Result<Self> {
        Self::is_valid_shape(proto)?;
        if proto.unknown_rank {
            return Ok(Self::default());
        }
        Self::from_dims(&proto.dims)
    }
}

impl From<TensorShape> for PartialTensorShape {
    fn from(s: TensorShape) -> Self {
        PartialTensorShape { dims: Some(s.dims.into_vec()) }
    }
}

impl std::fmt::Display for PartialTensorShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.debug_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P62: i64 = 1 << 62;

    fn msg(r: Result<impl std::fmt::Debug>) -> String {
        r.unwrap_err().message
    }

    #[test]
    fn checked_mul_rules() {
        assert_eq!(multiply_without_overflow(-1, 5), -1);
        assert_eq!(multiply_without_overflow(5, -1), -1);
        assert_eq!(multiply_without_overflow(0, -1), -1);
        assert_eq!(multiply_without_overflow(0, i64::MAX), 0);
        assert_eq!(multiply_without_overflow(3, 4), 12);
        assert_eq!(multiply_without_overflow(P62, 4), -1);
        assert!(multiply_without_overflow(P62, 2) < 0);
    }

    /// The prefix rule of docs/contracts/tensor.md#tensor-shapes.
    #[test]
    fn prefix_product_table() {
        let rows: [(&[i64], bool, i64); 5] = [
            (&[0, P62, 4], true, 0),
            (&[P62, 1, 0], true, 0),
            (&[P62, 4, 0], false, 0),
            (&[P62, 2, 0], false, 0),
            (&[P62, 4], false, 0),
        ];
        for (dims, valid, count) in rows {
            let proto = ShapeProto::new(dims.to_vec());
            assert_eq!(TensorShape::is_valid(&proto), valid, "{dims:?}");
            assert_eq!(
                TensorShape::is_valid_shape(&proto).is_ok(),
                valid,
                "{dims:?}"
            );
            assert_eq!(PartialTensorShape::is_valid(&proto), valid, "{dims:?}");
            let built = TensorShape::from_dims(dims);
            assert_eq!(built.is_ok(), valid, "{dims:?}");
            if valid {
                assert_eq!(built.unwrap().num_elements(), count);
            }
        }
    }

    #[test]
    fn defaults() {
        let s = TensorShape::default();
        assert_eq!(s.dims(), 0);
        assert_eq!(s.num_elements(), 1);
        assert_eq!(s.debug_string(), "[]");
        let p = PartialTensorShape::default();
        assert!(p.is_unknown_rank());
        assert_eq!(p.dims(), -1);
        assert_eq!(p.num_elements(), -1);
        assert_eq!(p.debug_string(), "<unknown>");
    }

    #[test]
    fn add_dim_messages() {
        let mut s = TensorShape::from_dims(&[P62]).unwrap();
        assert_eq!(
            msg(s.clone().add_dim(4)),
            "Encountered overflow when multiplying 4611686018427387904 with 4, result: -1"
        );
        // 2^62 × 2 = 2^63 fits u64 but not i64: upstream prints the wrapped value.
        assert_eq!(
            msg(s.add_dim(2)),
            "Encountered overflow when multiplying 4611686018427387904 with 2, result: -9223372036854775808"
        );
        assert_eq!(msg(s.add_dim(-3)), "Expected a non-negative size, got -3");
        let mut full = TensorShape::from_dims(&[1; 254]).unwrap();
        assert_eq!(msg(full.add_dim(1)), "Too many dimensions in tensor");
        let mut ok = TensorShape::scalar();
        ok.add_dim(2).unwrap();
        ok.add_dim(3).unwrap();
        assert_eq!(ok.dim_sizes(), &[2, 3]);
        assert_eq!(ok.num_elements(), 6);
    }

    #[test]
    fn partial_add_dim() {
        let mut p = PartialTensorShape::from_dims(&[2]).unwrap();
        p.add_dim(-1).unwrap();
        assert_eq!(p.debug_string(), "[2,?]");
        assert_eq!(p.num_elements(), -1);
        let mut u = PartialTensorShape::default();
        u.add_dim(3).unwrap();
        assert!(u.is_unknown_rank());
        let mut big = PartialTensorShape::from_dims(&[P62]).unwrap();
        assert_eq!(
            msg(big.add_dim(4)),
            "Encountered overflow when multiplying 4611686018427387904 with 4, result: -1"
        );
    }

    #[test]
    fn make_shape_messages() {
        assert_eq!(
            msg(TensorShape::from_dims(&[1; 255])),
            "Too many dimensions"
        );
        assert!(TensorShape::from_dims(&[1; 254]).is_ok());
        assert_eq!(
            msg(TensorShape::make_shape(&[], -2)),
            "Negative number of dimensions -2"
        );
        assert_eq!(
            msg(PartialTensorShape::from_dims(&[1; 255])),
            "Too many dimensions"
        );
        assert_eq!(
            msg(TensorShape::from_dims(&[2, -1])),
            "Dimension -1 must be >= 0"
        );
        assert_eq!(
            msg(PartialTensorShape::from_dims(&[2, -2])),
            "Dimension -2 must be >= -1"
        );
        assert_eq!(
            msg(TensorShape::from_dims(&[P62, 4, 5])),
            "Shape [4611686018427387904,4,5] would have more than 2**63 - 1 elements"
        );
        assert_eq!(
            msg(PartialTensorShape::from_dims(&[P62, 4, -1])),
            "Shape [4611686018427387904,4,?] would have more than 2**63 - 1 elements"
        );
        // Unknown first: the count is no longer checked.
        assert!(PartialTensorShape::from_dims(&[-1, P62, 4]).is_ok());
        assert_eq!(
            TensorShape::make_shape(&[2, 3, 4], 2).unwrap().dim_sizes(),
            &[2, 3]
        );
    }

    #[test]
    fn is_valid_shape_messages() {
        let too_many = ShapeProto::new(vec![1; 255]);
        let expected = format!(
            "Shape [{}] has too many dimensions",
            vec!["1"; 255].join(",")
        );
        assert_eq!(msg(TensorShape::is_valid_shape(&too_many)), expected);
        assert_eq!(msg(PartialTensorShape::is_valid_shape(&too_many)), expected);
        assert!(TensorShape::is_valid_shape(&ShapeProto::new(vec![1; 254])).is_ok());

        assert_eq!(
            msg(TensorShape::is_valid_shape(&ShapeProto::new(vec![2, -1]))),
            "Shape [2,?] is not fully defined"
        );
        assert_eq!(
            msg(PartialTensorShape::is_valid_shape(&ShapeProto::new(vec![
                2, -2
            ]))),
            "Shape [2,-2] has dimensions with values below -1 (where -1 means unknown)"
        );
        assert_eq!(
            msg(TensorShape::is_valid_shape(&ShapeProto::new(vec![P62, 4]))),
            "Shape [4611686018427387904,4] is too large (more than 2**63 - 1 entries)"
        );
        let unknown_with_dims = ShapeProto {
            dims: vec![2],
            unknown_rank: true,
        };
        assert_eq!(
            msg(PartialTensorShape::is_valid_shape(&unknown_with_dims)),
            "An unknown shape must not have any dimensions set."
        );
        assert!(PartialTensorShape::is_valid_shape(&ShapeProto::new(vec![2, -1])).is_ok());
    }

    /// `unknown_rank` is ignored for TensorShape (docs/contracts/tensor.md#tensor-shapes).
    #[test]
    fn tensor_shape_ignores_unknown_rank() {
        let scalar = TensorShape::from_proto(&ShapeProto::unknown()).unwrap();
        assert_eq!(scalar.dims(), 0);
        let with_dims = ShapeProto {
            dims: vec![2],
            unknown_rank: true,
        };
        assert!(TensorShape::is_valid(&with_dims));
        assert_eq!(
            TensorShape::from_proto(&with_dims).unwrap().dim_sizes(),
            &[2]
        );
        assert!(!PartialTensorShape::is_valid(&with_dims));
        assert!(
            PartialTensorShape::from_proto(&ShapeProto::unknown())
                .unwrap()
                .is_unknown_rank()
        );
    }

    /// TensorFlow's shape debug strings and proto rules.
    #[test]
    fn debug_strings() {
        assert_eq!(
            TensorShape::from_dims(&[2, 3]).unwrap().debug_string(),
            "[2,3]"
        );
        assert_eq!(TensorShape::scalar().debug_string(), "[]");
        assert_eq!(TensorShape::from_dims(&[0]).unwrap().debug_string(), "[0]");
        assert_eq!(
            PartialTensorShape::unknown_rank().debug_string(),
            "<unknown>"
        );
        assert_eq!(
            PartialTensorShape::from_dims(&[2, -1])
                .unwrap()
                .debug_string(),
            "[2,?]"
        );

        assert_eq!(ShapeProto::unknown().debug_string(), "<unknown>");
        assert_eq!(
            ShapeProto {
                dims: vec![2, -1],
                unknown_rank: true
            }
            .debug_string(),
            "<unknown>[2,?]"
        );
        assert_eq!(ShapeProto::new(vec![3, -1, -5]).debug_string(), "[3,?,-5]");
        assert_eq!(ShapeProto::new(vec![]).debug_string(), "[]");
    }

    #[test]
    fn as_proto() {
        assert_eq!(
            PartialTensorShape::unknown_rank().as_proto(),
            ShapeProto {
                dims: vec![],
                unknown_rank: true
            }
        );
        assert_eq!(
            TensorShape::from_dims(&[0, 3]).unwrap().as_proto(),
            ShapeProto::new(vec![0, 3])
        );
    }

    #[test]
    fn queries() {
        let s = TensorShape::from_dims(&[2, 3, 4]).unwrap();
        assert_eq!(s.dims(), 3);
        assert_eq!(s.dim_size(1).unwrap(), 3);
        assert_eq!(msg(s.dim_size(3)), "Check failed: d < dims() (3 vs. 3)");
        assert_eq!(s.num_elements(), 24);
        assert!(s.is_same_size(&TensorShape::from_dims(&[2, 3, 4]).unwrap()));
        assert!(!s.is_same_size(&TensorShape::from_dims(&[6, 4]).unwrap()));
        assert_eq!(s.with_dim0(1).unwrap().dim_sizes(), &[1, 3, 4]);
        let p = PartialTensorShape::from_dims(&[2, -1]).unwrap();
        assert_eq!(p.dim_size(1).unwrap(), -1);
        assert!(!p.is_fully_defined());
        assert_eq!(p.as_tensor_shape(), None);
        assert_eq!(PartialTensorShape::unknown_rank().dim_size(7).unwrap(), -1);
        let f = PartialTensorShape::from_dims(&[2, 5]).unwrap();
        assert_eq!(f.num_elements(), 10);
        assert_eq!(f.as_tensor_shape().unwrap().num_elements(), 10);
    }

    fn status<T>(r: &Result<T>) -> Option<String> {
        r.as_ref().err().map(|e| e.message.clone())
    }

    /// Every line of `tests/vectors/tensor_shape.jsonl`, produced by TensorFlow 2.21's C++
    /// `MakeShape`, `BuildTensorShapeBase` (from sizes and from a proto), `AddDimWithStatus`,
    /// `IsValidShape` and `DebugString(proto)` (tests/vectors/gen/tensor_shape_gen.py).
    #[test]
    fn golden_vectors_from_tensorflow() {
        let text = include_str!("../tests/vectors/tensor_shape.jsonl");
        let mut checked = 0;
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let dims: Vec<i64> = v["dims"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_i64().unwrap())
                .collect();
            let partial = v["kind"] == "partial";
            let shape_result = |r: Result<(i64, String)>, key: &str| {
                assert_eq!(status(&r).as_deref(), v[key].as_str(), "{line}");
                if let Ok((n, debug)) = r {
                    assert_eq!(n, v["num_elements"].as_i64().unwrap(), "{line}");
                    assert_eq!(debug, v["debug"].as_str().unwrap(), "{line}");
                }
            };
            let t = |s: TensorShape| (s.num_elements(), s.debug_string());
            let p = |s: PartialTensorShape| (s.num_elements(), s.debug_string());
            match v["op"].as_str().unwrap() {
                "make_shape" => {
                    let n = v["n"].as_i64().unwrap();
                    if partial {
                        shape_result(PartialTensorShape::make_shape(&dims, n).map(p), "status");
                    } else {
                        shape_result(TensorShape::make_shape(&dims, n).map(t), "status");
                    }
                }
                "build_from_dims" => {
                    if partial {
                        shape_result(
                            PartialTensorShape::build_partial_tensor_shape(&dims).map(p),
                            "status",
                        );
                    } else {
                        shape_result(TensorShape::build_tensor_shape(&dims).map(t), "status");
                    }
                }
                "add_dims" => {
                    let steps: Vec<Option<&str>> = v["steps"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s.as_str())
                        .collect();
                    let got = if partial {
                        let mut s = PartialTensorShape::from_dims(&[]).unwrap();
                        let st: Vec<Option<String>> =
                            dims.iter().map(|&d| status(&s.add_dim(d))).collect();
                        (st, p(s))
                    } else {
                        let mut s = TensorShape::scalar();
                        let st: Vec<Option<String>> =
                            dims.iter().map(|&d| status(&s.add_dim(d))).collect();
                        (st, t(s))
                    };
                    let got_steps: Vec<Option<&str>> = got.0.iter().map(|s| s.as_deref()).collect();
                    assert_eq!(got_steps, steps, "{line}");
                    assert_eq!(got.1.0, v["num_elements"].as_i64().unwrap(), "{line}");
                    assert_eq!(got.1.1, v["debug"].as_str().unwrap(), "{line}");
                }
                "proto" => {
                    let proto = ShapeProto {
                        dims: dims.clone(),
                        unknown_rank: v["unknown_rank"].as_bool().unwrap(),
                    };
                    assert_eq!(
                        proto.debug_string(),
                        v["proto_debug"].as_str().unwrap(),
                        "{line}"
                    );
                    let expected_valid = v["is_valid_shape"].as_str();
                    if partial {
                        assert_eq!(
                            status(&PartialTensorShape::is_valid_shape(&proto)).as_deref(),
                            expected_valid,
                            "{line}"
                        );
                        assert_eq!(
                            PartialTensorShape::is_valid(&proto),
                            expected_valid.is_none(),
                            "{line}"
                        );
                        shape_result(PartialTensorShape::build_from_proto(&proto).map(p), "build");
                    } else {
                        assert_eq!(
                            status(&TensorShape::is_valid_shape(&proto)).as_deref(),
                            expected_valid,
                            "{line}"
                        );
                        assert_eq!(
                            TensorShape::is_valid(&proto),
                            expected_valid.is_none(),
                            "{line}"
                        );
                        shape_result(TensorShape::build_from_proto(&proto).map(t), "build");
                    }
                }
                other => panic!("unknown op {other}"),
            }
            checked += 1;
        }
        assert_eq!(checked, 282);
    }
}
