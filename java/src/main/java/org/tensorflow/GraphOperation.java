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
    long handle = graph.enter();
    try {
      return name(handle, id);
    } finally {
      graph.exit();
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the graph has been closed
   */
  @Override
  public String type() {
    long handle = graph.enter();
    try {
      return type(handle, id);
    } finally {
      graph.exit();
    }
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the graph has been closed
   */
  @Override
  public int numOutputs() {
    long handle = graph.enter();
    try {
      return numOutputs(handle, id);
    } finally {
      graph.exit();
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
    long handle = graph.enter();
    try {
      return listLength(handle, id, name, input);
    } finally {
      graph.exit();
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
    long handle = graph.enter();
    try {
      return Shape.fromArray(shape(handle, id, idx));
    } finally {
      graph.exit();
    }
  }

  @Override
  DataType dataType(int idx) {
    long handle = graph.enter();
    try {
      return DataType.fromC(dtype(handle, id, idx));
    } finally {
      graph.exit();
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
