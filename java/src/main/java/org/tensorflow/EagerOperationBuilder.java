package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds and executes one eager operation. Only {@code Const} and {@code StridedSlice} are
 * executable (docs/contracts/eager.md#execution-model); their inputs and attributes are validated
 * at {@link #build()}.
 */
final class EagerOperationBuilder implements OperationBuilder {
  static {
    NativeLoader.ensureLoaded();
  }

  static final String CONST = "Const";
  static final String STRIDED_SLICE = "StridedSlice";
  private static final String BUILT = "Operation has already been built";
  private static final String[] MASKS = {
    "begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"
  };
  // The attribute names each op accepts, built once (a varargs call made an array per op).
  private static final String[] CONST_ATTRS = {"value", "dtype"};
  private static final String[] STRIDED_SLICE_ATTRS = {
    "begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask", "T", "Index"
  };

  /** Keeps input operations reachable until their handles are no longer read (see build()). */
  @SuppressWarnings("unused")
  private static volatile Object reachabilitySink;

  private static boolean isExecutable(String type) {
    return CONST.equals(type) || STRIDED_SLICE.equals(type);
  }

  private final EagerSession session;
  private final String type;
  private final String name;
  /** The inputs in order, the first {@link #inputCount} entries (an array: no list object per op). */
  private Output<?>[] inputs = new Output<?>[4];
  private int inputCount;
  /** Attributes in the order set; created by the first one (most ops set none). */
  private Map<String, Object> attrs;
  private boolean built;

  /**
   * The only way builders are made, so every builder has an open session and an executable type
   * (TF 1.15 allocated the native op here, failing on a closed session or an unknown type).
   *
   * @throws IllegalStateException {@code Eager session has been closed}
   * @throws TensorFlowException {@code Op type not registered '…'} unless Const or StridedSlice
   */
  EagerOperationBuilder(EagerSession session, String type, String name) {
    session.checkOpen();
    if (!isExecutable(type)) {
      throw new TensorFlowException(
          "Op type not registered '"
              + type
              + "' in binary running on tensorbridge. Only Const and StridedSlice can be executed"
              + " eagerly by tensorbridge.");
    }
    this.session = session;
    this.type = type;
    this.name = name;
  }

  @Override
  public synchronized Operation build() {
    checkNotBuilt();
    session.checkOpen();
    Operation operation = CONST.equals(type) ? buildConst() : buildStridedSlice();
    built = true;
    return operation;
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
  public OperationBuilder setAttr(String name, String value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, String[] value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, byte[] value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, long value) {
    return attr(name, Long.valueOf(value));
  }

  @Override
  public OperationBuilder setAttr(String name, long[] value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, float value) {
    return attr(name, Float.valueOf(value));
  }

  @Override
  public OperationBuilder setAttr(String name, float[] value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, boolean value) {
    return attr(name, Boolean.valueOf(value));
  }

  @Override
  public OperationBuilder setAttr(String name, boolean[] value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, DataType value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, DataType[] value) {
    return attr(name, value);
  }

  /**
   * Copies the tensor's value into the operation (the buffer is shared, and shared buffers are
   * immutable), so the caller may close {@code value} right after.
   */
  @Override
  public synchronized OperationBuilder setAttr(String name, Tensor<?> value) {
    checkNotBuilt();
    TensorAttr attr = new TensorAttr(value.dataType(), describe(value));
    if (!session.enter()) {
      throw new IllegalStateException(BUILT);
    }
    try {
      // share() is a use of the tensor, so a concurrent close() cannot release it mid-copy.
      attr.ref = session.own(attr, value.share("close() has been called on the Tensor"));
    } finally {
      session.exit();
    }
    Object previous = attrMap().put(name, attr);
    if (previous instanceof TensorAttr) {
      ((TensorAttr) previous).ref.release();
    }
    return this;
  }

  @Override
  public OperationBuilder setAttr(String name, Tensor<?>[] value) {
    throw new UnsupportedOperationException("Tensor list attributes are not supported in eager mode");
  }

  @Override
  public OperationBuilder setAttr(String name, Shape value) {
    return attr(name, value);
  }

  @Override
  public OperationBuilder setAttr(String name, Shape[] value) {
    return attr(name, value);
  }

  private synchronized OperationBuilder attr(String name, Object value) {
    checkNotBuilt();
    checkSessionOpen();
    attrMap().put(name, value);
    return this;
  }

  private Map<String, Object> attrMap() {
    if (attrs == null) {
      attrs = new LinkedHashMap<String, Object>();
    }
    return attrs;
  }

  /** The attribute's value, or null if unset. */
  private Object attrValue(String name) {
    return attrs == null ? null : attrs.get(name);
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

  private Operation buildConst() {
    if (inputCount != 0) {
      throw new IllegalArgumentException(
          "Const takes no inputs, got " + inputCount);
    }
    checkAttrNames(CONST_ATTRS);
    Object value = attrValue("value");
    Object dtype = attrValue("dtype");
    if (value == null) {
      throw new IllegalArgumentException("Const requires the attribute 'value' (a tensor)");
    }
    if (!(value instanceof TensorAttr)) {
      throw wrongKind("value", "a tensor", value);
    }
    if (dtype == null) {
      throw new IllegalArgumentException("Const requires the attribute 'dtype' (a type)");
    }
    if (!(dtype instanceof DataType)) {
      throw wrongKind("dtype", "a type", dtype);
    }
    TensorAttr tensor = (TensorAttr) value;
    if (dtype != tensor.dataType) {
      throw new IllegalArgumentException(
          "Const: attribute 'dtype' is " + dtype + " but the value is a " + tensor.dataType
              + " tensor");
    }
    enterSession();
    try {
      // The operation takes over the attribute's session-owned value (and keeps its owner).
      return new EagerOperation(session, CONST, name, tensor.ref, tensor, tensor.description);
    } finally {
      session.exit();
    }
  }

  private Operation buildStridedSlice() {
    if (inputCount != 4) {
      throw new IllegalArgumentException(
          "StridedSlice takes 4 inputs (input, begin, end, strides), got " + inputCount);
    }
    checkAttrNames(STRIDED_SLICE_ATTRS);
    // Checked in attribute order before anything runs, as the masks array was filled.
    for (int i = 0; attrs != null && i < MASKS.length; i++) {
      mask(i);
    }
    checkTypeAttr("T", inputs[0]);
    checkTypeAttr("Index", inputs[1]);

    enterSession();
    try {
      if (inputsInOwnSession()) {
        return runStridedSlice(); // the common case: one use
      }
      int entered = enterInputSessions();
      try {
        return runStridedSlice();
      } finally {
        exitInputSessions(entered);
      }
    } finally {
      session.exit();
    }
  }

  /** Runs the kernel, inside uses of this session and of the inputs' ones. */
  private Operation runStridedSlice() {
    long output =
        stridedSlice(
            inputs[0].liveHandle(),
            inputs[1].liveHandle(),
            inputs[2].liveHandle(),
            inputs[3].liveHandle(),
            mask(0),
            mask(1),
            mask(2),
            mask(3),
            mask(4));
    // The inputs' operations own the handles just read; publishing them here keeps them
    // reachable (and their handles alive) until the native call has returned.
    reachabilitySink = inputs;
    return new EagerOperation(session, STRIDED_SLICE, name, output, null);
  }

  /** Mask attribute {@code i} of {@link #MASKS}, 0 if unset (read without an array per op). */
  private long mask(int i) {
    Object mask = attrValue(MASKS[i]);
    if (mask == null) {
      return 0L;
    }
    if (!(mask instanceof Long)) {
      throw wrongKind(MASKS[i], "an int", mask);
    }
    return ((Long) mask).longValue();
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

  private void checkTypeAttr(String attr, Output<?> input) {
    Object value = attrValue(attr);
    if (value == null) {
      return;
    }
    if (!(value instanceof DataType)) {
      throw wrongKind(attr, "a type", value);
    }
    DataType actual = input.dataType();
    if (value != actual) {
      throw new IllegalArgumentException(
          "StridedSlice: attribute '" + attr + "' is " + value + " but the input is a " + actual
              + " tensor");
    }
  }

  private void checkAttrNames(String[] known) {
    if (attrs == null) {
      return;
    }
    for (String attr : attrs.keySet()) {
      boolean found = false;
      for (String k : known) {
        found |= k.equals(attr);
      }
      if (!found) {
        throw new IllegalArgumentException("Op " + type + " has no attribute '" + attr + "'");
      }
    }
  }

  private IllegalArgumentException wrongKind(String attr, String expected, Object got) {
    return new IllegalArgumentException(
        "Attribute '" + attr + "' of op " + type + " must be " + expected + ", got a "
            + (got instanceof TensorAttr ? "tensor" : got.getClass().getSimpleName()));
  }

  /** The value's description in {@code Tensor.describe}'s layout (native bytes not needed: 0). */
  private static long[] describe(Tensor<?> value) {
    long[] shape = value.shape();
    long[] description = new long[shape.length + 2];
    description[0] = value.dataType().c();
    System.arraycopy(shape, 0, description, 2, shape.length);
    return description;
  }

  /**
   * A tensor attribute: a session-owned copy of the value (adopted on behalf of this object),
   * with its metadata.
   */
  private static final class TensorAttr {
    /** Set once, right after construction, inside a use of the session. */
    NativeHandle ref;
    final DataType dataType;
    final long[] description;

    TensorAttr(DataType dataType, long[] description) {
      this.dataType = dataType;
      this.description = description;
    }
  }

  /**
   * Runs TensorFlow's {@code StridedSlice} kernel on four live handles (validated natively) and
   * returns the handle of the new output. The masks are 64-bit so that the native side reports
   * values outside the int32 range with TensorFlow's message.
   */
  private static native long stridedSlice(
      long input,
      long begin,
      long end,
      long strides,
      long beginMask,
      long endMask,
      long ellipsisMask,
      long newAxisMask,
      long shrinkAxisMask);
}
