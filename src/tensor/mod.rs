//! The Rust core of C++ `tensorflow::Tensor` (docs/contracts/tensor.md#c-tensor-methods): a dtype, a shape and an
//! optional reference to a shared root buffer with a window into it.
//!
//! * Cloning a `Tensor` is upstream's copy: the buffer is shared, nothing is copied.
//! * Buffers are immutable while shared. Writes (`*_mut` views, `tensor_data_mut`) need the only
//!   reference to the root and fail with `FailedPrecondition` otherwise — upstream lets aliases
//!   write through, which safe Rust cannot offer across threads; kernels write into tensors they
//!   just allocated, which are unique.
//! * Where upstream CHECK-aborts, methods return `Err` with the texts of
//!   docs/contracts/tensor.md#where-tensorflow-aborts.
//! * Elements: see [`element`] (byte strings for `string`; [`ResourceHandle`] and [`Variant`]
//!   objects for `resource` and `variant`); root buffers: see [`storage`].

pub mod element;
pub mod opaque;
mod objects;
mod sharing;
mod summary;
pub mod storage;
mod tf1_java;
mod views;

use std::sync::Arc;

use crate::dtype::{DataType, proto_enum_name};
use crate::error::{Error, ErrorKind, Result};
use crate::tensor_shape::TensorShape;

pub use element::{Elements, ElementsMut, TensorElement};
pub use opaque::{
    RESOURCE_HANDLE_BYTES, ResourceHandle, STRING_ELEMENT_BYTES, VARIANT_BYTES, Variant,
};
pub use storage::{ALLOCATION_ALIGNMENT, ExternalBytes};
pub use tf1_java::{CANNOT_PARSE, check_java_creatable, summary_text};
pub use views::{TensorMap, TensorMapMut, compute_flat_inner_dims, compute_flat_outer_dims};

use storage::Storage;

/// The alignment `IsAligned` tests (`EIGEN_MAX_ALIGN_BYTES`, 64 on TensorFlow 2.21 x86 builds).
/// 0 would make every tensor count as aligned.
pub const EIGEN_MAX_ALIGN_BYTES: usize = ALLOCATION_ALIGNMENT;

/// A reference to a window of a root buffer. Units are bytes for byte-backed roots and
/// elements for object roots (see `storage`).
#[derive(Clone)]
struct BufferRef {
    root: Arc<Storage>,
    offset: usize,
    len: usize,
}

/// A tensor: dtype + shape + optional shared buffer.
#[derive(Clone)]
pub struct Tensor {
    dtype: DataType,
    shape: TensorShape,
    buf: Option<BufferRef>,
}

impl Default for Tensor {
    /// `Tensor()`: a `float` tensor of shape `[0]` (not a scalar) with no buffer.
    fn default() -> Self {
        Tensor::empty(DataType::Float)
    }
}

impl std::fmt::Debug for Tensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tensor")
            .field("dtype", &self.dtype)
            .field("shape", &self.shape.debug_string())
            .field("window", &self.buf.as_ref().map(|b| (b.offset, b.len)))
            .finish()
    }
}

fn shape_of_len(n: usize) -> Result<TensorShape> {
    TensorShape::from_dims(&[
        i64::try_from(n).map_err(|_| Error::invalid_argument("Too many elements"))?
    ])
}

impl Tensor {
    /// `Tensor(dtype)`: shape `[0]`, no buffer.
    pub fn empty(dtype: DataType) -> Tensor {
        let shape = TensorShape::from_dims(&[0]).unwrap_or_default();
        Tensor {
            dtype,
            shape,
            buf: None,
        }
    }

