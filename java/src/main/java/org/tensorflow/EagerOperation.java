package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.util.Arrays;

/**
 * An executed eager operation with one output, whose value (a native tensor handle) the session
 * owns. Equality is identity. Thread-safe.
 */
final class EagerOperation extends AbstractOperation {
  static {
    NativeLoader.ensureLoaded();
  }

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
  /**
   * {@code {handle, dtype, native bytes, rank, dims...}} of the value (possibly followed by unused
   * slots), as the native call that made it returned them; the handle slot is not read again:
   * {@link #value} owns the handle.
   */
  private final long[] description;
  /** The tensor handed out by {@link Output#tensor()}, created on first call. */
  private Tensor<?> tensor;

  /**
   * Adopts the handle in {@code description[0]}, the value of output 0, for the session; inside
   * a use of the session.
   */
  EagerOperation(EagerSession session, String type, String name, long[] description) {
    this.session = session;
    this.type = type;
    this.name = name;
    this.valueOwner = null;
    this.value = session.own(this, description[0]);
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
    return listLength(type, name, false);
  }

  @Override
  public int inputListLength(String name) {
    session.checkOpen();
    return listLength(type, name, true);
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
        // A second handle to the value; its dtype and shape are known already.
        long[] d = new long[2 + rank()];
        d[0] = description[1];
        d[1] = description[2];
        System.arraycopy(description, 4, d, 2, rank());
        tensor = session.ownTensor(NativeHandle.share(liveHandle()), d);
      } finally {
        session.exit();
      }
    }
    return tensor;
  }

  @Override
  DataType dataType(int idx) {
    Tensor<?> t = cachedTensor(idx);
    if (t != null) {
      return t.dataType();
    }
    checkValueReadable();
    return DataType.fromC((int) description[1]);
  }

  @Override
  Shape shape(int idx) {
    Tensor<?> t = cachedTensor(idx);
    if (t != null) {
      return Shape.fromArray(t.shape());
    }
    checkValueReadable();
    return Shape.fromArray(Arrays.copyOfRange(description, 4, 4 + rank()));
  }

  private int rank() {
    return (int) description[3];
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

  /** Without a tensor handed out, the value's metadata is not available once the session closed. */
  private void checkValueReadable() {
    if (session.isClosed()) {
      throw new IllegalStateException("EagerSession has been closed");
    }
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

  /**
   * The length of input (or output) argument {@code arg} of op type {@code type}, from the op
   * registry; {@code IllegalArgumentException} if the op has no such argument.
   */
  private static native int listLength(String type, String arg, boolean input);
}
