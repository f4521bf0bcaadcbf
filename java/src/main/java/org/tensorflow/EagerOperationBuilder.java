package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.util.Arrays;

/**
 * Builds and executes one eager operation through the op registry in native code: which op
 * types run eagerly, what inputs and attributes each takes, the checks with their messages and
 * the kernels are all there (docs/contracts/eager.md#execution-model). This class records the
 * inputs and the encoded attributes, enters the sessions' lifecycles and makes one native call at
 * {@link #build()}.
 */
final class EagerOperationBuilder implements OperationBuilder {
  static {
    NativeLoader.ensureLoaded();
  }

  private static final String BUILT = "Operation has already been built";
  /**
   * The op types the registry executes eagerly, read once; an op's index is its position. A
   * cache of the native table, so that making a builder needs no native call.
   */
  private static final String[] OP_TYPES = internedOpTypes();

  /**
   * The least length of the array an op's inputs and attributes go in and its output's
   * description comes back in: room for {@code {handle, dtype, native bytes, rank}} and four
   * dimensions (a higher rank comes back in a new array).
   */
  private static final int DESCRIPTION_ROOM = 8;

  /** Keeps input operations reachable until their handles are no longer read (see build()). */
  @SuppressWarnings("unused")
  private static volatile Object reachabilitySink;

  private final EagerSession session;
  /** The op's index in {@link #OP_TYPES}. */
  private final int op;
  private final String name;
  /** The inputs in order, the first {@link #inputCount} entries (an array: no list object per op). */
  private Output<?>[] inputs = new Output<?>[4];
  private int inputCount;
  /** Attributes in the order set; created by the first one (most ops set none). */
  private AttrEncoder attrs;
  private boolean built;

  /**
   * The only way builders are made, so every builder has an open session and an executable type
   * (TF 1.15 allocated the native op here, failing on a closed session or an unknown type).
   *
   * @throws IllegalStateException {@code Eager session has been closed}
   * @throws TensorFlowException {@code Op type not registered '…'} for a type the registry does
   *     not execute eagerly
   */
  EagerOperationBuilder(EagerSession session, String type, String name) {
    session.checkOpen();
    this.op = opIndex(type);
    this.session = session;
    this.name = name;
  }

  /** Interned, so that the string literal an op class passes matches by identity first. */
  private static String[] internedOpTypes() {
    String[] types = opTypes();
    for (int i = 0; i < types.length; i++) {
      types[i] = types[i].intern();
    }
    return types;
  }

  private static int opIndex(String type) {
    for (int i = 0; i < OP_TYPES.length; i++) {
      if (OP_TYPES[i].equals(type)) {
        return i;
      }
    }
    return lookupOp(type); // throws the registry's "Op type not registered"
  }

  @Override
  public synchronized Operation build() {
    checkNotBuilt();
    session.checkOpen();
    Operation operation;
    enterSession();
    try {
      if (inputsInOwnSession()) {
        operation = execute(); // the common case: one use
      } else {
        int entered = enterInputSessions();
        try {
          operation = execute();
        } finally {
          exitInputSessions(entered);
        }
      }
    } finally {
      session.exit();
    }
    built = true;
    return operation;
  }

  /** Checks and runs the op natively, inside uses of this session and of the inputs' ones. */
  private Operation execute() {
    // The input handles and the encoded attributes go in, the output's description comes back
    // in the same array.
    int attrLength = attrs == null ? 0 : attrs.length();
    long[] io = new long[Math.max(inputCount + attrLength, DESCRIPTION_ROOM)];
    for (int i = 0; i < inputCount; i++) {
      io[i] = inputs[i].liveHandle();
    }
    if (attrs != null) {
      attrs.writeTo(io, inputCount);
    }
    long[] result = execute(op, io, inputCount, attrLength, attrs == null ? null : attrs.bytes());
    // The inputs' operations own the handles just read; publishing them here keeps them
    // reachable (and their handles alive) until the native call has returned.
    reachabilitySink = inputs;
    if (attrs == null) {
      return new EagerOperation(session, OP_TYPES[op], name, result);
    }
    // An output that is a tensor attribute's value (a Const) came back under that attribute's
    // handle: the operation takes it over; the other attribute values are no longer needed.
    AttrEncoder.TensorValue value = attrs.takeTensor(result[0]);
    attrs.releaseTensors();
    if (value != null) {
      return new EagerOperation(session, OP_TYPES[op], name, value.handle, value, result);
    }
    return new EagerOperation(session, OP_TYPES[op], name, result);
  }

  @Override
  public synchronized OperationBuilder addInput(Output<?> input) {
    checkNotBuilt();
    input.checkLive(); // fails with "Tensor handle has been deleted" once released
    checkSessionOpen();
    add(input);
    return this;
  }

  @Override
  public synchronized OperationBuilder addInputList(Output<?>[] inputs) {
    checkNotBuilt();
    for (Output<?> input : inputs) {
      input.checkLive();
    }
    checkSessionOpen();
    for (Output<?> input : inputs) {
      add(input);
    }
    return this;
  }

  private void add(Output<?> input) {
    if (inputCount == inputs.length) {
      inputs = Arrays.copyOf(inputs, inputCount * 2);
    }
    inputs[inputCount++] = input;
  }

