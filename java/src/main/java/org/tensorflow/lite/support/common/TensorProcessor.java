package org.tensorflow.lite.support.common;

import dev.tensorbridge.internal.ElementwiseOps;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Runs a list of {@link TensorOperator}s over a {@link TensorBuffer}, each on the previous one's
 * result, e.g. a {@code NormalizeOp} and a {@code QuantizeOp} to prepare a model's input.
 *
 * <p>When every operator is one of {@code NormalizeOp}, {@code QuantizeOp}, {@code DequantizeOp}
 * and {@code CastOp} (those exact classes), the chain runs in a single native pass over the data,
 * with the result, the aliasing and the side effects of running them one by one. Any other
 * operator makes the whole chain run one by one.
 */
public class TensorProcessor extends SequentialProcessor<TensorBuffer> {
  private TensorProcessor(Builder builder) {
    super(builder);
  }

  /**
   * Runs the operators over {@code input}.
   *
   * @param input the buffer
   * @return the last operator's result ({@code input} itself if every operator returned its
   *     input)
   */
  @Override
  public TensorBuffer process(TensorBuffer input) {
    TensorBuffer fused = ElementwiseOps.tryFused(operatorList, input);
    return fused != null ? fused : super.process(input);
  }

  /** Collects the operators of a {@link TensorProcessor}. */
  public static class Builder extends SequentialProcessor.Builder<TensorBuffer> {

    /** An empty builder. */
    public Builder() {
      super();
    }

    /**
     * Appends {@code op}.
     *
     * @param op the operator to run after those added before
     * @return this builder
     * @throws NullPointerException if {@code op} is null
     */
    public TensorProcessor.Builder add(TensorOperator op) {
      super.add(op);
      return this;
    }

    /**
     * Creates the processor.
     *
     * @return a processor over the operators added so far (later additions to this builder are
     *     seen by it too, as in TFLite Support)
     */
    @Override
    public TensorProcessor build() {
      return new TensorProcessor(this);
    }
  }
}
