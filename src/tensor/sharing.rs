//! Operations that make new tensor values over the same root buffer (docs/contracts/tensor.md#slices-and-sub-slices):
//! `CopyFrom`, `BitcastFrom`, `Slice`, `SubSlice`. Nothing is copied.

use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::tensor_shape::TensorShape;

use super::{BufferRef, Tensor};

impl Tensor {
    /// `CopyFrom(other, shape)`: false (and nothing changes) iff the element counts differ;
    /// otherwise `self` takes other's dtype, the given shape and shares other's buffer.
    pub fn copy_from(&mut self, other: &Tensor, shape: &TensorShape) -> bool {
        if other.num_elements() != shape.num_elements() {
            return false;
        }
        self.dtype = other.dtype;
        self.shape = shape.clone();
        self.buf = other.buf.clone();
        true
    }

    /// `BitcastFrom(other, dtype, shape)`: shares other's bytes under a new dtype and shape when
    /// the byte totals agree. Little-endian only, so never a copy.
    pub fn bitcast_from(
        &mut self,
        other: &Tensor,
        dtype: DataType,
        shape: &TensorShape,
    ) -> Result<()> {
        let in_size = other.dtype.size() as u128;
        let out_size = dtype.size() as u128;
        if in_size == 0 {
            return Err(Error::invalid_argument(
                "other tensor has zero-sized data type",
            ));
        }
        if out_size == 0 {
            return Err(Error::invalid_argument(
                "specified output type is zero-sized",
            ));
        }
        // Counts are < 2^63 and sizes ≤ 16, so u128 products cannot overflow.
        if shape.num_elements() as u128 * out_size != other.num_elements() as u128 * in_size {
            return Err(Error::invalid_argument(
                "input and output shapes/data type sizes are not compatible",
            ));
        }
        self.dtype = dtype;
        self.shape = shape.clone();
        self.buf = other.buf.clone();
        Ok(())
    }

    /// `UnsafeCopyFromInternal`: `BitcastFrom` whose failure upstream aborts; ours returns it.
    pub fn unsafe_copy_from_internal(
        &mut self,
        other: &Tensor,
        dtype: DataType,
        shape: &TensorShape,
    ) -> Result<()> {
        self.bitcast_from(other, dtype, shape)
    }

    /// `Slice(start, limit)` along dimension 0. `(0, dim0)` returns this tensor unchanged; a
    /// zero-row slice of a tensor with a buffer still shares it.
    pub fn slice(&self, start: i64, limit: i64) -> Result<Tensor> {
        if self.dims() < 1 {
            return Err(Error::invalid_argument(
                "Slice requires a tensor of rank >= 1, got rank 0",
            ));
        }
        let dim0 = self.shape.dim_size(0)?;
        if !(0 <= start && start <= limit && limit <= dim0) {
            return Err(Error::invalid_argument(format!(
                "Slice bounds [{start}, {limit}) out of range for dimension 0 of size {dim0}"
            )));
        }
        if start == 0 && limit == dim0 {
            return Ok(self.clone());
        }
        let shape = self.shape.with_dim0(limit - start)?;
        let buf = match &self.buf {
            Some(b) if dim0 > 0 => {
                let row = self.num_elements() / dim0;
                Some(self.sub_buffer(b, start * row, (limit - start) * row)?)
            }
            _ => None,
        };
        Ok(Tensor {
            dtype: self.dtype,
            shape,
            buf,
        })
    }

    /// `SubSlice(index)`: row `index` of dimension 0, with that dimension removed. `index ==
    /// dim0` is accepted as upstream does; it only succeeds when rows are empty (otherwise the
    /// window would leave the root, an upstream CHECK abort).
    pub fn sub_slice(&self, index: i64) -> Result<Tensor> {
        if self.dims() < 1 {
            return Err(Error::invalid_argument(
                "SubSlice requires a tensor of rank >= 1, got rank 0",
            ));
        }
        let dim0 = self.shape.dim_size(0)?;
        let out_of_range = || {
            Error::invalid_argument(format!(
                "SubSlice index {index} out of range for dimension 0 of size {dim0}"
            ))
        };
        if !(0 <= index && index <= dim0) {
            return Err(out_of_range());
        }
        let shape = TensorShape::from_dims(&self.shape.dim_sizes()[1..])?;
        let buf = match &self.buf {
            Some(b) if dim0 > 0 => {
                let row = self.num_elements() / dim0;
                if index == dim0 && row > 0 {
                    return Err(out_of_range());
                }
                Some(self.sub_buffer(b, index * row, row)?)
            }
            _ => None,
        };
        Ok(Tensor {
            dtype: self.dtype,
            shape,
            buf,
        })
    }

    /// A window of `count` elements starting `start` elements into `b` (both in elements).
    fn sub_buffer(&self, b: &BufferRef, start: i64, count: i64) -> Result<BufferRef> {
        let unit = self.unit(b);
        let to_units = |x: i64| usize::try_from(x).ok().and_then(|x| x.checked_mul(unit));
        match (to_units(start), to_units(count)) {
            (Some(offset), Some(len))
                if offset.checked_add(len).is_some_and(|end| end <= b.len) =>
            {
                Ok(BufferRef {
                    root: b.root.clone(),
                    offset: b.offset + offset,
                    len,
                })
            }
            _ => Err(Error::internal("sub-buffer lies outside its root buffer")),
        }
    }
}
