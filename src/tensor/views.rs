//! Typed views (docs/contracts/tensor.md#typed-views): `flat`, `vec`, `matrix`, `tensor`,
//! `shaped`, `scalar`, the flattening views, `reinterpret_last_dimension`, `bit_casted_*` and
//! `unaligned_*`. Views borrow the window; nothing is copied. Upstream CHECK failures become
//! errors with upstream's check texts.

use std::ops::{Deref, DerefMut};

use crate::dtype::DataType;
use crate::error::{Error, Result};

use super::Tensor;
use super::element::{Elements, TensorElement};

/// A read-only view with `N` dimensions, row-major (Eigen's `TensorMap` of `TTypes<T, N>`).
#[derive(Debug, Clone, Copy)]
pub struct TensorMap<'a, T, const N: usize> {
    data: &'a [T],
    dims: [usize; N],
}

/// A writable view with `N` dimensions, row-major.
#[derive(Debug)]
pub struct TensorMapMut<'a, T, const N: usize> {
    data: &'a mut [T],
    dims: [usize; N],
}

/// Row-major linear index of `index` within `dims`, if inside.
fn linear_index<const N: usize>(dims: &[usize; N], index: [usize; N]) -> Option<usize> {
    let mut at = 0usize;
    for (i, d) in index.iter().zip(dims) {
        if i >= d {
            return None;
        }
        at = at * d + i;
    }
    Some(at)
}

impl<'a, T, const N: usize> TensorMap<'a, T, N> {
    /// The elements in row-major order, for the full borrow lifetime.
    pub fn data(&self) -> &'a [T] {
        self.data
    }
    /// The size of each of the `N` dimensions.
    pub fn dims(&self) -> [usize; N] {
        self.dims
    }
    /// Number of elements (product of `dims`).
    pub fn size(&self) -> usize {
        self.data.len()
    }
    /// The element at a multi-index, `None` outside the view.
    pub fn get(&self, index: [usize; N]) -> Option<&'a T> {
        linear_index(&self.dims, index).and_then(|i| self.data.get(i))
    }
}

impl<T, const N: usize> Deref for TensorMap<'_, T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.data
    }
}

impl<'a, T, const N: usize> TensorMapMut<'a, T, N> {
    /// The size of each of the `N` dimensions.
    pub fn dims(&self) -> [usize; N] {
        self.dims
    }
    /// Number of elements (product of `dims`).
    pub fn size(&self) -> usize {
        self.data.len()
    }
    /// The element at a multi-index for writing, `None` outside the view.
    pub fn get_mut(&mut self, index: [usize; N]) -> Option<&mut T> {
        linear_index(&self.dims, index).and_then(|i| self.data.get_mut(i))
    }
    /// The elements, for the full borrow lifetime.
    pub fn into_slice(self) -> &'a mut [T] {
        self.data
    }
}

impl<T, const N: usize> Deref for TensorMapMut<'_, T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.data
    }
}

impl<T, const N: usize> DerefMut for TensorMapMut<'_, T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.data
    }
}

/// Which of upstream's checks a view performs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// `CheckTypeAndIsAligned`.
    TypeAndAlignment,
    /// `CheckType` only (`unaligned_*`).
    TypeOnly,
    /// `CHECK(IsAligned())` only (`bit_casted_*`, `reinterpret_last_dimension`).
    AlignmentOnly,
}

/// `ComputeFlatInnerDims`: keep the last `n - 1` dims, fold the leading ones into the first;
/// pad with leading 1s when `n` exceeds the rank.
pub fn compute_flat_inner_dims(orig: &[i64], n: usize) -> Vec<i64> {
    let mut out = vec![1i64; n];
    let offset = orig.len() as i64 - n as i64;
    for (out_dim, slot) in out.iter_mut().enumerate() {
        let in_dim = out_dim as i64 + offset;
        if in_dim >= 0 {
            *slot = orig[in_dim as usize];
        }
    }
    if let Some(first) = out.first_mut() {
        for &d in orig.iter().take(offset.max(0) as usize) {
            *first *= d;
        }
    }
    out
}

