package dev.tensorbridge.index;

/** One element; a point (shrink) unless the dimension is kept. */
final class At implements Index {
  private final long coord;
  private final boolean keepDim;

  At(long coord, boolean keepDim) {
    this.coord = coord;
    this.keepDim = keepDim;
  }

  @Override
  public long begin() {
    return coord;
  }

  @Override
  public long end() {
    return coord + 1;
  }

  /**
   * Set for {@code at(-1, true)} only: its end would be 0, which the kernel reads as "before the
   * first element" and yields an empty range; the end mask makes it {@code x[-1:]} (project fix,
   * docs/contracts/strided_slice.md#end-mask-fix-for-at-1-true).
   */
  @Override
  public boolean endMask() {
    return keepDim && coord == -1;
  }

  @Override
  public boolean isPoint() {
    return !keepDim;
  }

  @Override
  public String toString() {
    return "At(coord=" + coord + ", keepDim=" + keepDim + ")";
  }
}
