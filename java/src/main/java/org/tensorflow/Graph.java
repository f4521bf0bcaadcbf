package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A TensorFlow 1.x data flow graph: operations are added with {@link #opBuilder} (or the op
 * classes and {@code Ops}), their outputs' types and shapes are inferred as they are added, and
 * a {@link Session} runs them. Thread-safe.
 *
 * <p>The graph lives in native memory, owned by this object: {@link #close()} releases it once
 * no session and no call in progress uses it (it waits for them), and a graph that becomes
 * unreachable unclosed is released by the safety net of {@code NativeHandle}.
 */
public final class Graph implements ExecutionEnvironment, AutoCloseable {
  static {
    NativeLoader.ensureLoaded();
  }

  private static final String CLOSED = "close() has been called on the Graph";

  /**
   * Every read of the handle is a use of this lifecycle: a call in progress, or a {@link Session}
   * for its whole life.
   */
  private final Lifecycle life = new Lifecycle();

  /** Creates an empty graph. */
  public Graph() {
    life.own(NativeHandle.adopt(this, allocate(), 0, null, life));
  }

  /**
   * Releases the graph, after waiting for every session on it to be closed and every call in
   * progress to finish; calls started meanwhile fail. Idempotent.
   */
  @Override
  public void close() {
    life.close();
  }

  /**
   * The operation called {@code name}.
   *
   * @param name the operation's full name
   * @return the operation, or null if the graph has none of that name
   * @throws IllegalStateException if the graph has been closed
   */
  public GraphOperation operation(String name) {
    long handle = enter();
    try {
      int id = find(handle, name);
      return id < 0 ? null : new GraphOperation(this, id);
    } finally {
      exit();
    }
  }

  /**
   * Iterates over the operations, in the order they were added.
   *
   * @return an iterator that sees operations added while iterating too
   * @throws IllegalStateException if the graph has been closed
   */
  public Iterator<Operation> operations() {
    enter();
    exit();
    return new Iterator<Operation>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < size();
      }

      @Override
      public Operation next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return new GraphOperation(Graph.this, next++);
      }

      @Override
      public void remove() {
        throw new UnsupportedOperationException("remove() is unsupported.");
      }
    };
  }

  /**
   * A builder for an operation of {@code type} named {@code name}; the type, inputs and
   * attributes are checked, and the outputs' shapes inferred, at {@link
   * GraphOperationBuilder#build()}.
   *
   * @param type the op type, e.g. {@code "Placeholder"}
   * @param name a name not yet used in this graph
   * @return a new builder
   * @throws IllegalStateException if the graph has been closed
   */
  @Override
  public GraphOperationBuilder opBuilder(String type, String name) {
    enter();
    exit();
    return new GraphOperationBuilder(this, type, name);
  }

  /**
   * Adds the operations of a serialized {@code GraphDef}, with their names unchanged.
   *
   * @param graphDef the serialized {@code GraphDef}
   * @throws IllegalArgumentException if it cannot be parsed or its operations cannot be added
   *     (the graph is then unchanged)
   * @throws TensorFlowException if it uses an op type this library does not implement
   */
  public void importGraphDef(byte[] graphDef) throws IllegalArgumentException {
    importGraphDef(graphDef, "");
  }

  /**
   * Adds the operations of a serialized {@code GraphDef}, each name prefixed by {@code prefix/}.
   *
   * @param graphDef the serialized {@code GraphDef}
   * @param prefix the prefix; empty for none
   * @throws IllegalArgumentException if either argument is null, or the graph cannot be imported
   *     (the graph is then unchanged)
   * @throws TensorFlowException if it uses an op type this library does not implement
   */
  public void importGraphDef(byte[] graphDef, String prefix) throws IllegalArgumentException {
    if (graphDef == null || prefix == null) {
      throw new IllegalArgumentException("graphDef and prefix cannot be null");
    }
    long handle = enter();
    try {
      importGraphDef(handle, graphDef, prefix);
    } finally {
      exit();
    }
  }

  /**
   * The graph as a serialized {@code GraphDef} protocol buffer.
   *
   * @return a new array
   * @throws IllegalStateException if the graph has been closed
   */
  public byte[] toGraphDef() {
    long handle = enter();
    try {
      return toGraphDef(handle);
    } finally {
      exit();
    }
  }

  private int size() {
    long handle = enter();
    try {
      return numOperations(handle);
    } finally {
      exit();
    }
  }

  /**
   * Starts a use of the graph: its handle stays live until {@link #exit()}, and {@link #close()}
   * waits for it. Never blocks.
   *
   * @return the live native handle
   * @throws IllegalStateException {@code close() has been called on the Graph}
   */
  long enter() {
    if (!life.enter()) {
      throw new IllegalStateException(CLOSED);
    }
    return life.handle();
  }

  /** Ends a use started by {@link #enter()}. */
  void exit() {
    life.exit();
  }

  /** The lifecycle, for a session that holds a use of the graph for its whole life. */
  Lifecycle lifecycle() {
    return life;
  }

  private static native long allocate();

  private static native int find(long graph, String name);

  private static native int numOperations(long graph);

  private static native byte[] toGraphDef(long graph);

  private static native void importGraphDef(long graph, byte[] graphDef, String prefix);
}