  @Override
  public OperationBuilder addControlInput(Operation control) {
    throw new UnsupportedOperationException(
        "Control inputs are not supported in an eager execution environment");
  }

  /** Accepted and ignored: execution is on CPU (docs/contracts/eager.md#execution-model). */
  @Override
  public synchronized OperationBuilder setDevice(String device) {
    checkNotBuilt();
    checkSessionOpen();
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, String value) {
    encoder().putString(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, String[] value) {
    encoder().putStrings(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, byte[] value) {
    encoder().putBytes(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, long value) {
    encoder().putLong(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, long[] value) {
    encoder().putLongs(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, float value) {
    encoder().putFloat(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, float[] value) {
    encoder().putFloats(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, boolean value) {
    encoder().putBoolean(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, boolean[] value) {
    encoder().putBooleans(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, DataType value) {
    encoder().putType(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, DataType[] value) {
    encoder().putTypes(attrName(name), value);
    return this;
  }

  /**
   * Shares the tensor's value into the operation (the buffer is shared, and shared buffers are
   * immutable), so the caller may close {@code value} right after.
   */
  @Override
  public synchronized OperationBuilder setAttr(String name, Tensor<?> value) {
    checkNotBuilt();
    if (value == null) {
      throw new NullPointerException();
    }
    AttrEncoder encoder = encoder();
    String attr = attrName(name);
    AttrEncoder.TensorValue tensor = new AttrEncoder.TensorValue();
    if (!session.enter()) {
      throw new IllegalStateException(BUILT);
    }
    try {
      // share() is a use of the tensor, so a concurrent close() cannot release it mid-copy.
      tensor.handle = session.own(tensor, value.share("close() has been called on the Tensor"));
    } finally {
      session.exit();
    }
    encoder.putTensor(attr, tensor);
    return this;
  }

  @Override
  public OperationBuilder setAttr(String name, Tensor<?>[] value) {
    throw new UnsupportedOperationException("Tensor list attributes are not supported in eager mode");
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, Shape value) {
    encoder().putShape(attrName(name), value);
    return this;
  }

  @Override
  public synchronized OperationBuilder setAttr(String name, Shape[] value) {
    encoder().putShapes(attrName(name), value);
    return this;
  }

  /** The encoder of a builder that may still take attributes (made by the first one). */
  private AttrEncoder encoder() {
    checkNotBuilt();
    checkSessionOpen();
    if (attrs == null) {
      attrs = new AttrEncoder();
    }
    return attrs;
  }

  /** A null name is passed on as {@code "null"}, which no op declares: refused at build. */
  private static String attrName(String name) {
    return String.valueOf(name);
  }

  private void checkNotBuilt() {
    if (built) {
      throw new IllegalStateException(BUILT);
    }
  }

  /**
   * Nothing can be added once the session is closed. TF 1.15 freed the native op with the session,
   * and a freed op reports what a built one does, so the message is the same
   * (docs/contracts/eager.md#operationbuilder).
   */
  private void checkSessionOpen() {
    if (session.isClosed()) {
      throw new IllegalStateException(BUILT);
    }
  }

  private boolean inputsInOwnSession() {
    for (int i = 0; i < inputCount; i++) {
      if (inputs[i].session() != session) {
        return false;
      }
    }
    return true;
  }

  private void enterSession() {
    if (!session.enter()) {
      throw new IllegalStateException("Eager session has been closed");
    }
  }

  /** Whether input {@code i}'s session is another one, not seen at an earlier input. */
  private boolean firstForeignSession(int i) {
    EagerSession s = inputs[i].session();
    if (s == session) {
      return false;
    }
    for (int j = 0; j < i; j++) {
      if (inputs[j].session() == s) {
        return false;
      }
    }
    return true;
  }

  /**
   * Enters the sessions of the inputs other than this builder's, each once. Entering never waits,
   * so no order is needed. An input whose session is closed has lost its value.
   *
   * @return how many inputs were visited (for {@link #exitInputSessions})
   */
  private int enterInputSessions() {
    int i = 0;
    try {
      for (; i < inputCount; i++) {
        if (firstForeignSession(i) && !inputs[i].session().enter()) {
          throw new IllegalStateException("Tensor handle has been deleted");
        }
      }
    } catch (RuntimeException e) {
      exitInputSessions(i);
      throw e;
    }
    return i;
  }

  /** Exits the sessions entered for the first {@code count} inputs. */
  private void exitInputSessions(int count) {
    for (int i = 0; i < count; i++) {
      if (firstForeignSession(i)) {
        inputs[i].session().exit();
      }
    }
  }

  /** The op types of the registry that run eagerly, in index order. */
  private static native String[] opTypes();

  /** The index of {@code type} among {@link #opTypes()}, or the registry's "not registered". */
  private static native int lookupOp(String type);

  /**
   * Runs eager op {@code op} on the {@code inputCount} handles at the start of {@code io}
   * (validated natively), with the {@code attrLength} longs of encoded attributes that follow them
   * ({@link AttrEncoder}; names and strings in {@code attrBytes}), and returns {@code {handle,
   * dtype, native bytes, rank, dims...}} of its output: {@code io} itself when that fits, else a
   * new array.
   */
  private static native long[] execute(
      int op, long[] io, int inputCount, int attrLength, byte[] attrBytes);
}
