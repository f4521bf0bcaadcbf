package org.tensorflow.lite.support.tensorbuffer;

import java.nio.ByteBuffer;
import org.tensorflow.lite.DataType;

/**
 * The Java implementation of {@link ElementConversions}' conversions, for buffers without an
 * address and for arrays too small to be worth a JNI call. Absolute accessors honour the buffer's
 * byte order and bounds-check every access. Arguments are validated by the caller.
 */
final class JavaConversions {
  private JavaConversions() {}

  static void storeFloats(float[] src, ByteBuffer dst, DataType type) {
    int n = src.length;
    switch (type) {
      case FLOAT32:
        for (int i = 0; i < n; i++) {
          dst.putFloat(i << 2, src[i]);
        }
        break;
      case UINT8:
        for (int i = 0; i < n; i++) {
          dst.put(i, (byte) floatToClampedInt(src[i], 0, 255));
        }
        break;
      case INT8:
        for (int i = 0; i < n; i++) {
          dst.put(i, (byte) floatToClampedInt(src[i], Byte.MIN_VALUE, Byte.MAX_VALUE));
        }
        break;
      case INT16:
        for (int i = 0; i < n; i++) {
          dst.putShort(i << 1, (short) floatToClampedInt(src[i], Short.MIN_VALUE, Short.MAX_VALUE));
        }
        break;
      case INT32:
        for (int i = 0; i < n; i++) {
          dst.putInt(i << 2, (int) src[i]);
        }
        break;
      case INT64:
        for (int i = 0; i < n; i++) {
          dst.putLong(i << 3, (long) src[i]);
        }
        break;
      default:
        throw new IllegalArgumentException("no numeric conversions for data type " + type);
    }
  }

  static void storeInts(int[] src, ByteBuffer dst, DataType type) {
    int n = src.length;
    switch (type) {
      case FLOAT32:
        for (int i = 0; i < n; i++) {
          dst.putFloat(i << 2, (float) src[i]);
        }
        break;
      case UINT8:
        for (int i = 0; i < n; i++) {
          dst.put(i, (byte) clamp(src[i], 0, 255));
        }
        break;
      case INT8:
        for (int i = 0; i < n; i++) {
          dst.put(i, (byte) clamp(src[i], Byte.MIN_VALUE, Byte.MAX_VALUE));
        }
        break;
      case INT16:
        for (int i = 0; i < n; i++) {
          dst.putShort(i << 1, (short) clamp(src[i], Short.MIN_VALUE, Short.MAX_VALUE));
        }
        break;
      case INT32:
        for (int i = 0; i < n; i++) {
          dst.putInt(i << 2, src[i]);
        }
        break;
      case INT64:
        for (int i = 0; i < n; i++) {
          dst.putLong(i << 3, src[i]);
        }
        break;
      default:
        throw new IllegalArgumentException("no numeric conversions for data type " + type);
    }
  }

  static void loadFloats(ByteBuffer src, DataType type, float[] dst) {
    int n = dst.length;
    switch (type) {
      case FLOAT32:
        for (int i = 0; i < n; i++) {
          dst[i] = src.getFloat(i << 2);
        }
        break;
      case UINT8:
        for (int i = 0; i < n; i++) {
          dst[i] = src.get(i) & 0xff;
        }
        break;
      case INT8:
        for (int i = 0; i < n; i++) {
          dst[i] = src.get(i);
        }
        break;
      case INT16:
        for (int i = 0; i < n; i++) {
          dst[i] = src.getShort(i << 1);
        }
        break;
      case INT32:
        for (int i = 0; i < n; i++) {
          dst[i] = (float) src.getInt(i << 2);
        }
        break;
      case INT64:
        for (int i = 0; i < n; i++) {
          dst[i] = (float) src.getLong(i << 3);
        }
        break;
      default:
        throw new IllegalArgumentException("no numeric conversions for data type " + type);
    }
  }

  static void loadInts(ByteBuffer src, DataType type, int[] dst) {
    int n = dst.length;
    switch (type) {
      case FLOAT32:
        for (int i = 0; i < n; i++) {
          dst[i] = (int) src.getFloat(i << 2);
        }
        break;
      case UINT8:
        for (int i = 0; i < n; i++) {
          dst[i] = src.get(i) & 0xff;
        }
        break;
      case INT8:
        for (int i = 0; i < n; i++) {
          dst[i] = src.get(i);
        }
        break;
      case INT16:
        for (int i = 0; i < n; i++) {
          dst[i] = src.getShort(i << 1);
        }
        break;
      case INT32:
        for (int i = 0; i < n; i++) {
          dst[i] = src.getInt(i << 2);
        }
        break;
      case INT64:
        for (int i = 0; i < n; i++) {
          dst[i] = saturateToInt(src.getLong(i << 3));
        }
        break;
      default:
        throw new IllegalArgumentException("no numeric conversions for data type " + type);
    }
  }

  /** Clamp to [min, max], then truncate toward zero; NaN gives 0 (as Rust's saturating cast). */
  static int floatToClampedInt(float f, int min, int max) {
    if (f != f) {
      return 0;
    }
    if (f <= min) {
      return min;
    }
    if (f >= max) {
      return max;
    }
    return (int) f;
  }

  static int clamp(int v, int min, int max) {
    return v < min ? min : (v > max ? max : v);
  }

  /**
   * INT64 read as int: saturates at the int range (project rule:
   * docs/contracts/tensorbuffer.md#numeric-conversions).
   */
  static int saturateToInt(long v) {
    return v < Integer.MIN_VALUE ? Integer.MIN_VALUE : (v > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) v);
  }
}
