package dev.tensorbridge.internal;

import java.nio.ByteBuffer;

/**
 * The checkpoint between {@code org.tensorflow.Tensor} and its natives: every argument is checked
 * here before it reaches native code. Handles are owned by {@code Tensor}, which passes only live,
 * non-zero handles (it checks under its own lock, and {@code close()} takes the same lock).
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class TensorKernels {
  private TensorKernels() {}

  /**
   * A new tensor of TensorFlow dtype value {@code dtype} and shape {@code shape}, filled with the
   * {@code data.remaining()} raw little-endian bytes of {@code data} (position and limit of
   * {@code data} are not changed). The byte count must match the dtype and shape exactly.
   */
  public static long createFromRaw(int dtype, long[] shape, ByteBuffer data) {
    checkShape(shape);
    if (data == null) {
      throw new NullPointerException("data");
    }
    int position = data.position();
    int length = data.remaining();
    if (data.isDirect()) {
      return NativeTensor.createFromDirect(dtype, shape.clone(), data, position, length);
    }
    if (data.hasArray()) {
      return NativeTensor.createFromBytes(
          dtype, shape.clone(), data.array(), data.arrayOffset() + position, length);
    }
    byte[] copy = new byte[length];
    data.duplicate().get(copy);
    return NativeTensor.createFromBytes(dtype, shape.clone(), copy, 0, length);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromInts(int dtype, long[] shape, int[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromInts(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromLongs(int dtype, long[] shape, long[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromLongs(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromFloats(int dtype, long[] shape, float[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromFloats(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromDoubles(
      int dtype, long[] shape, double[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromDoubles(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromBooleans(
      int dtype, long[] shape, boolean[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromBooleans(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from the bytes {@code data[offset, offset + count)}. */
  public static long createFromBytes(int dtype, long[] shape, byte[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromBytes(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A STRING tensor whose row-major elements are consecutive pieces of {@code data}, of the
   * given {@code lengths} (which must add up to {@code data.length}).
   */
  public static long createStrings(long[] shape, byte[] data, int[] lengths) {
    checkShape(shape);
    if (data == null || lengths == null) {
      throw new NullPointerException("data");
    }
    long total = 0;
    for (int length : lengths) {
      if (length < 0) {
        throw new IllegalArgumentException("negative string length " + length);
      }
      total += length;
    }
    if (total != data.length) {
      throw new IllegalArgumentException(
          "string lengths add up to " + total + ", not " + data.length);
    }
    return NativeTensor.createStrings(shape.clone(), data, lengths.clone());
  }

  /** A STRING tensor from TF 1.x's {@code TF_STRING} layout (offset table, varint strings). */
  public static long createFromEncodedStrings(long[] shape, byte[] data) {
    checkShape(shape);
    if (data == null) {
      throw new NullPointerException("data");
    }
    return NativeTensor.createFromEncodedStrings(shape.clone(), data);
  }

  /** {@code {dtype value, rank, dim0, dim1, …}} of a live tensor handle. */
  public static long[] describe(long handle) {
    checkHandle(handle);
    return NativeTensor.describe(handle);
  }

  /** Frees a live tensor handle; the caller never uses it again. */
  public static void release(long handle) {
    checkHandle(handle);
    NativeTensor.release(handle);
  }

  static void checkHandle(long handle) {
    if (handle == 0) {
      throw new NullPointerException("close() was called on the Tensor");
    }
  }

  static void checkRange(int arrayLength, int offset, int count) {
    if (arrayLength < 0) {
      throw new NullPointerException("data");
    }
    if (offset < 0 || count < 0 || offset > arrayLength - count) {
      throw new IndexOutOfBoundsException(
          "range [" + offset + ", " + offset + " + " + count + ") of an array of " + arrayLength);
    }
  }

  static void checkShape(long[] shape) {
    if (shape == null) {
      throw new NullPointerException("shape");
    }
  }
}
