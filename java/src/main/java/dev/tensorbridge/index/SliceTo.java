package dev.tensorbridge.index;

/** A range from the start of the dimension to an end. */
final class SliceTo implements Index {
  private final long end;
  private final long stride;

  SliceTo(long end, long stride) {
    this.end = end;
    this.stride = Indices.checkStride(stride);
  }

  @Override
  public long end() {
    return end;
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
  public String toString() {
    return "SliceTo(end=" + end + ", stride=" + stride + ")";
  }
}
