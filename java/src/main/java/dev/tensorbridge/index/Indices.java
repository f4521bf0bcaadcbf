package dev.tensorbridge.index;

/**
 * Factories of strided-slice entries, named after Python's slicing: {@code at(2)} is {@code x[2]},
 * {@code slice(1, 3)} is {@code x[1:3]}, {@code all()} is {@code x[:]}, {@code newAxis()} is
 * {@code x[tf.newaxis]}, {@code ellipsis()} is {@code x[...]}.
 */
public final class Indices {
  private Indices() {}

  /**
   * Element {@code coord} (negative counts from the end); the dimension is dropped.
   *
   * @param coord the element; may be negative; checked against the dimension only when the slice
   *     runs
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index at(long coord) {
    return new At(coord, false);
  }

  /**
   * Element {@code coord}; with {@code keepDim} the dimension is kept with size 1 (Python
   * {@code x[c:c+1]}, and {@code x[-1:]} for {@code coord == -1}).
   *
   * @param coord the element; may be negative
   * @param keepDim keep the dimension (size 1) instead of dropping it
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index at(long coord, boolean keepDim) {
    return new At(coord, keepDim);
  }

  /**
   * The whole dimension ({@code x[:]}).
   *
   * @return the shared {@code All} instance
   */
  public static Index all() {
    return All.INSTANCE;
  }

  /**
   * Every {@code stride}-th element ({@code x[::stride]}).
   *
   * @param stride the step; negative walks backwards, 0 is rejected
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   * @throws IllegalArgumentException {@code Can not have a stride of 0} if {@code stride} is 0
   */
  public static Index step(long stride) {
    return new Step(stride);
  }

  /**
   * Elements from {@code start} on ({@code x[start:]}).
   *
   * @param start the first element; negative counts from the end, out of range is clamped
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index sliceFrom(long start) {
    return new SliceFrom(start, 1);
  }

  /**
   * {@code x[start::stride]}.
   *
   * @param start the first element; negative counts from the end
   * @param stride the step; negative walks backwards, 0 is rejected
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   * @throws IllegalArgumentException {@code Can not have a stride of 0} if {@code stride} is 0
   */
  public static Index sliceFrom(long start, long stride) {
    return new SliceFrom(start, stride);
  }

  /**
   * Elements before {@code end} ({@code x[:end]}).
   *
   * @param end the stop (exclusive); negative counts from the end, out of range is clamped
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index sliceTo(long end) {
    return new SliceTo(end, 1);
  }

  /**
   * {@code x[:end:stride]}.
   *
   * @param end the stop (exclusive); negative counts from the end
   * @param stride the step; negative walks backwards, 0 is rejected
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   * @throws IllegalArgumentException {@code Can not have a stride of 0} if {@code stride} is 0
   */
  public static Index sliceTo(long end, long stride) {
    return new SliceTo(end, stride);
  }

  /**
   * {@code x[start:end]}.
   *
   * @param start the first element; negative counts from the end
   * @param end the stop (exclusive); negative counts from the end
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index range(long start, long end) {
    return new Slice(start, end, 1);
  }

  /**
   * {@code x[start:end]}.
   *
   * @param start the first element; negative counts from the end
   * @param end the stop (exclusive); negative counts from the end
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index slice(long start, long end) {
    return new Slice(start, end, 1);
  }

  /**
   * {@code x[start:end:stride]}.
   *
   * @param start the first element; negative counts from the end
   * @param end the stop (exclusive); negative counts from the end
   * @param stride the step; negative walks backwards, 0 is rejected
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   * @throws IllegalArgumentException {@code Can not have a stride of 0} if {@code stride} is 0
   */
  public static Index slice(long start, long end, long stride) {
    return new Slice(start, end, stride);
  }

  /**
   * {@code x[start:end]} where a null bound is left out.
   *
   * @param start the first element, or null for the start of the dimension
   * @param end the stop (exclusive), or null for the end of the dimension
   * @return the most specific index: {@code all()}, {@code sliceFrom}, {@code sliceTo} or {@code
   *     slice}
   */
  public static Index slice(Long start, Long end) {
    return slice(start, end, 1);
  }

  /**
   * {@code x[start:end:stride]} where a null bound is left out.
   *
   * @param start the first element, or null for the start in the direction of {@code stride}
   * @param end the stop (exclusive), or null to run to the end in that direction
   * @param stride the step; negative walks backwards, 0 is rejected
   * @return the most specific index: {@code all()}, {@code step}, {@code sliceFrom}, {@code
   *     sliceTo} or {@code slice}
   * @throws IllegalArgumentException {@code Can not have a stride of 0} if {@code stride} is 0
   */
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

  /**
   * Elements at odd positions ({@code x[1::2]}).
   *
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index odd() {
    return sliceFrom(1, 2);
  }

  /**
   * Elements at even positions ({@code x[::2]}).
   *
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index even() {
    return step(2);
  }

  /**
   * The dimension reversed ({@code x[::-1]}).
   *
   * @return the index, for {@code StridedSliceHelper} or {@code Ops.stridedSlice}
   */
  public static Index flip() {
    return slice(null, null, -1);
  }

  /**
   * A new dimension of size 1 ({@code x[tf.newaxis]}).
   *
   * @return the shared {@code NewAxis} instance
   */
  public static Index newAxis() {
    return NewAxis.INSTANCE;
  }

  /**
   * All remaining dimensions ({@code x[...]}); at most one per slice.
   *
   * @return the shared {@code Ellipsis} instance
   */
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
