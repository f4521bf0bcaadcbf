//! Natives of `org.tensorflow.lite.support.tensorbuffer.ElementConversions`: every conversion of
//! TFLite Support's `TensorBuffer` between a Java `float[]`/`int[]` and a buffer's elements, for
//! every array size and every buffer kind. A buffer's elements are given either as a direct
//! `ByteBuffer` (by address) or as a `byte[]` plus offset (a heap buffer's backing array, or
//! Java's copy of a read-only heap buffer), in the buffer's byte order.
//!
//! Java (`ElementConversions`) has already checked nulls, read-only state and the live limit;
//! this side re-checks what memory safety depends on (non-null, direct, element count times size
//! within the buffer's capacity or the array's length from the offset, which never change for a
//! buffer or array object) before it touches memory. Elements always start at the buffer's
//! address or at the array offset. The `ByteBuffer` is an argument, so it stays reachable for the
//! whole call.
//!
//! Performance: one user call is one JNI transition. These run under [`guard_primitive`] and call
//! the JNI functions they need (array length, direct address and capacity, critical pin and
//! release) straight through the function table, so no `jni::Env` is built unless there is an
//! exception to throw. Java arrays are pinned with `GetPrimitiveArrayCritical` (no copy on
//! HotSpot) at every size; docs/tensorbuffer.md has the measured cost at 1 and 1,000 elements.

//! Natives of `org.tensorflow.lite.support.tensorbuffer.ElementConversions`, the one codec behind
//! TFLite Support's `TensorBuffer` classes. Every rule and message comes from
//! [`crate::lite::buffer`]; the natives read the buffer's state from their arguments, plan the
//! step there, and either apply it (a load writes its elements in the same call, so a load is one
//! JNI transition) or return a code telling Java which field to replace before calling again
//! (read-only storage to copy, new storage to allocate: both allocate Java objects).
//!
//! A buffer's elements are given either as a direct `ByteBuffer` (by address) or as a `byte[]`
//! plus offset (a heap buffer's backing array, or Java's copy of a read-only heap buffer), in the
//! buffer's byte order. What memory safety depends on (non-null, direct, element count times size
//! within the buffer's capacity or the array's length from the offset, which never change for a
//! buffer or array object) is checked here before memory is touched. The `ByteBuffer` is an
//! argument, so it stays reachable for the whole call.
//!
//! Performance: these run under [`guard_primitive`] and call the JNI functions they need (array
//! length and region, direct address and capacity, critical pin and release) straight through
//! the function table, so no `jni::Env` is built unless there is an exception to throw. Java
//! arrays are pinned with `GetPrimitiveArrayCritical` (no copy on HotSpot) at every size.

use std::marker::PhantomData;

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JFloatArray, JIntArray, JPrimitiveArray, TypeArray};
use jni::refs::Reference;
use jni::sys::{JNIEnv, jarray, jboolean, jbyte, jchar, jfloat, jint, jlong};
use smallvec::SmallVec;

use super::errors::BridgeResult;
use super::raw_env::RawEnv;
use super::guard::guard_primitive;
use crate::lite::buffer::{self, Load, Resize, State, null};
use crate::lite::{self, ByteOrder, ElementType};
use crate::Error;

/// What Java does after a planning native returns (the high 32 bits of the `long` result; the low
/// 32 bits carry a position, an element count or a byte count as documented per code).
const DONE: i64 = 0;
/// The shape changed and the storage was kept: Java stores a copy of the shape and the new count.
const RESHAPED: i64 = 1;
/// Java copies the read-only storage (`copyByteBufferIfReadOnly`) and calls again.
const COPY_READ_ONLY: i64 = 2;
/// Java stores the shape and count and allocates native-order direct storage of the low 32 bits'
/// byte count, then calls again.
const REALLOCATE: i64 = 3;

/// The bits of `inspect`'s verdict on the current fields.
const CONSISTENT: jint = 1;
const READABLE: jint = 2;
const LOADABLE: jint = 4;

fn code(action: i64, low: i32) -> jlong {
    (action << 32) | i64::from(low as u32)
}

