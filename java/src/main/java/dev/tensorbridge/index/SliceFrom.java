package dev.tensorbridge.index;

/** A range from a start to the end of the dimension. */
final class SliceFrom implements Index {
  private final long start;
  private final long stride;

  SliceFrom(long start, long stride) {
    this.start = start;
    this.stride = Indices.checkStride(stride);
  }

  @Override
  public long begin() {
    return start;
  }

  @Override
  public long stride() {
    return stride;
  }

  @Override
  public boolean endMask() {
    return true;
  }

  @Override
  public String toString() {
    return "SliceFrom(start=" + start + ", stride=" + stride + ")";
  }
}
