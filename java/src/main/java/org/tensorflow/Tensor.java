package org.tensorflow;

import dev.tensorbridge.internal.TensorKernels;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A typed multi-dimensional array whose data lives in native memory, with the behaviour of
 * TensorFlow 1.x Java's {@code Tensor} and the semantics of C++ {@code tensorflow::Tensor}.
 *
 * <p>Not thread-safe (as upstream). Close tensors you create; unreachable ones are released too.
 *
 * @param <T> the type tag of the elements (see {@link DataType#fromClass})
 */
public final class Tensor<T> implements AutoCloseable {
  private final DataType dataType;
  private final long[] shape;
  private long nativeHandle;

  private Tensor(long nativeHandle) {
    long[] description = TensorKernels.describe(nativeHandle);
    this.dataType = DataType.fromC((int) description[0]);
    this.shape = Arrays.copyOfRange(description, 2, 2 + (int) description[1]);
    this.nativeHandle = nativeHandle;
  }

  /**
   * A tensor of any {@link DataType} with memcpy-able elements, from raw little-endian bytes
   * (project extension). Copies {@code data.remaining()} bytes and advances {@code data}.
   *
   * @throws IllegalArgumentException if the byte count does not match the dtype and shape
   */
  public static Tensor<?> create(DataType dataType, long[] shape, ByteBuffer data) {
    long handle = TensorKernels.createFromRaw(dataType.c(), shape, data);
    Tensor<?> tensor = new Tensor<Object>(handle);
    data.position(data.limit());
    return tensor;
  }

  /** Adopts a handle returned by native code; the new tensor owns it. */
  static Tensor<?> fromHandle(long handle) {
    return new Tensor<Object>(handle);
  }

  /** The live native handle, for natives that read this tensor. */
  synchronized long nativeHandle() {
    if (nativeHandle == 0) {
      throw new NullPointerException("close() was called on the Tensor");
    }
    return nativeHandle;
  }

  /** Releases the native data. Idempotent. */
  @Override
  public synchronized void close() {
    if (nativeHandle != 0) {
      long handle = nativeHandle;
      nativeHandle = 0;
      TensorKernels.release(handle);
    }
  }

  /** The element type. */
  public DataType dataType() {
    return dataType;
  }

  /** The rank: 0 for a scalar. */
  public int numDimensions() {
    return shape.length;
  }

  /** The size of each dimension (a copy). */
  public long[] shape() {
    return shape.clone();
  }

  /** For example {@code FLOAT tensor with shape [2, 3]}. */
  @Override
  public String toString() {
    return dataType + " tensor with shape " + Arrays.toString(shape);
  }
}
