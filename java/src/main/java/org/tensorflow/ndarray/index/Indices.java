package org.tensorflow.ndarray.index;

/**
 * Factories of strided-slice entries, named after Python's slicing: {@code at(2)} is {@code x[2]},
 * {@code slice(1, 3)} is {@code x[1:3]}, {@code all()} is {@code x[:]}, {@code newAxis()} is
 * {@code x[tf.newaxis]}, {@code ellipsis()} is {@code x[...]}.
 */
public final class Indices {
  private Indices() {}

  /** Element {@code coord} (negative counts from the end); the dimension is dropped. */
  public static Index at(long coord) {
    return new At(coord, false);
  }

  /**
   * Element {@code coord}; with {@code keepDim} the dimension is kept with size 1 (Python
   * {@code x[c:c+1]}, and {@code x[-1:]} for {@code coord == -1}).
   */
  public static Index at(long coord, boolean keepDim) {
    return new At(coord, keepDim);
  }

  /** The whole dimension ({@code x[:]}). */
  public static Index all() {
    return All.INSTANCE;
  }

  /** Every {@code stride}-th element ({@code x[::stride]}). */
  public static Index step(long stride) {
    return new Step(stride);
  }

  /** Elements from {@code start} on ({@code x[start:]}). */
  public static Index sliceFrom(long start) {
    return new SliceFrom(start, 1);
  }

  /** {@code x[start::stride]}. */
  public static Index sliceFrom(long start, long stride) {
    return new SliceFrom(start, stride);
  }

  /** Elements before {@code end} ({@code x[:end]}). */
  public static Index sliceTo(long end) {
    return new SliceTo(end, 1);
  }

  /** {@code x[:end:stride]}. */
  public static Index sliceTo(long end, long stride) {
    return new SliceTo(end, stride);
  }

  /** {@code x[start:end]}. */
  public static Index range(long start, long end) {
    return new Slice(start, end, 1);
  }

  /** {@code x[start:end]}. */
  public static Index slice(long start, long end) {
    return new Slice(start, end, 1);
  }

  /** {@code x[start:end:stride]}. */
  public static Index slice(long start, long end, long stride) {
    return new Slice(start, end, stride);
  }

  /** {@code x[start:end]} where a null bound is left out. */
  public static Index slice(Long start, Long end) {
    return slice(start, end, 1);
  }

  /** {@code x[start:end:stride]} where a null bound is left out. */
  public static Index slice(Long start, Long end, long stride) {
    if (start == null && end == null) {
      return stride == 1 ? all() : step(stride);
    }
    if (start == null) {
      return sliceTo(end.longValue(), stride);
    }
    if (end == null) {
      return sliceFrom(start.longValue(), stride);
    }
    return slice(start.longValue(), end.longValue(), stride);
  }

  /** Elements at odd positions ({@code x[1::2]}). */
  public static Index odd() {
    return sliceFrom(1, 2);
  }

  /** Elements at even positions ({@code x[::2]}). */
  public static Index even() {
    return step(2);
  }

  /** The dimension reversed ({@code x[::-1]}). */
  public static Index flip() {
    return slice(null, null, -1);
  }

  /** A new dimension of size 1 ({@code x[tf.newaxis]}). */
  public static Index newAxis() {
    return NewAxis.INSTANCE;
  }

  /** All remaining dimensions ({@code x[...]}); at most one per slice. */
  public static Index ellipsis() {
    return Ellipsis.INSTANCE;
  }

  static long checkStride(long stride) {
    if (stride == 0) {
      throw new IllegalArgumentException("Can not have a stride of 0");
    }
    return stride;
  }
}
