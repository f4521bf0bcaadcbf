package org.tensorflow.op.core;

import org.tensorflow.Operation;
import org.tensorflow.OperationBuilder;
import org.tensorflow.op.PrimitiveOp;
import org.tensorflow.op.Scope;
import org.tensorflow.op.annotation.Operator;

/**
 * TensorFlow's {@code NoOp}: does nothing and has no output; used as a run target or a control
 * dependency that groups others. Graph mode only: an eager session refuses the op type.
 */
@Operator
public final class NoOp extends PrimitiveOp {

  /**
   * Adds a {@code NoOp} in {@code scope}.
   *
   * @param scope where the op is created and named
   * @return the new op
   * @throws org.tensorflow.TensorFlowException in an eager session, which cannot execute it
   */
  public static NoOp create(Scope scope) {
    OperationBuilder opBuilder = scope.env().opBuilder("NoOp", scope.makeOpName("NoOp"));
    opBuilder = scope.applyControlDependencies(opBuilder);
    return new NoOp(opBuilder.build());
  }

  private NoOp(Operation operation) {
    super(operation);
  }
}
