//! Heap allocations of the JNI hot paths on success, counted on the real exported functions.
//!
//! Each entry point is called exactly as the JVM calls it (C ABI, a `JNIEnv*`, raw references)
//! with a stand-in `JNIEnv` whose function table serves the few array and buffer functions these
//! natives use from plain Rust memory. A counting global allocator (this test binary only)
//! records every allocation the calling thread makes while a count is open. Expected counts come
//! from what each call must produce: nothing for reads, derivations and conversions; for an op
//! result, the tensor itself (its data block, its shared root and its registry entry).
//!
//! The per-op instruction count of the eager path (docs/eager_overhead.md) is measured with the
//! ignored `eager_op_loop` below under `perf stat -e instructions`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::mem::MaybeUninit;

use jni::sys::{
    JNIEnv, JNINativeInterface_, jarray, jboolean, jbyte, jbyteArray, jclass, jint, jlong, jlongArray,
    jobject, jsize,
};

use super::handles;
use crate::dtype::DataType;
use crate::tensor::Tensor;
use crate::tensor_shape::TensorShape;

// ---------------------------------------------------------------------------------------------
// Counting allocator

struct Counting;

thread_local! {
    /// Allocations made by this thread while counting; `None` when not counting.
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

fn note_allocation() {
    // `try_with`: the thread-local may be gone while a thread exits.
    let _ = COUNT.try_with(|c| {
        if let Some(n) = c.get() {
            c.set(Some(n + 1));
        }
    });
}

// SAFETY: forwards every call to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_allocation();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The allocations `f` makes on this thread, and its result. The registry is shared with tests
/// running on other threads, whose inserts may make its slot table grow during one of ours; the
/// fewest allocations over a few runs is what the call itself needs.
fn fewest_allocations<T>(mut f: impl FnMut() -> T, mut after: impl FnMut(T)) -> usize {
    (0..5)
        .map(|_| {
            COUNT.with(|c| c.set(Some(0)));
            let result = f();
            let n = COUNT.with(|c| c.replace(None)).unwrap_or(usize::MAX);
            after(result);
            n
        })
        .min()
        .unwrap_or(usize::MAX)
}

// ---------------------------------------------------------------------------------------------
// A stand-in JNIEnv

/// A Java array or direct buffer as the stand-in JNIEnv sees it: `element` bytes per element.
struct FakeObject {
    element: usize,
    bytes: Vec<u8>,
    direct: bool,
}

impl FakeObject {
    fn longs(values: &[i64]) -> Box<FakeObject> {
        Box::new(FakeObject {
            element: 8,
            bytes: values.iter().flat_map(|v| v.to_ne_bytes()).collect(),
            direct: false,
        })
    }

    fn ints(values: &[i32]) -> Box<FakeObject> {
        Box::new(FakeObject {
            element: 4,
            bytes: values.iter().flat_map(|v| v.to_ne_bytes()).collect(),
            direct: false,
        })
    }

    fn bytes(values: &[u8]) -> Box<FakeObject> {
        Box::new(FakeObject { element: 1, bytes: values.to_vec(), direct: false })
    }

    fn floats(values: &[f32]) -> Box<FakeObject> {
        Box::new(FakeObject {
            element: 4,
            bytes: values.iter().flat_map(|v| v.to_ne_bytes()).collect(),
            direct: false,
        })
    }

    fn direct(bytes: Vec<u8>) -> Box<FakeObject> {
        Box::new(FakeObject { element: 1, bytes, direct: true })
    }

    fn raw(self: &mut Box<FakeObject>) -> jobject {
        (&mut **self as *mut FakeObject).cast()
    }

    fn long_values(&self) -> Vec<i64> {
        self.bytes.chunks_exact(8).map(|c| i64::from_ne_bytes(c.try_into().unwrap())).collect()
    }

    fn float_values(&self) -> Vec<f32> {
        self.bytes.chunks_exact(4).map(|c| f32::from_ne_bytes(c.try_into().unwrap())).collect()
    }
}

/// # Safety
/// `o` is a pointer made by [`FakeObject::raw`] whose box is alive.
unsafe fn object<'a>(o: jobject) -> &'a mut FakeObject {
    // SAFETY: by the function's contract.
    unsafe { &mut *o.cast::<FakeObject>() }
}

unsafe extern "system" fn get_array_length(_env: *mut JNIEnv, array: jarray) -> jsize {
    // SAFETY: the natives under test pass back the references this test gave them.
    let a = unsafe { object(array) };
    (a.bytes.len() / a.element) as jsize
}

/// # Safety
/// As the JNI function: `array` one of this test's objects with `T`-sized elements, `buf`
/// holding `len` elements. Copies bytes, so the stand-in itself allocates nothing.
unsafe fn get_region<T>(array: jobject, start: jsize, len: jsize, buf: *mut T) {
    // SAFETY: by the function's contract.
    let a = unsafe { object(array) };
    assert_eq!(a.element, size_of::<T>(), "array region read with the wrong element type");
    let size = size_of::<T>();
    let src = &a.bytes[start as usize * size..(start + len) as usize * size];
    unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), buf.cast::<u8>(), src.len()) };
}

