//! `StridedSlice` on core [`Tensor`]s: what an eager runtime (the Java op) executes.
//!
//! The output shares the input's buffer exactly when TensorFlow's kernel does (identity and
//! aligned dim-0 slices, docs/contracts/strided_slice.md#buffer-sharing); otherwise it is a new buffer filled in processing order,
//! for every registered dtype (POD elements by byte width, strings and opaque objects by value).
//! Sharing is safe because shared tensor buffers are immutable (see `crate::tensor`).

use std::mem::MaybeUninit;

use smallvec::smallvec;

use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::tensor::{Elements, ElementsMut, RESOURCE_HANDLE_BYTES, Tensor, VARIANT_BYTES};
use crate::tensor_shape::TensorShape;

use super::args::{IndexTensor, IndexType, Masks};
use super::element::alignment_size;
use super::kernel::{
    DEFAULT_ALIGNMENT, KernelPath, choose_path, copy_processing_order,
    copy_processing_order_bytes_uninit,
};
use super::spec::{DimVec, validate};

/// Runs `StridedSlice(input, begin, end, strides)` with already narrowed masks.
///
/// Checks, in TensorFlow's order: the element type has a kernel (`StridedSlice: unsupported
/// element type <name>`), `end`/`strides` have `begin`'s dtype (TensorFlow's input-type message),
/// then the kernel's validation (a non-integer index dtype fails where TensorFlow would abort,
/// with `begin must be either int16, int32 or int64`), then the kernel path
/// (docs/contracts/strided_slice.md#kernel-paths).
pub fn strided_slice_tensor(
    input: &Tensor,
    begin: &Tensor,
    end: &Tensor,
    strides: &Tensor,
    masks: Masks,
) -> Result<Tensor> {
    let checked = check_input_types(input, begin, end, strides)?;
    run(input, begin, end, strides, checked, masks)
}

/// [`strided_slice_tensor`] with the five mask attributes as 64-bit values (as the Java op passes
/// them): the input types are checked first, then the masks' int32 range
/// (`Attr <name> has value <v> out of range for an int32`), then the kernel.
pub fn strided_slice_tensor_attrs(
    input: &Tensor,
    begin: &Tensor,
    end: &Tensor,
    strides: &Tensor,
    masks: [i64; 5],
) -> Result<Tensor> {
    let checked = check_input_types(input, begin, end, strides)?;
    let [b, e, el, na, sh] = masks;
    let masks = Masks::from_attrs(b, e, el, na, sh)?;
    run(input, begin, end, strides, checked, masks)
}

/// What the op-level checks established: the index type and the input's element size for the
/// dim-0 alignment rule (looked up once per op).
struct Checked {
    index_type: IndexType,
    element_size: usize,
}

/// The op-level type checks: a registered element type, and one index dtype for begin, end and
/// strides (the `Index` attribute is inferred from `begin`, input #1).
fn check_input_types(
    input: &Tensor,
    begin: &Tensor,
    end: &Tensor,
    strides: &Tensor,
) -> Result<Checked> {
    let element_size = element_size(input.dtype(), alignment_size(input.dtype().name())?);
    let index_dtype = begin.dtype();
    for (i, t) in [(2, end), (3, strides)] {
        if t.dtype() != index_dtype {
            return Err(Error::invalid_argument(format!(
                "cannot compute StridedSlice as input #{i}(zero-based) was expected to be a {} \
                 tensor but is a {} tensor",
                index_dtype.name(),
                t.dtype().name()
            )));
        }
    }
    let index_type = match index_dtype {
        DataType::Int16 => IndexType::Int16,
        DataType::Int32 => IndexType::Int32,
        DataType::Int64 => IndexType::Int64,
        _ => IndexType::Unsupported,
    };
    Ok(Checked { index_type, element_size })
}

