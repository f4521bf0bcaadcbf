package org.tensorflow.lite;

/**
 * The element types of TensorFlow Lite tensors. The constants, their order and their sizes match
 * {@code org.tensorflow.lite.DataType} of {@code tensorflow-lite-api}, so either copy of this class
 * may be on the classpath with the same behaviour.
 *
 * <p>The codes and sizes are a copy of the Rust table ({@code LiteDataType} in {@code
 * src/dtype.rs}); {@code LiteDataTypeTableTest} checks that the two agree.
 */
public enum DataType {
  /** 32-bit IEEE 754 float. */
  FLOAT32(1),
  /** 32-bit signed integer. */
  INT32(2),
  /** 8-bit unsigned integer. */
  UINT8(3),
  /** 64-bit signed integer. */
  INT64(4),
  /** Variable-length strings. */
  STRING(5),
  /** Booleans; Java does not fix their storage size. */
  BOOL(6),
  /** 16-bit signed integer. */
  INT16(7),
  /** 8-bit signed integer. */
  INT8(9);

  /** The TfLiteType enum value of the C API. */
  private final int value;

  DataType(int value) {
    this.value = value;
  }

  /**
   * Returns the size of one element in bytes, or -1 when elements have no fixed size.
   *
   * @return 4 for FLOAT32 and INT32, 2 for INT16, 1 for INT8 and UINT8, 8 for INT64; -1 for BOOL
   *     and STRING
   */
  public int byteSize() {
    switch (this) {
      case FLOAT32:
      case INT32:
        return 4;
      case INT16:
        return 2;
      case INT8:
      case UINT8:
        return 1;
      case INT64:
        return 8;
      case BOOL:
      case STRING:
        return -1;
    }
    // Unreachable for the constants above; kept for a constant added without a size.
    throw new IllegalArgumentException(
        "DataType error: DataType " + this + " is not supported yet");
  }

  /** The TfLiteType value passed to the C API. */
  int c() {
    return value;
  }
}
