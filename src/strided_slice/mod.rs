//! TensorFlow's `StridedSlice` operation (TensorFlow 2.21 CPU kernel semantics).
//!
//! * [`args`]: the raw op arguments (index tensors, index type, the five 32-bit masks).
//! * [`spec`]: the validation algorithm (`ValidateStridedSliceOp`): sparse → dense spec,
//!   canonicalisation, processing/final shapes, fast-path flags, exact error messages; also the
//!   partial-shape flavour used by shape inference.
//! * [`element`]: registered element types and their size in the dim-0 alignment rule.
//! * [`grad`]: `StridedSliceGrad` and the assign/update ops, which write into the selection.
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
//!    it with [`copy_processing_order_bytes`] (POD, any byte order) / [`copy_processing_order`]
//!    (typed, e.g. strings). [`strided_slice`] bundles all of this for typed slices.
//!
//! [`tensor_op`] runs the op on core tensors (sharing buffers where TensorFlow does).
//!
//! Shape inference uses [`infer_shape`]; `StridedSliceGrad` and the assign/update ops use
//! [`strided_slice_grad`], [`strided_slice_assign`] and [`strided_slice_update`].

pub mod args;
pub mod element;
pub mod grad;
pub mod kernel;
mod plane;
pub mod spec;
pub mod tensor_op;

pub use args::{IndexTensor, IndexType, Masks, SliceArgs};
pub use grad::{strided_slice_assign, strided_slice_grad, strided_slice_update};
pub use kernel::{
    DEFAULT_ALIGNMENT, KernelPath, SliceOutput, TSTRING_ALIGNMENT_SIZE, choose_path,
    copy_processing_order, copy_processing_order_bytes, copy_processing_order_bytes_uninit,
    dim0_slice_aligned, scatter_processing_order, strided_slice,
};
pub use tensor_op::{strided_slice_tensor, strided_slice_tensor_attrs};
pub use spec::{
    DimVec, ShapeSpec, UNKNOWN_DIM, ValidatedSlice, infer_shape, validate, validate_partial,
};
