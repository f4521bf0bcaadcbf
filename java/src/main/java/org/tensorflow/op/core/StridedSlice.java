package org.tensorflow.op.core;

import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.OperationBuilder;
import org.tensorflow.Output;
import org.tensorflow.op.PrimitiveOp;
import org.tensorflow.op.Scope;
import org.tensorflow.op.annotation.Operator;

/**
 * TensorFlow's {@code StridedSlice}: a strided slice of {@code input} from {@code begin} to
 * {@code end} by {@code strides}, with Python-like masks (begin/end mask: take the full range of
 * that dimension; ellipsis mask: expand to the remaining dimensions; new axis mask: insert a
 * dimension of size 1; shrink axis mask: take one element and drop the dimension). For example
 * Python's {@code x[1:, ::-2]} (rows from 1 on, columns backwards in steps of two) is begin
 * {@code [1, 0]}, end {@code [0, 0]}, strides {@code [1, -2]}, begin mask 2 and end mask 3.
 *
 * <p>Executed eagerly by {@link #create}; validation errors come out of it as
 * {@code IllegalArgumentException} with TensorFlow's kernel message.
 *
 * @param <T> the type tag of the elements
 */
@Operator
public final class StridedSlice<T> extends PrimitiveOp implements Operand<T> {

  /** Optional attributes of {@link StridedSlice}; unset ones (null) default to 0. */
  public static class Options {
    private Long beginMask;
    private Long endMask;
    private Long ellipsisMask;
    private Long newAxisMask;
    private Long shrinkAxisMask;

    private Options() {}

    /**
     * Bit {@code i} set: ignore {@code begin[i]} and take the widest range.
     *
     * @param beginMask the mask (bit {@code i} for entry {@code i}), or null to leave this field
     *     unset; must fit in 32 bits when the op runs
     * @return this options object, for chaining
     */
    public Options beginMask(Long beginMask) {
      this.beginMask = beginMask;
      return this;
    }

    /**
     * Bit {@code i} set: ignore {@code end[i]} and take the widest range.
     *
     * @param endMask the mask (bit {@code i} for entry {@code i}), or null to leave this field
     *     unset; must fit in 32 bits when the op runs
     * @return this options object, for chaining
     */
    public Options endMask(Long endMask) {
      this.endMask = endMask;
      return this;
    }

    /**
     * Bit {@code i} set: entry {@code i} is an ellipsis (at most one bit).
     *
     * @param ellipsisMask the mask (bit {@code i} for entry {@code i}), or null to leave this field
     *     unset; must fit in 32 bits when the op runs
     * @return this options object, for chaining
     */
    public Options ellipsisMask(Long ellipsisMask) {
      this.ellipsisMask = ellipsisMask;
      return this;
    }

    /**
     * Bit {@code i} set: entry {@code i} inserts a dimension of size 1.
     *
     * @param newAxisMask the mask (bit {@code i} for entry {@code i}), or null to leave this field
     *     unset; must fit in 32 bits when the op runs
     * @return this options object, for chaining
     */
    public Options newAxisMask(Long newAxisMask) {
      this.newAxisMask = newAxisMask;
      return this;
    }

    /**
     * Bit {@code i} set: entry {@code i} takes element {@code begin[i]} and drops the dimension.
     *
     * @param shrinkAxisMask the mask (bit {@code i} for entry {@code i}), or null to leave this
     *     field unset; must fit in 32 bits when the op runs
     * @return this options object, for chaining
     */
    public Options shrinkAxisMask(Long shrinkAxisMask) {
      this.shrinkAxisMask = shrinkAxisMask;
      return this;
    }
  }