/// `ComputeFlatOuterDims`: keep the first `n - 1` dims, fold the trailing ones into the last;
/// pad with trailing 1s when `n` exceeds the rank.
pub fn compute_flat_outer_dims(orig: &[i64], n: usize) -> Vec<i64> {
    let mut out: Vec<i64> = (0..n).map(|i| orig.get(i).copied().unwrap_or(1)).collect();
    if let Some(last) = out.last_mut() {
        for &d in orig.iter().skip(n) {
            *last *= d;
        }
    }
    out
}

fn view_error(message: String) -> Error {
    Error::invalid_argument(message)
}

fn to_dims<const N: usize>(sizes: &[i64]) -> Result<[usize; N]> {
    let mut dims = [0usize; N];
    for (slot, &s) in dims.iter_mut().zip(sizes) {
        *slot =
            usize::try_from(s).map_err(|_| view_error(format!("Dimension {s} must be >= 0")))?;
    }
    Ok(dims)
}

impl Tensor {
    fn check_view<T: TensorElement>(&self, check: Check) -> Result<()> {
        if check != Check::AlignmentOnly && self.dtype != T::DTYPE {
            return Err(view_error(format!(
                "{} expected, got {}",
                T::DTYPE.name(),
                self.dtype.name()
            )));
        }
        if check != Check::TypeOnly && !self.is_aligned() {
            return Err(self.alignment_error());
        }
        Ok(())
    }

    fn alignment_error(&self) -> Error {
        view_error(format!("ptr = {:#x}", self.data_address().unwrap_or(0)))
    }

    /// `CheckDimsEqual` for rank-`N` views.
    fn check_rank<const N: usize>(&self) -> Result<[usize; N]> {
        if self.dims() != N {
            return Err(view_error(format!(
                "Asking for tensor of {N} dimensions from a tensor of {} dimensions",
                self.dims()
            )));
        }
        to_dims(self.shape.dim_sizes())
    }

    /// `FillDimsAndValidateCompatibleShape`: plain (`bit_cast_size == None`) compares element
    /// counts; the bit-cast form compares bytes, or counts when the dtype has no fixed size.
    fn fill_dims<const N: usize>(
        &self,
        sizes: &[i64],
        bit_cast_size: Option<usize>,
    ) -> Result<[usize; N]> {
        if sizes.len() != N {
            return Err(view_error(format!(
                "Check failed: NDIMS == new_sizes.size() ({N} vs. {})",
                sizes.len()
            )));
        }
        // Saturating: an out-of-range product can never match, it only ends up in the message.
        let new_count = sizes
            .iter()
            .fold(1i128, |acc, &s| acc.saturating_mul(s as i128));
        let have = self.num_elements() as i128;
        let element_size = self.dtype.size() as i128;
        match bit_cast_size {
            Some(t_size) if element_size > 0 => {
                let (new_bytes, have_bytes) = (
                    new_count.saturating_mul(t_size as i128),
                    have * element_size,
                );
                if new_bytes != have_bytes {
                    return Err(view_error(format!(
                        "Check failed: new_num_elements * sizeof(T) == NumElements() * element_size ({new_bytes} vs. {have_bytes})"
                    )));
                }
            }
            _ => {
                if new_count != have {
                    return Err(view_error(format!(
                        "Check failed: new_num_elements == NumElements() ({new_count} vs. {have})"
                    )));
                }
            }
        }
        to_dims(sizes)
    }

    /// The window as `T`s, with a specific error when it cannot be reinterpreted.
    fn cast<T: TensorElement>(&self) -> Result<&[T]> {
        let elements = self.elements()?;
        T::from_elements(elements).ok_or_else(|| self.cast_error::<T>(elements))
    }

    fn cast_error<T: TensorElement>(&self, elements: Elements<'_>) -> Error {
        let object_type = matches!(
            T::DTYPE,
            DataType::String | DataType::Resource | DataType::Variant
        );
        match elements {
            Elements::Bytes(b) if !object_type => {
                if T::DTYPE == DataType::Bool && b.iter().any(|&x| x > 1) {
                    view_error("bool tensor holds a byte other than 0 or 1".to_owned())
                } else {
                    self.alignment_error()
                }
            }
            _ => Error::invalid_argument(format!(
                "cannot view {} elements as {} elements",
                self.dtype.name(),
                T::DTYPE.name()
            )),
        }
    }

