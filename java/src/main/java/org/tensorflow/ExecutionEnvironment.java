package org.tensorflow;

/** Where operations are built: an {@link EagerSession} (run at once) or a {@link Graph}. */
public interface ExecutionEnvironment {
  /**
   * A builder for an operation of {@code type} named {@code name} in this environment.
   *
   * @param type the op type, e.g. {@code "StridedSlice"}
   * @param name the unique name, normally from {@code Scope.makeOpName}
   * @return a new builder, to be built exactly once
   * @throws IllegalStateException if the environment has been closed
   * @throws TensorFlowException in eager mode, if {@code type} is not an executable op type (a
   *     graph checks the type at {@code build()})
   */
  OperationBuilder opBuilder(String type, String name);
}