fn run(
    input: &Tensor,
    begin: &Tensor,
    end: &Tensor,
    strides: &Tensor,
    Checked { index_type, element_size }: Checked,
    masks: Masks,
) -> Result<Tensor> {
    let (begin_values, end_values, stride_values) = (
        index_values(begin, index_type)?,
        index_values(end, index_type)?,
        index_values(strides, index_type)?,
    );
    let input_shape = input.shape().dim_sizes();
    let v = validate(
        input_shape,
        &IndexTensor::with_shape(begin.shape().dim_sizes(), &begin_values),
        &IndexTensor::with_shape(end.shape().dim_sizes(), &end_values),
        &IndexTensor::with_shape(strides.shape().dim_sizes(), &stride_values),
        index_type,
        masks,
    )?;
    let final_shape = TensorShape::from_dims(&v.final_shape)?;
    let dtype = input.dtype();
    match choose_path(&v, input_shape, element_size, DEFAULT_ALIGNMENT)? {
        KernelPath::ShareInput => reshaped(input, &final_shape),
        KernelPath::ShareDim0 { .. } => {
            // Canonical dim-0 bounds of a stride-1 range lie in [0, dim0]; `min` makes a
            // reversed range an empty row range, as TensorFlow 2.21 does.
            let (b, e) = (v.begin[0], v.end[0]);
            reshaped(&input.slice(b.min(e), e)?, &final_shape)
        }
        KernelPath::Empty => Tensor::new(dtype, final_shape),
        KernelPath::Copy => {
            if let Elements::Bytes(src) = input.elements()? {
                // The copy writes every output byte, so the buffer is not zero-filled first.
                let fill = |dst: &mut [MaybeUninit<u8>]| {
                    copy_processing_order_bytes_uninit(src, dtype.size(), input_shape, &v, dst)
                };
                // SAFETY: `copy_processing_order_bytes_uninit` returns Ok only after writing every
                // byte of its output (its documented invariant, checked at its end).
                return unsafe { Tensor::new_written_by(dtype, final_shape, fill) };
            }
            let mut out = Tensor::new(dtype, final_shape)?;
            match (input.elements()?, out.elements_mut()?) {
                (Elements::Strings(src), ElementsMut::Strings(dst)) => {
                    copy_processing_order(src, input_shape, &v, dst)?
                }
                (Elements::Resources(src), ElementsMut::Resources(dst)) => {
                    copy_processing_order(src, input_shape, &v, dst)?
                }
                (Elements::Variants(src), ElementsMut::Variants(dst)) => {
                    copy_processing_order(src, input_shape, &v, dst)?
                }
                _ => return Err(Error::internal("StridedSlice: output storage kind differs")),
            }
            Ok(out)
        }
    }
}

/// `CopyFrom(input, shape)`: a tensor sharing `input`'s buffer with another shape of the same size.
fn reshaped(input: &Tensor, shape: &TensorShape) -> Result<Tensor> {
    let mut out = Tensor::empty(input.dtype());
    if out.copy_from(input, shape) {
        Ok(out)
    } else {
        Err(Error::internal("Copy failed"))
    }
}

/// The element size TensorFlow's dim-0 alignment rule uses (`alignment`, from
/// [`alignment_size`]); for resource and variant (left open by the spec) our own object sizes.
fn element_size(dtype: DataType, alignment: Option<usize>) -> usize {
    match alignment {
        Some(size) => size,
        None if dtype == DataType::Resource => RESOURCE_HANDLE_BYTES,
        None => VARIANT_BYTES,
    }
}

/// The values of an index tensor widened to `i64` (little-endian element bytes), inline for up to
/// 8 entries. Tensors of an
/// unsupported index dtype read as zeros: validation rejects them before looking at values.
pub(crate) fn index_values(t: &Tensor, index_type: IndexType) -> Result<DimVec<i64>> {
    let n = usize::try_from(t.num_elements())
        .map_err(|_| Error::invalid_argument("StridedSlice: index tensor too large"))?;
    let width = match index_type {
        IndexType::Int16 => 2,
        IndexType::Int32 => 4,
        IndexType::Int64 => 8,
        IndexType::Unsupported => return Ok(smallvec![0; n]),
    };
    let bytes = t.tensor_data()?;
    if bytes.len() != n * width {
        return Err(Error::internal("StridedSlice: index tensor size mismatch"));
    }
    // One loop per width (no call per element): this runs three times per eager op.
    let mut values = DimVec::with_capacity(n);
    match index_type {
        IndexType::Int16 => values.extend(
            bytes.chunks_exact(2).map(|b| i64::from(i16::from_le_bytes([b[0], b[1]]))),
        ),
        IndexType::Int32 => values.extend(
            bytes
                .chunks_exact(4)
                .map(|b| i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))),
        ),
        _ => values.extend(bytes.chunks_exact(8).map(|b| {
            i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
        })),
    }
    Ok(values)
}