    fn map<T: TensorElement, const N: usize>(
        &self,
        dims: [usize; N],
    ) -> Result<TensorMap<'_, T, N>> {
        let data = self.cast::<T>()?;
        check_len(data.len(), &dims)?;
        Ok(TensorMap { data, dims })
    }

    fn map_mut<T: TensorElement, const N: usize>(
        &mut self,
        dims: [usize; N],
    ) -> Result<TensorMapMut<'_, T, N>> {
        self.cast::<T>()?; // diagnose read-side problems with precise messages first
        let data = T::from_elements_mut(self.elements_mut()?)
            .ok_or_else(|| Error::internal("tensor elements changed kind between checks"))?;
        check_len(data.len(), &dims)?;
        Ok(TensorMapMut { data, dims })
    }

    fn plan_flat<T: TensorElement>(&self, check: Check) -> Result<[usize; 1]> {
        self.check_view::<T>(check)?;
        to_dims(&[self.num_elements()])
    }

    fn plan_tensor<T: TensorElement, const N: usize>(&self) -> Result<[usize; N]> {
        self.check_view::<T>(Check::TypeAndAlignment)?;
        self.check_rank::<N>()
    }

    fn plan_shaped<T: TensorElement, const N: usize>(
        &self,
        check: Check,
        sizes: &[i64],
    ) -> Result<[usize; N]> {
        self.check_view::<T>(check)?;
        let bit_cast = (check == Check::AlignmentOnly).then_some(T::SIZE);
        self.fill_dims::<N>(sizes, bit_cast)
    }

    fn plan_scalar<T: TensorElement>(&self) -> Result<[usize; 0]> {
        self.check_view::<T>(Check::TypeAndAlignment)?;
        if self.num_elements() != 1 {
            return Err(view_error("Must have a one element tensor".to_owned()));
        }
        Ok([])
    }

    fn plan_bit_casted_tensor<T: TensorElement, const N: usize>(&self) -> Result<[usize; N]> {
        self.check_view::<T>(Check::AlignmentOnly)?;
        let dims = self.check_rank::<N>()?;
        // Upstream maps NumElements() Ts without checking sizes; we require the bytes to match.
        self.fill_dims::<N>(self.shape.dim_sizes(), Some(T::SIZE))?;
        Ok(dims)
    }

    fn plan_inner_outer<const N: usize>(&self, begin: i64) -> Result<Vec<i64>> {
        let num_out = begin.saturating_add(N as i64);
        if num_out < 0 || (num_out == 0 && self.dims() > 0) {
            return Err(view_error(format!(
                "flat_inner_outer_dims: begin + NDIMS = {num_out} leaves no dimension for a tensor of {} dimensions",
                self.dims()
            )));
        }
        let outer = compute_flat_outer_dims(self.shape.dim_sizes(), num_out as usize);
        Ok(compute_flat_inner_dims(&outer, N))
    }

    fn plan_reinterpret_last<T: TensorElement, const N: usize>(&self) -> Result<[usize; N]> {
        if N == self.dims() {
            return self.plan_tensor::<T, N>();
        }
        self.check_view::<T>(Check::AlignmentOnly)?;
        let rank_minus_one = self.dims() as i64 - 1;
        if N as i64 != rank_minus_one {
            return Err(view_error(format!(
                "Check failed: NDIMS == dims() - 1 ({N} vs. {rank_minus_one})"
            )));
        }
        let sizes = self.shape.dim_sizes();
        let last_bytes = sizes[N] as i128 * self.dtype.size() as i128;
        if T::SIZE as i128 != last_bytes {
            return Err(view_error(format!(
                "Check failed: sizeof(T) == shape_.dim_sizes()[NDIMS] * DataTypeSize(dtype()) ({} vs. {last_bytes})",
                T::SIZE
            )));
        }
        to_dims(&sizes[..N])
    }

    // ---- read-only views ----

    /// `flat<T>()`: all elements as one dimension.
    pub fn flat<T: TensorElement>(&self) -> Result<TensorMap<'_, T, 1>> {
        let dims = self.plan_flat::<T>(Check::TypeAndAlignment)?;
        self.map(dims)
    }

    /// `vec<T>()`: rank must be 1.
    pub fn vec<T: TensorElement>(&self) -> Result<TensorMap<'_, T, 1>> {
        self.tensor::<T, 1>()
    }

    /// `matrix<T>()`: rank must be 2.
    pub fn matrix<T: TensorElement>(&self) -> Result<TensorMap<'_, T, 2>> {
        self.tensor::<T, 2>()
    }

    /// `tensor<T, N>()`: rank must be `N`.
    pub fn tensor<T: TensorElement, const N: usize>(&self) -> Result<TensorMap<'_, T, N>> {
        let dims = self.plan_tensor::<T, N>()?;
        self.map(dims)
    }

    /// `shaped<T, N>(sizes)`: `N` sizes whose product is `NumElements()`.
    pub fn shaped<T: TensorElement, const N: usize>(
        &self,
        sizes: &[i64],
    ) -> Result<TensorMap<'_, T, N>> {
        let dims = self.plan_shaped::<T, N>(Check::TypeAndAlignment, sizes)?;
        self.map(dims)
    }

    /// `unaligned_flat<T>()`: like `flat` without the 64-byte alignment requirement. Data that is
    /// not even aligned for `T` (possible after byte-offset bit casts) is reported with `ptr =`.
    pub fn unaligned_flat<T: TensorElement>(&self) -> Result<TensorMap<'_, T, 1>> {
        let dims = self.plan_flat::<T>(Check::TypeOnly)?;
        self.map(dims)
    }

    /// `unaligned_shaped<T, N>(sizes)`.
    pub fn unaligned_shaped<T: TensorElement, const N: usize>(
        &self,
        sizes: &[i64],
    ) -> Result<TensorMap<'_, T, N>> {
        let dims = self.plan_shaped::<T, N>(Check::TypeOnly, sizes)?;
        self.map(dims)
    }

    /// `scalar<T>()`: exactly one element, any rank.
    pub fn scalar<T: TensorElement>(&self) -> Result<&T> {
        self.plan_scalar::<T>()?;
        self.cast::<T>()?
            .first()
            .ok_or_else(|| Error::internal("one-element tensor has no element"))
    }

    /// `flat_inner_dims<T, N>()`.
    pub fn flat_inner_dims<T: TensorElement, const N: usize>(&self) -> Result<TensorMap<'_, T, N>> {
        self.shaped::<T, N>(&compute_flat_inner_dims(self.shape.dim_sizes(), N))
    }

    /// `flat_outer_dims<T, N>()`.
    pub fn flat_outer_dims<T: TensorElement, const N: usize>(&self) -> Result<TensorMap<'_, T, N>> {
        self.shaped::<T, N>(&compute_flat_outer_dims(self.shape.dim_sizes(), N))
    }

    /// `flat_inner_outer_dims<T, N>(begin)`: outer rule with `begin + N` dims, then inner rule.
    pub fn flat_inner_outer_dims<T: TensorElement, const N: usize>(
        &self,
        begin: i64,
    ) -> Result<TensorMap<'_, T, N>> {
        let sizes = self.plan_inner_outer::<N>(begin)?;
        self.shaped::<T, N>(&sizes)
    }

    /// `reinterpret_last_dimension<T, N>()`: `tensor<T, N>` when `N == rank`; otherwise the last
    /// dimension's bytes become one `T`.
    pub fn reinterpret_last_dimension<T: TensorElement, const N: usize>(
        &self,
    ) -> Result<TensorMap<'_, T, N>> {
        let dims = self.plan_reinterpret_last::<T, N>()?;
        self.map(dims)
    }

    /// `bit_casted_tensor<T, N>()`: the same shape read as `T` (sizes must agree).
    pub fn bit_casted_tensor<T: TensorElement, const N: usize>(
        &self,
    ) -> Result<TensorMap<'_, T, N>> {
        let dims = self.plan_bit_casted_tensor::<T, N>()?;
        self.map(dims)
    }

    /// `bit_casted_shaped<T, N>(sizes)`: any dtype, byte totals must agree.
    pub fn bit_casted_shaped<T: TensorElement, const N: usize>(
        &self,
        sizes: &[i64],
    ) -> Result<TensorMap<'_, T, N>> {
        let dims = self.plan_shaped::<T, N>(Check::AlignmentOnly, sizes)?;
        self.map(dims)
    }

    // ---- writable views (the buffer must not be shared) ----

    /// Writable [`flat`](Self::flat).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn flat_mut<T: TensorElement>(&mut self) -> Result<TensorMapMut<'_, T, 1>> {
        let dims = self.plan_flat::<T>(Check::TypeAndAlignment)?;
        self.map_mut(dims)
    }

    /// Writable [`vec`](Self::vec).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn vec_mut<T: TensorElement>(&mut self) -> Result<TensorMapMut<'_, T, 1>> {
        self.tensor_mut::<T, 1>()
    }

    /// Writable [`matrix`](Self::matrix).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn matrix_mut<T: TensorElement>(&mut self) -> Result<TensorMapMut<'_, T, 2>> {
        self.tensor_mut::<T, 2>()
    }

    /// Writable [`tensor`](Self::tensor).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn tensor_mut<T: TensorElement, const N: usize>(
        &mut self,
    ) -> Result<TensorMapMut<'_, T, N>> {
        let dims = self.plan_tensor::<T, N>()?;
        self.map_mut(dims)
    }

    /// Writable [`shaped`](Self::shaped).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn shaped_mut<T: TensorElement, const N: usize>(
        &mut self,
        sizes: &[i64],
    ) -> Result<TensorMapMut<'_, T, N>> {
        let dims = self.plan_shaped::<T, N>(Check::TypeAndAlignment, sizes)?;
        self.map_mut(dims)
    }

    /// Writable [`unaligned_flat`](Self::unaligned_flat).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn unaligned_flat_mut<T: TensorElement>(&mut self) -> Result<TensorMapMut<'_, T, 1>> {
        let dims = self.plan_flat::<T>(Check::TypeOnly)?;
        self.map_mut(dims)
    }

    /// Writable [`scalar`](Self::scalar).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn scalar_mut<T: TensorElement>(&mut self) -> Result<&mut T> {
        let dims = self.plan_scalar::<T>()?;
        self.map_mut::<T, 0>(dims)?
            .into_slice()
            .first_mut()
            .ok_or_else(|| Error::internal("one-element tensor has no element"))
    }

    /// Writable [`flat_inner_dims`](Self::flat_inner_dims).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn flat_inner_dims_mut<T: TensorElement, const N: usize>(
        &mut self,
    ) -> Result<TensorMapMut<'_, T, N>> {
        let sizes = compute_flat_inner_dims(self.shape.dim_sizes(), N);
        self.shaped_mut::<T, N>(&sizes)
    }

    /// Writable [`flat_outer_dims`](Self::flat_outer_dims).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn flat_outer_dims_mut<T: TensorElement, const N: usize>(
        &mut self,
    ) -> Result<TensorMapMut<'_, T, N>> {
        let sizes = compute_flat_outer_dims(self.shape.dim_sizes(), N);
        self.shaped_mut::<T, N>(&sizes)
    }

    /// Writable [`bit_casted_tensor`](Self::bit_casted_tensor).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn bit_casted_tensor_mut<T: TensorElement, const N: usize>(
        &mut self,
    ) -> Result<TensorMapMut<'_, T, N>> {
        let dims = self.plan_bit_casted_tensor::<T, N>()?;
        self.map_mut(dims)
    }

    /// Writable [`bit_casted_shaped`](Self::bit_casted_shaped).
    /// Fails with `FailedPrecondition` if the buffer is shared with another tensor, or
    /// `ReadOnlyBuffer` for read-only external memory; otherwise as the read-only form.
    pub fn bit_casted_shaped_mut<T: TensorElement, const N: usize>(
        &mut self,
        sizes: &[i64],
    ) -> Result<TensorMapMut<'_, T, N>> {
        let dims = self.plan_shaped::<T, N>(Check::AlignmentOnly, sizes)?;
        self.map_mut(dims)
    }
}

/// Defensive: a view's data must cover exactly its dims (guaranteed by the checks above).
fn check_len(len: usize, dims: &[usize]) -> Result<()> {
    let want = dims.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d));
    if want == Some(len) {
        Ok(())
    } else {
        Err(Error::internal(format!(
            "view of {len} elements does not match dims {dims:?}"
        )))
    }
}
