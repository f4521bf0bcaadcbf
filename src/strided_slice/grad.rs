//! Ops that write into a strided selection instead of reading it
//! (docs/contracts/strided_slice.md#related-ops): `StridedSliceGrad` and
//! the assign family (`StridedSliceAssign`, `ResourceStridedSliceAssign`,
//! `TensorStridedSliceUpdate`), which share the validation of [`super::spec`] and place values in
//! processing order.

use crate::error::{Error, Result};

use super::args::{IndexTensor, IndexType, SliceArgs, shape_debug_string};
use super::kernel::{MAX_GENERAL_RANK, scatter_processing_order};
use super::spec::validate;

/// TensorShape's rank limit.
const MAX_DIMENSIONS: usize = 254;

/// `StridedSliceGrad`: a tensor of shape `shape` that is zero (`T::default()`) everywhere except
/// the selected region, which receives `dy` in processing order. Returns (output shape, values).
///
/// Errors, in TensorFlow's order: `shape` not 1-D; an index type other than int32/int64 (the op
/// definition rejects int16; TensorFlow aborts for others, we return `StridedSliceGrad:
/// unsupported dtype for shape`); `shape` values not a valid TensorShape; any validation error;
/// `shape of dy was <a> instead of <b>`.
///
/// Rank ≥ 9: TensorFlow 2.21 returns an output it never writes (uninitialised memory, no error);
/// we return the well-defined gradient instead.
pub fn strided_slice_grad<T: Clone + Default>(
    shape: &IndexTensor<'_>,
    args: &SliceArgs<'_>,
    dy: &[T],
    dy_shape: &[i64],
) -> Result<(Vec<i64>, Vec<T>)> {
    if shape.shape.len() != 1 {
        return Err(Error::invalid_argument(format!(
            "shape must be 1-D, got shape.shape = {}",
            shape_debug_string(&shape.shape)
        )));
    }
    check_index_type(
        args.index_type,
        "StridedSliceGrad: unsupported dtype for shape",
    )?;
    let input_shape = make_shape(shape.values)?;
    let v = validate(
        &input_shape,
        &args.begin,
        &args.end,
        &args.strides,
        args.index_type,
        args.masks,
    )?;
    if *v.final_shape != *dy_shape {
        return Err(Error::invalid_argument(format!(
            "shape of dy was {} instead of {}",
            shape_debug_string(dy_shape),
            shape_debug_string(&v.final_shape)
        )));
    }
    let count = checked_count(&input_shape)?;
    // The shape comes from a tensor's values, so it can ask for far more than memory holds.
    let mut out = Vec::new();
    out.try_reserve_exact(count).map_err(|_| {
        Error::resource_exhausted(format!(
            "StridedSliceGrad: cannot allocate an output of shape {}",
            shape_debug_string(&input_shape)
        ))
    })?;
    out.resize(count, T::default());
    scatter_processing_order(&mut out, &input_shape, &v, dy)?;
    Ok((input_shape, out))
}

/// `TensorStridedSliceUpdate` (and the value semantics of `StridedSliceAssign` /
/// `ResourceStridedSliceAssign`): a copy of `input` whose selected region is overwritten by
/// `value` broadcast to the slice's final shape.
///
/// When the selection is empty nothing is checked beyond validation (not even the broadcast).
/// Otherwise: `Cannot broadcast input shape <value> into final shape <final>`, then
/// `Unhandled input dimensions <rank>` (Unimplemented) for processing rank > 8 — there is no
/// identity fast path for these ops, so even an empty spec on a rank-9 input fails.
pub fn strided_slice_update<T: Clone>(
    input: &[T],
    input_shape: &[i64],
    args: &SliceArgs<'_>,
    value: &[T],
    value_shape: &[i64],
) -> Result<Vec<T>> {
    let mut out = input.to_vec();
    strided_slice_assign(&mut out, input_shape, args, value, value_shape)?;
    Ok(out)
}

