//! TensorFlow's `StridedSlice` operation (TensorFlow 2.21 CPU kernel semantics).
//!
//! * [`args`]: the raw op arguments (index tensors, index type, the five 32-bit masks).
//! * [`spec`]: the validation algorithm (`ValidateStridedSliceOp`): sparse → dense spec,
//!   canonicalisation, processing/final shapes, fast-path flags, exact error messages; also the
//!   partial-shape flavour used by shape inference.
//! * [`element`]: registered element types and their size in the dim-0 alignment rule.
//! * [`kernel`]: which kernel path applies (share input, share a dim-0 view, empty, copy) and the
//!   copy itself over borrowed slices in processing order.
//!
//! Apart from [`tensor_op`], nothing here depends on a tensor type: callers pass borrowed element
//! slices plus dims.
//!
//! Typical use by a tensor type or the JNI bridge (Java-owned direct buffers):
//! 1. [`Masks::from_attrs`] for 64-bit mask attributes, [`element::alignment_size`] for the dtype;
//! 2. [`validate`] → [`ValidatedSlice`] (output shape in `final_shape`);
//! 3. [`choose_path`] → share the input ([`KernelPath::ShareInput`]), share a dim-0 view
//!    ([`KernelPath::ShareDim0`], element offsets), allocate an empty output, or allocate and fill
//!    it with [`copy_processing_order_bytes_uninit`] (POD, any byte order) /
//!    [`copy_processing_order`] (typed, e.g. strings).
//!
//! [`tensor_op`] runs these steps on core tensors (sharing buffers where TensorFlow does); it is
//! what graph and eager mode call. Shape inference uses [`infer_shape`].

pub mod args;
pub mod element;
pub mod kernel;
mod plane;
pub mod spec;
pub mod tensor_op;

pub use args::{IndexTensor, IndexType, Masks, SliceArgs};
pub use kernel::{
    DEFAULT_ALIGNMENT, KernelPath, TSTRING_ALIGNMENT_SIZE, choose_path, copy_processing_order,
    copy_processing_order_bytes_uninit, dim0_slice_aligned,
};
pub use tensor_op::{strided_slice_tensor, strided_slice_tensor_attrs};
pub use spec::{
    DimVec, ShapeSpec, UNKNOWN_DIM, ValidatedSlice, infer_shape, validate, validate_partial,
};
