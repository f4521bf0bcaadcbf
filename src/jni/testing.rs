//! Natives of the test-only class `dev.tensorbridge.internal.TestNatives` (in the JUnit sources):
//! deliberate failures that prove the guard and the error table work end to end, the live handle
//! count, and the Rust tables that Java copies are checked against. Compiled only with the
//! `testing` feature, into the test library (`testing/`), never into the shipped one.

use jni::EnvUnowned;
use jni::objects::{JClass, JString};
use jni::sys::{jint, jlong};

use super::errors::BridgeError;
use super::guard::{guard, guard_primitive};
use crate::{Error, ErrorKind};

/// `static native int panicForTest(int value)`: panics on purpose; Java must see an exception.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_TestNatives_panicForTest<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    value: jint,
) -> jint {
    guard_primitive(&mut env, || -> Result<jint, BridgeError> {
        panic!("deliberate panic for test, value {value}")
    })
}

/// `static native void throwForTest(int kindOrdinal, String message)`: raises a core error of the
/// given kind so Java tests can check the error table end to end.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_TestNatives_throwForTest<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    kind_ordinal: jint,
    message: JString<'local>,
) {
    guard(&mut env, |env| {
        let message = if message.is_null() { String::new() } else { message.try_to_string(env)? };
        let kind = ErrorKind::ALL
            .get(usize::try_from(kind_ordinal).unwrap_or(usize::MAX))
            .copied()
            .ok_or_else(|| Error::invalid_argument(format!("no error kind {kind_ordinal}")))?;
        Err(BridgeError::Core(Error::new(kind, message)))
    })
}

/// `static native long liveHandles()`: tensor handles issued and not yet released (tests use it
/// to prove that the safety net frees unreachable tensors and nothing is released twice).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_TestNatives_liveHandles<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jlong {
    guard_primitive(&mut env, || Ok(super::handles::live_handles()))
}

/// A Rust table as a Java `int[]`, for the tests that check the Java copies against it.
fn int_table(env: &mut jni::Env<'_>, values: &[i32]) -> Result<jni::sys::jintArray, BridgeError> {
    let array = env.new_int_array(values.len())?;
    array.set_region(env, 0, values)?;
    Ok(array.into_raw())
}

/// `static native int[] dtypeTable()`: for each TensorFlow dtype value 0..=max, the element size
/// of a memcpy-able dtype, -1 for one whose elements are objects (STRING, RESOURCE, VARIANT),
/// -2 for a value with no dtype. `org.tensorflow.DataType` keeps a copy.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_TestNatives_dtypeTable<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jni::sys::jintArray {
    guard(&mut env, |env| {
        let table: Vec<i32> = crate::dtype::DataType::ALL
            .iter()
            .map(|d| match d {
                crate::dtype::DataType::Invalid => -2,
                d if d.can_use_memcpy() => d.size() as i32,
                _ => -1,
            })
            .collect();
        int_table(env, &table)
    })
}

/// `static native int[] tfliteTable()`: `{code, byteSize}` of each TFLite `DataType` constant in
/// declaration order, then one `{code, size}` pair per type `TensorBuffer`'s native conversions
/// accept, so Java's copies (`org.tensorflow.lite.DataType`, `ElementConversions.typeCode`) can
/// be checked against them.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_TestNatives_tfliteTable<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
) -> jni::sys::jintArray {
    guard(&mut env, |env| {
        let mut table = Vec::new();
        for t in crate::dtype::LiteDataType::ALL {
            table.extend([t.c(), t.byte_size()]);
        }
        for code in 0..=16 {
            if let Ok(ty) = crate::lite::ElementType::from_tflite_code(code) {
                table.extend([code, ty.size() as i32]);
            }
        }
        int_table(env, &table)
    })
}

/// `static native long address(ByteBuffer buffer)`: a direct buffer's address (0 for a heap
/// buffer), so tests can see that a freed result block is handed out again.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_tensorbridge_internal_TestNatives_address<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    buffer: jni::objects::JByteBuffer<'local>,
) -> jlong {
    let raw = env.as_raw();
    guard_primitive(&mut env, || {
        if buffer.is_null() {
            return Err(Error::new(ErrorKind::NullPointer, "buffer is null").into());
        }
        use jni::refs::Reference;
        // SAFETY: live JNIEnv of this thread and a non-null local reference; the function does
        // not throw (a heap buffer gives null).
        let address = unsafe {
            ((**raw).v1_4.GetDirectBufferAddress)(raw, buffer.as_raw() as jni::sys::jobject)
        };
        Ok(address as jlong)
    })
}
