package org.tensorflow;

import org.tensorflow.types.UInt8;

/**
 * Element types of a {@link Tensor}. The first seven constants are TensorFlow 1.x Java's, in its
 * order; the others are appended (never inserted) so that ordinals and switches over the original
 * seven stay valid. Each constant carries its TensorFlow {@code DataType} enum value.
 *
 * <p>The values and sizes are a copy of the Rust table ({@code src/dtype.rs}), kept in Java so
 * that {@link #byteSize()} is a field read; {@code DataTypeTableTest} checks that the two agree.
 */
public enum DataType {
  /** 32-bit IEEE float. */
  FLOAT(1, 4),
  /** 64-bit IEEE float. */
  DOUBLE(2, 8),
  /** 32-bit signed integer. */
  INT32(3, 4),
  /** 8-bit unsigned integer. */
  UINT8(4, 1),
  /** A sequence of bytes; the element size is variable. */
  STRING(7, -1),
  /** 64-bit signed integer. */
  INT64(9, 8),
  /** Boolean, one byte per element. */
  BOOL(10, 1),
  /** 8-bit signed integer. */
  INT8(6, 1),
  /** 16-bit signed integer. */
  INT16(5, 2),
  /** 16-bit unsigned integer. */
  UINT16(17, 2),
  /** 32-bit unsigned integer. */
  UINT32(22, 4),
  /** 64-bit unsigned integer. */
  UINT64(23, 8),
  /** IEEE 754 half precision float. */
  HALF(19, 2),
  /** bfloat16: the upper half of a 32-bit float. */
  BFLOAT16(14, 2),
  /** Complex number of two 32-bit floats (real, imaginary). */
  COMPLEX64(8, 8),
  /** Complex number of two 64-bit floats (real, imaginary). */
  COMPLEX128(18, 16),
  /** Quantized signed 8-bit integer. */
  QINT8(11, 1),
  /** Quantized unsigned 8-bit integer. */
  QUINT8(12, 1),
  /** Quantized signed 16-bit integer. */
  QINT16(15, 2),
  /** Quantized unsigned 16-bit integer. */
  QUINT16(16, 2),
  /** Quantized signed 32-bit integer. */
  QINT32(13, 4),
  /** Handle to a resource; elements are objects, not bytes. */
  RESOURCE(20, -1),
  /** Arbitrary value; elements are objects, not bytes. */
  VARIANT(21, -1),
  /** 8-bit float, 5 exponent and 2 mantissa bits. */
  FLOAT8_E5M2(24, 1),
  /** 8-bit float, 4 exponent and 3 mantissa bits, finite only. */
  FLOAT8_E4M3FN(25, 1),
  /** 8-bit float, 4 exponent and 3 mantissa bits, finite, unsigned zero. */
  FLOAT8_E4M3FNUZ(26, 1),
  /** 8-bit float, 4 exponent bits with bias 11, 3 mantissa bits, finite, unsigned zero. */
  FLOAT8_E4M3B11FNUZ(27, 1),
  /** 8-bit float, 5 exponent and 2 mantissa bits, finite, unsigned zero. */
  FLOAT8_E5M2FNUZ(28, 1),
  /** 4-bit signed integer, one per byte. */
  INT4(29, 1),
  /** 4-bit unsigned integer, one per byte. */
  UINT4(30, 1),
  /** 2-bit signed integer, one per byte. */
  INT2(31, 1),
  /** 2-bit unsigned integer, one per byte. */
  UINT2(32, 1),
  /** 4-bit float, 2 exponent and 1 mantissa bit, one per byte. */
  FLOAT4_E2M1FN(33, 1);

  private final int value;
  private final int byteSize;

  DataType(int value, int byteSize) {
    this.value = value;
    this.byteSize = byteSize;
  }

  /**
   * The number of bytes one element occupies in a tensor's data.
   *
   * @return the fixed element width, or -1 for types whose elements differ in size (STRING)
   */
  public int byteSize() {
    return byteSize;
  }

  /** The TensorFlow {@code DataType} enum value. */
  int c() {
    return value;
  }

  private static final DataType[] BY_VALUE = new DataType[34];

  static {
    for (DataType type : values()) {
      BY_VALUE[type.value] = type;
    }
  }

  /** The constant with this TensorFlow enum value. */
  static DataType fromC(int c) {
    if (c >= 0 && c < BY_VALUE.length && BY_VALUE[c] != null) {
      return BY_VALUE[c];
    }
    throw new IllegalArgumentException(
        "DataType " + c + " is not recognized in Java (version " + TensorFlow.version() + ")");
  }

  /**
   * The data type whose Java type tag is {@code c}: {@code Float}, {@code Double}, {@code Integer},
   * {@link UInt8}, {@code String}, {@code Long} or {@code Boolean}.
   *
   * @param c the type tag class (boxed classes, not primitives such as {@code float.class})
   * @return the matching data type
   * @throws IllegalArgumentException for any other class
   */
  public static DataType fromClass(Class<?> c) {
    if (c == Float.class) {
      return FLOAT;
    } else if (c == Double.class) {
      return DOUBLE;
    } else if (c == Integer.class) {
      return INT32;
    } else if (c == UInt8.class) {
      return UINT8;
    } else if (c == Long.class) {
      return INT64;
    } else if (c == Boolean.class) {
      return BOOL;
    } else if (c == String.class) {
      return STRING;
    }
    throw new IllegalArgumentException(
        c.getName() + " objects cannot be used as elements in a TensorFlow Tensor");
  }
}
