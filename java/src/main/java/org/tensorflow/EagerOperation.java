package org.tensorflow;

import java.util.Arrays;

/**
 * An executed eager operation with one output, whose value (a native tensor handle) the session
 * owns. Equality is identity. Thread-safe.
 */
final class EagerOperation extends AbstractOperation {
  private final EagerSession session;
  private final String type;
  private final String name;
  /** The value of output 0, owned by the session. */
  private final NativeHandle value;
  /**
   * The object the value's handle was adopted for, when that is not this operation (a Const
   * takes over its tensor attribute): held so that the handle lives as long as this operation.
   */
  @SuppressWarnings("unused")
  private final Object valueOwner;
  /** {@code {dtype, native bytes, dims...}} of the value (as Tensor.describe), filled on first need. */
  private long[] description;
  /** The tensor handed out by {@link Output#tensor()}, created on first call. */
  private Tensor<?> tensor;

  /**
   * Adopts {@code handle}, the value of output 0, for the session; inside a use of the session. {@code description} may be null (then it is read from native code on first use).
   */
  EagerOperation(EagerSession session, String type, String name, long handle, long[] description) {
    this.session = session;
    this.type = type;
    this.name = name;
    this.valueOwner = null;
    this.value = session.own(this, handle);
    this.description = description;
  }

  /** Takes over {@code value}, already owned by the session on behalf of {@code valueOwner}. */
  EagerOperation(
      EagerSession session,
      String type,
      String name,
      NativeHandle value,
      Object valueOwner,
      long[] description) {
    this.session = session;
    this.type = type;
    this.name = name;
    this.valueOwner = valueOwner;
    this.value = value;
    this.description = description;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String type() {
    return type;
  }

  @Override
  public int numOutputs() {
    return 1;
  }

  @Override
  public int outputListLength(String name) {
    session.checkOpen();
    if ("output".equals(name)) {
      return 1;
    }
    throw new IllegalArgumentException("Op " + type + " has no output list named '" + name + "'");
  }

  @Override
  public int inputListLength(String name) {
    session.checkOpen();
    if ("StridedSlice".equals(type)
        && ("input".equals(name) || "begin".equals(name) || "end".equals(name)
            || "strides".equals(name))) {
      return 1;
    }
    throw new IllegalArgumentException("Op " + type + " has no input list named '" + name + "'");
  }

  EagerSession session() {
    return session;
  }

  /** The value as a session-owned tensor: the same instance on every call. */
  @Override
  synchronized Tensor<?> tensor(int idx) {
    checkIndex(idx);
    if (tensor == null) {
      enterSession();
      try {
        tensor = session.ownTensor(NativeHandle.share(liveHandle()));
      } finally {
        session.exit();
      }
    }
    return tensor;
  }

  @Override
  DataType dataType(int idx) {
    Tensor<?> t = cachedTensor(idx);
    return t != null ? t.dataType() : DataType.fromC((int) describe()[0]);
  }

  @Override
  Shape shape(int idx) {
    Tensor<?> t = cachedTensor(idx);
    if (t != null) {
      return Shape.fromArray(t.shape());
    }
    long[] d = describe();
    return Shape.fromArray(Arrays.copyOfRange(d, 2, d.length));
  }

  /**
   * The live handle of output {@code idx}, for an op that reads it; the caller is inside a use of
   * the session until the native call returns.
   */
  long outputHandle(int idx) {
    checkIndex(idx);
    return liveHandle();
  }

  /** Fails as {@link #outputHandle} would once the value is released, without reading it. */
  void checkOutputLive(int idx) {
    checkIndex(idx);
    if (value.isReleased()) {
      throw new IllegalStateException("Tensor handle has been deleted");
    }
  }

  private synchronized Tensor<?> cachedTensor(int idx) {
    checkIndex(idx);
    return tensor;
  }

  private synchronized long[] describe() {
    if (session.isClosed()) {
      throw new IllegalStateException("EagerSession has been closed");
    }
    if (description == null) {
      enterSession();
      try {
        description = Tensor.describe(liveHandle());
      } finally {
        session.exit();
      }
    }
    return description;
  }

  private void enterSession() {
    if (!session.enter()) {
      throw new IllegalStateException("EagerSession has been closed");
    }
  }

  private long liveHandle() {
    long handle = value.live();
    if (handle == 0) {
      throw new IllegalStateException("Tensor handle has been deleted");
    }
    return handle;
  }

  private void checkIndex(int idx) {
    if (idx < 0 || idx >= numOutputs()) {
      throw new IndexOutOfBoundsException(
          "Output index " + idx + " out of range for an op with " + numOutputs() + " output(s)");
    }
  }
}
