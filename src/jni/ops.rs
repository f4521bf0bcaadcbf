//! Natives of `dev.tensorbridge.internal.NativeOps`: eager op kernels over tensor handles.
//! One JNI transition per op; primitives in and out, so no `Env` is built unless an error is
//! thrown. `OpKernels` (Java) passes only live handles, kept alive for the call by its caller.

use jni::EnvUnowned;
use jni::objects::JClass;
use jni::sys::jlong;

use super::guard::guard_primitive;
use super::handles;
use crate::strided_slice::strided_slice_tensor_attrs;

/// `static native long stridedSlice(long input, long begin, long end, long strides, long beginMask,
/// long endMask, long ellipsisMask, long newAxisMask, long shrinkAxisMask)`: the handle of a new
/// output tensor (which may share the input's buffer).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeOps_stridedSlice<'local>(
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
        // SAFETY: live handles owned by Java objects that OpKernels' caller keeps reachable and
        // unreleased for the duration of the call.
        let (input, begin, end, strides) = unsafe {
            (
                handles::borrow(input)?,
                handles::borrow(begin)?,
                handles::borrow(end)?,
                handles::borrow(strides)?,
            )
        };
        let masks = [
            begin_mask,
            end_mask,
            ellipsis_mask,
            new_axis_mask,
            shrink_axis_mask,
        ];
        let output = strided_slice_tensor_attrs(input, begin, end, strides, masks)?;
        Ok(handles::into_handle(output))
    })
}

/// `static native long share(long handle)`: a second handle to the same tensor value (the buffer
/// is shared, not copied; shared buffers are immutable). Each handle is released on its own.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_NativeOps_share<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    handle: jlong,
) -> jlong {
    guard_primitive(&mut env, || {
        // SAFETY: as above.
        let tensor = unsafe { handles::borrow(handle)? };
        Ok(handles::into_handle(tensor.clone()))
    })
}
