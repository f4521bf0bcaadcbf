package dev.tensorbridge.internal;

/**
 * Natives that only the test library has (the {@code testing} feature of the crate, built from
 * {@code testing/} and loaded by the JUnit run through {@code tensorbridge.library.path}): they
 * fail on purpose so tests can prove that the native guard turns panics and errors into Java
 * exceptions, count live handles, and return the Rust tables that Java copies are checked
 * against. Callers load the library first.
 */
final class TestNatives {
  private TestNatives() {}

  /** Panics inside Rust; must surface as {@code org.tensorflow.TensorFlowException}. */
  static native int panicForTest(int value);

  /**
   * Raises the core error kind with this ordinal (Rust {@code ErrorKind::ALL} order) and message.
   */
  static native void throwForTest(int kindOrdinal, String message);

  /** Native handles issued and not yet released. */
  static native long liveHandles();

  /** The address of a direct buffer's memory, 0 for a heap buffer. */
  static native long address(java.nio.ByteBuffer buffer);

  /**
   * The Rust dtype table: per TensorFlow dtype value, the element size, -1 for object elements,
   * -2 for no dtype. {@code org.tensorflow.DataType} is a copy, checked against it by a test.
   */
  static native int[] dtypeTable();

  /**
   * The Rust TFLite tables: {@code {code, byteSize}} per TFLite {@code DataType} constant, then
   * {@code {code, size}} per type the native conversions accept. Java's copies are checked
   * against it by tests.
   */
  static native int[] tfliteTable();
}
