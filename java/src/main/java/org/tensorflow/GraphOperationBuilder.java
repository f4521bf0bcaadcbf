package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Describes an operation to add to a {@link Graph}: its inputs, control inputs, device and
 * attributes. {@link #build()} adds it: the op type, the inputs and attributes are checked and
 * the outputs' shapes inferred then, with TensorFlow's messages. Obtained from {@link
 * Graph#opBuilder}. Not meant to be shared between threads.
 */
public final class GraphOperationBuilder implements OperationBuilder {
  static {
    NativeLoader.ensureLoaded();
  }

  private final Graph graph;
  private final String type;
  private final String name;
  private String device = "";
  private final List<Integer> inputs = new ArrayList<Integer>();
  private final List<Integer> controlInputs = new ArrayList<Integer>();
  /** The attributes; tensor values are shared copies, owned until the builder is built. */
  private final AttrEncoder attrs = new AttrEncoder();
  private boolean built;

  GraphOperationBuilder(Graph graph, String type, String name) {
    this.graph = graph;
    this.type = type;
    this.name = name;
  }

  /**
   * Adds the operation to the graph.
   *
   * @return the new operation
   * @throws IllegalArgumentException for a duplicate or invalid name, a missing, unknown or
   *     ill-typed attribute or input, or a shape inference error (TensorFlow's message)
   * @throws TensorFlowException {@code Op type not registered '…'} for an op type this library
   *     does not implement
   * @throws IllegalStateException if the graph has been closed, or after a first {@code build()}
   */
  @Override
  public synchronized GraphOperation build() {
    checkNotBuilt();
    built = true;
    long handle = graph.enter();
    try {
      int id =
          addOperation(
              handle,
              type,
              name,
              device,
              toInts(inputs),
              toInts(controlInputs),
              attrs.stream(),
              attrs.bytes());
      return new GraphOperation(graph, id);
    } finally {
      graph.exit();
      attrs.releaseTensors();
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException if {@code input} is not an output of this graph
   */
  @Override
  public synchronized GraphOperationBuilder addInput(Output<?> input) {
    checkNotBuilt();
    GraphOperation op = ownOperation(input.op());
    inputs.add(op.id());
    inputs.add(input.index());
    return this;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException if an input is not an output of this graph
   */
  @Override
  public synchronized GraphOperationBuilder addInputList(Output<?>[] inputs) {
    checkNotBuilt();
    for (Output<?> input : inputs) {
      ownOperation(input.op());
    }
    for (Output<?> input : inputs) {
      addInput(input);
    }
    return this;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException if {@code control} is not an operation of this graph
   */
  @Override
  public synchronized GraphOperationBuilder addControlInput(Operation control) {
    checkNotBuilt();
    controlInputs.add(ownOperation(control).id());
    return this;
  }

  /** Recorded in the graph (and its {@code GraphDef}); execution is on the CPU regardless. */
  @Override
  public synchronized GraphOperationBuilder setDevice(String device) {
    checkNotBuilt();
    this.device = device;
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, String value) {
    checkNotBuilt();
    attrs.putString(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, String[] value) {
    checkNotBuilt();
    attrs.putStrings(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, byte[] value) {
    checkNotBuilt();
    attrs.putBytes(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, long value) {
    checkNotBuilt();
    attrs.putLong(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, long[] value) {
    checkNotBuilt();
    attrs.putLongs(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, float value) {
    checkNotBuilt();
    attrs.putFloat(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, float[] value) {
    checkNotBuilt();
    attrs.putFloats(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, boolean value) {
    checkNotBuilt();
    attrs.putBoolean(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, boolean[] value) {
    checkNotBuilt();
    attrs.putBooleans(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, DataType value) {
    checkNotBuilt();
    attrs.putType(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, DataType[] value) {
    checkNotBuilt();
    attrs.putTypes(name, value);
    return this;
  }

  /**
   * {@inheritDoc}
   *
   * <p>The value is copied (its buffer shared, and shared buffers are immutable) here, so the
   * caller may close it right after.
   */
  @Override
  public synchronized GraphOperationBuilder setAttr(String name, Tensor<?> value) {
    checkNotBuilt();
    AttrEncoder.TensorValue owned = share(value);
    try {
      attrs.putTensor(name, owned);
    } catch (RuntimeException e) {
      owned.handle.release();
      throw e;
    }
    return this;
  }

  /**
   * Sets a tensor-list attribute; the values are copied here, as for a single tensor.
   *
   * @param name the attribute name, checked against the op type at {@link #build()}
   * @param value the tensors
   * @return this builder
   */
  @Override
  public synchronized GraphOperationBuilder setAttr(String name, Tensor<?>[] value) {
    checkNotBuilt();
    AttrEncoder.TensorValue[] owned = new AttrEncoder.TensorValue[value.length];
    int shared = 0;
    try {
      for (; shared < owned.length; shared++) {
        owned[shared] = share(value[shared]);
      }
      attrs.putTensors(name, owned);
    } catch (RuntimeException e) {
      for (int i = 0; i < shared; i++) {
        owned[i].handle.release();
      }
      throw e;
    }
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, Shape value) {
    checkNotBuilt();
    attrs.putShape(name, value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, Shape[] value) {
    checkNotBuilt();
    attrs.putShapes(name, value);
    return this;
  }

  /** A shared copy of {@code value}, owned until the builder is built. */
  private static AttrEncoder.TensorValue share(Tensor<?> value) {
    AttrEncoder.TensorValue owned = new AttrEncoder.TensorValue();
    owned.handle =
        NativeHandle.adopt(owned, value.share("close() has been called on the Tensor"), 0, null, null);
    return owned;
  }

  private GraphOperation ownOperation(Operation op) {
    if (!(op instanceof GraphOperation) || ((GraphOperation) op).graph() != graph) {
      throw new IllegalArgumentException(
          "Operation " + op + " is not an operation of the graph this operation is added to");
    }
    return (GraphOperation) op;
  }

  private void checkNotBuilt() {
    if (built) {
      throw new IllegalStateException("Operation has already been built");
    }
  }

  private static int[] toInts(List<Integer> list) {
    int[] out = new int[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i);
    }
    return out;
  }

  private static native int addOperation(
      long graph,
      String type,
      String name,
      String device,
      int[] inputs,
      int[] controlInputs,
      long[] attrs,
      byte[] attrBytes);
}
