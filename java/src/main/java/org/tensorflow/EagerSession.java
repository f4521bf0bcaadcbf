package org.tensorflow;

/**
 * An environment that executes operations eagerly, on the calling thread, as they are built.
 * Thread-safe.
 *
 * <p>The session owns the values its operations compute, including the tensors returned by
 * {@link Output#tensor()}: closing the session releases them all. Values whose operation became
 * unreachable are released earlier, when a later native value is created (the reference-queue
 * safety net of every native handle, which needs no thread of its own). The options are accepted
 * and stored but do not change results: execution is synchronous and on CPU
 * (docs/contracts/eager.md#session-options).
 */
public final class EagerSession implements ExecutionEnvironment, AutoCloseable {

  /** Options for a new session; see {@link EagerSession#options()}. */
  public static class Options {
    private boolean async = false;
    private DevicePlacementPolicy devicePlacementPolicy = DevicePlacementPolicy.SILENT;
    private ResourceCleanupStrategy resourceCleanupStrategy = ResourceCleanupStrategy.IN_BACKGROUND;
    private byte[] config = null;

    private Options() {}

    /**
     * Whether ops may run asynchronously (stored only: execution is always synchronous).
     *
     * @param value true to ask for asynchronous execution
     * @return these options, for chaining
     */
    public Options async(boolean value) {
      async = value;
      return this;
    }

    /**
     * How tensors are placed on devices (stored only: execution is on CPU).
     *
     * @param value the policy; {@code SILENT} by default
     * @return these options, for chaining
     */
    public Options devicePlacementPolicy(DevicePlacementPolicy value) {
      devicePlacementPolicy = value;
      return this;
    }

    /**
     * When unreachable resources are released (stored only; see the class comment).
     *
     * @param value the strategy; {@code IN_BACKGROUND} by default
     * @return these options, for chaining
     */
    public Options resourceCleanupStrategy(ResourceCleanupStrategy value) {
      resourceCleanupStrategy = value;
      return this;
    }

    /**
     * A serialized {@code ConfigProto} (stored only).
     *
     * @param value the serialized proto, or null for none; kept by reference
     * @return these options, for chaining
     */
    public Options config(byte[] value) {
      config = value;
      return this;
    }

    /**
     * A new session with these options.
     *
     * @return a new open session that the caller must close
     */
    public EagerSession build() {
      return new EagerSession(this);
    }
  }

  /** How a tensor on the wrong device is handled (TensorFlow's {@code TFE_ContextDevicePlacementPolicy}). */
  public static enum DevicePlacementPolicy {
    /** Raise an error. */
    EXPLICIT(0),
    /** Copy the tensor, with a warning. */
    WARN(1),
    /** Copy the tensor silently (the default). */
    SILENT(2),
    /** Like SILENT for int32 tensors, EXPLICIT otherwise. */
    SILENT_FOR_INT32(3);

    private final int code;

    private DevicePlacementPolicy(int code) {
      this.code = code;
    }

    int code() {
      return code;
    }
  }

  /** When resources of unreachable objects are released. */
  public static enum ResourceCleanupStrategy {
    /** By a background task (the default). */
    IN_BACKGROUND,
    /** When new operations are created. */
    ON_SAFE_POINTS,
    /** Only when the session is closed. */
    ON_SESSION_CLOSE;
  }

  private static final Object DEFAULT_LOCK = new Object();
  private static volatile EagerSession defaultSession;

  /**
   * A new session with default options; the caller must close it.
   *
   * @return a new open session
   */
  public static EagerSession create() {
    return options().build();
  }

  /**
   * New options with the defaults: {@code async=false}, {@code SILENT}, {@code IN_BACKGROUND},
   * no config.
   *
   * @return a new, independent options object
   */
  public static Options options() {
    return new Options();
  }

  /**
   * The process-wide default session, created on first use with default options. It lives as long
   * as the JVM and cannot be closed.
   *
   * @return the same session on every call
   */
  public static EagerSession getDefault() {
    EagerSession session = defaultSession;
    if (session == null) {
      synchronized (DEFAULT_LOCK) {
        session = defaultSession;
        if (session == null) {
          session = new EagerSession(options(), true);
          defaultSession = session;
        }
      }
    }
    return session;
  }

  /**
   * Creates the default session from {@code options}.
   *
   * @param options the options of the default session
   * @return the new default session, which cannot be closed
   * @throws IllegalStateException if a default session exists already
   */
  public static EagerSession initDefault(Options options) {
    synchronized (DEFAULT_LOCK) {
      if (defaultSession != null) {
        throw new IllegalStateException("Default eager session is already initialized");
      }
      EagerSession session = new EagerSession(options, true);
      defaultSession = session;
      return session;
    }
  }

  private final Options options;
  private final boolean isDefault;
  /**
   * Every read of a value's handle is a use of this lifecycle. Its group holds the native values
   * this session owns (operation outputs, tensor attributes, and the tensors handed out by {@link
   * Output#tensor()}, which are closed through their own lifecycles), released by {@link #close()}.
   */
  private final Lifecycle life = new Lifecycle(true, null);

  private EagerSession(Options options) {
    this(options, false);
  }

  private EagerSession(Options options, boolean isDefault) {
    this.options = options;
    this.isDefault = isDefault;
  }

  /**
   * Releases every tensor and operation value owned by this session, once the operations in
   * progress on other threads have returned; operations started later fail. Idempotent.
   *
   * @throws IllegalStateException on the default session
   */
  @Override
  public void close() {
    if (isDefault) {
      throw new IllegalStateException("Default eager session cannot be closed");
    }
    life.close();
  }

  /**
   * A builder for an operation of {@code type} named {@code name}.
   *
   * @throws IllegalStateException if this session has been closed
   * @throws TensorFlowException if {@code type} is neither {@code Const} nor {@code StridedSlice}
   */
  @Override
  public OperationBuilder opBuilder(String type, String name) {
    return new EagerOperationBuilder(this, type, name); // checks both
  }

  /** The options this session was built with (stored only; see the class comment). */
  Options sessionOptions() {
    return options;
  }

  boolean isClosed() {
    return life.isClosed();
  }

  void checkOpen() {
    if (life.isClosed()) {
      throw new IllegalStateException("Eager session has been closed");
    }
  }

  /**
   * Starts a use of this session: its values' handles may be read until {@link #exit()}, and
   * {@link #close()} waits for it. Never blocks.
   *
   * @return false if the session is closed (the caller throws its documented exception)
   */
  boolean enter() {
    return life.enter();
  }

  /** Ends a use started by a successful {@link #enter()}. */
  void exit() {
    life.exit();
  }

  /**
   * Makes the session own {@code handle} on behalf of {@code owner}: released when the session
   * closes, or earlier if {@code owner} becomes unreachable. Inside a use.
   */
  NativeHandle own(Object owner, long handle) {
    return NativeHandle.adopt(owner, handle, 0, life, life);
  }

  /** Adopts {@code handle} as a tensor owned by this session (closed with it). Inside a use. */
  Tensor<?> ownTensor(long handle) {
    return Tensor.adopt(handle, life);
  }

  /**
   * As {@link #ownTensor(long)}, for a handle whose description (dtype, bytes, shape) native code
   * returned with it: no further native call. Inside a use.
   */
  Tensor<?> ownTensor(long handle, long[] description) {
    return Tensor.adopt(handle, life, description);
  }
}