unsafe extern "system" fn get_long_array_region(
    _env: *mut JNIEnv,
    array: jlongArray,
    start: jsize,
    len: jsize,
    buf: *mut jlong,
) {
    // SAFETY: as above; `buf` holds `len` longs (the natives' contract with the JVM).
    unsafe { get_region(array, start, len, buf) }
}

unsafe extern "system" fn get_byte_array_region(
    _env: *mut JNIEnv,
    array: jbyteArray,
    start: jsize,
    len: jsize,
    buf: *mut jbyte,
) {
    // SAFETY: as above.
    unsafe { get_region(array, start, len, buf) }
}

thread_local! {
    /// The arrays `NewLongArray` hands out, made before any count opens so that handing one out
    /// allocates nothing; reused round-robin (each test reads a result before the next call).
    static NEW_ARRAYS: (std::cell::RefCell<Vec<Box<FakeObject>>>, Cell<usize>) = {
        let pool = (0..16)
            .map(|_| Box::new(FakeObject { element: 8, bytes: Vec::with_capacity(8 * 300), direct: false }))
            .collect();
        (std::cell::RefCell::new(pool), Cell::new(0))
    };
}

unsafe extern "system" fn new_long_array(_env: *mut JNIEnv, len: jsize) -> jlongArray {
    NEW_ARRAYS.with(|(pool, next)| {
        let mut pool = pool.borrow_mut();
        let i = next.get() % pool.len();
        next.set(i + 1);
        let array = &mut pool[i];
        // Within the capacity reserved above: no allocation.
        array.bytes.clear();
        array.bytes.resize(len as usize * 8, 0);
        (&mut **array as *mut FakeObject).cast()
    })
}

unsafe extern "system" fn get_int_array_region(
    _env: *mut JNIEnv,
    array: jni::sys::jintArray,
    start: jsize,
    len: jsize,
    buf: *mut jint,
) {
    // SAFETY: as in get_long_array_region.
    let a = unsafe { object(array) };
    let src = &a.bytes[start as usize * 4..(start + len) as usize * 4];
    unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), buf.cast::<u8>(), src.len()) };
}

unsafe extern "system" fn set_long_array_region(
    _env: *mut JNIEnv,
    array: jlongArray,
    start: jsize,
    len: jsize,
    buf: *const jlong,
) {
    // SAFETY: as above.
    let a = unsafe { object(array) };
    let src = unsafe { std::slice::from_raw_parts(buf, len as usize) };
    for (i, v) in src.iter().enumerate() {
        let at = (start as usize + i) * 8;
        a.bytes[at..at + 8].copy_from_slice(&v.to_ne_bytes());
    }
}

unsafe extern "system" fn get_primitive_array_critical(
    _env: *mut JNIEnv,
    array: jarray,
    _is_copy: *mut jboolean,
) -> *mut std::ffi::c_void {
    // SAFETY: as above.
    unsafe { object(array) }.bytes.as_mut_ptr().cast()
}

