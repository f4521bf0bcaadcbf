package org.tensorflow;

/**
 * Anything that can be used as an input of an operation: an {@link Output} or an op wrapper that
 * has one (e.g. {@code Constant}, {@code StridedSlice}).
 *
 * @param <T> the type tag of the elements
 */
public interface Operand<T> {
  /**
   * The symbolic handle of this operand's value.
   *
   * @return the output that carries the value
   */
  Output<T> asOutput();
}
