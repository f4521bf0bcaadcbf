//! Natives of `dev.tensorbridge.internal.ImageRules`: `ColorSpaceType`'s shape and size rules
//! ([`crate::lite::image::color_space`]) and `BoundingBoxUtil.convert`
//! ([`crate::lite::image::boxes`]). The Java classes pass their enum constants as ordinals (-1 for
//! null) and the tensor's fields and storage; every argument is checked here or in the core
//! before it is used, and a null `int[]` that the Java API would dereference becomes its
//! `NullPointerException` at the point where the Java API would throw it.

use jni::EnvUnowned;
use jni::objects::{JByteArray, JByteBuffer, JClass, JIntArray, JString};
use jni::refs::Reference;
use jni::sys::{jarray, jboolean, jchar, jfloat, jfloatArray, jint, jstring};

use super::errors::BridgeResult;
use super::guard::{guard, guard_primitive};
use super::raw_env::RawEnv;
use super::tensor_buffer::zero_digit;
use crate::Error;
use crate::dtype::LiteDataType;
use crate::lite::ByteOrder;
use crate::lite::image::boxes::{self, BoxType, CoordinateType, Request};
use crate::lite::image::color_space::{ColorSpace, RgbOnly};

/// `static native void requireRgbOrGrayscaleNative(int colorSpace, int method)`: the
/// `UnsupportedOperationException` of a YUV layout for a method only RGB and GRAYSCALE have
/// (`method`: 0 getChannelValue, 1 getNormalizedShape, 2 getShapeInfoMessage, 3 toBitmapConfig,
/// 4 convertTensorBufferToBitmap).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_requireRgbOrGrayscaleNative<
    'local,
>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    method: jint,
) {
    guard_primitive(&mut env, || {
        ColorSpace::from_ordinal(color_space)?.require(RgbOnly::from_code(method)?)?;
        Ok(())
    })
}

/// `static native int channelValueNative(int colorSpace)`: `getChannelValue()`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_channelValueNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
) -> jint {
    guard_primitive(&mut env, || {
        Ok(ColorSpace::from_ordinal(color_space)?.channels()?)
    })
}

/// `static native String shapeInfoNative(int colorSpace)`: `getShapeInfoMessage()`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_shapeInfoNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
) -> jstring {
    guard(&mut env, |env| {
        let info = ColorSpace::from_ordinal(color_space)?.shape_info()?;
        Ok(JString::from_str(env, info)?.into_raw())
    })
}

/// `static native boolean normalizeShape(int colorSpace, int[] shape, int[] out)`:
/// `getNormalizedShape(shape)` into `out` (length 4); true when the result is `shape` itself (a
/// 4-dimensional shape, which the Java API returns as given).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_normalizeShape<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    shape: JIntArray<'local>,
    out: JIntArray<'local>,
) -> jboolean {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let color_space = ColorSpace::from_ordinal(color_space)?;
        let shape = raw.nullable_ints(&shape)?;
        let normalized = color_space.normalized_shape(shape.as_deref())?;
        let target = out.as_raw() as jarray;
        if raw.array_len(target)? != 4 {
            return Err(
                Error::invalid_argument("the normalized shape array must hold 4 ints").into(),
            );
        }
        // SAFETY: a non-null int[] of length 4 (checked above).
        unsafe { raw.set_region(target, &normalized.shape)? };
        Ok(normalized.as_given)
    })
}

/// `static native void assertShapeNative(int colorSpace, int[] shape)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_assertShapeNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    shape: JIntArray<'local>,
) {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let color_space = ColorSpace::from_ordinal(color_space)?;
        let shape = raw.nullable_ints(&shape)?;
        Ok(color_space.assert_shape(shape.as_deref())?)
    })
}

/// `static native boolean isValidNormalizedShapeNative(int colorSpace, int[] shape)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_isValidNormalizedShapeNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    shape: JIntArray<'local>,
) -> jboolean {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let color_space = ColorSpace::from_ordinal(color_space)?;
        let shape = raw.nullable_ints(&shape)?;
        Ok(color_space.is_valid_normalized_shape(shape.as_deref())?)
    })
}