unsafe extern "system" fn release_primitive_array_critical(
    _env: *mut JNIEnv,
    _array: jarray,
    _carray: *mut std::ffi::c_void,
    _mode: jint,
) {
}

unsafe extern "system" fn get_direct_buffer_address(
    _env: *mut JNIEnv,
    buf: jobject,
) -> *mut std::ffi::c_void {
    // SAFETY: as above.
    let b = unsafe { object(buf) };
    if b.direct { b.bytes.as_mut_ptr().cast() } else { std::ptr::null_mut() }
}

unsafe extern "system" fn get_direct_buffer_capacity(_env: *mut JNIEnv, buf: jobject) -> jlong {
    // SAFETY: as above.
    let b = unsafe { object(buf) };
    if b.direct { b.bytes.len() as jlong } else { -1 }
}

/// Any other JNI function: the success paths under test must not call one.
unsafe extern "system" fn unexpected() {
    eprintln!("a JNI function outside the stand-in table was called");
    std::process::abort();
}

/// A `JNIEnv*` whose table serves the functions above; leaked (one per test, a few KiB).
fn fake_env() -> *mut JNIEnv {
    // Make this thread's `NewLongArray` pool now, outside any count.
    NEW_ARRAYS.with(|_| ());
    const SLOTS: usize = size_of::<JNINativeInterface_>() / size_of::<usize>();
    let mut table = MaybeUninit::<JNINativeInterface_>::uninit();
    let base = table.as_mut_ptr();
    // SAFETY: the table is a C struct of pointer-sized slots (reserved pointers, then function
    // pointers); every slot gets a non-null function pointer, then the used ones are overwritten
    // in place, so the value is fully initialised before `assume_init`.
    let table = unsafe {
        let slots = base.cast::<usize>();
        for i in 0..SLOTS {
            slots.add(i).write(unexpected as *const () as usize);
        }
        (*base).v1_1.GetArrayLength = get_array_length;
        (*base).v1_1.GetLongArrayRegion = get_long_array_region;
        (*base).v1_1.GetIntArrayRegion = get_int_array_region;
        (*base).v1_1.GetByteArrayRegion = get_byte_array_region;
        (*base).v1_1.NewLongArray = new_long_array;
        (*base).v1_1.SetLongArrayRegion = set_long_array_region;
        (*base).v1_2.GetPrimitiveArrayCritical = get_primitive_array_critical;
        (*base).v1_2.ReleasePrimitiveArrayCritical = release_primitive_array_critical;
        (*base).v1_4.GetDirectBufferAddress = get_direct_buffer_address;
        (*base).v1_4.GetDirectBufferCapacity = get_direct_buffer_capacity;
        table.assume_init()
    };
    let table: &'static JNINativeInterface_ = Box::leak(Box::new(table));
    let env: &'static mut JNIEnv = Box::leak(Box::new(table as *const JNINativeInterface_));
    env
}

const NO_CLASS: jclass = std::ptr::null_mut();

