package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
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

  private static final Charset UTF_8 = Charset.forName("UTF-8");
  // Attribute kinds of the native description (see src/jni/graph/builder.rs).
  private static final int STRING = 0;
  private static final int INT = 1;
  private static final int FLOAT = 2;
  private static final int BOOL = 3;
  private static final int TYPE = 4;
  private static final int SHAPE = 5;
  private static final int TENSOR = 6;

  private final Graph graph;
  private final String type;
  private final String name;
  private String device = "";
  private final List<Integer> inputs = new ArrayList<Integer>();
  private final List<Integer> controlInputs = new ArrayList<Integer>();
  private final List<Integer> attrKinds = new ArrayList<Integer>();
  private final List<Long> ints = new ArrayList<Long>();
  private final List<Float> floats = new ArrayList<Float>();
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  /** Shared copies of tensor attributes, owned on behalf of this builder until it is built. */
  private final List<NativeHandle> tensors = new ArrayList<NativeHandle>();
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
      long[] tensorHandles = new long[tensors.size()];
      for (int i = 0; i < tensorHandles.length; i++) {
        tensorHandles[i] = tensors.get(i).live();
      }
      int id =
          addOperation(
              handle,
              type,
              name,
              device,
              toInts(inputs),
              toInts(controlInputs),
              toInts(attrKinds),
              toLongs(ints),
              toFloats(floats),
              bytes.toByteArray(),
              tensorHandles);
      return new GraphOperation(graph, id);
    } finally {
      graph.exit();
      for (NativeHandle t : tensors) {
        t.release();
      }
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
  public GraphOperationBuilder setAttr(String name, String value) {
    return setAttr(name, value.getBytes(UTF_8));
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, String[] value) {
    begin(name, STRING, value.length);
    for (String s : value) {
      putBytes(s.getBytes(UTF_8));
    }
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, byte[] value) {
    begin(name, STRING, -1);
    putBytes(value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, long value) {
    begin(name, INT, -1);
    ints.add(value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, long[] value) {
    begin(name, INT, value.length);
    for (long v : value) {
      ints.add(v);
    }
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, float value) {
    begin(name, FLOAT, -1);
    floats.add(value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, float[] value) {
    begin(name, FLOAT, value.length);
    for (float v : value) {
      floats.add(v);
    }
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, boolean value) {
    begin(name, BOOL, -1);
    ints.add(value ? 1L : 0L);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, boolean[] value) {
    begin(name, BOOL, value.length);
    for (boolean v : value) {
      ints.add(v ? 1L : 0L);
    }
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, DataType value) {
    begin(name, TYPE, -1);
    ints.add((long) value.c());
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, DataType[] value) {
    begin(name, TYPE, value.length);
    for (DataType v : value) {
      ints.add((long) v.c());
    }
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
    long shared = value.share("close() has been called on the Tensor");
    NativeHandle owned = NativeHandle.adopt(this, shared, 0, null, null);
    begin(name, TENSOR, -1);
    tensors.add(owned);
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
    List<NativeHandle> owned = new ArrayList<NativeHandle>(value.length);
    try {
      for (Tensor<?> t : value) {
        owned.add(NativeHandle.adopt(this, t.share("close() has been called on the Tensor"), 0, null, null));
      }
    } catch (RuntimeException e) {
      for (NativeHandle h : owned) {
        h.release();
      }
      throw e;
    }
    begin(name, TENSOR, value.length);
    tensors.addAll(owned);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, Shape value) {
    begin(name, SHAPE, -1);
    putShape(value);
    return this;
  }

  @Override
  public synchronized GraphOperationBuilder setAttr(String name, Shape[] value) {
    begin(name, SHAPE, value.length);
    for (Shape s : value) {
      putShape(s);
    }
    return this;
  }

  private GraphOperation ownOperation(Operation op) {
    if (!(op instanceof GraphOperation) || ((GraphOperation) op).graph() != graph) {
      throw new IllegalArgumentException(
          "Operation " + op + " is not an operation of the graph this operation is added to");
    }
    return (GraphOperation) op;
  }

  /** Starts an attribute: its kind and count, then its name. */
  private void begin(String attrName, int kind, int count) {
    checkNotBuilt();
    attrKinds.add(kind);
    attrKinds.add(count);
    putBytes(attrName.getBytes(UTF_8));
  }

  private void putBytes(byte[] value) {
    ints.add((long) value.length);
    bytes.write(value, 0, value.length);
  }

  private void putShape(Shape shape) {
    long[] dims = shape.asArray();
    if (dims == null) {
      ints.add(-1L);
      return;
    }
    ints.add((long) dims.length);
    for (long d : dims) {
      ints.add(d);
    }
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

  private static long[] toLongs(List<Long> list) {
    long[] out = new long[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i);
    }
    return out;
  }

  private static float[] toFloats(List<Float> list) {
    float[] out = new float[list.size()];
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
      int[] attrKinds,
      long[] ints,
      float[] floats,
      byte[] bytes,
      long[] tensors);
}
