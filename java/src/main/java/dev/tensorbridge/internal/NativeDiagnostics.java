package dev.tensorbridge.internal;

/**
 * Natives that report the library version and fail on purpose, so tests can prove that the
 * native guard turns panics and errors into Java exceptions. Callers load the library first.
 */
final class NativeDiagnostics {
  private NativeDiagnostics() {}

  /** The native library's version (Cargo package version). */
  static native String nativeVersion();

  /** Panics inside Rust; must surface as {@code org.tensorflow.TensorFlowException}. */
  static native int panicForTest(int value);

  /**
   * Raises the core error kind with this ordinal (Rust {@code ErrorKind::ALL} order) and message.
   */
  static native void throwForTest(int kindOrdinal, String message);
}
