package org.tensorflow.ndarray.index;

/**
 * One entry of a strided-slice specification (a subset of TF Java's NdArray {@code Index}: the
 * members a strided slice needs). Create entries with {@link Indices}.
 */
public interface Index {
  /** The begin value. */
  default long begin() {
    return 0;
  }

  /** The end value (exclusive). */
  default long end() {
    return 0;
  }

  /** The stride. */
  default long stride() {
    return 1;
  }

  /** Whether {@link #begin()} is ignored in favour of the widest range. */
  default boolean beginMask() {
    return false;
  }

  /** Whether {@link #end()} is ignored in favour of the widest range. */
  default boolean endMask() {
    return false;
  }

  /** Whether this entry selects one element and drops the dimension. */
  default boolean isPoint() {
    return false;
  }

  /** Whether this entry inserts a dimension of size 1. */
  default boolean isNewAxis() {
    return false;
  }

  /** Whether this entry stands for all remaining dimensions. */
  default boolean isEllipsis() {
    return false;
  }

  /** Whether a strided slice can express this entry. */
  default boolean isStridedSlicingCompliant() {
    return true;
  }
}
