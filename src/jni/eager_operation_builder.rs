//! Natives of `org.tensorflow.EagerOperationBuilder`: the eager op kernels. One JNI transition per
//! op; primitives in and out, so no `Env` is built unless an error is thrown.

use jni::EnvUnowned;
use jni::objects::JClass;
use jni::sys::jlong;

use super::guard::guard_primitive;
use super::handles;
use crate::strided_slice::strided_slice_tensor_attrs;

/// `private static native long stridedSlice(long input, long begin, long end, long strides,
/// long beginMask, long endMask, long ellipsisMask, long newAxisMask, long shrinkAxisMask)`: the
/// handle of a new output tensor (which may share the input's buffer). The four handles are
/// checked under one registry lock.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_org_tensorflow_EagerOperationBuilder_stridedSlice<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    input: jlong,
    begin: jlong,
    end: jlong,
    strides: jlong,
    begin_mask: jlong,
    end_mask: jlong,
    ellipsis_mask: jlong,
    new_axis_mask: jlong,
    shrink_axis_mask: jlong,
) -> jlong {
    guard_primitive(&mut env, || {
        let [input, begin, end, strides] = handles::tensors([input, begin, end, strides])?;
        let masks = [begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask];
        let output = strided_slice_tensor_attrs(&input, &begin, &end, &strides, masks)?;
        handles::into_handle(output)
    })
}