/// The current storage of a `TensorBuffer` as Java passes it.
#[derive(Clone, Copy)]
struct StorageArgs<'a, 'b, 'c> {
    direct: &'a JByteBuffer<'c>,
    heap: &'a JByteArray<'b>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
}

/// `static native long storeFloats(float[] src, int[] shape, int[] current, int flatSize,
/// boolean dynamic, boolean readOnly, ByteBuffer direct, byte[] heap, int heapOffset, int limit,
/// boolean bigEndian, int dataType)`: `loadArray(float[], int[])`, checked, planned and written.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JFloatArray<'local>,
    shape: JIntArray<'local>,
    current: JIntArray<'local>,
    flat_size: jint,
    dynamic: jboolean,
    read_only: jboolean,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jlong {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || {
        let plan = PlanArgs { shape: &shape, current: &current, flat_size, dynamic, read_only };
        store(&raw, &src, Some(plan), storage, data_type, lite::store_f32)
    })
}

/// `static native long storeInts(int[] src, …)`: as `storeFloats`, for `loadArray(int[], int[])`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_storeInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JIntArray<'local>,
    shape: JIntArray<'local>,
    current: JIntArray<'local>,
    flat_size: jint,
    dynamic: jboolean,
    read_only: jboolean,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jlong {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || {
        let plan = PlanArgs { shape: &shape, current: &current, flat_size, dynamic, read_only };
        store(&raw, &src, Some(plan), storage, data_type, lite::store_i32)
    })
}

/// `static native int writeFloats(float[] src, ByteBuffer direct, byte[] heap, int heapOffset,
/// int limit, boolean bigEndian, int dataType)`: a load that Java's cached verdict has already
/// planned (it changes no field): the write alone. Returns the position the storage ends at.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_writeFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JFloatArray<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    // The code is DONE (0) in the high bits and the position in the low ones.
    guard_primitive(&mut env, || Ok(store(&raw, &src, None, storage, data_type, lite::store_f32)? as jint))
}

/// `static native int writeInts(int[] src, …)`: as `writeFloats`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_writeInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    src: JIntArray<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || Ok(store(&raw, &src, None, storage, data_type, lite::store_i32)? as jint))
}

/// `static native int readFloats(float[] dst, ByteBuffer direct, byte[] heap, int heapOffset,
/// int limit, boolean bigEndian, int dataType)`: an array getter's read of `dst.length` elements
/// (the count was checked before Java allocated `dst`). Returns the position.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_readFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dst: JFloatArray<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || read(&raw, &dst, None, storage, data_type, lite::load_f32))
}

/// `static native int readInts(int[] dst, …)`: as `readFloats`, converting to int.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_readInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dst: JIntArray<'local>,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || read(&raw, &dst, None, storage, data_type, lite::load_i32))
}

/// The state arguments of a load.
#[derive(Clone, Copy)]
struct PlanArgs<'a, 'b> {
    shape: &'a JIntArray<'b>,
    current: &'a JIntArray<'b>,
    flat_size: jint,
    dynamic: jboolean,
    read_only: jboolean,
}

impl PlanArgs<'_, '_> {
    /// `loadArray`'s checks and step for `count` elements, after the null check of the array.
    fn plan(&self, raw: &RawEnv, ty: ElementType, count: usize) -> BridgeResult<Load> {
        let shape = raw.dims(self.shape, null::SHAPE)?;
        // The size check comes first, so the current shape is read only after it.
        if i64::try_from(count).ok() != Some(i64::from(buffer::flat_size(&shape))) {
            let state = State { ty, dynamic: self.dynamic, shape: &[], flat_size: self.flat_size };
            return Ok(buffer::plan_load(state, count, &shape, self.read_only)?);
        }
        let current = raw.dims(self.current, null::SHAPE)?;
        let state = State { ty, dynamic: self.dynamic, shape: &current, flat_size: self.flat_size };
        let load = buffer::plan_load(state, count, &shape, self.read_only)?;
        // A dynamic buffer given an equal shape keeps its own array: nothing to store.
        Ok(match load {
            Load::Write(Resize::Reshape { .. }) if *shape == *current => Load::Write(Resize::Keep),
            other => other,
        })
    }
}