  /**
   * Runs {@code StridedSlice(input, begin, end, strides)} in {@code scope}.
   *
   * <p>Options are applied in order, field by field: a later non-null field overrides an earlier
   * one. A {@code null} options array means no options; a {@code null} element throws
   * {@code NullPointerException}, as in TF 1.x (after the name was reserved).
   *
   * @param scope where the op is created and named
   * @param input the tensor to slice
   * @param begin first index of each entry (INT32 or INT64; begin, end and strides share one type)
   * @param end end index (exclusive) of each entry
   * @param strides step of each entry
   * @param options the masks
   * @param <T> the element type tag of {@code input} and of the result
   * @param <U> the index type tag; only INT32 and INT64 tensors are accepted when the op runs
   * @return the executed op; its output tensor belongs to the session
   * @throws NullPointerException if an operand or an options element is null
   * @throws IllegalArgumentException for invalid arguments, with TensorFlow's kernel message
   * @throws UnsupportedOperationException for {@code Unhandled input dimensions} (rank 9 and more
   *     on the kernel's general path)
   * @throws IllegalStateException if the session is closed or an input's value was released
   */
  public static <T, U extends Number> StridedSlice<T> create(
      Scope scope,
      Operand<T> input,
      Operand<U> begin,
      Operand<U> end,
      Operand<U> strides,
      Options... options) {
    OperationBuilder opBuilder =
        scope.env().opBuilder("StridedSlice", scope.makeOpName("StridedSlice"));
    opBuilder.addInput(input.asOutput());
    opBuilder.addInput(begin.asOutput());
    opBuilder.addInput(end.asOutput());
    opBuilder.addInput(strides.asOutput());
    opBuilder = scope.applyControlDependencies(opBuilder);
    if (options != null) {
      for (Options opts : options) {
        setMask(opBuilder, "begin_mask", opts.beginMask);
        setMask(opBuilder, "end_mask", opts.endMask);
        setMask(opBuilder, "ellipsis_mask", opts.ellipsisMask);
        setMask(opBuilder, "new_axis_mask", opts.newAxisMask);
        setMask(opBuilder, "shrink_axis_mask", opts.shrinkAxisMask);
      }
    }
    return new StridedSlice<T>(opBuilder.build());
  }

  private static void setMask(OperationBuilder opBuilder, String name, Long value) {
    if (value != null) {
      opBuilder.setAttr(name, value.longValue());
    }
  }

  /**
   * New options with only the begin mask set.
   *
   * @param beginMask the mask (bit {@code i} for entry {@code i}); null leaves it unset
   * @return a new options object; chain further setters on it to set more masks
   */
  public static Options beginMask(Long beginMask) {
    return new Options().beginMask(beginMask);
  }

  /**
   * New options with only the end mask set.
   *
   * @param endMask the mask (bit {@code i} for entry {@code i}); null leaves it unset
   * @return a new options object; chain further setters on it to set more masks
   */
  public static Options endMask(Long endMask) {
    return new Options().endMask(endMask);
  }

  /**
   * New options with only the ellipsis mask set.
   *
   * @param ellipsisMask the mask (bit {@code i} for entry {@code i}); null leaves it unset
   * @return a new options object; chain further setters on it to set more masks
   */
  public static Options ellipsisMask(Long ellipsisMask) {
    return new Options().ellipsisMask(ellipsisMask);
  }

  /**
   * New options with only the new axis mask set.
   *
   * @param newAxisMask the mask (bit {@code i} for entry {@code i}); null leaves it unset
   * @return a new options object; chain further setters on it to set more masks
   */
  public static Options newAxisMask(Long newAxisMask) {
    return new Options().newAxisMask(newAxisMask);
  }

  /**
   * New options with only the shrink axis mask set.
   *
   * @param shrinkAxisMask the mask (bit {@code i} for entry {@code i}); null leaves it unset
   * @return a new options object; chain further setters on it to set more masks
   */
  public static Options shrinkAxisMask(Long shrinkAxisMask) {
    return new Options().shrinkAxisMask(shrinkAxisMask);
  }

  /**
   * The slice (output 0).
   *
   * @return the same {@link Output} as {@link #asOutput()}, created once with the op
   */
  public Output<T> output() {
    return output;
  }

  @Override
  public Output<T> asOutput() {
    return output;
  }

  private final Output<T> output;

  private StridedSlice(Operation operation) {
    super(operation);
    output = operation.output(0);
  }
}