// The exported functions under test, declared as the JVM sees them: the same symbols with raw
// JNI argument types (the `jni` crate's wrappers are transparent over them).
unsafe extern "system" {
    fn Java_org_tensorflow_EagerOperationBuilder_execute(
        env: *mut JNIEnv, class: jclass, op: jint, io: jobject, input_count: jint, attr_length: jint,
        attr_bytes: jobject,
    ) -> jlongArray;
    fn Java_org_tensorflow_NativeHandle_release(env: *mut JNIEnv, class: jclass, handle: jlong);
    fn Java_org_tensorflow_Tensor_numBytes(env: *mut JNIEnv, class: jclass, handle: jlong) -> jlong;
    fn Java_org_tensorflow_Tensor_scalarBits(env: *mut JNIEnv, class: jclass, handle: jlong) -> jlong;
    fn Java_org_tensorflow_Tensor_totalBytes(env: *mut JNIEnv, class: jclass, handle: jlong) -> jlong;
    fn Java_org_tensorflow_Tensor_isAligned(env: *mut JNIEnv, class: jclass, handle: jlong) -> jboolean;
    fn Java_org_tensorflow_ndarray_Shape_sizeOf(
        env: *mut JNIEnv, class: jclass, dims: jobject, unknown: jlong,
    ) -> jlong;
    fn Java_org_tensorflow_ndarray_Shape_compatibleWith(
        env: *mut JNIEnv, class: jclass, dims: jobject, other_is_null: jboolean, other: jobject,
        unknown: jlong,
    ) -> jboolean;
    fn Java_org_tensorflow_ndarray_Shape_deriveAppend(
        env: *mut JNIEnv, class: jclass, dims: jobject, last: jlong, unknown: jlong, out: jobject,
    ) -> jlong;
    fn Java_org_tensorflow_ndarray_Shape_hash(env: *mut JNIEnv, class: jclass, dims: jobject) -> jint;
    fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeFloats(
        env: *mut JNIEnv, class: jclass, src: jobject, shape: jobject, current: jobject,
        flat_size: jint, dynamic: jboolean, read_only: jboolean, direct: jobject, heap: jobject, heap_offset: jint, limit: jint, big_endian: jboolean,
        data_type: jint,
    ) -> jlong;
    fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadFloats(
        env: *mut JNIEnv, class: jclass, dst: jobject, fill: jboolean, consistent: jboolean,
        zero_digit: u16, shape: jobject, flat_size: jint, direct: jobject, heap: jobject,
        heap_offset: jint, limit: jint, big_endian: jboolean, data_type: jint,
    ) -> jint;
    fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_writeFloats(
        env: *mut JNIEnv, class: jclass, src: jobject, direct: jobject, heap: jobject,
        heap_offset: jint, limit: jint, big_endian: jboolean, data_type: jint,
    ) -> jint;
}

fn float_tensor(dims: &[i64], values: &[f32]) -> jlong {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let shape = TensorShape::from_dims(dims).unwrap();
    handles::into_handle(Tensor::from_bytes(DataType::Float, shape, &bytes).unwrap()).unwrap()
}

fn int_vector(values: &[i32]) -> jlong {
    handles::into_handle(Tensor::from_vec1(values).unwrap()).unwrap()
}

/// The 2×3×4 constant 0..24 and the index vectors of `x[0:2, 1:3, 0:4:2]`.
struct SliceInputs([jlong; 4]);

impl SliceInputs {
    fn new() -> Self {
        let values: Vec<f32> = (0..24).map(|v| v as f32).collect();
        SliceInputs([
            float_tensor(&[2, 3, 4], &values),
            int_vector(&[0, 1, 0]),
            int_vector(&[2, 3, 4]),
            int_vector(&[1, 1, 2]),
        ])
    }
}

impl Drop for SliceInputs {
    fn drop(&mut self) {
        for h in self.0 {
            let _ = handles::release(h);
        }
    }
}

/// Eager op indices (`EagerOperationBuilder.opTypes()`: the registry's eager ops in order).
const CONST: jint = 0;
const STRIDED_SLICE: jint = 1;

/// The encoded attributes of one eager call, as `AttrEncoder` lays them out: single values,
/// `(name, kind, value)` with kind 1 (int), 4 (type) or 6 (tensor handle).
struct Attrs {
    stream: Vec<i64>,
    bytes: Box<FakeObject>,
}

impl Attrs {
    fn new(attrs: &[(&str, i64, i64)]) -> Attrs {
        let (mut stream, mut bytes) = (Vec::new(), Vec::new());
        for &(name, kind, value) in attrs {
            stream.extend([kind, -1, name.len() as i64, value]);
            bytes.extend_from_slice(name.as_bytes());
        }
        Attrs { stream, bytes: FakeObject::bytes(&bytes) }
    }
}