fn store<T: TypeArray>(
    raw: &RawEnv,
    src: &JPrimitiveArray<'_, T>,
    plan: Option<PlanArgs<'_, '_>>,
    storage: StorageArgs<'_, '_, '_>,
    data_type: jint,
    convert: fn(&[T], ElementType, ByteOrder, &mut [u8]) -> crate::Result<()>,
) -> BridgeResult<jlong> {
    if src.is_null() {
        return Err(buffer::null_argument(null::LOAD_ARRAY).into());
    }
    let ty = buffer::element_type(data_type)?;
    let count = raw.array_len(src.as_raw() as jarray)?;
    let action = match plan {
        // Java's cached verdict says the load changes no state (same shape object, the current
        // element count, writable consistent storage): nothing to plan.
        None => DONE,
        Some(plan) => match plan.plan(raw, ty, count)? {
            Load::CopyReadOnly => return Ok(code(COPY_READ_ONLY, 0)),
            Load::Write(Resize::Reallocate { bytes, .. }) => return Ok(code(REALLOCATE, bytes)),
            Load::Write(Resize::Reshape { .. }) => RESHAPED,
            Load::Write(Resize::Keep) => DONE,
        },
    };
    buffer::check_writable(ty, count, storage.limit)?;
    let order = ByteOrder::from_big_endian(storage.big_endian);
    if let Some(target) = raw.storage(storage, count, ty)? {
        // SAFETY: no JNI call until the pins drop; `src` is a float[] or int[] and the storage
        // is a direct buffer's memory or a byte[], so the two never alias.
        let elements = unsafe { raw.pin(src, count, Release::NoCopyBack)? };
        let mut bytes = unsafe { target.open(raw, Release::CopyBack)? };
        convert(elements.as_slice(), ty, order, bytes.as_mut_slice())?;
    }
    Ok(code(action, buffer::position_after_bulk(ty, count_i32(count)?)))
}

/// `static native long planLoad(int count, int[] shape, int[] current, int flatSize,
/// boolean dynamic, boolean readOnly, int dataType)`: the steps of a load of `count` elements
/// without the write (for `createFrom`'s exact copy), with `storeFloats`' result codes.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_planLoad<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    count: jint,
    shape: JIntArray<'local>,
    current: JIntArray<'local>,
    flat_size: jint,
    dynamic: jboolean,
    read_only: jboolean,
    data_type: jint,
) -> jlong {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let ty = buffer::element_type(data_type)?;
        let count = usize::try_from(count).map_err(|_| Error::internal("negative element count"))?;
        let plan = PlanArgs { shape: &shape, current: &current, flat_size, dynamic, read_only };
        Ok(match plan.plan(&raw, ty, count)? {
            Load::CopyReadOnly => code(COPY_READ_ONLY, 0),
            Load::Write(Resize::Reallocate { bytes, .. }) => code(REALLOCATE, bytes),
            Load::Write(Resize::Reshape { .. }) => code(RESHAPED, 0),
            Load::Write(Resize::Keep) => code(DONE, 0),
        })
    })
}

/// `static native float loadFloats(float[] dst, boolean fill, boolean consistent, char zeroDigit,
/// int[] shape, int flatSize, ByteBuffer direct, byte[] heap, int heapOffset, int limit,
/// boolean bigEndian, int dataType)`: the array getters. For a fill-in getter (`fill`) the
/// destination is checked (null, the consistency of the current fields as `getFlatSize` checks
/// it, its length); then `dst.length` elements are read from index 0. Returns the position the
/// storage ends at.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadFloats<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dst: JFloatArray<'local>,
    fill: jboolean,
    consistent: jboolean,
    zero_digit: jchar,
    shape: JIntArray<'local>,
    flat_size: jint,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || {
        let fill = Fill { fill, consistent, zero_digit, shape: &shape, flat_size };
        read(&raw, &dst, Some(fill), storage, data_type, lite::load_f32)
    })
}

/// `static native int loadInts(int[] dst, …)`: as `loadFloats`, converting to int.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_loadInts<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dst: JIntArray<'local>,
    fill: jboolean,
    consistent: jboolean,
    zero_digit: jchar,
    shape: JIntArray<'local>,
    flat_size: jint,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    limit: jint,
    big_endian: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    let storage = StorageArgs { direct: &direct, heap: &heap, heap_offset, limit, big_endian };
    guard_primitive(&mut env, || {
        let fill = Fill { fill, consistent, zero_digit, shape: &shape, flat_size };
        read(&raw, &dst, Some(fill), storage, data_type, lite::load_i32)
    })
}

