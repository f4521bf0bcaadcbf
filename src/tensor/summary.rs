//! `SummarizeValue`, `DebugString` and `DeviceSafeDebugString` of a tensor (docs/contracts/tensor.md#summaries-and-debug-strings): adapts
//! the tensor's storage to the element formatters of `crate::summarize`.

use super::Tensor;
use crate::dtype::DataType;
use super::element::Elements;
use super::opaque::{ResourceHandle, Variant};
use crate::error::Result;
use crate::summarize::{
    self, DEBUG_STRING_ENTRIES, ElementFormatter, NumericElements, ObjectSummaries,
    StringElements,
};
use crate::tensor_shape::PartialTensorShape;
use crate::Error;

impl Tensor {
    /// `SummarizeValue(max_entries, print_v2)`. Bytes, because string elements are printed raw and
    /// need not be UTF-8. A negative `max_entries` prints every element.
    pub fn summarize_value(&self, max_entries: i64, print_v2: bool) -> Result<Vec<u8>> {
        let kind = self.dtype();
        if kind == DataType::Invalid {
            return Err(Error::invalid_argument("cannot summarize a tensor of type INVALID"));
        }
        let dims = self.shape().dim_sizes();
        if !self.is_initialized() {
            return summarize::summarize_value(kind, dims, None, max_entries, print_v2);
        }
        let summaries;
        let formatter: Box<dyn ElementFormatter + '_> = match self.elements()? {
            Elements::Bytes(bytes) => Box::new(NumericElements::new(kind, bytes)?),
            Elements::Strings(strings) => Box::new(StringElements::new(strings)),
            Elements::Resources(handles) => {
                summaries = handles.iter().map(resource_summary).collect::<Vec<_>>();
                Box::new(ObjectSummaries::new(&summaries))
            }
            Elements::Variants(variants) => {
                summaries = variants.iter().map(variant_summary).collect::<Vec<_>>();
                Box::new(ObjectSummaries::new(&summaries))
            }
        };
        summarize::summarize_value(kind, dims, Some(formatter.as_ref()), max_entries, print_v2)
    }

    /// `DebugString()`: `Tensor<type: … shape: … values: …>` with at most 3 values.
    pub fn debug_string(&self) -> Result<Vec<u8>> {
        self.debug_string_with(DEBUG_STRING_ENTRIES)
    }

    /// `DebugString(num_values)`.
    pub fn debug_string_with(&self, num_values: i64) -> Result<Vec<u8>> {
        let values = self.summarize_value(num_values, false)?;
        Ok(summarize::debug_string(self.dtype().name(), &self.shape().debug_string(), &values))
    }

    /// `DeviceSafeDebugString()`: type and shape, never the values.
    pub fn device_safe_debug_string(&self) -> String {
        summarize::device_safe_debug_string(self.dtype().name(), &self.shape().debug_string())
    }
}

/// `ResourceHandle::DebugString` (docs/contracts/tensor.md#number-formatting).
fn resource_summary(handle: &ResourceHandle) -> Vec<u8> {
    let entries: Vec<String> = handle
        .dtypes_and_shapes
        .iter()
        .map(|(dtype, shape)| format!("DType enum: {}, Shape: {}", dtype, shape_text(shape)))
        .collect();
    format!(
        "ResourceHandle(name=\"{}\", device=\"{}\", container=\"{}\", type=\"{}\", dtype and shapes : \"[ {} ]\")",
        handle.name,
        handle.device,
        handle.container,
        handle.maybe_type_name,
        entries.join(",")
    )
    .into_bytes()
}

fn shape_text(shape: &PartialTensorShape) -> String {
    shape.debug_string()
}

/// The summary of a variant element: a wrapped tensor prints its `DebugString`.
/// Variants are held encoded, so other payloads print their type name, and an empty variant prints
/// `[empty variant]` as upstream's `Variant` does; neither is covered by the spec's vectors.
fn variant_summary(variant: &Variant) -> Vec<u8> {
    if variant.is_empty() {
        return b"[empty variant]".to_vec();
    }
    if let [tensor] = variant.tensors.as_slice() {
        if variant.type_name == "tensorflow::Tensor" || variant.type_name.is_empty() {
            if let Ok(text) = tensor.debug_string() {
                return text;
            }
        }
    }
    variant.type_name.clone().into_bytes()
}
