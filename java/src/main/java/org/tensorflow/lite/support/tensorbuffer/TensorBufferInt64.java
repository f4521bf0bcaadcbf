package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/**
 * A {@link TensorBuffer} of 64-bit signed integers (beyond TFLite Support:
 * docs/contracts/tensorbuffer.md#extra-element-types). Reads as int saturate at the int range;
 * reads as float round to the nearest float (both conversions are Rust's).
 */
public final class TensorBufferInt64 extends TensorBuffer {
  private static final DataType DATA_TYPE = DataType.INT64;

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  TensorBufferInt64(int[] shape) {
    super(shape);
  }

  /** A fixed-size buffer over {@code storage}; see {@link TensorBuffer#wrapFixedSize}. */
  TensorBufferInt64(java.nio.ByteBuffer storage, int[] shape, int flatSize) {
    super(storage, shape, flatSize);
  }

  /** Creates an empty dynamic buffer. */
  TensorBufferInt64() {
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
    return ElementConversions.longToFloat(buffer.getLong(absIndex << 3));
  }

  @Override
  public int[] getIntArray() {
    return readInts();
  }

  @Override
  public int getIntValue(int absIndex) {
    return ElementConversions.longToInt(buffer.getLong(absIndex << 3));
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
