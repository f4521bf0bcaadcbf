package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/**
 * A {@link TensorBuffer} of 16-bit signed integers (beyond TFLite Support:
 * docs/contracts/tensorbuffer.md#extra-element-types).
 */
public final class TensorBufferInt16 extends TensorBuffer {
  private static final DataType DATA_TYPE = DataType.INT16;

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  TensorBufferInt16(int[] shape) {
    super(shape);
  }

  /** A fixed-size buffer over {@code storage}; see {@link TensorBuffer#wrapFixedSize}. */
  TensorBufferInt16(java.nio.ByteBuffer storage, int[] shape, int flatSize) {
    super(storage, shape, flatSize);
  }

  /** Creates an empty dynamic buffer. */
  TensorBufferInt16() {
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
    // The byte offset wraps like TensorBufferFloat's; the read is bounds-checked.
    return buffer.getShort(absIndex << 1);
  }

  @Override
  public int[] getIntArray() {
    return readInts();
  }

  @Override
  public int getIntValue(int absIndex) {
    return buffer.getShort(absIndex << 1);
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