/// The fill-in getters' arguments.
struct Fill<'a, 'b> {
    fill: jboolean,
    consistent: jboolean,
    zero_digit: jchar,
    shape: &'a JIntArray<'b>,
    flat_size: jint,
}

fn read<T: TypeArray>(
    raw: &RawEnv,
    dst: &JPrimitiveArray<'_, T>,
    fill: Option<Fill<'_, '_>>,
    storage: StorageArgs<'_, '_, '_>,
    data_type: jint,
    convert: fn(&[u8], ElementType, ByteOrder, &mut [T]) -> crate::Result<()>,
) -> BridgeResult<jint> {
    let ty = buffer::element_type(data_type)?;
    let fill = fill.filter(|f| f.fill);
    if let Some(fill) = &fill {
        if dst.is_null() {
            return Err(buffer::null_argument(null::DESTINATION).into());
        }
        if !fill.consistent {
            let shape = raw.dims(fill.shape, null::SHAPE)?;
            return Err(buffer::inconsistent(&shape, storage.limit, zero_digit(fill.zero_digit)).into());
        }
    }
    let count = raw.array_len(dst.as_raw() as jarray)?;
    if let Some(fill) = &fill {
        buffer::check_destination(count, fill.flat_size)?;
    }
    let count_i32 = count_i32(count)?;
    buffer::check_readable(ty, count_i32, storage.limit)?;
    let order = ByteOrder::from_big_endian(storage.big_endian);
    if let Some(source) = raw.storage(storage, count, ty)? {
        // SAFETY: as in `store`; CopyBack publishes the results if the JVM handed out a copy.
        let bytes = unsafe { source.open(raw, Release::NoCopyBack)? };
        let mut elements = unsafe { raw.pin(dst, count, Release::CopyBack)? };
        convert(bytes.as_slice(), ty, order, elements.as_mut_slice())?;
    }
    Ok(buffer::position_after_bulk(ty, count_i32))
}

/// `static native int plan(int[] shape, int[] current, int flatSize, boolean dynamic,
/// int dataType, int[] out)`: the constructor's allocation (`dynamic` true) or `resize`.
/// Returns `DONE`, `RESHAPED` or `REALLOCATE` with `out = {flatSize, bytes}`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_plan<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JIntArray<'local>,
    current: JIntArray<'local>,
    flat_size: jint,
    dynamic: jboolean,
    data_type: jint,
    out: JIntArray<'local>,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let ty = buffer::element_type(data_type)?;
        if shape.is_null() {
            // A fixed-size buffer compares the null shape with its own (unequal); a dynamic one
            // allocates for it.
            return Err(if dynamic {
                buffer::null_argument(null::TENSOR_SHAPE)
            } else {
                Error::invalid_argument(String::new())
            }
            .into());
        }
        let shape = raw.dims(&shape, null::TENSOR_SHAPE)?;
        let resize = if dynamic {
            buffer::plan_allocate(flat_size, ty, &shape)?
        } else {
            let current = raw.dims(&current, null::SHAPE)?;
            buffer::plan_resize(State { ty, dynamic, shape: &current, flat_size }, &shape)?
        };
        let (action, values) = match resize {
            Resize::Keep => (DONE, [flat_size, 0]),
            Resize::Reshape { flat_size } => (RESHAPED, [flat_size, 0]),
            Resize::Reallocate { flat_size, bytes } => (REALLOCATE, [flat_size, bytes]),
        };
        raw.set_ints(&out, &values)?;
        Ok(action as jint)
    })
}

/// `static native int attach(boolean present, int[] shape, int[] current, boolean dynamic,
/// int limit, int dataType)`: `loadBuffer`'s checks; returns the new element count.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_attach<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    present: jboolean,
    shape: JIntArray<'local>,
    current: JIntArray<'local>,
    dynamic: jboolean,
    limit: jint,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        if !present {
            return Err(buffer::null_argument(null::BYTE_BUFFER).into());
        }
        let ty = buffer::element_type(data_type)?;
        let shape = raw.dims(&shape, null::SHAPE)?;
        let current = raw.dims(&current, null::SHAPE)?;
        let state = State { ty, dynamic, shape: &current, flat_size: 0 };
        Ok(buffer::plan_attach(state, &shape, limit)?)
    })
}

