package org.tensorflow;

/**
 * Collects the inputs and attributes of an operation, then builds it with {@link #build()}: in
 * eager mode that executes it, in graph mode it adds it to the graph. Obtained from {@link
 * ExecutionEnvironment#opBuilder}.
 */
public interface OperationBuilder {
  /**
   * Validates the inputs and attributes, runs the operation and returns it.
   *
   * @return the executed operation, whose outputs are ready
   * @throws IllegalArgumentException for a missing, unknown or ill-typed attribute or input, or a
   *     kernel validation error (the kernel's message)
   * @throws UnsupportedOperationException for an unimplemented kernel case
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  Operation build();

  /**
   * Appends one input.
   *
   * @param input the value to pass; inputs are taken in the order they are added
   * @return this builder
   * @throws IllegalStateException {@code Tensor handle has been deleted} if the input's session was
   *     closed; or after {@link #build()}
   */
  OperationBuilder addInput(Output<?> input);

  /**
   * Appends a list input (several values forming one argument).
   *
   * @param inputs the values of one list input, in order
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder addInputList(Output<?>[] inputs);

  /**
   * Makes the operation run after {@code control} (graph mode); eager execution has no such
   * ordering.
   *
   * @param control the operation that must run first
   * @return this builder
   * @throws UnsupportedOperationException always, in eager mode: {@code Control inputs are not
   *     supported in an eager execution environment}
   */
  OperationBuilder addControlInput(Operation control);

  /**
   * Sets the requested device; accepted and ignored, since tensorbridge runs everything on the CPU
   * of the calling thread.
   *
   * @param device a device specification such as {@code /cpu:0}
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setDevice(String device);

  /**
   * Sets a string attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the string value
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, String value);

  /**
   * Sets a string-list attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the string list
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, String[] value);

  /**
   * Sets a string attribute from raw bytes.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the bytes
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, byte[] value);

  /**
   * Sets an integer attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the value; {@code int} attributes such as the slice masks must fit in 32 bits,
   *     checked at {@link #build()}
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, long value);

  /**
   * Sets an integer-list attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the integers
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, long[] value);

  /**
   * Sets a float attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the value
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, float value);

  /**
   * Sets a float-list attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the values
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, float[] value);

  /**
   * Sets a boolean attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the value
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, boolean value);

  /**
   * Sets a boolean-list attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the values
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, boolean[] value);

  /**
   * Sets a type attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the data type, e.g. the {@code dtype} of {@code Const}
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, DataType value);

  /**
   * Sets a type-list attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the data types
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, DataType[] value);

  /**
   * Sets a tensor attribute, e.g. the {@code value} of {@code Const}.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the tensor; its contents are copied, so the caller keeps ownership and may close
   *     it right after
   * @return this builder
   * @throws IllegalStateException {@code close() has been called on the Tensor} if {@code value} is
   *     closed; or after {@link #build()}
   */
  OperationBuilder setAttr(String name, Tensor<?> value);

  /**
   * Sets a tensor-list attribute; not supported by eager execution.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the tensors
   * @return this builder
   * @throws UnsupportedOperationException always, in eager mode: {@code Tensor list attributes are
   *     not supported in eager mode}
   */
  OperationBuilder setAttr(String name, Tensor<?>[] value);

  /**
   * Sets a shape attribute, e.g. the {@code shape} of {@code Placeholder}.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the shape
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, Shape value);

  /**
   * Sets a shape-list attribute.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the shapes
   * @return this builder
   * @throws IllegalStateException {@code Operation has already been built} after {@link #build()}
   */
  OperationBuilder setAttr(String name, Shape[] value);
}
