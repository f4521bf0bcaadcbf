package org.tensorflow;

/** Where operations are built and run. The only implementation is {@link EagerSession}. */
public interface ExecutionEnvironment {
  /**
   * A builder for an operation of {@code type} named {@code name} in this environment.
   *
   * @throws IllegalStateException if the environment has been closed
   * @throws TensorFlowException if {@code type} is not an executable op type
   */
  OperationBuilder opBuilder(String type, String name);
}
