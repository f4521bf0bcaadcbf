//! The one error type of the core. Each kind names the upstream failure it reproduces; the JNI
//! bridge maps kinds to Java exception classes in one table (`src/jni/errors.rs`).

/// What went wrong, named after the upstream status code or Java exception it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// TensorFlow `INVALID_ARGUMENT` (also TFLite's `IllegalArgumentException` checks).
    InvalidArgument,
    /// TensorFlow `OUT_OF_RANGE`.
    OutOfRange,
    /// TensorFlow `UNIMPLEMENTED`.
    Unimplemented,
    /// TensorFlow `FAILED_PRECONDITION`.
    FailedPrecondition,
    /// TensorFlow `RESOURCE_EXHAUSTED` (an allocation that cannot be satisfied).
    ResourceExhausted,
    /// TensorFlow `INTERNAL`, or a bug in tensorbridge itself.
    Internal,
    /// An index outside a Java collection (`IndexOutOfBoundsException`).
    IndexOutOfBounds,
    /// An index outside a Java array (`ArrayIndexOutOfBoundsException`).
    ArrayIndexOutOfBounds,
    /// A negative length where Java would allocate an array (`NegativeArraySizeException`).
    NegativeArraySize,
    /// An operation on something absent, e.g. the dimensions of an unknown rank (`NullPointerException`).
    NullPointer,
    /// An object used in the wrong state (`IllegalStateException`).
    IllegalState,
    /// TFLite Support's `AssertionError` for a data type it does not handle.
    UnsupportedDataType,
    /// Reading past the end of a buffer (`BufferUnderflowException`).
    BufferUnderflow,
    /// Writing past the end of a buffer (`BufferOverflowException`).
    BufferOverflow,
    /// Writing into a read-only buffer (`ReadOnlyBufferException`).
    ReadOnlyBuffer,
    /// A Java array longer than the VM can allocate (`OutOfMemoryError`).
    OutOfMemory,
    /// Integer division by zero (`ArithmeticException`).
    Arithmetic,
}

impl ErrorKind {
    /// Every kind, in declaration order (the order the Java diagnostics test uses).
    pub const ALL: [ErrorKind; 17] = [
        ErrorKind::InvalidArgument,
        ErrorKind::OutOfRange,
        ErrorKind::Unimplemented,
        ErrorKind::FailedPrecondition,
        ErrorKind::ResourceExhausted,
        ErrorKind::Internal,
        ErrorKind::IndexOutOfBounds,
        ErrorKind::ArrayIndexOutOfBounds,
        ErrorKind::NegativeArraySize,
        ErrorKind::NullPointer,
        ErrorKind::IllegalState,
        ErrorKind::UnsupportedDataType,
        ErrorKind::BufferUnderflow,
        ErrorKind::BufferOverflow,
        ErrorKind::ReadOnlyBuffer,
        ErrorKind::OutOfMemory,
        ErrorKind::Arithmetic,
    ];
}

/// An error with its upstream message, kept verbatim.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    /// The failure class; decides the Java exception type.
    pub kind: ErrorKind,
    /// The exact upstream text (no prefix or suffix added), shown by `Display`.
    pub message: String,
}

impl Error {
    /// An error of any kind with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into() }
    }
    /// An `ErrorKind::InvalidArgument` error.
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidArgument, message)
    }
    /// An `ErrorKind::OutOfRange` error.
    pub fn out_of_range(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::OutOfRange, message)
    }
    /// An `ErrorKind::Unimplemented` error.
    pub fn unimplemented(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unimplemented, message)
    }
    /// An `ErrorKind::FailedPrecondition` error.
    pub fn failed_precondition(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::FailedPrecondition, message)
    }
    /// An `ErrorKind::ResourceExhausted` error.
    pub fn resource_exhausted(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::ResourceExhausted, message)
    }
    /// An `ErrorKind::Internal` error.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Internal, message)
    }
}

/// The result type of every fallible core operation.
pub type Result<T> = std::result::Result<T, Error>;
