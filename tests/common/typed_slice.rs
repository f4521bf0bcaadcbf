//! A typed StridedSlice over borrowed slices, assembled from the crate's public steps
//! (`validate`, `choose_path`, `copy_processing_order`), and the byte copy into an initialised
//! buffer. The product runs the op on tensors (`strided_slice_tensor`); these helpers let the
//! value tests state expectations per kernel path without building tensors. Included with
//! `#[path]`, so each test binary gets only this file.
#![allow(dead_code)]

use std::mem::MaybeUninit;

use tensorbridge::strided_slice::spec::ValidatedSlice;
use tensorbridge::strided_slice::{
    KernelPath, SliceArgs, choose_path, copy_processing_order, copy_processing_order_bytes_uninit,
    validate,
};

/// What [`strided_slice`] produced.
#[derive(Debug, Clone, PartialEq)]
pub enum SliceOutput<T> {
    /// The whole input, reshaped.
    ShareInput { shape: Vec<i64> },
    /// Input elements `[offset, offset + len)`, reshaped.
    ShareView { offset: usize, len: usize, shape: Vec<i64> },
    /// A new buffer with the selected elements in row-major order.
    Owned { data: Vec<T>, shape: Vec<i64> },
}

impl<T: Clone> SliceOutput<T> {
    pub fn shape(&self) -> &[i64] {
        match self {
            SliceOutput::ShareInput { shape }
            | SliceOutput::ShareView { shape, .. }
            | SliceOutput::Owned { shape, .. } => shape,
        }
    }

    /// The output values, materialised (shared paths copy from `input`).
    pub fn to_vec(&self, input: &[T]) -> tensorbridge::Result<Vec<T>> {
        Ok(match self {
            SliceOutput::ShareInput { .. } => input.to_vec(),
            SliceOutput::ShareView { offset, len, .. } => input[*offset..offset + len].to_vec(),
            SliceOutput::Owned { data, .. } => data.clone(),
        })
    }
}

/// Validation, path choice and, on the copy path, the processing-order copy.
pub fn strided_slice<T: Clone>(
    input: &[T],
    input_shape: &[i64],
    args: &SliceArgs<'_>,
    elem_size: usize,
    alignment: usize,
) -> tensorbridge::Result<SliceOutput<T>> {
    let v = validate(input_shape, &args.begin, &args.end, &args.strides, args.index_type, args.masks)?;
    let shape = v.final_shape.to_vec();
    Ok(match choose_path(&v, input_shape, elem_size, alignment)? {
        KernelPath::ShareInput => SliceOutput::ShareInput { shape },
        KernelPath::ShareDim0 { offset, len } => SliceOutput::ShareView { offset, len, shape },
        KernelPath::Empty => SliceOutput::Owned { data: Vec::new(), shape },
        KernelPath::Copy => {
            let count = v.processing_shape.iter().product::<i64>() as usize;
            let mut data = vec![input[0].clone(); count];
            copy_processing_order(input, input_shape, &v, &mut data)?;
            SliceOutput::Owned { data, shape }
        }
    })
}

/// `copy_processing_order_bytes_uninit` into an initialised buffer.
pub fn copy_processing_order_bytes(
    input: &[u8],
    elem_width: usize,
    input_shape: &[i64],
    v: &ValidatedSlice,
    out: &mut [u8],
) -> tensorbridge::Result<()> {
    // SAFETY: `MaybeUninit<u8>` has the layout of `u8` and the kernel writes only initialised
    // bytes, so `out` stays initialised.
    let out = unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<MaybeUninit<u8>>(), out.len()) };
    copy_processing_order_bytes_uninit(input, elem_width, input_shape, v, out)
}
