package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/**
 * A {@link TensorBuffer} of 8-bit signed integers (beyond TFLite Support:
 * docs/contracts/tensorbuffer.md#extra-element-types).
 */
public final class TensorBufferInt8 extends TensorBuffer {
  private static final DataType DATA_TYPE = DataType.INT8;

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  TensorBufferInt8(int[] shape) {
    super(shape);
  }

  /** A fixed-size buffer over {@code storage}; see {@link TensorBuffer#wrapFixedSize}. */
  TensorBufferInt8(java.nio.ByteBuffer storage, int[] shape, int flatSize) {
    super(storage, shape, flatSize);
  }

  /** Creates an empty dynamic buffer. */
  TensorBufferInt8() {
    super();
  }

  @Override
  public DataType getDataType() {
    return DATA_TYPE;
  }

  @Override
  public float[] getFloatArray() {
    return readFloats();
  }

  @Override
  public float getFloatValue(int absIndex) {
    return buffer.get(absIndex);
  }

  @Override
  public int[] getIntArray() {
    return readInts();
  }

  @Override
  public int getIntValue(int absIndex) {
    return buffer.get(absIndex);
  }

  @Override
  public int getTypeSize() {
    return DATA_TYPE.byteSize();
  }

  @Override
  public void loadArray(float[] src, int[] shape) {
    writeFloats(src, shape);
  }

  @Override
  public void loadArray(int[] src, int[] shape) {
    writeInts(src, shape);
  }
}