/// `static native int dimension(int colorSpace, int[] shape, boolean width)`: `getWidth(shape)`
/// or `getHeight(shape)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_dimension<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    shape: JIntArray<'local>,
    width: jboolean,
) -> jint {
    let raw = RawEnv(env.as_raw());
    guard_primitive(&mut env, || {
        let color_space = ColorSpace::from_ordinal(color_space)?;
        let shape = raw.nullable_ints(&shape)?;
        Ok(if width {
            color_space.width(shape.as_deref())?
        } else {
            color_space.height(shape.as_deref())?
        })
    })
}

/// `static native int numElementsNative(int colorSpace, int height, int width)`: `getNumElements`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_numElementsNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    height: jint,
    width: jint,
) -> jint {
    guard_primitive(&mut env, || {
        Ok(ColorSpace::from_ordinal(color_space)?.num_elements(height, width))
    })
}

/// `static native void assertNumElementsNative(int colorSpace, int numElements, int height, int width,
/// char zeroDigit)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_assertNumElementsNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    color_space: jint,
    num_elements: jint,
    height: jint,
    width: jint,
    zero: jchar,
) {
    guard_primitive(&mut env, || {
        Ok(ColorSpace::from_ordinal(color_space)?.assert_num_elements(
            num_elements,
            height,
            width,
            zero_digit(zero),
        )?)
    })
}

/// `static native float[] boxesNative(int[] shape, int dataType, int[] valueIndex, int axis, int type,
/// int coordinateType, int height, int width, char zeroDigit, ByteBuffer direct, byte[] heap,
/// int heapOffset, int length, boolean bigEndian)`: `BoundingBoxUtil.convert` as left, top, right,
/// bottom per box. The storage is a direct buffer, or (when it is null) a `byte[]` from
/// `heapOffset`, holding `length` bytes; it is read only after every argument check passed.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_internal_ImageRules_boxesNative<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    shape: JIntArray<'local>,
    data_type: jint,
    value_index: JIntArray<'local>,
    axis: jint,
    box_type: jint,
    coordinate_type: jint,
    height: jint,
    width: jint,
    zero: jchar,
    direct: JByteBuffer<'local>,
    heap: JByteArray<'local>,
    heap_offset: jint,
    length: jint,
    big_endian: jboolean,
) -> jfloatArray {
    let raw = RawEnv(env.as_raw());
    guard(&mut env, |env| {
        let shape = raw.ints(&shape)?;
        let value_index = raw.nullable_ints(&value_index)?;
        let data_type = usize::try_from(data_type)
            .ok()
            .and_then(LiteDataType::from_ordinal)
            .ok_or_else(|| Error::invalid_argument(format!("no DataType ordinal {data_type}")))?;
        let req = Request {
            shape: &shape,
            data_type,
            value_index: value_index.as_deref(),
            axis,
            box_type: BoxType::from_ordinal(box_type)?,
            coordinate_type: CoordinateType::from_ordinal(coordinate_type)?,
            height,
            width,
            zero_digit: zero_digit(zero),
        };
        let plan = boxes::plan(&req)?;
        let length = usize::try_from(length)
            .map_err(|_| Error::invalid_argument(format!("negative storage length {length}")))?;
        let order = ByteOrder::from_big_endian(big_endian);
        let edges = if direct.is_null() {
            // Only the bytes the boxes use are copied; a shorter array fails in `convert`.
            let bytes = raw.byte_region(&heap, heap_offset, length.min(plan.bytes()))?;
            boxes::convert(&req, plan, &bytes, order)?
        } else {
            let bytes: &[u8] = match raw.direct(&direct, length)? {
                // SAFETY: `length` bytes from the address lie within the buffer's capacity
                // (checked by `direct`); the buffer is an argument of this call, so its memory
                // stays allocated until we return; only read.
                Some(ptr) => unsafe { std::slice::from_raw_parts(ptr.cast_const(), length) },
                None => &[],
            };
            boxes::convert(&req, plan, bytes, order)?
        };
        float_array(env, &edges)
    })
}

fn float_array(env: &mut jni::Env<'_>, values: &[jfloat]) -> BridgeResult<jfloatArray> {
    let array = env.new_float_array(values.len())?;
    array.set_region(env, 0, values)?;
    Ok(array.into_raw())
}

impl RawEnv {
    /// The elements of an `int[]`, or `None` for null (the core decides when null fails).
    fn nullable_ints(&self, array: &JIntArray<'_>) -> BridgeResult<Option<Vec<jint>>> {
        if array.is_null() {
            Ok(None)
        } else {
            self.ints(array).map(Some)
        }
    }
}