    /// `Tensor(dtype, shape)`: allocates only when there are elements; contents are zero (numeric),
    /// empty strings, default handles or empty variants. Allocation is fallible: an impossible
    /// size gives `ResourceExhausted` (`OOM when allocating tensor with shape<shape> and type <dtype>`)
    /// instead of an uninitialised tensor. `INVALID` with elements gives `Type not set`.
    pub fn new(dtype: DataType, shape: TensorShape) -> Result<Tensor> {
        let n = shape.num_elements();
        if n == 0 {
            return Ok(Tensor {
                dtype,
                shape,
                buf: None,
            });
        }
        let what = || {
            format!(
                "tensor with shape{} and type {}",
                shape.debug_string(),
                dtype.name()
            )
        };
        let oom = || Error::resource_exhausted(format!("OOM when allocating {}", what()));
        let count = usize::try_from(n).map_err(|_| oom())?;
        let (storage, len) = match dtype {
            DataType::Invalid => return Err(Error::invalid_argument("Type not set")),
            DataType::String => (
                Storage::Strings(storage::try_default_vec(count, what)?),
                count,
            ),
            DataType::Resource => (
                Storage::Resources(storage::try_default_vec(count, what)?),
                count,
            ),
            DataType::Variant => (
                Storage::Variants(storage::try_default_vec(count, what)?),
                count,
            ),
            _ => {
                let bytes = count.checked_mul(dtype.size()).ok_or_else(oom)?;
                (Storage::Bytes(storage::try_bytes(bytes, what)?), bytes)
            }
        };
        Ok(Tensor {
            dtype,
            shape,
            buf: Some(BufferRef {
                root: Arc::new(storage),
                offset: 0,
                len,
            }),
        })
    }

    /// [`Tensor::new`] for a byte-backed dtype whose buffer `fill` then writes completely: the
    /// buffer is not zero-filled first, which saves a whole pass over a kernel's output (and the
    /// page faults of touching a fresh mapping twice). Same errors as [`Tensor::new`]; a dtype
    /// that is not byte-backed is an internal error. On `Err` or a panic from `fill`, the buffer
    /// is freed unread.
    ///
    /// # Safety
    /// `fill` must return `Ok` only after writing every byte of the slice it is given.
    pub(crate) unsafe fn new_written_by(
        dtype: DataType,
        shape: TensorShape,
        fill: impl FnOnce(&mut [std::mem::MaybeUninit<u8>]) -> Result<()>,
    ) -> Result<Tensor> {
        if matches!(
            dtype,
            DataType::Invalid | DataType::String | DataType::Resource | DataType::Variant
        ) {
            return Err(Error::internal(format!(
                "{} tensors are not byte-backed",
                dtype.name()
            )));
        }
        let n = shape.num_elements();
        if n == 0 {
            fill(&mut [])?;
            return Ok(Tensor {
                dtype,
                shape,
                buf: None,
            });
        }
        let what = || {
            format!(
                "tensor with shape{} and type {}",
                shape.debug_string(),
                dtype.name()
            )
        };
        let oom = || Error::resource_exhausted(format!("OOM when allocating {}", what()));
        let bytes = usize::try_from(n)
            .ok()
            .and_then(|count| count.checked_mul(dtype.size()))
            .ok_or_else(oom)?;
        // `what` is formatted only on failure (it was two heap strings per kernel output).
        let mut block = storage::try_uninit_bytes(bytes, what)?;
        fill(block.as_uninit_mut())?;
        // SAFETY: by this function's contract, `fill` returned Ok only after writing every byte.
        let block = unsafe { block.assume_init() };
        Ok(Tensor {
            dtype,
            shape,
            buf: Some(BufferRef {
                root: Arc::new(Storage::Bytes(block)),
                offset: 0,
                len: bytes,
            }),
        })
    }

    /// `Tensor::BuildTensor` for a raw enum value: `Type not set` for `DT_INVALID`,
    /// `Unexpected type: <DataType_Name>` for values without a buffer type (reference types,
    /// unknown values — the latter print an empty name, as protobuf does).
    pub fn build(dtype: i32, shape: TensorShape) -> Result<Tensor> {
        match DataType::from_i32(dtype) {
            Some(DataType::Invalid) => Err(Error::invalid_argument("Type not set")),
            Some(dt) => Tensor::new(dt, shape),
            None => Err(Error::invalid_argument(format!(
                "Unexpected type: {}",
                proto_enum_name(dtype)
            ))),
        }
    }

    /// Scalar constructors (`Tensor(1.5f)`, `Tensor("s")`, …): shape `[]`, one element.
    /// The one-element allocation is treated like any small Rust allocation.
    pub fn from_scalar<T: TensorElement>(value: T) -> Tensor {
        match Tensor::from_vec(TensorShape::scalar(), vec![value]) {
            Ok(t) => t,
            Err(e) => panic!("allocating a one-element tensor failed: {e}"),
        }
    }