/// `static native int inspect(int[] shape, int flatSize, int limit, boolean readOnly,
/// int dataType)`: the verdict on the current fields that Java caches until one of them
/// changes: `CONSISTENT` (the limit matches the shape), `READABLE` (an array read of `flatSize`
/// elements succeeds), `LOADABLE` (a load of `flatSize` elements with the same shape writes in
/// place and changes no field).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_inspect<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JIntArray<'local>,
    flat_size: jint,
    limit: jint,
    read_only: jboolean,
    data_type: jint,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let ty = buffer::element_type(data_type)?;
        let shape = raw.dims(&shape, null::SHAPE)?;
        let mut verdict = 0;
        if buffer::is_consistent(ty, &shape, limit) {
            verdict |= CONSISTENT;
        }
        let readable = buffer::check_readable(ty, flat_size, limit).is_ok();
        if readable {
            verdict |= READABLE;
        }
        let in_place = buffer::check_shape(&shape).is_ok()
            && buffer::flat_size(&shape) == flat_size
            && usize::try_from(flat_size).is_ok_and(|n| buffer::check_writable(ty, n, limit).is_ok());
        if in_place && !read_only {
            verdict |= LOADABLE;
        }
        Ok(verdict)
    })
}

/// `static native void requireConsistent(int[] shape, int limit, char zeroDigit, int dataType)`:
/// `getShape`/`getFlatSize`'s check.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_requireConsistent<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JIntArray<'local>,
    limit: jint,
    zero: jchar,
    data_type: jint,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let ty = buffer::element_type(data_type)?;
        let shape = raw.dims(&shape, null::SHAPE)?;
        if !buffer::is_consistent(ty, &shape, limit) {
            return Err(buffer::inconsistent(&shape, limit, zero_digit(zero)).into());
        }
        Ok(())
    })
}

/// `static native void requireReadable(int count, int limit, int dataType)`: the array getters'
/// check before they allocate.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_requireReadable<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    count: jint,
    limit: jint,
    data_type: jint,
) {
    guard_primitive(&mut env, || {
        let ty = buffer::element_type(data_type)?;
        Ok(buffer::check_readable(ty, count, limit)?)
    })
}

/// `static native int flatSize(int[] shape)`: `computeFlatSize`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_flatSize<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JIntArray<'local>,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || Ok(buffer::flat_size(&raw.dims(&shape, null::SHAPE)?)))
}

/// `static native int route(boolean present, int from, int to)`: `createFrom`'s null check and
/// path (0 floats, 1 ints, 2 exact copy). A null or unsupported target type gives 0: creating
/// the result fails first.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_route<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    present: jboolean,
    from: jint,
    to: jint,
) -> jint {
    guard_primitive(&mut env, || {
        if !present {
            return Err(buffer::null_argument(null::SOURCE).into());
        }
        let from = buffer::element_type(from)?;
        Ok(match buffer::element_type(to) {
            Ok(to) => buffer::create_from_route(from, to) as jint,
            Err(_) => 0,
        })
    })
}

/// `static native void unsupported(int dataType)`: throws upstream's `AssertionError` for a
/// type `createFixedSize`/`createDynamic` do not handle.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_unsupported<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    data_type: jint,
) {
    guard_primitive(&mut env, || match buffer::element_type(data_type) {
        Err(e) => Err(e.into()),
        Ok(ty) => Err(Error::internal(format!("{ty:?} is supported")).into()),
    })
}

// The lossy conversions of one element, for the single-element getters (Java reads the raw
// element with the ByteBuffer accessor of its width).

/// `static native int floatToInt(float value)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_floatToInt(
    mut env: EnvUnowned<'_>,
    _class: JClass<'_>,
    value: jfloat,
) -> jint {
    guard_primitive(&mut env, || Ok(lite::f32_to_i32(value)))
}

