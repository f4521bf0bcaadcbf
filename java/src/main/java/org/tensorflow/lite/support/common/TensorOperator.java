package org.tensorflow.lite.support.common;

import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** An {@link Operator} on {@link TensorBuffer}s. */
public interface TensorOperator extends Operator<TensorBuffer> {

  /**
   * Applies this operator.
   *
   * @param input the buffer to transform
   * @return the result, a new buffer or {@code input} itself
   */
  @Override
  TensorBuffer apply(TensorBuffer input);
}
