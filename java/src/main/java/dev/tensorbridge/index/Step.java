package dev.tensorbridge.index;

/** The whole dimension by a stride. */
final class Step implements Index {
  private final long stride;

  Step(long stride) {
    this.stride = Indices.checkStride(stride);
  }

  @Override
  public long stride() {
    return stride;
  }

  @Override
  public boolean beginMask() {
    return true;
  }

  @Override
  public boolean endMask() {
    return true;
  }

  @Override
  public String toString() {
    return "Step(stride=" + stride + ")";
  }
}