/// `static native float intToFloat(int value)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_intToFloat(
    mut env: EnvUnowned<'_>,
    _class: JClass<'_>,
    value: jint,
) -> jfloat {
    guard_primitive(&mut env, || Ok(lite::i32_to_f32(value)))
}

/// `static native int longToInt(long value)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_longToInt(
    mut env: EnvUnowned<'_>,
    _class: JClass<'_>,
    value: jlong,
) -> jint {
    guard_primitive(&mut env, || Ok(lite::i64_to_i32(value)))
}

/// `static native float longToFloat(long value)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_lite_support_tensorbuffer_ElementConversions_longToFloat(
    mut env: EnvUnowned<'_>,
    _class: JClass<'_>,
    value: jlong,
) -> jfloat {
    guard_primitive(&mut env, || Ok(lite::i64_to_f32(value)))
}

/// Java's zero digit (a UTF-16 unit; every locale's is in the BMP).
pub(super) fn zero_digit(unit: jchar) -> char {
    char::from_u32(u32::from(unit)).unwrap_or('0')
}

fn count_i32(count: usize) -> BridgeResult<i32> {
    Ok(i32::try_from(count).map_err(|_| Error::internal("array longer than i32"))?)
}

impl RawEnv {
    /// The elements of a shape array (`GetIntArrayRegion`, which cannot throw for the array's
    /// own length); null fails with `null_message`.
    fn dims(&self, array: &JIntArray<'_>, null_message: &str) -> BridgeResult<SmallVec<[i32; 8]>> {
        if array.is_null() {
            return Err(buffer::null_argument(null_message).into());
        }
        let len = self.array_len(array.as_raw() as jarray)?;
        let mut dims: SmallVec<[i32; 8]> = SmallVec::from_elem(0, len);
        // SAFETY: a non-null int[] of exactly `len` elements; `dims` holds `len` ints.
        unsafe { self.get_region(array.as_raw() as jarray, 0, &mut dims) };
        Ok(dims)
    }

    /// Writes `values` to the start of `out` (an int[] Java allocated at least that long).
    fn set_ints(&self, out: &JIntArray<'_>, values: &[i32]) -> BridgeResult<()> {
        if self.array_len(out.as_raw() as jarray)? < values.len() {
            return Err(Error::internal("output array too short").into());
        }
        // SAFETY: a non-null int[] holding at least `values.len()` elements.
        unsafe { self.set_region(out.as_raw() as jarray, values) }
    }

    /// Where the first `count` elements of `ty` live: the direct buffer's memory when `direct`
    /// is not null, else `heap[heap_offset..]` (a heap buffer's backing array, or Java's copy of
    /// a read-only one). Checked against the direct buffer's capacity or the array's length.
    /// `None` when there is nothing to touch (count 0), so an empty buffer's address, which the
    /// JVM may leave unspecified, is never used.
    fn storage<'a, 'b>(
        &self,
        args: StorageArgs<'a, 'b, '_>,
        count: usize,
        ty: ElementType,
    ) -> BridgeResult<Option<Storage<'a, 'b>>> {
        let StorageArgs { direct, heap, heap_offset, .. } = args;
        let len = count
            .checked_mul(ty.size())
            .ok_or_else(|| Error::invalid_argument("element count overflows the byte count"))?;
        if !direct.is_null() {
            return self.direct_region(direct, len);
        }
        let (array_len, offset) = self.heap_range(heap.as_raw() as jarray, heap_offset, len)?;
        if len == 0 {
            return Ok(None);
        }
        Ok(Some(Storage::Heap { array: heap, array_len, offset, len }))
    }

    /// The first `len` bytes of a direct buffer, after checking them against its capacity.
    fn direct_region<'a, 'b>(
        &self,
        buffer: &JByteBuffer<'_>,
        len: usize,
    ) -> BridgeResult<Option<Storage<'a, 'b>>> {
        Ok(self.direct(buffer, len)?.map(|ptr| Storage::Direct { ptr, len }))
    }

