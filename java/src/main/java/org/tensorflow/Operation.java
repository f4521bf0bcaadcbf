package org.tensorflow;

/**
 * An operation that has been executed in an {@link ExecutionEnvironment}. Thread-safe.
 */
public interface Operation {
  /** The unique name the scope gave this operation, e.g. {@code StridedSlice_1}. */
  String name();

  /** The op type, e.g. {@code "Const"} or {@code "StridedSlice"}. */
  String type();

  /** The number of outputs. */
  int numOutputs();

  /**
   * The length of the output list called {@code name}.
   *
   * @throws IllegalArgumentException if the op has no such output
   * @throws IllegalStateException if the session has been closed
   */
  int outputListLength(String name);

  /** {@code length} consecutive outputs starting at {@code idx}. */
  Output<?>[] outputList(int idx, int length);

  /**
   * Output {@code idx} of this operation (its type is not checked).
   *
   * @throws IndexOutOfBoundsException if there is no such output
   */
  <T> Output<T> output(int idx);

  /**
   * The length of the input list called {@code name}.
   *
   * @throws IllegalArgumentException if the op has no such input
   * @throws IllegalStateException if the session has been closed
   */
  int inputListLength(String name);
}
