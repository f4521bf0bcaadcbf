package org.tensorflow.lite.support.tensorbuffer;

import java.nio.ByteBuffer;
import org.tensorflow.lite.DataType;

/**
 * The conversion rules written as plain Java expressions, independent of the code under test:
 * TFLite Support's for FLOAT32/UINT8 and the project's table for the other types
 * (docs/contracts/tensorbuffer.md#numeric-conversions). A stored element is represented as a long (for FLOAT32: the raw float bits).
 */
final class ConversionReference {
  private ConversionReference() {}

  /** What {@code loadArray(float[])} stores for {@code f}. */
  static long storeFloat(DataType type, float f) {
    switch (type) {
      case FLOAT32:
        return Float.floatToRawIntBits(f);
      case UINT8:
        return ((byte) Math.max(Math.min(f, 255.0), 0.0)) & 0xff;
      case INT8:
        return (byte) Math.max(Math.min(f, 127.0), -128.0);
      case INT16:
        return (short) Math.max(Math.min(f, 32767.0), -32768.0);
      case INT32:
        return (int) f;
      case INT64:
        return (long) f;
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  /** What {@code loadArray(int[])} stores for {@code i}. */
  static long storeInt(DataType type, int i) {
    switch (type) {
      case FLOAT32:
        return Float.floatToRawIntBits((float) i);
      case UINT8:
        return ((byte) Math.max(Math.min(i, 255), 0)) & 0xff;
      case INT8:
        return (byte) Math.max(Math.min(i, 127), -128);
      case INT16:
        return (short) Math.max(Math.min(i, 32767), -32768);
      case INT32:
        return i;
      case INT64:
        return (long) i;
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  /** {@code getFloatArray}/{@code getFloatValue} of a stored element. */
  static float readFloat(DataType type, long stored) {
    switch (type) {
      case FLOAT32:
        return Float.intBitsToFloat((int) stored);
      case UINT8:
        return (float) (stored & 0xff);
      case INT8:
        return (float) (byte) stored;
      case INT16:
        return (float) (short) stored;
      case INT32:
        return (float) (int) stored;
      case INT64:
        return (float) stored;
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  /** {@code getIntArray}/{@code getIntValue} of a stored element. */
  static int readInt(DataType type, long stored) {
    switch (type) {
      case FLOAT32:
        return (int) Float.intBitsToFloat((int) stored);
      case UINT8:
        return (int) (stored & 0xff);
      case INT8:
        return (byte) stored;
      case INT16:
        return (short) stored;
      case INT32:
        return (int) stored;
      case INT64:
        return (int) Math.max(Math.min(stored, Integer.MAX_VALUE), Integer.MIN_VALUE);
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  /** Element {@code i} of {@code b} as stored, decoded with {@code b}'s own byte order. */
  static long rawElement(ByteBuffer b, DataType type, int i) {
    switch (type.byteSize()) {
      case 1:
        return type == DataType.UINT8 ? b.get(i) & 0xff : b.get(i);
      case 2:
        return b.getShort(i * 2);
      case 4:
        return b.getInt(i * 4);
      default:
        return b.getLong(i * 8);
    }
  }

  /** Writes a raw element (the inverse of {@link #rawElement}). */
  static void putRaw(ByteBuffer b, DataType type, int i, long value) {
    switch (type.byteSize()) {
      case 1:
        b.put(i, (byte) value);
        break;
      case 2:
        b.putShort(i * 2, (short) value);
        break;
      case 4:
        b.putInt(i * 4, (int) value);
        break;
      default:
        b.putLong(i * 8, value);
    }
  }
}
