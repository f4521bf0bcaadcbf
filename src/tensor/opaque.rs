//! Element objects of the `resource` and `variant` dtypes. These are placeholders with the
//! fields of the upstream protos (`ResourceHandleProto`, `VariantTensorDataProto`); the
//! TensorProto codec fills and reads them. Their in-memory sizes are ours, not upstream's.

use crate::tensor_shape::PartialTensorShape;

use super::Tensor;

/// A `ResourceHandle` element (fields of `resource_handle.proto`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResourceHandle {
    /// The device that owns the resource, e.g. `/job:localhost/replica:0/task:0/device:CPU:0`.
    pub device: String,
    /// The resource manager container the resource lives in.
    pub container: String,
    /// The resource name, unique within its container.
    pub name: String,
    /// The hash of the resource's type, used by upstream to check lookups.
    pub hash_code: u64,
    /// The resource's type name for debugging; may be empty.
    pub maybe_type_name: String,
    /// `(dtype, shape)` pairs. The dtype is the raw enum value: upstream copies it from the
    /// proto unchecked, so any `i32` (unknown or reference values too) must survive a round trip.
    pub dtypes_and_shapes: Vec<(i32, PartialTensorShape)>,
}

/// A `Variant` element, held in its encoded form (`VariantTensorData`): a type name, opaque
/// metadata and nested tensors. The default value is the empty variant.
#[derive(Debug, Clone, Default)]
pub struct Variant {
    /// The name of the encoded value's type, e.g. `tensorflow::TensorList`; empty for the empty
    /// variant.
    pub type_name: String,
    /// Opaque bytes the value's type uses to encode itself.
    pub metadata: Vec<u8>,
    /// Tensors the value holds (for a tensor list, its elements).
    pub tensors: Vec<Tensor>,
}

impl Variant {
    /// Whether this is the default (empty) variant: no type name, metadata or tensors.
    pub fn is_empty(&self) -> bool {
        self.type_name.is_empty() && self.metadata.is_empty() && self.tensors.is_empty()
    }
}

/// Bytes one `resource` element counts for in `TotalBytes`: upstream's `sizeof(ResourceHandle)`
/// as observed in TensorFlow 2.21 on x86-64 (a `[2,3]` resource tensor reports 1200 bytes).
/// Fixed here so results do not depend on our own struct layout.
pub const RESOURCE_HANDLE_BYTES: usize = 200;
/// Bytes one `variant` element counts for in `TotalBytes`: upstream's `sizeof(Variant)` as
/// observed in TensorFlow 2.21 on x86-64 (a `[2,3]` variant tensor reports 384 bytes).
pub const VARIANT_BYTES: usize = 64;
/// Bytes one `string` element counts for in `TotalBytes`: upstream's `sizeof(tstring)` on
/// 64-bit hosts. Also the `sizeof(T)` of string elements in bit-cast checks.
pub const STRING_ELEMENT_BYTES: usize = 24;
