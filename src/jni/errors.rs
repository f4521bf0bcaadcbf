//! The single table from core error kinds to Java exception classes, and the bridge's own errors.

use crate::{Error, ErrorKind};

/// Everything a native body can fail with.
#[derive(Debug, thiserror::Error)]
pub(crate) enum BridgeError {
    /// A core error: thrown as the class of [`java_class`] with its message verbatim.
    #[error(transparent)]
    Core(#[from] Error),
    /// A failed JNI call. If it left a Java exception pending, that exception is what Java sees.
    #[error("JNI call failed: {0}")]
    Jni(#[from] jni::errors::Error),
}

/// Shorthand for bridge bodies.
pub(crate) type BridgeResult<T> = std::result::Result<T, BridgeError>;

/// The Java class thrown for each core error kind (TensorFlow status codes:
/// docs/contracts/README.md#error-model).
pub(crate) fn java_class(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::InvalidArgument => "java/lang/IllegalArgumentException",
        ErrorKind::OutOfRange => "java/lang/IndexOutOfBoundsException",
        ErrorKind::Unimplemented => "java/lang/UnsupportedOperationException",
        ErrorKind::FailedPrecondition | ErrorKind::ResourceExhausted => {
            "java/lang/IllegalStateException"
        }
        ErrorKind::Internal => TENSORFLOW_EXCEPTION,
        ErrorKind::IndexOutOfBounds => "java/lang/IndexOutOfBoundsException",
        ErrorKind::ArrayIndexOutOfBounds => "java/lang/ArrayIndexOutOfBoundsException",
        ErrorKind::NegativeArraySize => "java/lang/NegativeArraySizeException",
        ErrorKind::NullPointer => "java/lang/NullPointerException",
        ErrorKind::IllegalState => "java/lang/IllegalStateException",
        ErrorKind::UnsupportedDataType => "java/lang/AssertionError",
        ErrorKind::BufferUnderflow => "java/nio/BufferUnderflowException",
        ErrorKind::BufferOverflow => "java/nio/BufferOverflowException",
        ErrorKind::ReadOnlyBuffer => "java/nio/ReadOnlyBufferException",
        ErrorKind::OutOfMemory => "java/lang/OutOfMemoryError",
        ErrorKind::Arithmetic => "java/lang/ArithmeticException",
    }
}

/// Thrown for `INTERNAL` and for anything that should never happen (a caught panic).
pub(crate) const TENSORFLOW_EXCEPTION: &str = "org/tensorflow/TensorFlowException";

/// Whether the class has no `(String)` constructor, so it must be thrown without a message.
pub(crate) fn has_no_message_constructor(class: &str) -> bool {
    matches!(
        class,
        "java/nio/BufferUnderflowException"
            | "java/nio/BufferOverflowException"
            | "java/nio/ReadOnlyBufferException"
    )
}