/// The array an eager call's input handles and attributes go in and its output's description
/// comes back in, as `EagerOperationBuilder` sizes it (at least 8 slots).
struct Io {
    array: Box<FakeObject>,
    slots: Vec<jlong>,
    inputs: usize,
    attrs: usize,
}

impl Io {
    fn new(inputs: &[jlong], attrs: Option<&Attrs>) -> Io {
        let mut slots = inputs.to_vec();
        let stream = attrs.map_or(&[][..], |a| &a.stream[..]);
        slots.extend_from_slice(stream);
        let (inputs, attrs) = (inputs.len(), stream.len());
        slots.resize(slots.len().max(8), 0);
        Io { array: FakeObject::longs(&slots), slots, inputs, attrs }
    }

    /// Puts the inputs and attributes back (a call overwrites them with its result); allocates
    /// nothing.
    fn reset(&mut self) {
        for (i, h) in self.slots.iter().enumerate() {
            self.array.bytes[i * 8..i * 8 + 8].copy_from_slice(&h.to_ne_bytes());
        }
    }
}

/// One eager call as `EagerOperationBuilder.execute` makes it; its `long[]` result (read with
/// [`result_handle`]).
fn execute(env: *mut JNIEnv, op: jint, io: &mut Io, attrs: Option<&mut Attrs>) -> jlongArray {
    let bytes = attrs.map_or(std::ptr::null_mut(), |a| a.bytes.raw());
    io.reset();
    let (inputs, attr_length) = (io.inputs as jint, io.attrs as jint);
    // SAFETY: a valid stand-in env and live stand-in arrays of the declared element types.
    unsafe {
        Java_org_tensorflow_EagerOperationBuilder_execute(env, NO_CLASS, op, io.array.raw(), inputs, attr_length, bytes)
    }
}

/// The handle in a result array (`{handle, dtype, native bytes, rank, dims...}`); read without
/// allocating.
fn result_handle(array: jlongArray) -> jlong {
    assert!(!array.is_null(), "the native threw");
    // SAFETY: a live stand-in array (the call's `io`, or one of `new_long_array`'s).
    let a = unsafe { object(array) };
    i64::from_ne_bytes(a.bytes[..8].try_into().unwrap())
}

fn strided_slice(env: *mut JNIEnv, inputs: &SliceInputs) -> jlong {
    let mut io = Io::new(&inputs.0, None);
    result_handle(execute(env, STRIDED_SLICE, &mut io, None))
}

fn release(env: *mut JNIEnv, handle: jlong) {
    // SAFETY: a valid stand-in env; a primitive argument.
    unsafe { Java_org_tensorflow_NativeHandle_release(env, NO_CLASS, handle) }
}

// ---------------------------------------------------------------------------------------------
// Eager op and handles

#[test]
fn eager_strided_slice_allocates_only_its_result() {
    let env = fake_env();
    let inputs = SliceInputs::new();
    let mut handles = Io::new(&inputs.0, None);
    let result = execute(env, STRIDED_SLICE, &mut handles, None);
    // Written into the call's own array: {handle, dtype FLOAT (1), 32 bytes, rank 3, dims 2, 2, 2}
    assert_eq!(result, handles.array.raw());
    // SAFETY: a live result array.
    let description = unsafe { object(result) }.long_values();
    assert_eq!(description[1..7], [1, 32, 3, 2, 2, 2]);
    let first = description[0];
    // x[0:2, 1:3, 0:4:2] of 0..24 in a 2×3×4 layout (hand computed).
    let out = handles::tensor(first).unwrap();
    assert_eq!(out.shape().dim_sizes(), &[2, 2, 2]);
    let expected: Vec<u8> =
        [4f32, 6., 8., 10., 16., 18., 20., 22.].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(out.tensor_data().unwrap(), &expected[..]);
    drop(out);
    release(env, first);

    // The result: its 32-byte data block, its shared root, its registry entry.
    let n = fewest_allocations(
        || execute(env, STRIDED_SLICE, &mut handles, None),
        |r| release(env, result_handle(r)),
    );
    assert_eq!(n, 3);

    // The same with all five masks set (to 0): decoding attributes allocates nothing.
    let masks = ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"];
    let mut attrs = Attrs::new(&masks.map(|m| (m, 1, 0)));
    let mut with_masks = Io::new(&inputs.0, Some(&attrs));
    let n = fewest_allocations(
        || execute(env, STRIDED_SLICE, &mut with_masks, Some(&mut attrs)),
        |r| release(env, result_handle(r)),
    );
    assert_eq!(n, 3);
}

