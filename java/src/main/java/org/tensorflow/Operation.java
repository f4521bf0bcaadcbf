package org.tensorflow;

/**
 * An operation built in an {@link ExecutionEnvironment}: executed at once in an {@link
 * EagerSession}, added to a {@link Graph} to be run by a {@link Session}. Thread-safe.
 */
public interface Operation {
  /**
   * The unique name the scope gave this operation, e.g. {@code StridedSlice_1}.
   *
   * @return the fully qualified name, including any sub-scope prefix
   */
  String name();

  /**
   * The op type, e.g. {@code "Const"} or {@code "StridedSlice"}.
   *
   * @return the registered op type name
   */
  String type();

  /**
   * The number of outputs.
   *
   * @return the output count (0 for {@code NoOp}, 1 for the other implemented op types);
   *     available after an eager session is closed
   */
  int numOutputs();

  /**
   * The length of the output list called {@code name}.
   *
   * @param name the output argument name, e.g. {@code "output"}
   * @return the number of tensors in that list
   * @throws IllegalArgumentException if the op has no such output
   * @throws IllegalStateException if the session or graph has been closed
   */
  int outputListLength(String name);

  /**
   * {@code length} consecutive outputs starting at {@code idx}.
   *
   * @param idx the first output index
   * @param length the number of outputs
   * @return a new array of new {@link Output} handles
   */
  Output<?>[] outputList(int idx, int length);

  /**
   * Output {@code idx} of this operation (its type is not checked).
   *
   * @param <T> the element type tag the caller expects (unchecked)
   * @param idx the output index, from 0
   * @return a new handle; equal to other handles of the same output
   * @throws IndexOutOfBoundsException if there is no such output
   */
  <T> Output<T> output(int idx);

  /**
   * The length of the input list called {@code name}.
   *
   * @param name the input argument name, e.g. {@code "begin"}
   * @return the number of tensors in that list
   * @throws IllegalArgumentException if the op has no such input
   * @throws IllegalStateException if the session or graph has been closed
   */
  int inputListLength(String name);
}
