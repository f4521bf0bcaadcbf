//! Natives of `org.tensorflow.ndarray.Shape` (its `private static native` methods): every Shape
//! rule runs in [`crate::shape`]; this file only moves dimensions between Java arrays and Rust.
//!
//! Protocol: a Java `long[]` holds the dimensions and `null` stands for an unknown rank. A
//! derivation is one call: Java allocates the result array (its length is what a valid call
//! yields; Java clamps it to what the operands could hold, so an invalid request never allocates
//! much), Rust validates, fills it and returns the result's size, which Java caches. When the
//! rules reject the call, the mapped exception is thrown and the array is left untouched.
//!
//! Performance: everything runs under [`guard_primitive`] (no `jni::Env` unless an exception is
//! thrown) and reaches the arrays through three functions of the raw JNI table:
//! `GetArrayLength` and `GetLongArrayRegion` (into a buffer on the caller's stack) per operand, and one
//! `SetLongArrayRegion` for the result. Each is a VM transition of 6–10 ns on the reference
//! machine; a pin with `GetPrimitiveArrayCritical` costs two of them, so copying regions is
//! cheaper for arrays as short as shapes. docs/benchmarks.md has the measured costs.

use jni::EnvUnowned;
use jni::objects::{JClass, JLongArray, JString};
use jni::refs::Reference;
use jni::sys::{jarray, jboolean, jint, jlong, jstring};

use super::errors::BridgeResult;
use super::raw_env::RawEnv;
use super::guard::{guard, guard_primitive};
use crate::shape::{self, Joined};
use crate::{Error, Result};

/// Storage for one array of dimensions: on the stack up to this rank (shapes rarely exceed it),
/// on the heap beyond. Kept by the caller so that only a slice moves around, never the buffer.
struct Dims {
    inline: [i64; INLINE_RANK],
    heap: Vec<i64>,
}

const INLINE_RANK: usize = 16;

impl Dims {
    fn new() -> Self {
        Dims { inline: [0; INLINE_RANK], heap: Vec::new() }
    }

    /// `len` writable elements.
    fn slots(&mut self, len: usize) -> &mut [i64] {
        if len <= INLINE_RANK {
            &mut self.inline[..len]
        } else {
            self.heap.resize(len, 0);
            &mut self.heap[..]
        }
    }
}

/// `static native long sizeOf(long[] dims, long unknown)`: the size of `dims` (null: unknown
/// rank); used by the factories.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_sizeOf<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    unknown: jlong,
) -> jlong {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let mut dims_store = Dims::new();
        let dims = raw.read(&dims, &mut dims_store)?;
        Ok(shape::size(dims, unknown))
    })
}

/// `static native boolean hasUnknown(long[] dims, long unknown)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_hasUnknown<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    unknown: jlong,
) -> jboolean {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let mut dims_store = Dims::new();
        let dims = raw.read(&dims, &mut dims_store)?;
        Ok(shape::has_unknown_dimension(dims, unknown))
    })
}

/// `static native boolean compatible(long dim, long otherDim, long unknown)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_compatible<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dim: jlong,
    other_dim: jlong,
    unknown: jlong,
) -> jboolean {
    guard_primitive(&mut env, || Ok(shape::is_compatible(dim, other_dim, unknown)))
}

/// `static native boolean compatibleWith(long[] dims, boolean otherIsNull, long[] otherDims,
/// long unknown)`: `otherIsNull` tells a Java `null` shape from one of unknown rank.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_compatibleWith<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    other_is_null: jboolean,
    other_dims: JLongArray<'local>,
    unknown: jlong,
) -> jboolean {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let mut mine_store = Dims::new();
        let mine = raw.read(&dims, &mut mine_store)?;
        // Java looks at this shape first: an unknown rank never reads the other operand.
        if mine.is_none() {
            return Ok(shape::is_compatible_with(None, None, unknown)?);
        }
        let mut theirs_store = Dims::new();
        let theirs = if other_is_null { None } else { Some(raw.read(&other_dims, &mut theirs_store)?) };
        Ok(shape::is_compatible_with(mine, theirs, unknown)?)
    })
}

/// `static native long deriveTake(long[] dims, int n, long unknown, long[] out)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_deriveTake<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    n: jint,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    derive_from(&mut env, &dims, 0, unknown, &out, |dims, _| shape::take(dims, n))
}

/// `static native long deriveTakeLast(long[] dims, int n, long unknown, long[] out)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_deriveTakeLast<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    n: jint,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    derive_from(&mut env, &dims, 0, unknown, &out, |dims, _| shape::take_last(dims, n))
}

/// `static native long deriveTail(long[] dims, long unknown, long[] out)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_deriveTail<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    derive_from(&mut env, &dims, 0, unknown, &out, |dims, _| shape::tail(dims))
}