#[test]
fn eager_const_allocates_nothing() {
    let env = fake_env();
    let value = float_tensor(&[2], &[1.5, 2.5]);
    let mut attrs = Attrs::new(&[("value", 6, value), ("dtype", 4, 1)]);
    let mut io = Io::new(&[], Some(&attrs));
    // The output is the attribute's value, returned under the attribute's handle.
    let result = execute(env, CONST, &mut io, Some(&mut attrs));
    // SAFETY: a live result array.
    assert_eq!(unsafe { object(result) }.long_values()[..5], [value, 1, 8, 1, 2]);
    let n = fewest_allocations(|| execute(env, CONST, &mut io, Some(&mut attrs)), |_| {});
    assert_eq!(n, 0);
    handles::release(value).unwrap();

    // A rank-5 value does not fit the 8 slots: its description comes back in a new array.
    let value = float_tensor(&[1, 1, 1, 1, 2], &[1.5, 2.5]);
    let mut attrs = Attrs::new(&[("value", 6, value), ("dtype", 4, 1)]);
    let mut io = Io::new(&[], Some(&attrs));
    let result = execute(env, CONST, &mut io, Some(&mut attrs));
    assert_ne!(result, io.array.raw());
    // SAFETY: a live result array.
    assert_eq!(unsafe { object(result) }.long_values(), [value, 1, 8, 5, 1, 1, 1, 1, 2]);
    handles::release(value).unwrap();
}

#[test]
fn releasing_a_handle_allocates_nothing() {
    let env = fake_env();
    let inputs = SliceInputs::new();
    let n = fewest_allocations(
        || {
            let h = strided_slice(env, &inputs);
            COUNT.with(|c| c.set(Some(0)));
            release(env, h);
        },
        |()| {},
    );
    assert_eq!(n, 0);
}

// ---------------------------------------------------------------------------------------------
// Tensor reads

