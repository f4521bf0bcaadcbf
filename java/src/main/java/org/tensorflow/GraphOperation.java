package org.tensorflow;

/**
 * An operation of a {@link Graph}. Its outputs have the types and (possibly partial) shapes
 * inferred when it was added; their values come from running a {@link Session}. Thread-safe.
 */
public final class GraphOperation extends AbstractOperation {
  static {
    dev.tensorbridge.internal.NativeLoader.ensureLoaded();
  }

  private final Graph graph;
  /** The node id in the native graph; nodes are never removed, so it stays valid. */
  private final int id;

  GraphOperation(Graph graph, int id) {
    this.graph = graph;
    this.id = id;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the graph has been closed
   */
  @Override
  public String name() {
    Graph.Reference r = graph.ref();
    try {
      return name(r.handle(), id);
    } finally {
      r.close();
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the graph has been closed
   */
  @Override
  public String type() {
    Graph.Reference r = graph.ref();
    try {
      return type(r.handle(), id);
    } finally {
      r.close();
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the graph has been closed
   */
  @Override
  public int numOutputs() {
    Graph.Reference r = graph.ref();
    try {
      return numOutputs(r.handle(), id);
    } finally {
      r.close();
    }
  }

  @Override
  public int outputListLength(String name) {
    return listLength(name, false);
  }

  @Override
  public int inputListLength(String name) {
    return listLength(name, true);
  }

  private int listLength(String name, boolean input) {
    Graph.Reference r = graph.ref();
    try {
      return listLength(r.handle(), id, name, input);
    } finally {
      r.close();
    }
  }

  @Override
  public int hashCode() {
    return 31 * System.identityHashCode(graph) + id;
  }

  /** The same operation of the same graph. */
  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof GraphOperation)) {
      return false;
    }
    GraphOperation that = (GraphOperation) o;
    return graph == that.graph && id == that.id;
  }

  @Override
  Shape shape(int idx) {
    Graph.Reference r = graph.ref();
    try {
      return Shape.fromArray(shape(r.handle(), id, idx));
    } finally {
      r.close();
    }
  }

  @Override
  DataType dataType(int idx) {
    Graph.Reference r = graph.ref();
    try {
      return DataType.fromC(dtype(r.handle(), id, idx));
    } finally {
      r.close();
    }
  }

  @Override
  Tensor<?> tensor(int idx) {
    throw new IllegalStateException("Graph tensors must be fetched by running a session");
  }

  Graph graph() {
    return graph;
  }

  int id() {
    return id;
  }

  private static native String name(long graph, int id);

  private static native String type(long graph, int id);

  private static native int numOutputs(long graph, int id);

  private static native int dtype(long graph, int id, int index);

  private static native long[] shape(long graph, int id, int index);

  private static native int listLength(long graph, int id, String arg, boolean input);
}