    /// A tensor of `T::DTYPE` and `shape` holding `values` (moved in, row-major).
    pub fn from_vec<T: TensorElement>(shape: TensorShape, values: Vec<T>) -> Result<Tensor> {
        let mut t = Tensor::new(T::DTYPE, shape)?;
        check_value_count(&t, values.len())?;
        if !values.is_empty() {
            let dst = t.flat_mut::<T>()?;
            for (d, v) in dst.into_slice().iter_mut().zip(values) {
                *d = v;
            }
        }
        Ok(t)
    }

    /// A tensor of `T::DTYPE` and `shape` holding copies of `values`.
    pub fn from_slice<T: TensorElement + Clone>(
        shape: TensorShape,
        values: &[T],
    ) -> Result<Tensor> {
        let mut t = Tensor::new(T::DTYPE, shape)?;
        check_value_count(&t, values.len())?;
        if !values.is_empty() {
            t.flat_mut::<T>()?.into_slice().clone_from_slice(values);
        }
        Ok(t)
    }

    /// A rank-1 tensor of copies of `values`.
    pub fn from_vec1<T: TensorElement + Clone>(values: &[T]) -> Result<Tensor> {
        Tensor::from_slice(shape_of_len(values.len())?, values)
    }

    /// A tensor holding a copy of `bytes` (little-endian element bytes, row-major). The dtype must
    /// be memcpy-able and `bytes` exactly `num_elements × DataTypeSize` long.
    pub fn from_bytes(dtype: DataType, shape: TensorShape, bytes: &[u8]) -> Result<Tensor> {
        if !dtype.can_use_memcpy() {
            return Err(Error::invalid_argument(format!(
                "cannot build a {} tensor from raw bytes",
                dtype.name()
            )));
        }
        let mut t = Tensor::new(dtype, shape)?;
        let want = t.num_elements() as u128 * dtype.size() as u128;
        if bytes.len() as u128 != want {
            return Err(Error::invalid_argument(format!(
                "{} bytes given for shape {} of {}, which needs {want}",
                bytes.len(),
                t.shape.debug_string(),
                dtype.name()
            )));
        }
        t.tensor_data_mut()?.copy_from_slice(bytes);
        Ok(t)
    }

    /// `tensor::DeepCopy`: a tensor with the same dtype, shape and values in a new, unshared
    /// buffer (64-byte aligned again, even if `self` is an unaligned slice). Without a buffer the
    /// copy is freshly allocated (zeros).
    pub fn deep_copy(&self) -> Result<Tensor> {
        let mut out = Tensor::new(self.dtype, self.shape.clone())?;
        if self.buf.is_none() || out.buf.is_none() {
            return Ok(out);
        }
        match (self.elements()?, out.elements_mut()?) {
            (Elements::Bytes(src), ElementsMut::Bytes(dst)) => dst.copy_from_slice(src),
            (Elements::Strings(src), ElementsMut::Strings(dst)) => dst.clone_from_slice(src),
            (Elements::Resources(src), ElementsMut::Resources(dst)) => dst.clone_from_slice(src),
            (Elements::Variants(src), ElementsMut::Variants(dst)) => dst.clone_from_slice(src),
            _ => return Err(Error::internal("deep copy between different storage kinds")),
        }
        Ok(out)
    }

    /// Wraps bytes owned elsewhere without copying. `dtype` must be byte-backed (size > 0) and
    /// the memory must hold at least `num_elements × size` bytes; the window starts at byte 0.
    /// Alignment is not required (`is_aligned` reports it).
    pub fn from_external(
        dtype: DataType,
        shape: TensorShape,
        memory: Box<dyn ExternalBytes>,
    ) -> Result<Tensor> {
        if dtype.size() == 0 {
            return Err(Error::invalid_argument(format!(
                "external memory cannot hold elements of type {}",
                dtype.name()
            )));
        }
        let need = usize::try_from(shape.num_elements())
            .ok()
            .and_then(|n| n.checked_mul(dtype.size()))
            .ok_or_else(|| Error::invalid_argument("shape too large for external memory"))?;
        let have = memory.as_bytes().len();
        if have < need {
            return Err(Error::invalid_argument(format!(
                "external memory holds {have} bytes, shape {} of {} needs {need}",
                shape.debug_string(),
                dtype.name()
            )));
        }
        let root = Arc::new(Storage::External(memory));
        Ok(Tensor {
            dtype,
            shape,
            buf: Some(BufferRef {
                root,
                offset: 0,
                len: need,
            }),
        })
    }

