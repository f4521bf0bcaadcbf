//! Tensors whose elements are objects (`string`, `resource`, `variant`) built from owned values,
//! as the `TensorProto` decoder and the TF 1.x string constructors need them.

use std::sync::Arc;

use super::storage::Storage;
use super::{BufferRef, ResourceHandle, Tensor, Variant};
use crate::dtype::DataType;
use crate::error::{Error, Result};
use crate::tensor_shape::TensorShape;

impl Tensor {
    /// A `string` tensor owning `values` (no copy), one per element.
    pub(crate) fn from_strings(shape: TensorShape, values: Vec<Vec<u8>>) -> Result<Tensor> {
        Tensor::from_objects(
            DataType::String,
            shape,
            values.len(),
            Storage::Strings(values),
        )
    }

    /// A `resource` tensor owning `values` (no copy), one per element.
    pub(crate) fn from_resources(
        shape: TensorShape,
        values: Vec<ResourceHandle>,
    ) -> Result<Tensor> {
        Tensor::from_objects(
            DataType::Resource,
            shape,
            values.len(),
            Storage::Resources(values),
        )
    }

    /// A `variant` tensor owning `values` (no copy), one per element.
    pub(crate) fn from_variants(shape: TensorShape, values: Vec<Variant>) -> Result<Tensor> {
        Tensor::from_objects(
            DataType::Variant,
            shape,
            values.len(),
            Storage::Variants(values),
        )
    }

    fn from_objects(
        dtype: DataType,
        shape: TensorShape,
        count: usize,
        storage: Storage,
    ) -> Result<Tensor> {
        if i64::try_from(count).ok() != Some(shape.num_elements()) {
            return Err(Error::invalid_argument(format!(
                "Expected {} values for shape {}, got {count}",
                shape.num_elements(),
                shape.debug_string()
            )));
        }
        // No elements: a null buffer, as `Tensor::new` gives.
        let buf = (count > 0).then(|| BufferRef {
            root: Arc::new(storage),
            offset: 0,
            len: count,
        });
        Ok(Tensor { dtype, shape, buf })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_constructors_check_the_element_count() {
        let shape = TensorShape::from_dims(&[2]).unwrap();
        assert!(Tensor::from_strings(shape.clone(), vec![Vec::new()]).is_err());
        let t = Tensor::from_variants(TensorShape::from_dims(&[0]).unwrap(), Vec::new()).unwrap();
        assert!(t.is_initialized() && t.data_address().is_none());
    }
}
