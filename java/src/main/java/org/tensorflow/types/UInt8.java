package org.tensorflow.types;

/** Type tag for tensors of unsigned 8-bit integers; it has no instances. */
public class UInt8 extends Number {
  private static final long serialVersionUID = 1L;

  private UInt8() {}

  @Override
  public int intValue() {
    return 0;
  }

  @Override
  public long longValue() {
    return 0;
  }

  @Override
  public float floatValue() {
    return 0;
  }

  @Override
  public double doubleValue() {
    return 0;
  }
}
