package org.tensorflow.lite.support.common;

import dev.tensorbridge.internal.ElementwiseOps;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Runs a list of {@link TensorOperator}s over a {@link TensorBuffer}, each on the previous one's
 * result, e.g. a {@code NormalizeOp} and a {@code QuantizeOp} to prepare a model's input.
 *
 * <p>When every operator is one of {@code NormalizeOp}, {@code QuantizeOp}, {@code DequantizeOp}
 * and {@code CastOp} (those exact classes), optionally followed by tensorbridge's {@code
 * dev.tensorbridge.common.ops.ToChannelsFirstOp} as the last, the chain runs in a single native
 * pass over the data, with the result, the aliasing and the side effects of running them one by
 * one. Any other operator makes the whole chain run one by one.
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

  /**
   * Runs the operators over {@code input} into {@code output} (a tensorbridge extension; TFLite
   * Support has only {@link #process(TensorBuffer)}). A chain that runs fused (see the class
   * comment) allocates no result storage: it writes {@code output}'s storage in its one pass.
   * Any other chain runs one by one as {@code process(input)} and its result is copied into
   * {@code output}. Either way {@code output} ends up with the elements of {@code
   * process(input)}, which it must match: its element type is the result's (the input's own for
   * a chain of identities, which is then copied exactly) and its shape the result's, and its
   * storage is a writable direct buffer in native byte order (as {@code createFixedSize} and
   * {@code createDynamic} make) that does not overlap the input's. The positions left in the
   * storages are those of {@code process(input)}, except that an exact copy leaves {@code
   * output}'s at 0.
   *
   * @param input the buffer
   * @param output the buffer to write
   * @return {@code output}
   * @throws NullPointerException if {@code output} is null
   * @throws IllegalArgumentException if {@code output}'s type or shape is not the result's, if its
   *     storage is not direct in native byte order, or if it overlaps the input's
   * @throws java.nio.ReadOnlyBufferException if {@code output}'s storage is read-only
   */
  public TensorBuffer process(TensorBuffer input, TensorBuffer output) {
    TensorBuffer fused = ElementwiseOps.tryFusedInto(operatorList, input, output);
    if (fused != null) {
      return fused;
    }
    // Before the chain runs: an operator of it could otherwise write into its own input.
    ElementwiseOps.requireDisjoint(input, output);
    return ElementwiseOps.copyInto(super.process(input), output);
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
