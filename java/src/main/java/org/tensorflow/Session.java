package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the operations of a {@link Graph}: {@link #runner()} feeds values to outputs, names the
 * outputs to fetch and the operations to run, and {@link Runner#run()} computes them. Only what
 * the fetches and targets need is run. Thread-safe: any number of threads may run at once.
 *
 * <p>A session keeps its graph from being closed until the session is closed. The tensors a
 * run returns belong to the caller, who must close them.
 */
public final class Session implements AutoCloseable {
  static {
    NativeLoader.ensureLoaded();
  }

  private final Graph graph;
  /**
   * Every read of the handle is a use of this lifecycle: a run in progress. It holds a use of the
   * graph, exited when the session is released (by close() or the safety net).
   */
  private final Lifecycle life;

  /**
   * A session over {@code g}.
   *
   * @param g the graph to run
   * @throws IllegalStateException if the graph has been closed
   */
  public Session(Graph g) {
    this(g, null);
  }

  /**
   * A session over {@code g} with a serialized {@code ConfigProto}, which is accepted and not
   * used: execution is on the CPU of the calling thread.
   *
   * @param g the graph to run
   * @param config a serialized {@code ConfigProto}, or null
   * @throws IllegalStateException if the graph has been closed
   */
  public Session(Graph g, byte[] config) {
    graph = g;
    // A use of the graph for the session's whole life: the graph's close() waits for ours.
    long graphHandle = g.enter();
    life = new Lifecycle(false, g.lifecycle());
    try {
      life.own(NativeHandle.adopt(this, allocate(graphHandle), 0, null, life));
    } catch (RuntimeException e) {
      g.exit();
      throw e;
    }
  }

  /**
   * Releases the session once the runs in progress have finished, and lets the graph be closed.
   * Idempotent. The tensors returned by earlier runs stay valid.
   */
  @Override
  public void close() {
    life.close();
  }

  /**
   * A new runner; each one collects the arguments of one run.
   *
   * @return a new runner
   */
  public Runner runner() {
    return new Runner();
  }

  /** The outputs and metadata of a run. */
  public static final class Run {
    /** The fetched tensors, in the order they were fetched; the caller closes them. */
    public List<Tensor<?>> outputs;

    /** A serialized {@code RunMetadata} (empty: no metadata is collected). */
    public byte[] metadata;
  }

  /** The arguments of one run: feeds, fetches and targets. Not meant to be shared by threads. */
  public final class Runner {
    private final List<Output<?>> feeds = new ArrayList<Output<?>>();
    private final List<Tensor<?>> feedValues = new ArrayList<Tensor<?>>();
    private final List<Output<?>> fetches = new ArrayList<Output<?>>();
    private final List<GraphOperation> targets = new ArrayList<GraphOperation>();

    private Runner() {}

    /**
     * Feeds {@code t} to an output named {@code operation} ({@code name} for output 0) or
     * {@code operation:index}.
     *
     * @param operation the output's name
     * @param t the value; read when the run starts
     * @return this runner
     * @throws IllegalArgumentException {@code No Operation named [x] in the Graph}
     */
    public Runner feed(String operation, Tensor<?> t) {
      return feed(parseOutput(operation), t);
    }

    /**
     * Feeds {@code t} to output {@code index} of the operation named {@code operation}.
     *
     * @param operation the operation's name
     * @param index the output index
     * @param t the value
     * @return this runner
     * @throws IllegalArgumentException {@code No Operation named [x] in the Graph}
     */
    public Runner feed(String operation, int index, Tensor<?> t) {
      return feed(operationByName(operation).output(index), t);
    }

    /**
     * Feeds {@code t} to {@code operand}'s output, replacing what the graph would compute there.
     *
     * @param operand the output to feed
     * @param t the value, of the output's dtype
     * @return this runner
     */
    public Runner feed(Operand<?> operand, Tensor<?> t) {
      feeds.add(operand.asOutput());
      feedValues.add(t);
      return this;
    }

    /**
     * Fetches the output named {@code operation} ({@code name} for output 0) or {@code
     * operation:index}.
     *
     * @param operation the output's name
     * @return this runner
     * @throws IllegalArgumentException {@code No Operation named [x] in the Graph}
     */
    public Runner fetch(String operation) {
      return fetch(parseOutput(operation));
    }

    /**
     * Fetches output {@code index} of the operation named {@code operation}.
     *
     * @param operation the operation's name
     * @param index the output index
     * @return this runner
     * @throws IllegalArgumentException {@code No Operation named [x] in the Graph}
     */
    public Runner fetch(String operation, int index) {
      return fetch(operationByName(operation).output(index));
    }

    /**
     * Fetches {@code output}.
     *
     * @param output the output to compute and return
     * @return this runner
     */
    public Runner fetch(Output<?> output) {
      fetches.add(output);
      return this;
    }

    /**
     * Fetches {@code operand}'s output.
     *
     * @param operand the output to compute and return
     * @return this runner
     */
    public Runner fetch(Operand<?> operand) {
      return fetch(operand.asOutput());
    }

    /**
     * Runs the operation named {@code operation} without fetching anything from it.
     *
     * @param operation the operation's name
     * @return this runner
     * @throws IllegalArgumentException {@code No Operation named [x] in the Graph}
     */
    public Runner addTarget(String operation) {
      targets.add(operationByName(operation));
      return this;
    }

    /**
     * Runs {@code operation} without fetching anything from it.
     *
     * @param operation an operation of this session's graph
     * @return this runner
     * @throws IllegalArgumentException if it is not a graph operation
     */
    public Runner addTarget(Operation operation) {
      if (!(operation instanceof GraphOperation)) {
        throw new IllegalArgumentException(
            "Operation of type " + operation.getClass().getName() + " is not supported in graph"
                + " sessions");
      }
      targets.add((GraphOperation) operation);
      return this;
    }

    /**
     * Runs {@code operand}'s operation without fetching anything from it.
     *
     * @param operand the operand whose operation to run
     * @return this runner
     */
    public Runner addTarget(Operand<?> operand) {
      return addTarget(operand.asOutput().op());
    }

    /**
     * Sets a serialized {@code RunOptions}; accepted and not used.
     *
     * @param options the serialized options
     * @return this runner
     */
    public Runner setOptions(byte[] options) {
      return this;
    }

    /**
     * Runs the graph and returns the fetched values.
     *
     * @return one new tensor per fetch, in order; the caller closes them
     * @throws IllegalArgumentException for a missing feed ({@code You must feed a value for
     *     placeholder tensor '…' with dtype …}), a fed value of the wrong dtype, or a kernel
     *     error
     * @throws IllegalStateException if the session has been closed, or a fed tensor was closed
     */
    public List<Tensor<?>> run() {
      return doRun().outputs;
    }

    /**
     * Runs the graph; as {@link #run()}, with the (empty) run metadata.
     *
     * @return the outputs and metadata
     */
    public Run runAndFetchMetadata() {
      Run r = doRun();
      r.metadata = new byte[0];
      return r;
    }

    private Run doRun() {
      int[] feedPoints = endpoints(feeds);
      int[] fetchPoints = endpoints(fetches);
      int[] targetIds = new int[targets.size()];
      for (int i = 0; i < targetIds.length; i++) {
        targetIds[i] = own(targets.get(i)).id();
      }
      // Shared copies of the fed values, owned by this runner for the run: a fed tensor closed
      // meanwhile does not change what the run reads.
      NativeHandle[] fed = new NativeHandle[feedValues.size()];
      long[] feedHandles = new long[fed.length];
      if (!life.enter()) {
        throw new IllegalStateException("run() cannot be called on the Session after close()");
      }
      try {
        for (int i = 0; i < fed.length; i++) {
          fed[i] =
              NativeHandle.adopt(
                  this,
                  feedValues.get(i).share("close() has been called on the Tensor"),
                  0,
                  null,
                  null);
          feedHandles[i] = fed[i].live();
        }
        long[] results = Session.run(life.handle(), feedPoints, feedHandles, fetchPoints, targetIds);
        Run run = new Run();
        run.outputs = new ArrayList<Tensor<?>>(results.length);
        for (int i = 0; i < results.length; i++) {
          try {
            run.outputs.add(Tensor.adopt(results[i], null));
          } catch (RuntimeException e) {
            for (Tensor<?> t : run.outputs) {
              t.close();
            }
            for (int j = i + 1; j < results.length; j++) {
              NativeHandle.adopt(this, results[j], 0, null, null).release();
            }
            throw e;
          }
        }
        return run;
      } finally {
        for (NativeHandle h : fed) {
          if (h != null) {
            h.release();
          }
        }
        life.exit();
      }
    }

    private int[] endpoints(List<Output<?>> outputs) {
      int[] flat = new int[outputs.size() * 2];
      for (int i = 0; i < outputs.size(); i++) {
        Output<?> o = outputs.get(i);
        flat[2 * i] = own(o.op()).id();
        flat[2 * i + 1] = o.index();
      }
      return flat;
    }

    private GraphOperation own(Operation op) {
      if (!(op instanceof GraphOperation) || ((GraphOperation) op).graph() != graph) {
        throw new IllegalArgumentException(
            "Operation " + op + " is not an operation of this session's graph");
      }
      return (GraphOperation) op;
    }

    private GraphOperation operationByName(String opName) {
      GraphOperation op = graph.operation(opName);
      if (op == null) {
        throw new IllegalArgumentException("No Operation named [" + opName + "] in the Graph");
      }
      return op;
    }

    /** {@code name} → output 0; {@code name:3} → output 3 (a non-numeric suffix is a name). */
    private Output<?> parseOutput(String opName) {
      int colon = opName.lastIndexOf(':');
      if (colon == -1 || colon == opName.length() - 1) {
        return operationByName(opName).output(0);
      }
      try {
        String op = opName.substring(0, colon);
        int index = Integer.parseInt(opName.substring(colon + 1));
        return operationByName(op).output(index);
      } catch (NumberFormatException e) {
        return operationByName(opName).output(0);
      }
    }
  }

  private static native long allocate(long graph);

  private static native long[] run(
      long session, int[] feeds, long[] feedTensors, int[] fetches, int[] targets);
}
