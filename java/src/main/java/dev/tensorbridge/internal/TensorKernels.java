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

  static void checkShape(long[] shape) {
    if (shape == null) {
      throw new NullPointerException("shape");
    }
  }
}
