package org.tensorflow;

import org.tensorflow.ndarray.Shape;

/**
 * Collects the inputs and attributes of an operation, then builds (in eager mode: executes) it
 * with {@link #build()}. Obtained from {@link ExecutionEnvironment#opBuilder}.
 */
public interface OperationBuilder {
  /** Validates the inputs and attributes, runs the operation and returns it. */
  Operation build();

  OperationBuilder addInput(Output<?> input);

  OperationBuilder addInputList(Output<?>[] inputs);

  OperationBuilder addControlInput(Operation control);

  OperationBuilder setDevice(String device);

  OperationBuilder setAttr(String name, String value);

  OperationBuilder setAttr(String name, String[] value);

  OperationBuilder setAttr(String name, byte[] value);

  OperationBuilder setAttr(String name, long value);

  OperationBuilder setAttr(String name, long[] value);

  OperationBuilder setAttr(String name, float value);

  OperationBuilder setAttr(String name, float[] value);

  OperationBuilder setAttr(String name, boolean value);

  OperationBuilder setAttr(String name, boolean[] value);

  OperationBuilder setAttr(String name, DataType value);

  OperationBuilder setAttr(String name, DataType[] value);

  OperationBuilder setAttr(String name, Tensor<?> value);

  OperationBuilder setAttr(String name, Tensor<?>[] value);

  /** Takes the ndarray {@code Shape} (TF 1.x took its own {@code org.tensorflow.Shape}). */
  OperationBuilder setAttr(String name, Shape value);

  OperationBuilder setAttr(String name, Shape[] value);
}