    /// Upstream move: returns this tensor and leaves `self` with the same dtype and shape but no
    /// buffer.
    pub fn move_out(&mut self) -> Tensor {
        Tensor {
            dtype: self.dtype,
            shape: self.shape.clone(),
            buf: self.buf.take(),
        }
    }

    /// The element type (`dtype()`).
    pub fn dtype(&self) -> DataType {
        self.dtype
    }

    /// The shape (`shape()`), always fully known.
    pub fn shape(&self) -> &TensorShape {
        &self.shape
    }

    /// The rank (`dims()`): 0 for a scalar.
    pub fn dims(&self) -> usize {
        self.shape.dims()
    }

    /// The size of dimension `d` (`dim_size(d)`); an error where upstream CHECK-fails on `d >=
    /// dims()`.
    pub fn dim_size(&self, d: usize) -> Result<i64> {
        self.shape.dim_size(d)
    }

    /// The element count (`NumElements()`): the product of the dimensions, 1 for a scalar.
    pub fn num_elements(&self) -> i64 {
        self.shape.num_elements()
    }

    /// `IsInitialized`: a buffer is present, or there are no elements.
    pub fn is_initialized(&self) -> bool {
        self.buf.is_some() || self.num_elements() == 0
    }

    /// `IsSameSize`: same shape.
    pub fn is_same_size(&self, other: &Tensor) -> bool {
        self.shape.is_same_size(&other.shape)
    }

    /// `SharesBufferWith`: both have buffers with the same root. Empty tensors never share, not
    /// even with themselves.
    pub fn shares_buffer_with(&self, other: &Tensor) -> bool {
        match (&self.buf, &other.buf) {
            (Some(a), Some(b)) => Arc::ptr_eq(&a.root, &b.root),
            _ => false,
        }
    }

    /// `RefCountIsOne`: this tensor holds the only reference to its root buffer (so `*_mut`
    /// views are allowed). Informational, as upstream; false without a buffer.
    pub fn ref_count_is_one(&self) -> bool {
        self.buf
            .as_ref()
            .is_some_and(|b| Arc::strong_count(&b.root) == 1)
    }

    /// Address of the first element of the window (`data()`), `None` without a buffer.
    pub fn data_address(&self) -> Option<usize> {
        let b = self.buf.as_ref()?;
        let unit = if b.root.is_byte_backed() {
            1
        } else {
            object_stride(&b.root)
        };
        Some(b.root.base_address() + b.offset * unit)
    }

    /// `IsAligned`: string tensors, empty tensors and tensors without a buffer count as aligned;
    /// otherwise the data address must be a multiple of [`EIGEN_MAX_ALIGN_BYTES`]. Object storage
    /// (resource, variant) is Rust objects, not raw memory, and also counts as aligned.
    pub fn is_aligned(&self) -> bool {
        if EIGEN_MAX_ALIGN_BYTES == 0 || self.dtype == DataType::String || self.num_elements() == 0
        {
            return true;
        }
        match &self.buf {
            None => true,
            Some(b) if !b.root.is_byte_backed() => true,
            Some(_) => self
                .data_address()
                .is_none_or(|a| a % EIGEN_MAX_ALIGN_BYTES == 0),
        }
    }

