package org.tensorflow.op.core;

import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.OperationBuilder;
import org.tensorflow.Output;
import org.tensorflow.op.PrimitiveOp;
import org.tensorflow.op.Scope;
import org.tensorflow.op.annotation.Operator;

/**
 * TensorFlow's {@code Identity}: its output is its input (same type, shape and value). Graph
 * mode only: an eager session refuses the op type.
 *
 * @param <T> the type tag of the elements
 */
@Operator
public final class Identity<T> extends PrimitiveOp implements Operand<T> {

  /**
   * Adds an {@code Identity} of {@code input} in {@code scope}.
   *
   * @param scope where the op is created and named
   * @param input the value to pass on
   * @param <T> the element type tag
   * @return the new op
   * @throws org.tensorflow.TensorFlowException in an eager session, which cannot execute it
   */
  public static <T> Identity<T> create(Scope scope, Operand<T> input) {
    OperationBuilder opBuilder = scope.env().opBuilder("Identity", scope.makeOpName("Identity"));
    opBuilder.addInput(input.asOutput());
    opBuilder = scope.applyControlDependencies(opBuilder);
    return new Identity<T>(opBuilder.build());
  }

  /**
   * The value (output 0).
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

  private Identity(Operation operation) {
    super(operation);
    output = operation.output(0);
  }
}