/// `static native long deriveSubShape(long[] dims, int begin, int end, long unknown, long[] out)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_deriveSubShape<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    begin: jint,
    end: jint,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    derive_from(&mut env, &dims, 0, unknown, &out, |dims, _| shape::sub_shape(dims, begin, end))
}

/// `static native long derivePrepend(long[] dims, long first, long unknown, long[] out)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_derivePrepend<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    first: jlong,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    derive_from(&mut env, &dims, first, unknown, &out, shape::prepend)
}

/// `static native long deriveAppend(long[] dims, long last, long unknown, long[] out)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_deriveAppend<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
    last: jlong,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    derive_from(&mut env, &dims, last, unknown, &out, shape::append)
}

/// `static native long deriveConcat(long[] first, long[] second, long unknown, long[] out)`: Java's
/// `append(Shape)` and `prepend(Shape)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_deriveConcat<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    first: JLongArray<'local>,
    second: JLongArray<'local>,
    unknown: jlong,
    out: JLongArray<'local>,
) -> jlong {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let mut first_store = Dims::new();
        let first = raw.read(&first, &mut first_store)?;
        let mut second_store = Dims::new();
        let second = raw.read(&second, &mut second_store)?;
        raw.derive(shape::concat(first, second), unknown, &out)
    })
}

/// `static native int hash(long[] dims)`: the hash of a known rank (Java hashes an unknown rank
/// by identity and never asks).
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_hash<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let mut dims_store = Dims::new();
        let dims = raw.read(&dims, &mut dims_store)?;
        shape::hash_code(dims)
            .ok_or_else(|| Error::internal("an unknown rank has no hash code").into())
    })
}

/// `static native String format(long[] dims)`: Java `toString`. Not on a hot path, so it uses the
/// crate's `Env` to make the string.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_ndarray_Shape_format<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    dims: JLongArray<'local>,
) -> jstring {
    let raw = RawEnv(env.as_raw());
    guard(&mut env, |env| {
        let mut dims_store = Dims::new();
        let dims = raw.read(&dims, &mut dims_store)?;
        let mut text = String::new();
        shape::write_dims(&mut text, dims)
            .map_err(|_| Error::internal("formatting a shape failed"))?;
        Ok(JString::from_str(env, &text)?.into_raw())
    })
}

/// The body of every single-operand derivation: read the operand, apply `rule` (to it and to
/// `dim`, the dimension `prepend`/`append` add; the others ignore it), fill `out`.
fn derive_from<'local>(
    env: &mut EnvUnowned<'local>,
    dims: &JLongArray<'local>,
    dim: jlong,
    unknown: jlong,
    out: &JLongArray<'local>,
    rule: impl for<'a> FnOnce(shape::Dims<'a>, &'a i64) -> Result<Joined<'a>>,
) -> jlong {
    let raw = RawEnv(env.as_raw());
    guard_primitive(env, || {
        let mut dims_store = Dims::new();
        let dims = raw.read(dims, &mut dims_store)?;
        raw.derive(rule(dims, &dim), unknown, out)
    })
}

impl RawEnv {
    /// The elements of `array` (copied into `store`), or `None` for a null reference (an unknown
    /// rank).
    fn read<'s>(&self, array: &JLongArray<'_>, store: &'s mut Dims) -> BridgeResult<Option<&'s [i64]>> {
        if array.is_null() {
            return Ok(None);
        }
        let raw_array = array.as_raw() as jarray;
        let dims = store.slots(self.len(raw_array)?);
        // SAFETY: a non-null long[] of exactly `dims.len()` elements (read just above; a Java
        // array never changes length).
        unsafe { self.get_region(raw_array, 0, dims) };
        Ok(Some(dims))
    }

    /// Stores a derived shape into `out` (allocated by Java with the result's length) and returns
    /// its size. `out`'s length is not read first: `SetLongArrayRegion` checks the region against
    /// the array itself (throwing `ArrayIndexOutOfBoundsException` if it does not fit) and is the
    /// last JNI call of the native, so the check would only cost a VM transition (~7 ns).
    fn derive(&self, joined: Result<Joined<'_>>, unknown: jlong, out: &JLongArray<'_>) -> BridgeResult<jlong> {
        let joined = joined?;
        let mut store = Dims::new();
        let dims = store.slots(joined.len());
        joined.write_to(dims);
        if out.is_null() {
            return Err(Error::internal("no result array").into());
        }
        if !dims.is_empty() {
            jint::try_from(dims.len())
                .map_err(|_| Error::internal("derived rank beyond a Java array"))?;
            // SAFETY: a non-null long[]; the JVM checks the region against the array.
            unsafe { self.set_region(out.as_raw() as jarray, dims)? };
        }
        Ok(shape::size(Some(dims), unknown))
    }
}