    /// `TotalBytes`: 0 without elements; `n × DataTypeSize` for byte dtypes;
    /// `n × 24 + Σ lengths` for strings; `n ×` [`RESOURCE_HANDLE_BYTES`] / [`VARIANT_BYTES`].
    /// Elements without a buffer: `null buf_ with non-zero shape size <n>` (upstream CHECK).
    pub fn total_bytes(&self) -> Result<usize> {
        let n = self.num_elements();
        if n == 0 {
            return Ok(0);
        }
        if self.buf.is_none() {
            return Err(null_buffer_error(n));
        }
        let n = n as usize; // a buffer exists, so n elements fit in memory
        Ok(match self.elements()? {
            Elements::Strings(s) => s
                .iter()
                .fold(n.saturating_mul(STRING_ELEMENT_BYTES), |acc, x| {
                    acc.saturating_add(x.len())
                }),
            Elements::Resources(_) => n * RESOURCE_HANDLE_BYTES,
            Elements::Variants(_) => n * VARIANT_BYTES,
            Elements::Bytes(b) => b.len(),
        })
    }

    /// `AllocatedBytes`: our allocator does not track sizes, so this is `TotalBytes`.
    pub fn allocated_bytes(&self) -> Result<usize> {
        self.total_bytes()
    }

    /// `GetBufferSize`: the window's size in bytes (strings 24 per element), 0 without a buffer.
    pub fn buffer_size(&self) -> usize {
        match &self.buf {
            None => 0,
            Some(b) if b.root.is_byte_backed() => b.len,
            Some(b) => b.len * element_object_size(&b.root),
        }
    }

    /// The identity and byte size of the root buffer this tensor's window lies in (`None`
    /// without a buffer): callers that account for native memory count a root shared by several
    /// tensors once. The identity is stable while any tensor holds the root. For object roots
    /// (strings, resources, variants), which have no byte view, the size is the window's.
    pub fn buffer_root(&self) -> Option<(usize, usize)> {
        let b = self.buf.as_ref()?;
        let bytes = match b.root.bytes() {
            Some(bytes) => bytes.len(),
            None => b.len * element_object_size(&b.root),
        };
        Some((Arc::as_ptr(&b.root) as usize, bytes))
    }

    /// `tensor_data()`: the window's raw bytes; empty without a buffer. Only for memcpy-able
    /// dtypes (`tensor_data() is not available for dtype <name>` otherwise; upstream CHECKs).
    pub fn tensor_data(&self) -> Result<&[u8]> {
        let Some(_) = &self.buf else { return Ok(&[]) };
        self.check_memcpy()?;
        match self.elements()? {
            Elements::Bytes(b) => Ok(b),
            _ => Err(self.no_tensor_data()),
        }
    }

    /// The bytes of the element values, for reading them: `tensor_data()`, except that a tensor
    /// with elements but no buffer (uninitialised, e.g. `[0,3].SubSlice(0)`) is the error
    /// `null buf_ with non-zero shape size <n>` instead of an empty view. C++ would read its
    /// values through a null pointer; `tensor_data()` itself stays empty there, as upstream.
    pub fn element_bytes(&self) -> Result<&[u8]> {
        let n = self.num_elements();
        if self.buf.is_none() && n != 0 {
            return Err(null_buffer_error(n));
        }
        self.tensor_data()
    }

    /// Writable `tensor_data()`; needs an unshared, writable buffer.
    pub fn tensor_data_mut(&mut self) -> Result<&mut [u8]> {
        if self.buf.is_none() {
            return Ok(&mut []);
        }
        self.check_memcpy()?;
        let err = self.no_tensor_data();
        match self.elements_mut()? {
            ElementsMut::Bytes(b) => Ok(b),
            _ => Err(err),
        }
    }

    fn check_memcpy(&self) -> Result<()> {
        if self.dtype.can_use_memcpy() {
            Ok(())
        } else {
            Err(self.no_tensor_data())
        }
    }

    fn no_tensor_data(&self) -> Error {
        Error::invalid_argument(format!(
            "tensor_data() is not available for dtype {}",
            self.dtype.name()
        ))
    }

