package dev.tensorbridge.index;

/** A range with both bounds. */
final class Slice implements Index {
  private final long start;
  private final long end;
  private final long stride;

  Slice(long start, long end, long stride) {
    this.start = start;
    this.end = end;
    this.stride = Indices.checkStride(stride);
  }

  @Override
  public long begin() {
    return start;
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
  public String toString() {
    return "Slice(start=" + start + ", end=" + end + ", stride=" + stride + ")";
  }
}
