package org.tensorflow.lite.support.common;

/**
 * Turns an input into an output, usually by running a list of {@link Operator}s.
 *
 * @param <T> the type processed
 */
public interface Processor<T> {

  /**
   * Processes {@code input}.
   *
   * @param input the value to process
   * @return the result (may be {@code input} itself)
   */
  T process(T input);
}