    /// The window as borrowed elements (bytes or objects). Without a buffer: an empty window of
    /// the dtype's kind when there are no elements, else `null buf_ with non-zero shape size <n>`.
    pub fn elements(&self) -> Result<Elements<'_>> {
        let Some(b) = &self.buf else {
            if self.num_elements() != 0 {
                return Err(null_buffer_error(self.num_elements()));
            }
            return Ok(empty_elements(self.dtype));
        };
        let range = b.offset..b.offset + b.len;
        let window = match &*b.root {
            Storage::Bytes(_) | Storage::External(_) => b
                .root
                .bytes()
                .and_then(|x| x.get(range))
                .map(Elements::Bytes),
            Storage::Strings(v) => v.get(range).map(Elements::Strings),
            Storage::Resources(v) => v.get(range).map(Elements::Resources),
            Storage::Variants(v) => v.get(range).map(Elements::Variants),
        };
        window.ok_or_else(|| Error::internal("tensor window lies outside its root buffer"))
    }

    /// Writable window; the root must not be shared with any other tensor.
    pub fn elements_mut(&mut self) -> Result<ElementsMut<'_>> {
        let n = self.num_elements();
        let dtype = self.dtype;
        let Some(b) = &mut self.buf else {
            if n != 0 {
                return Err(null_buffer_error(n));
            }
            return Ok(empty_elements_mut(dtype));
        };
        let range = b.offset..b.offset + b.len;
        let storage = Arc::get_mut(&mut b.root).ok_or_else(|| {
            Error::failed_precondition(
                "Tensor buffer is shared with another tensor; writes need an unshared buffer",
            )
        })?;
        let window = match storage {
            Storage::Bytes(_) | Storage::External(_) => match storage.bytes_mut() {
                Some(bytes) => bytes.get_mut(range).map(ElementsMut::Bytes),
                None => {
                    return Err(Error::new(
                        ErrorKind::ReadOnlyBuffer,
                        "Tensor buffer is read-only",
                    ));
                }
            },
            Storage::Strings(v) => v.get_mut(range).map(ElementsMut::Strings),
            Storage::Resources(v) => v.get_mut(range).map(ElementsMut::Resources),
            Storage::Variants(v) => v.get_mut(range).map(ElementsMut::Variants),
        };
        window.ok_or_else(|| Error::internal("tensor window lies outside its root buffer"))
    }

    /// Window units per element for this tensor's buffer (bytes for byte roots, 1 otherwise).
    fn unit(&self, b: &BufferRef) -> usize {
        if b.root.is_byte_backed() {
            self.dtype.size()
        } else {
            1
        }
    }
}

fn check_value_count(t: &Tensor, got: usize) -> Result<()> {
    let want = t.num_elements();
    if i64::try_from(got).ok() != Some(want) {
        return Err(Error::invalid_argument(format!(
            "Expected {want} values for shape {}, got {got}",
            t.shape.debug_string()
        )));
    }
    Ok(())
}

fn null_buffer_error(n: i64) -> Error {
    Error::internal(format!("null buf_ with non-zero shape size {n}"))
}

fn element_object_size(root: &Storage) -> usize {
    match root {
        Storage::Strings(_) => STRING_ELEMENT_BYTES,
        Storage::Resources(_) => RESOURCE_HANDLE_BYTES,
        Storage::Variants(_) => VARIANT_BYTES,
        Storage::Bytes(_) | Storage::External(_) => 1,
    }
}

/// Distance in memory between consecutive object elements (for addresses only).
fn object_stride(root: &Storage) -> usize {
    match root {
        Storage::Strings(_) => std::mem::size_of::<Vec<u8>>(),
        Storage::Resources(_) => std::mem::size_of::<ResourceHandle>(),
        Storage::Variants(_) => std::mem::size_of::<Variant>(),
        Storage::Bytes(_) | Storage::External(_) => 1,
    }
}

fn empty_elements(dtype: DataType) -> Elements<'static> {
    match dtype {
        DataType::String => Elements::Strings(&[]),
        DataType::Resource => Elements::Resources(&[]),
        DataType::Variant => Elements::Variants(&[]),
        _ => Elements::Bytes(&[]),
    }
}

fn empty_elements_mut(dtype: DataType) -> ElementsMut<'static> {
    match dtype {
        DataType::String => ElementsMut::Strings(&mut []),
        DataType::Resource => ElementsMut::Resources(&mut []),
        DataType::Variant => ElementsMut::Variants(&mut []),
        _ => ElementsMut::Bytes(&mut []),
    }
}