    /// Pins `array` (whose length was read as `len` before entering the region) with
    /// `GetPrimitiveArrayCritical`, written against the raw table because the `jni` crate's
    /// critical guard calls `ExceptionCheck` inside the region, which `-Xcheck:jni` reports.
    /// Two arrays may be pinned at once (JNI allows nested critical regions).
    ///
    /// # Safety
    /// The caller makes no JNI call on this thread, other than pinning or releasing another
    /// array, until the returned guard is dropped.
    pub(super) unsafe fn pin<'a, T: TypeArray>(
        &self,
        array: &'a JPrimitiveArray<'_, T>,
        len: usize,
        release: Release,
    ) -> BridgeResult<Pinned<'a, T>> {
        let raw_array = array.as_raw() as jarray;
        // SAFETY: live JNIEnv; non-null local reference to a primitive array of element type T.
        let ptr = unsafe {
            ((**self.0).v1_2.GetPrimitiveArrayCritical)(self.0, raw_array, std::ptr::null_mut())
        };
        if ptr.is_null() {
            // Could not pin or copy (out of memory): an OutOfMemoryError is pending and the
            // guard lets it through.
            return Err(Error::resource_exhausted("GetPrimitiveArrayCritical failed").into());
        }
        Ok(Pinned {
            env: self.0,
            array: raw_array,
            ptr: ptr.cast(),
            len,
            release,
            _array: PhantomData,
        })
    }
}

/// A buffer's element bytes, checked but not yet accessed.
enum Storage<'a, 'b> {
    /// Direct-buffer memory; the buffer object is an argument of the running native call, so it
    /// stays reachable and its memory stays allocated until the call returns.
    Direct { ptr: *mut u8, len: usize },
    /// `len` bytes from `offset` of a Java `byte[]` of `array_len` elements.
    Heap {
        array: &'a JByteArray<'b>,
        array_len: usize,
        offset: usize,
        len: usize,
    },
}

impl<'a> Storage<'a, '_> {
    /// The bytes, pinning a heap array for as long as the result lives.
    ///
    /// # Safety
    /// As [`RawEnv::pin`].
    unsafe fn open(self, raw: &RawEnv, release: Release) -> BridgeResult<Bytes<'a>> {
        match self {
            Storage::Direct { ptr, len } => Ok(Bytes { ptr, len, _pin: None }),
            Storage::Heap { array, array_len, offset, len } => {
                // SAFETY: forwarded to the caller.
                let pinned = unsafe { raw.pin(array, array_len, release)? };
                // SAFETY: offset + len <= array_len was checked by `storage`.
                let ptr = unsafe { pinned.ptr.cast::<u8>().add(offset) };
                Ok(Bytes { ptr, len, _pin: Some(pinned) })
            }
        }
    }
}

/// Element bytes open for one conversion: direct-buffer memory, or a window of a pinned array.
/// Java code racing on the same buffer may observe partial writes, as with any concurrent
/// `ByteBuffer` use, but no access leaves the checked range.
struct Bytes<'a> {
    ptr: *mut u8,
    len: usize,
    _pin: Option<Pinned<'a, jbyte>>,
}

impl Bytes<'_> {
    fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` bytes from `ptr` lie within the checked range of live memory until drop.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as in as_slice; `&mut self` makes the borrow unique within this call.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// How a pinned array is released: without copying back for inputs, with for outputs (matters
/// only if the JVM handed out a copy).
#[derive(Clone, Copy)]
pub(super) enum Release {
    CopyBack,
    NoCopyBack,
}

/// A Java primitive array pinned by [`RawEnv::pin`], released on drop.
pub(super) struct Pinned<'a, T> {
    env: *mut JNIEnv,
    array: jarray,
    ptr: *mut T,
    len: usize,
    release: Release,
    _array: PhantomData<&'a ()>,
}

impl<T> Pinned<'_, T> {
    pub(super) fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` points at `len` elements of the pinned array until drop.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub(super) fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in as_slice; `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T> Drop for Pinned<'_, T> {
    fn drop(&mut self) {
        let mode = match self.release {
            Release::CopyBack => 0,
            Release::NoCopyBack => jni::sys::JNI_ABORT,
        };
        // SAFETY: releases exactly what `pin` obtained, on the same thread and JNIEnv.
        unsafe {
            ((**self.env).v1_2.ReleasePrimitiveArrayCritical)(
                self.env,
                self.array,
                self.ptr.cast(),
                mode,
            );
        }
    }
}
