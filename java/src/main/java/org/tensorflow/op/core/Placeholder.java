package org.tensorflow.op.core;

import org.tensorflow.DataType;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.OperationBuilder;
import org.tensorflow.Output;
import org.tensorflow.Shape;
import org.tensorflow.op.PrimitiveOp;
import org.tensorflow.op.Scope;
import org.tensorflow.op.annotation.Operator;

/**
 * TensorFlow's {@code Placeholder}: a graph input whose value must be fed when a {@link
 * org.tensorflow.Session} runs anything that depends on it; running it unfed fails with {@code
 * You must feed a value for placeholder tensor '…' with dtype …}. Graph mode only: an eager
 * session refuses the op type.
 *
 * @param <T> the type tag of the elements
 */
@Operator
public final class Placeholder<T> extends PrimitiveOp implements Operand<T> {

  /** Optional attributes of {@link Placeholder}. */
  public static class Options {
    private Shape shape;

    private Options() {}

    /**
     * The shape of the values that will be fed; unknown rank by default.
     *
     * @param shape the (possibly partial) shape
     * @return this options object, for chaining
     */
    public Options shape(Shape shape) {
      this.shape = shape;
      return this;
    }
  }

  /**
   * Adds a {@code Placeholder} in {@code scope}.
   *
   * @param scope where the op is created and named
   * @param dtype the element class of the values to feed, e.g. {@code Float.class}
   * @param options the shape, if known
   * @param <T> the element type tag
   * @return the new op
   * @throws IllegalArgumentException if {@code dtype} has no TensorFlow type
   * @throws org.tensorflow.TensorFlowException in an eager session, which cannot execute a placeholder
   */
  public static <T> Placeholder<T> create(Scope scope, Class<T> dtype, Options... options) {
    OperationBuilder opBuilder =
        scope.env().opBuilder("Placeholder", scope.makeOpName("Placeholder"));
    opBuilder = scope.applyControlDependencies(opBuilder);
    opBuilder.setAttr("dtype", DataType.fromClass(dtype));
    if (options != null) {
      for (Options opts : options) {
        if (opts.shape != null) {
          opBuilder.setAttr("shape", opts.shape);
        }
      }
    }
    return new Placeholder<T>(opBuilder.build());
  }

  /**
   * New options with the shape set.
   *
   * @param shape the shape of the values that will be fed
   * @return a new options object
   */
  public static Options shape(Shape shape) {
    return new Options().shape(shape);
  }

  /**
   * The fed value (output 0).
   *
   * @return the same {@link Output} as {@link #asOutput()}
   */
  public Output<T> output() {
    return output;
  }

  @Override
  public Output<T> asOutput() {
    return output;
  }

  private final Output<T> output;

  private Placeholder(Operation operation) {
    super(operation);
    output = operation.output(0);
  }
}
