package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/**
 * A {@link TensorBuffer} of 32-bit signed integers (beyond TFLite Support:
 * docs/contracts/tensorbuffer.md#extra-element-types). Floats read from it are rounded to the
 * nearest float.
 */
public final class TensorBufferInt32 extends TensorBuffer {
  private static final DataType DATA_TYPE = DataType.INT32;

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  TensorBufferInt32(int[] shape) {
    super(shape);
  }

  /** A fixed-size buffer over {@code storage}; see {@link TensorBuffer#wrapFixedSize}. */
  TensorBufferInt32(java.nio.ByteBuffer storage, int[] shape, int flatSize) {
    super(storage, shape, flatSize);
  }

  /** Creates an empty dynamic buffer. */
  TensorBufferInt32() {
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
    return ElementConversions.intToFloat(buffer.getInt(absIndex << 2));
  }

  @Override
  public int[] getIntArray() {
    return readInts();
  }

  @Override
  public int getIntValue(int absIndex) {
    return buffer.getInt(absIndex << 2);
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
