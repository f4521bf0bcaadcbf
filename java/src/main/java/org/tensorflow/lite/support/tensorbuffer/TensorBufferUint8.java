package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/** A {@link TensorBuffer} of 8-bit unsigned integers; after a bulk operation the storage's position is at the end of the elements, as in TFLite Support. */
public final class TensorBufferUint8 extends TensorBuffer {
  private static final DataType DATA_TYPE = DataType.UINT8;

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  TensorBufferUint8(int[] shape) {
    super(shape);
  }

  /** A fixed-size buffer over {@code storage}; see {@link TensorBuffer#wrapFixedSize}. */
  TensorBufferUint8(java.nio.ByteBuffer storage, int[] shape, int flatSize) {
    super(storage, shape, flatSize);
  }

  /** Creates an empty dynamic buffer. */
  TensorBufferUint8() {
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
    return buffer.get(absIndex) & 0xff;
  }

  @Override
  public int[] getIntArray() {
    return readInts();
  }

  @Override
  public int getIntValue(int absIndex) {
    return buffer.get(absIndex) & 0xff;
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
