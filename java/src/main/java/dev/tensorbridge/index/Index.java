package dev.tensorbridge.index;

/**
 * One entry of a strided-slice specification: the members a strided slice needs of TF Java's
 * NdArray {@code Index}. Create entries with {@link Indices}. The package is tensorbridge's own, not
 * {@code org.tensorflow.ndarray.index}, so that TF Java's {@code org.tensorflow:ndarray} can share
 * the class path (or module path) with tensorbridge in any order.
 */
public interface Index {
  /**
   * The begin value.
   *
   * @return the first element (negative counts from the end); 0 by default
   */
  default long begin() {
    return 0;
  }

  /**
   * The end value (exclusive).
   *
   * @return the stop position; 0 by default
   */
  default long end() {
    return 0;
  }

  /**
   * The stride.
   *
   * @return the step between selected elements; 1 by default
   */
  default long stride() {
    return 1;
  }

  /**
   * Whether {@link #begin()} is ignored in favour of the widest range.
   *
   * @return whether the begin-mask bit is set; false by default
   */
  default boolean beginMask() {
    return false;
  }

  /**
   * Whether {@link #end()} is ignored in favour of the widest range.
   *
   * @return whether the end-mask bit is set; false by default
   */
  default boolean endMask() {
    return false;
  }

  /**
   * Whether this entry selects one element and drops the dimension.
   *
   * @return whether the shrink-axis bit is set; false by default
   */
  default boolean isPoint() {
    return false;
  }

  /**
   * Whether this entry inserts a dimension of size 1.
   *
   * @return whether the new-axis bit is set; false by default
   */
  default boolean isNewAxis() {
    return false;
  }

  /**
   * Whether this entry stands for all remaining dimensions.
   *
   * @return whether the ellipsis bit is set; false by default
   */
  default boolean isEllipsis() {
    return false;
  }

  /**
   * Whether a strided slice can express this entry.
   *
   * @return true by default; false makes the helper throw {@code UnsupportedOperationException}
   */
  default boolean isStridedSlicingCompliant() {
    return true;
  }
}