#[test]
fn tensor_reads_allocate_nothing() {
    let env = fake_env();
    let h = float_tensor(&[2, 3], &[1., 2., 3., 4., 5., 6.]);
    let (num_bytes, total, aligned) = (
        Java_org_tensorflow_Tensor_numBytes,
        Java_org_tensorflow_Tensor_totalBytes,
        Java_org_tensorflow_Tensor_isAligned,
    );
    // SAFETY: a valid stand-in env and a live handle.
    unsafe {
        assert_eq!(num_bytes(env, NO_CLASS, h), 24);
        assert_eq!(total(env, NO_CLASS, h), 24);
        assert!(aligned(env, NO_CLASS, h));
        let n = fewest_allocations(
            || (num_bytes(env, NO_CLASS, h), total(env, NO_CLASS, h), aligned(env, NO_CLASS, h)),
            |_| {},
        );
        assert_eq!(n, 0);
    }
    handles::release(h).unwrap();

    // floatValue() and the other scalar accessors.
    let scalar = handles::into_handle(Tensor::from_scalar(-2.5f32)).unwrap();
    let bits = Java_org_tensorflow_Tensor_scalarBits;
    // SAFETY: as above.
    unsafe {
        assert_eq!(f32::from_bits(bits(env, NO_CLASS, scalar) as u32), -2.5);
        assert_eq!(fewest_allocations(|| bits(env, NO_CLASS, scalar), |_| {}), 0);
    }
    handles::release(scalar).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Shape

#[test]
fn shape_natives_allocate_nothing() {
    let env = fake_env();
    let mut dims = FakeObject::longs(&[1, 224, 224, 3]);
    let mut other = FakeObject::longs(&[-1, 224, -1, 3]);
    let mut out = FakeObject::longs(&[0; 5]);
    let (d, o, r) = (dims.raw(), other.raw(), out.raw());
    let (size_of, compatible_with, append, hash) = (
        Java_org_tensorflow_ndarray_Shape_sizeOf,
        Java_org_tensorflow_ndarray_Shape_compatibleWith,
        Java_org_tensorflow_ndarray_Shape_deriveAppend,
        Java_org_tensorflow_ndarray_Shape_hash,
    );
    // SAFETY: a valid stand-in env and live stand-in arrays.
    unsafe {
        assert_eq!(size_of(env, NO_CLASS, d, -1), 150_528);
        assert!(compatible_with(env, NO_CLASS, d, false, o, -1));
        assert_eq!(append(env, NO_CLASS, d, 2, -1, r), 301_056);
        assert_eq!(out.long_values(), [1, 224, 224, 3, 2]);
        let n = fewest_allocations(
            || {
                (
                    size_of(env, NO_CLASS, d, -1),
                    compatible_with(env, NO_CLASS, d, false, o, -1),
                    append(env, NO_CLASS, d, 2, -1, r),
                    hash(env, NO_CLASS, d),
                )
            },
            |_| {},
        );
        assert_eq!(n, 0);
    }
}

// ---------------------------------------------------------------------------------------------
// TensorBuffer loads and reads (loadArray plans and writes through storeFloats, the fill-in
// getters read through loadFloats)

#[test]
fn tensor_buffer_conversions_allocate_nothing() {
    use Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadFloats as load;
    use Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeFloats as store;
    use Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_writeFloats as write;
    const UINT8: jint = 2; // org.tensorflow.lite.DataType.UINT8.ordinal()
    let env = fake_env();
    let mut buffer = FakeObject::direct(vec![0; 4]);
    let mut src = FakeObject::floats(&[1.5, -2.0, 3.25, 300.0]);
    let mut dst = FakeObject::floats(&[0.0; 4]);
    let mut shape = FakeObject::ints(&[2, 2]);
    let mut current = FakeObject::ints(&[2, 2]);
    let (b, s, d) = (buffer.raw(), src.raw(), dst.raw());
    let (sh, cur) = (shape.raw(), current.raw());
    let null = std::ptr::null_mut();
    // SAFETY: a valid stand-in env and live stand-in arrays and buffer.
    unsafe {
        // A fixed-size 2x2 buffer given its own shape: planned, written, position at the end.
        let code = store(env, NO_CLASS, s, sh, cur, 4, false, false, b, null, 0, 4, false, UINT8);
        assert_eq!(code, 4);
        let position = load(env, NO_CLASS, d, true, true, '0' as u16, sh, 4, b, null, 0, 4, false, UINT8);
        assert_eq!(position, 4);
        assert_eq!(dst.float_values(), [1.0, 0.0, 3.0, 255.0]);
        let n = fewest_allocations(
            || {
                store(env, NO_CLASS, s, sh, cur, 4, false, false, b, null, 0, 4, false, UINT8);
                write(env, NO_CLASS, s, b, null, 0, 4, false, UINT8);
                load(env, NO_CLASS, d, true, true, '0' as u16, sh, 4, b, null, 0, 4, false, UINT8);
            },
            |()| {},
        );
        assert_eq!(n, 0);
    }
}

/// The eager op's native path in a loop, for instruction counts per op
/// (`perf stat -e instructions` with two values of `EAGER_OPS`, the difference divided):
/// `EAGER_OPS=1000000 cargo test --release --lib eager_op_loop -- --ignored`.
#[test]
#[ignore]
fn eager_op_loop() {
    let n: usize = std::env::var("EAGER_OPS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let env = fake_env();
    let inputs = SliceInputs::new();
    let mut handles = Io::new(&inputs.0, None);
    for _ in 0..n {
        let h = result_handle(execute(env, STRIDED_SLICE, &mut handles, None));
        release(env, h);
    }
}
