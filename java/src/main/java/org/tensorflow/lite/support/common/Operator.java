package org.tensorflow.lite.support.common;

/**
 * One step of a {@link Processor}: takes a value and returns the transformed value (which may be
 * the argument itself when the step changes nothing).
 *
 * @param <T> the type the step works on
 */
public interface Operator<T> {

  /**
   * Applies this step.
   *
   * @param x the value to transform
   * @return the transformed value
   */
  T apply(T x);
}
