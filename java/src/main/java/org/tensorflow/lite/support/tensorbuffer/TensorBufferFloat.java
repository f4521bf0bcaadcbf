package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/** A {@link TensorBuffer} of 32-bit floats. */
public final class TensorBufferFloat extends TensorBuffer {
  private static final DataType DATA_TYPE = DataType.FLOAT32;

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  TensorBufferFloat(int[] shape) {
    super(shape);
  }

  /** A fixed-size buffer over {@code storage}; see {@link TensorBuffer#wrapFixedSize}. */
  TensorBufferFloat(java.nio.ByteBuffer storage, int[] shape, int flatSize) {
    super(storage, shape, flatSize);
  }

  /** Creates an empty dynamic buffer. */
  TensorBufferFloat() {
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
    // The byte offset wraps for huge indices (1 << 30 reads element 0), as upstream; the read
    // itself is bounds-checked by the ByteBuffer.
    return buffer.getFloat(absIndex << 2);
  }

  @Override
  public int[] getIntArray() {
    return readInts();
  }

  @Override
  public int getIntValue(int absIndex) {
    return ElementConversions.floatToInt(buffer.getFloat(absIndex << 2));
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