/// In-place form of [`strided_slice_update`]: writes into `target` (shaped `target_shape`).
/// On error `target` is left unchanged.
pub fn strided_slice_assign<T: Clone>(
    target: &mut [T],
    target_shape: &[i64],
    args: &SliceArgs<'_>,
    value: &[T],
    value_shape: &[i64],
) -> Result<()> {
    check_index_type(
        args.index_type,
        "StridedSliceAssign: unsupported index type",
    )?;
    let v = validate(
        target_shape,
        &args.begin,
        &args.end,
        &args.strides,
        args.index_type,
        args.masks,
    )?;
    if v.processing_shape.contains(&0) {
        return Ok(());
    }
    let expanded = broadcast_into(value, value_shape, &v.final_shape)?;
    if v.processing_shape.len() > MAX_GENERAL_RANK {
        return Err(Error::unimplemented(format!(
            "Unhandled input dimensions {}",
            v.processing_shape.len()
        )));
    }
    scatter_processing_order(target, target_shape, &v, &expanded)
}

/// int16 is not an allowed `Index` for these ops (op definition); other types are rejected too.
fn check_index_type(t: IndexType, other: &str) -> Result<()> {
    match t {
        IndexType::Int32 | IndexType::Int64 => Ok(()),
        IndexType::Int16 => Err(Error::invalid_argument(
            "Value for attr 'Index' of int16 is not in the list of allowed values: int32, int64",
        )),
        IndexType::Unsupported => Err(Error::invalid_argument(other)),
    }
}

/// `TensorShapeUtils::MakeShape` for a concrete shape, with its messages.
pub fn make_shape(dims: &[i64]) -> Result<Vec<i64>> {
    if dims.len() > MAX_DIMENSIONS {
        return Err(Error::invalid_argument("Too many dimensions"));
    }
    let mut count = 1i64;
    for &d in dims {
        if d < 0 {
            return Err(Error::invalid_argument(format!(
                "Dimension {d} must be >= 0"
            )));
        }
        count = count.checked_mul(d).ok_or_else(|| {
            Error::invalid_argument(format!(
                "Shape {} would have more than 2**63 - 1 elements",
                shape_debug_string(dims)
            ))
        })?;
    }
    Ok(dims.to_vec())
}

fn checked_count(shape: &[i64]) -> Result<usize> {
    let n = make_shape(shape)?.iter().product::<i64>();
    usize::try_from(n).map_err(|_| Error::resource_exhausted("StridedSliceGrad: output too large"))
}

/// `StridedSliceAssignBCast`: `value` is aligned to the right of `final_shape` (extra leading
/// value dims must be 1; missing ones count as 1) and each dim must equal the target's or be 1.
/// Returns the value expanded to `final_shape`, row-major (= processing order).
fn broadcast_into<T: Clone>(
    value: &[T],
    value_shape: &[i64],
    final_shape: &[i64],
) -> Result<Vec<T>> {
    let fail = || {
        Error::invalid_argument(format!(
            "Cannot broadcast input shape {} into final shape {}",
            shape_debug_string(value_shape),
            shape_debug_string(final_shape)
        ))
    };
    let rank = final_shape.len();
    let reshaped: Vec<i64> = if value_shape.len() > rank {
        let extra = value_shape.len() - rank;
        if value_shape[..extra].iter().any(|&d| d != 1) {
            return Err(fail());
        }
        value_shape[extra..].to_vec()
    } else {
        let mut r = vec![1i64; rank - value_shape.len()];
        r.extend_from_slice(value_shape);
        r
    };
    if reshaped
        .iter()
        .zip(final_shape)
        .any(|(&r, &f)| r != f && r != 1)
    {
        return Err(fail());
    }
    let value_count: i64 = make_shape(value_shape)?.iter().product();
    if value_count != value.len() as i64 {
        return Err(Error::invalid_argument(format!(
            "StridedSliceAssign: value has shape {} but {} elements",
            shape_debug_string(value_shape),
            value.len()
        )));
    }
    // Source strides, 0 along broadcast dims.
    let mut strides = vec![0usize; rank];
    let mut acc = 1usize;
    for d in (0..rank).rev() {
        if reshaped[d] != 1 {
            strides[d] = acc;
        }
        acc *= reshaped[d] as usize;
    }
    let total: usize = final_shape.iter().map(|&d| d as usize).product();
    let mut out = Vec::with_capacity(total);
    let mut index = vec![0usize; rank];
    let mut src = 0usize;
    for _ in 0..total {
        out.push(value[src].clone());
        // Odometer step, innermost fastest.
        for d in (0..rank).rev() {
            index[d] += 1;
            src += strides[d];
            if index[d] < final_shape[d] as usize {
                break;
            }
            src -= strides[d] * index[d];
            index[d] = 0;
        }
    }
    Ok(out)
}
