package org.tensorflow;

import dev.tensorbridge.internal.BridgeAccess;
import dev.tensorbridge.internal.NativeLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;

/**
 * A typed multi-dimensional array whose data lives in native memory, with the behaviour of
 * TensorFlow 1.x Java's {@code Tensor} and the semantics of C++ {@code tensorflow::Tensor}.
 *
 * <p>Not thread-safe (as upstream), with one guarantee: {@link #close()} never frees memory that a
 * running method of this tensor is using. Every method that reaches native data runs as a use of
 * the tensor's lifecycle, and {@code close()} waits for the uses in progress; the safety net below
 * leaves a tensor that became unreachable mid-call to the end of that call.
 *
 * <p>Close tensors you create. A tensor that becomes unreachable without being closed is released
 * by a reference-queue safety net, drained whenever a native value is created (TF 1.x leaked it).
 *
 * @param <T> the type tag of the elements (see {@link DataType#fromClass})
 */
public final class Tensor<T> implements AutoCloseable {
  static {
    NativeLoader.ensureLoaded();
    BridgeAccess.register(
        new BridgeAccess.Tensors() {
          @Override
          public Tensor<?> share(DataType type, int[] shape, ByteBuffer storage, int length) {
            return sharing(type, shape, storage, length);
          }

          @Override
          public ByteBuffer writableView(Tensor<?> tensor) {
            return tensor.writableData();
          }

          @Override
          public ByteBuffer allocateStorage(int bytes) {
            return NativeHandle.allocateBlock(bytes);
          }

          @Override
          public int drainReleased() {
            return NativeHandle.drain();
          }
        });
  }

  private static final String CLOSED = "close() was called on the Tensor";

  // Changed only by copyFrom; volatile so that a concurrent reader sees a whole array.
  private volatile DataType dataType;
  private volatile long[] shape;
  /** Every read of the handle is a use of this lifecycle; {@link #close()} closes it. */
  private final Lifecycle life = new Lifecycle();
  /** Owns the native tensor; read only through {@link #enter()}. */
  private final NativeHandle handle;

  private Tensor(long nativeHandle) {
    this(nativeHandle, null);
  }

  /** Adopts a handle just returned by native code; a session's {@code group} closes it too. */
  private Tensor(long nativeHandle, Lifecycle group) {
    this(nativeHandle, group, describeOrRelease(nativeHandle));
  }

  /**
   * Adopts a handle whose description ({@link #describe}'s layout) the caller knows; a session's
   * {@code group} closes it too.
   */
  private Tensor(long nativeHandle, Lifecycle group, long[] description) {
    setDescription(description);
    // The bytes the handle really keeps alive (0 without a buffer), not dtype x shape: an
    // uninitialised [2^62] tensor holds nothing.
    this.handle = NativeHandle.adopt(this, nativeHandle, description[1], group, life);
    life.own(handle);
  }

  /** {@link #describe} of a handle just returned by native code, which is released on failure. */
  private static long[] describeOrRelease(long nativeHandle) {
    try {
      return describe(nativeHandle);
    } catch (RuntimeException e) {
      NativeHandle.adopt(null, nativeHandle, 0, null, null).release();
      throw e;
    }
  }

  /** Takes dtype and shape from a native description (they change only through copyFrom). */
  private void setDescription(long[] description) {
    this.dataType = DataType.fromC((int) description[0]);
    this.shape = Arrays.copyOfRange(description, 2, description.length);
  }

  // ---------------------------------------------------------------------------------------------
  // Factories

  /**
   * A tensor from a Java object whose element type must be {@code type}: a boxed scalar ({@code
   * Float}, {@code Integer}, …), a nested array of primitives, or for STRING a {@code byte[]} or
   * nested arrays of {@code byte[]}. {@code byte} arrays with {@link org.tensorflow.types.UInt8}
   * make a UINT8 tensor of the arrays' full rank.
   *
   * @param <T> the element type tag
   * @param obj the scalar or array to copy
   * @param type the element type tag, e.g. {@code Integer.class} or {@code UInt8.class}
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException with TF 1.x's messages, in its order: unknown {@code type};
   *     unsupported element class; arrays of boxed values; element type not {@code type}; a
   *     zero-length or ragged array; and for a {@code Byte} as a STRING scalar (TF 1.15 threw
   *     {@code ClassCastException})
   * @throws NullPointerException if {@code obj} is null
   */
  public static <T> Tensor<T> create(Object obj, Class<T> type) {
    DataType dataType = DataType.fromClass(type);
    if (!TensorArrays.compatible(obj, dataType)) {
      throw new IllegalArgumentException(
          "DataType of object does not match T (expected "
              + dataType
              + ", got "
              + TensorArrays.dataTypeOf(obj)
              + ")");
    }
    @SuppressWarnings("unchecked")
    Tensor<T> tensor = (Tensor<T>) fromObject(obj, dataType);
    return tensor;
  }

  /**
   * A tensor from a Java object, its type taken from the element class ({@code byte} means a
   * byte string: STRING). Boxed values make scalars only; arrays of boxed values are rejected
   * (docs/contracts/tensor.md#undefined-inputs-are-rejected).
   *
   * @param obj the scalar or array to copy
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException for unsupported element classes, boxed arrays, zero-length
   *     or ragged arrays, and a {@code Byte} (it reads as STRING, whose scalar is a {@code byte[]})
   * @throws NullPointerException if {@code obj} is null
   */
  public static Tensor<?> create(Object obj) {
    DataType dataType = TensorArrays.dataTypeOf(obj);
    TensorArrays.rejectBoxedArrays(obj);
    return fromObject(obj, dataType);
  }

  private static Tensor<?> fromObject(Object obj, DataType dataType) {
    int rank = TensorArrays.rank(obj, dataType);
    if (dataType == DataType.STRING && rank == 0 && !(obj instanceof byte[])) {
      // A boxed Byte reads as STRING but a STRING element is a byte[]: TF 1.15 failed here with
      // a ClassCastException (docs/contracts/tensor.md#factories).
      throw new IllegalArgumentException(
          "cannot create Tensors of type "
              + obj.getClass().getName()
              + " (a STRING scalar is a byte[]; use UInt8.class for a UINT8 scalar)");
    }
    long[] shape = TensorArrays.shapeOf(obj, rank);
    checkCreatable(shape, dataType.c(), 0);
    int count = (int) TensorArrays.elementCount(shape);
    int c = dataType.c();
    long handle;
    if (dataType == DataType.STRING) {
      byte[][] elements =
          rank == 0 ? new byte[][] {(byte[]) obj} : TensorArrays.stringElements(obj, rank, count);
      handle = packStrings(shape, elements);
    } else if (rank == 0) {
      handle = createScalar(c, obj);
    } else {
      Object flat = TensorArrays.flatten(obj, rank, count);
      switch (dataType) {
        case FLOAT:
          handle = createFromFloats(c, shape, (float[]) flat, 0, count);
          break;
        case DOUBLE:
          handle = createFromDoubles(c, shape, (double[]) flat, 0, count);
          break;
        case INT32:
          handle = createFromInts(c, shape, (int[]) flat, 0, count);
          break;
        case INT64:
          handle = createFromLongs(c, shape, (long[]) flat, 0, count);
          break;
        case BOOL:
          handle = createFromBooleans(c, shape, (boolean[]) flat, 0, count);
          break;
        default: // UINT8 from byte arrays
          handle = createFromBytes(c, shape, (byte[]) flat, 0, count);
          break;
      }
    }
    return new Tensor<Object>(handle);
  }

  private static long createScalar(int c, Object value) {
    long[] scalar = new long[0];
    if (value instanceof Float) {
      return createFromFloats(c, scalar, new float[] {(Float) value}, 0, 1);
    } else if (value instanceof Double) {
      return createFromDoubles(c, scalar, new double[] {(Double) value}, 0, 1);
    } else if (value instanceof Integer) {
      return createFromInts(c, scalar, new int[] {(Integer) value}, 0, 1);
    } else if (value instanceof Long) {
      return createFromLongs(c, scalar, new long[] {(Long) value}, 0, 1);
    } else if (value instanceof Boolean) {
      return createFromBooleans(c, scalar, new boolean[] {(Boolean) value}, 0, 1);
    }
    return createFromBytes(c, scalar, new byte[] {(Byte) value}, 0, 1);
  }

  /** One native call for all elements: their bytes concatenated, plus their lengths. */
  private static long packStrings(long[] shape, byte[][] elements) {
    long total = 0;
    int[] lengths = new int[elements.length];
    for (int i = 0; i < elements.length; i++) {
      lengths[i] = elements[i].length;
      total += lengths[i];
    }
    checkCreatable(shape, DataType.STRING.c(), total);
    byte[] data = new byte[(int) total];
    int position = 0;
    for (byte[] element : elements) {
      System.arraycopy(element, 0, data, position, element.length);
      position += element.length;
    }
    return createStrings(shape, data, lengths);
  }

  /**
   * An INT32 tensor of the given shape from {@code data}'s remaining values, which must be
   * exactly as many as the shape has elements; advances {@code data}.
   *
   * @param shape the dimension sizes; zeros are allowed (the way to make empty tensors)
   * @param data the elements in row-major order, from its position
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException {@code buffer with … elements is not compatible with a
   *     Tensor with shape …}, or for a negative or too large shape
   *     (docs/contracts/tensor.md#undefined-inputs-are-rejected)
   */
  public static Tensor<Integer> create(long[] shape, IntBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.INT32);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          createFromInts(
              DataType.INT32.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      int[] values = new int[count];
      data.get(values);
      handle = createFromInts(DataType.INT32.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /**
   * As {@link #create(long[], IntBuffer)}, for FLOAT.
   *
   * @param shape the dimension sizes; zeros are allowed
   * @param data the elements in row-major order, from its position; advanced past them
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException as for the {@code IntBuffer} variant
   */
  public static Tensor<Float> create(long[] shape, FloatBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.FLOAT);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          createFromFloats(
              DataType.FLOAT.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      float[] values = new float[count];
      data.get(values);
      handle = createFromFloats(DataType.FLOAT.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /**
   * As {@link #create(long[], IntBuffer)}, for DOUBLE.
   *
   * @param shape the dimension sizes; zeros are allowed
   * @param data the elements in row-major order, from its position; advanced past them
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException as for the {@code IntBuffer} variant
   */
  public static Tensor<Double> create(long[] shape, DoubleBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.DOUBLE);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          createFromDoubles(
              DataType.DOUBLE.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      double[] values = new double[count];
      data.get(values);
      handle = createFromDoubles(DataType.DOUBLE.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /**
   * As {@link #create(long[], IntBuffer)}, for INT64.
   *
   * @param shape the dimension sizes; zeros are allowed
   * @param data the elements in row-major order, from its position; advanced past them
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException as for the {@code IntBuffer} variant
   */
  public static Tensor<Long> create(long[] shape, LongBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.INT64);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          createFromLongs(
              DataType.INT64.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      long[] values = new long[count];
      data.get(values);
      handle = createFromLongs(DataType.INT64.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /**
   * A tensor of {@code type} from the raw bytes remaining in {@code data}, which must already be
   * in the tensor's layout and native (little-endian) byte order whatever {@code data.order()}
   * says; advances {@code data}. For STRING the bytes are TF 1.x's {@code TF_STRING} encoding
   * (one 64-bit offset per element, then varint-length-prefixed strings), decoded and checked
   * here with the C API's messages ({@code Malformed TF_STRING tensor; …}).
   *
   * @param <T> the element type tag
   * @param type the element type tag
   * @param shape the dimension sizes; zeros are allowed
   * @param data the raw bytes, from its position
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException {@code ByteBuffer with … bytes is not compatible with a …
   *     Tensor (… bytes/element)}, {@code buffer with … elements is not compatible with a Tensor
   *     with shape …}, or for a negative or too large shape
   *     (docs/contracts/tensor.md#undefined-inputs-are-rejected)
   */
  public static <T> Tensor<T> create(Class<T> type, long[] shape, ByteBuffer data) {
    DataType dataType = DataType.fromClass(type);
    if (dataType == DataType.STRING) {
      @SuppressWarnings("unchecked")
      Tensor<T> tensor = (Tensor<T>) fromEncodedStrings(shape, data);
      return tensor;
    }
    int elementBytes = dataType.byteSize();
    if (data.remaining() % elementBytes != 0) {
      throw new IllegalArgumentException(
          "ByteBuffer with "
              + data.remaining()
              + " bytes is not compatible with a "
              + dataType
              + " Tensor ("
              + elementBytes
              + " bytes/element)");
    }
    checkBufferShape(shape, data.remaining() / elementBytes, dataType);
    long handle = createFromRaw(dataType.c(), shape, data);
    data.position(data.limit());
    return typed(handle);
  }

  /**
   * A tensor of any {@link DataType} with memcpy-able elements, from raw little-endian bytes
   * (project extension). Copies {@code data.remaining()} bytes and advances {@code data}. STRING
   * takes the {@code TF_STRING} encoding as {@link #create(Class, long[], ByteBuffer)} does.
   *
   * @param dataType the element type, including those without a Java type tag (e.g. HALF)
   * @param shape the dimension sizes; zeros are allowed
   * @param data the raw little-endian bytes, from its position
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException if the byte count does not match the dtype and shape, or for
   *     a negative or too large shape (docs/contracts/tensor.md#undefined-inputs-are-rejected)
   */
  public static Tensor<?> create(DataType dataType, long[] shape, ByteBuffer data) {
    if (dataType == DataType.STRING) {
      return fromEncodedStrings(shape, data);
    }
    checkCreatable(shape, dataType.c(), 0);
    long handle = createFromRaw(dataType.c(), shape, data);
    Tensor<?> tensor = new Tensor<Object>(handle);
    data.position(data.limit());
    return tensor;
  }

  private static Tensor<?> fromEncodedStrings(long[] shape, ByteBuffer data) {
    checkCreatable(shape, DataType.STRING.c(), 0);
    byte[] encoded = new byte[data.remaining()];
    data.duplicate().get(encoded);
    long handle = createFromEncodedStrings(shape, encoded);
    data.position(data.limit());
    return new Tensor<Object>(handle);
  }

  /**
   * TF 1.x's buffer check (element count in its wrapping int arithmetic), then the checks for what
   * TF 1.x would have passed on to native code
   * (docs/contracts/tensor.md#undefined-inputs-are-rejected).
   */
  private static void checkBufferShape(long[] shape, int elements, DataType dataType) {
    if (elements != TensorArrays.wrappedElementCount(shape)) {
      throw new IllegalArgumentException(
          "buffer with "
              + elements
              + " elements is not compatible with a Tensor with shape "
              + Arrays.toString(shape));
    }
    checkCreatable(shape, dataType.c(), 0);
  }

  @SuppressWarnings("unchecked")
  private static <U> Tensor<U> typed(long handle) {
    return (Tensor<U>) new Tensor<Object>(handle);
  }

  /**
   * Adopts a handle returned by native code: the new tensor owns it, and a session's {@code group}
   * (or null) closes the tensor when the session closes.
   */
  static Tensor<?> adopt(long handle, Lifecycle group) {
    return new Tensor<Object>(handle, group);
  }

  /**
   * As {@link #adopt(long, Lifecycle)}, for a handle whose {@link #describe} result the caller
   * already has (an eager op's output): no native call.
   */
  static Tensor<?> adopt(long handle, Lifecycle group, long[] description) {
    return new Tensor<Object>(handle, group, description);
  }

  // ---------------------------------------------------------------------------------------------
  // Life cycle and metadata

  /**
   * Starts a use of this tensor ({@link Lifecycle}) and returns its live handle; the caller ends
   * the use with {@code life.exit()} in a {@code finally}.
   *
   * @throws NullPointerException {@code close() was called on the Tensor} once closed
   */
  private long enter() {
    if (!life.enter()) {
      throw new NullPointerException(CLOSED);
    }
    return life.handle();
  }

  /**
   * Releases the native data, once the calls in progress on this tensor have returned.
   * Idempotent. Views returned by {@link #tensorData()} stay valid: they keep the memory alive on
   * their own.
   */
  @Override
  public void close() {
    life.close();
  }

  /**
   * The raw native handle, 0 once closed. Package-private, for code written against TensorFlow
   * 1.x's package-private API; native code checks it in the handle registry on every use.
   */
  long getNativeHandle() {
    if (!life.enter()) {
      return 0;
    }
    try {
      return life.handle();
    } finally {
      life.exit();
    }
  }

  /**
   * A new tensor for the value behind {@code handle}. Unlike TensorFlow 1.x, which takes over
   * the handle itself, the new tensor owns a second handle to the same value (checked natively:
   * a handle that is not live is refused with {@code IllegalStateException}), so that it and the
   * tensor the handle came from can each be closed, or collected, on their own.
   */
  static Tensor<?> fromHandle(long handle) {
    return new Tensor<Object>(NativeHandle.share(handle));
  }

  /** Whether {@link #close()} (or the owning session's close) has released this tensor. */
  boolean isClosed() {
    return life.isClosed();
  }

  /**
   * A second handle to this tensor's value for a new owner (the buffer is shared, not copied).
   *
   * @throws IllegalStateException {@code closedMessage} if this tensor is closed
   */
  long share(String closedMessage) {
    if (!life.enter()) {
      throw new IllegalStateException(closedMessage);
    }
    try {
      return NativeHandle.share(life.handle());
    } finally {
      life.exit();
    }
  }

  /**
   * The element type.
   *
   * @return the data type; still available after {@link #close()}
   */
  public DataType dataType() {
    return dataType;
  }

  /**
   * The rank: 0 for a scalar.
   *
   * @return the number of dimensions; still available after {@link #close()}
   */
  public int numDimensions() {
    return shape.length;
  }

  /**
   * The size of each dimension (a copy: docs/contracts/tensor.md#shape-returns-a-copy).
   *
   * @return a new array of the dimension sizes, which the caller may modify
   */
  public long[] shape() {
    return shape.clone();
  }

  /** For example {@code FLOAT tensor with shape [2, 3]}. */
  @Override
  public String toString() {
    return dataType + " tensor with shape " + Arrays.toString(shape);
  }

  /**
   * The element count in TF 1.x's {@code int} arithmetic: each dimension cast to int, overflow
   * wraps.
   *
   * @return the product of the dimensions, possibly wrapped
   */
  public int numElements() {
    return TensorArrays.wrappedElementCount(shape);
  }

  /**
   * The size of the tensor data in bytes. For STRING tensors: the size of TF 1.x's {@code
   * TF_STRING} encoding (8-byte offsets plus varint-prefixed strings), which {@link
   * #writeTo(ByteBuffer)} writes. Wraps like TF 1.x's int if the data exceeds 2 GiB.
   *
   * @return the data size in bytes
   * @throws NullPointerException after {@link #close()}
   * @throws IllegalStateException for RESOURCE and VARIANT, whose elements are not bytes
   */
  public int numBytes() {
    long handle = enter();
    try {
      return (int) numBytes(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * This tensor retyped.
   *
   * @param <U> the requested element type tag
   * @param type the type tag that must match {@link #dataType()}
   * @return this same tensor, with the new type parameter
   * @throws IllegalArgumentException {@code Cannot cast from tensor of … to tensor of …}
   */
  public <U> Tensor<U> expect(Class<U> type) {
    DataType requested = DataType.fromClass(type);
    if (requested != dataType) {
      throw new IllegalArgumentException(
          "Cannot cast from tensor of " + dataType + " to tensor of " + requested);
    }
    @SuppressWarnings("unchecked")
    Tensor<U> retyped = (Tensor<U>) this;
    return retyped;
  }

  // ---------------------------------------------------------------------------------------------
  // Scalar accessors: closed, then rank, then type, as TF 1.x checks them.

  /**
   * The value of a FLOAT scalar.
   *
   * @return the single element
   * @throws IllegalStateException {@code Tensor is not a scalar} for rank > 0, {@code Tensor is not
   *     a Float scalar} for another dtype
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public float floatValue() {
    return Float.intBitsToFloat((int) scalarBits(DataType.FLOAT, "Float"));
  }

  /**
   * The value of a DOUBLE scalar.
   *
   * @return the single element
   * @throws IllegalStateException {@code Tensor is not a scalar} for rank > 0, {@code Tensor is not
   *     a Double scalar} for another dtype
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public double doubleValue() {
    return Double.longBitsToDouble(scalarBits(DataType.DOUBLE, "Double"));
  }

  /**
   * The value of an INT32 scalar.
   *
   * @return the single element
   * @throws IllegalStateException {@code Tensor is not a scalar} for rank > 0, {@code Tensor is not
   *     a Int scalar} for another dtype (including UINT8)
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public int intValue() {
    return (int) scalarBits(DataType.INT32, "Int");
  }

  /**
   * The value of an INT64 scalar.
   *
   * @return the single element
   * @throws IllegalStateException {@code Tensor is not a scalar} for rank > 0, {@code Tensor is not
   *     a Long scalar} for another dtype
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public long longValue() {
    return scalarBits(DataType.INT64, "Long");
  }

  /**
   * The value of a BOOL scalar.
   *
   * @return the single element
   * @throws IllegalStateException {@code Tensor is not a scalar} for rank > 0, {@code Tensor is not
   *     a Boolean scalar} for another dtype
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public boolean booleanValue() {
    return (scalarBits(DataType.BOOL, "Boolean") & 0xff) != 0;
  }

  /**
   * The bytes of a STRING scalar.
   *
   * @return a new array holding a copy of the element's bytes
   * @throws IllegalStateException {@code Tensor is not a scalar}
   * @throws IllegalArgumentException {@code Tensor is not a string/bytes scalar}
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public byte[] bytesValue() {
    long handle = enter();
    try {
      if (shape.length != 0) {
        throw new IllegalStateException("Tensor is not a scalar");
      }
      if (dataType != DataType.STRING) {
        throw new IllegalArgumentException("Tensor is not a string/bytes scalar");
      }
      return readStrings(handle, 1)[0];
    } finally {
      life.exit();
    }
  }

  /**
   * The element bytes of a scalar of {@code expected} type as a little-endian long (one native
   * call, no buffer object).
   */
  private long scalarBits(DataType expected, String kind) {
    long handle = enter();
    try {
      if (shape.length != 0) {
        throw new IllegalStateException("Tensor is not a scalar");
      }
      if (dataType != expected) {
        throw new IllegalStateException("Tensor is not a " + kind + " scalar");
      }
      return scalarBits(handle);
    } finally {
      life.exit();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Copies out

  /**
   * Copies the tensor into {@code dst}, a Java array of the same rank, element type and shape
   * ({@code byte} arrays for UINT8; nested arrays of {@code byte[]} for STRING, whose leaves are
   * replaced by new arrays), and returns {@code dst}. Checks in TF 1.x's order
   * (docs/contracts/tensor.md#copyto).
   *
   * @param <U> the array type
   * @param dst the destination array, fully allocated to the tensor's shape
   * @return {@code dst}
   * @throws IllegalArgumentException for a different rank, element type or shape, a zero-length
   *     level, or a scalar tensor
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public <U> U copyTo(U dst) {
    int rank = shape.length;
    int dstRank = TensorArrays.rank(dst, dataType);
    if (dstRank != rank) {
      throw new IllegalArgumentException(
          "cannot copy Tensor with " + rank + " dimensions into an object with " + dstRank);
    }
    if (!TensorArrays.compatible(dst, dataType)) {
      throw new IllegalArgumentException(
          "cannot copy Tensor with DataType "
              + dataType
              + " into an object of type "
              + dst.getClass().getName());
    }
    long[] dstShape = TensorArrays.shapeOf(dst, rank);
    if (!Arrays.equals(dstShape, shape)) {
      throw new IllegalArgumentException(
          "cannot copy Tensor with shape "
              + Arrays.toString(shape)
              + " into object with shape "
              + Arrays.toString(dstShape));
    }
    long handle = enter();
    try {
      if (rank == 0) {
        throw new IllegalArgumentException(
            "copyTo() is not meant for scalar Tensors, use the scalar accessor (floatValue(),"
                + " intValue() etc.) instead");
      }
      int count = (int) TensorArrays.elementCount(shape);
      if (dataType == DataType.STRING) {
        TensorArrays.scatterStrings(readStrings(handle, count), 0, dst, rank);
      } else {
        TensorArrays.scatter(flatData(borrowedData(handle), count), 0, dst, rank);
      }
    } finally {
      life.exit();
    }
    return dst;
  }

  /** The tensor's elements as a Java primitive array of its type (after copyTo's checks). */
  private Object flatData(ByteBuffer data, int count) {
    switch (dataType) {
      case FLOAT:
        float[] floats = new float[count];
        data.asFloatBuffer().get(floats);
        return floats;
      case DOUBLE:
        double[] doubles = new double[count];
        data.asDoubleBuffer().get(doubles);
        return doubles;
      case INT32:
        int[] ints = new int[count];
        data.asIntBuffer().get(ints);
        return ints;
      case INT64:
        long[] longs = new long[count];
        data.asLongBuffer().get(longs);
        return longs;
      case BOOL:
        boolean[] booleans = new boolean[count];
        for (int i = 0; i < count; i++) {
          booleans[i] = data.get(i) != 0;
        }
        return booleans;
      default: // UINT8
        byte[] bytes = new byte[count];
        data.get(bytes);
        return bytes;
    }
  }

  /**
   * Writes the INT32 elements at {@code dst}'s position and advances it.
   *
   * @param dst the buffer to fill; needs room for {@link #numElements()} values
   * @throws IllegalArgumentException {@code cannot use … with Tensor of type …} for another dtype
   * @throws java.nio.BufferOverflowException if {@code dst} has too little room (nothing written)
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public void writeTo(IntBuffer dst) {
    checkWriteType(dst, DataType.INT32);
    long handle = enter();
    try {
      dst.put(borrowedData(handle).asIntBuffer());
    } finally {
      life.exit();
    }
  }

  /**
   * As {@link #writeTo(IntBuffer)}, for FLOAT.
   *
   * @param dst the buffer to fill; needs room for {@link #numElements()} values
   * @throws IllegalArgumentException if the tensor is not FLOAT
   * @throws java.nio.BufferOverflowException if {@code dst} has too little room
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public void writeTo(FloatBuffer dst) {
    checkWriteType(dst, DataType.FLOAT);
    long handle = enter();
    try {
      dst.put(borrowedData(handle).asFloatBuffer());
    } finally {
      life.exit();
    }
  }

  /**
   * As {@link #writeTo(IntBuffer)}, for DOUBLE.
   *
   * @param dst the buffer to fill; needs room for {@link #numElements()} values
   * @throws IllegalArgumentException if the tensor is not DOUBLE
   * @throws java.nio.BufferOverflowException if {@code dst} has too little room
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public void writeTo(DoubleBuffer dst) {
    checkWriteType(dst, DataType.DOUBLE);
    long handle = enter();
    try {
      dst.put(borrowedData(handle).asDoubleBuffer());
    } finally {
      life.exit();
    }
  }

  /**
   * As {@link #writeTo(IntBuffer)}, for INT64.
   *
   * @param dst the buffer to fill; needs room for {@link #numElements()} values
   * @throws IllegalArgumentException if the tensor is not INT64
   * @throws java.nio.BufferOverflowException if {@code dst} has too little room
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   */
  public void writeTo(LongBuffer dst) {
    checkWriteType(dst, DataType.INT64);
    long handle = enter();
    try {
      dst.put(borrowedData(handle).asLongBuffer());
    } finally {
      life.exit();
    }
  }

  /**
   * Writes the {@link #numBytes()} raw bytes of the data (little-endian; for STRING the {@code
   * TF_STRING} encoding) at {@code dst}'s position and advances it.
   *
   * @param dst the buffer to fill; needs room for {@link #numBytes()} bytes
   * @throws java.nio.BufferOverflowException if {@code dst} has too little room (nothing written)
   * @throws NullPointerException after {@link #close()}
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor, which has elements but no data (docs/contracts/tensor.md#uninitialised-tensors)
   * @throws IllegalStateException for RESOURCE and VARIANT
   */
  public void writeTo(ByteBuffer dst) {
    long handle = enter();
    try {
      if (dataType == DataType.STRING) {
        dst.put(ByteBuffer.wrap(encodedStrings(handle)));
      } else {
        dst.put(borrowedData(handle));
      }
    } finally {
      life.exit();
    }
  }

  private void checkWriteType(java.nio.Buffer dst, DataType expected) {
    if (dataType != expected) {
      throw new IllegalArgumentException(
          "cannot use " + dst.getClass().getName() + " with Tensor of type " + dataType);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // C++ tensorflow::Tensor semantics (docs/contracts/tensor.md#c-tensor-methods). Methods that read
  // data throw NullPointerException("close() was called on the Tensor") after close().

  /**
   * {@code Tensor::FromProto} of a serialized {@code TensorProto} of any dtype. No size limit
   * (TensorFlow parity, docs/contracts/tensor.md#resource-limits): allocation is fallible, so a
   * huge request fails cleanly; use {@link #fromProto(byte[], long)} to bound untrusted input.
   *
   * @param serializedTensorProto the wire bytes of a {@code TensorProto}
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException starting with {@code Cannot parse tensor from proto}
   */
  public static Tensor<?> fromProto(byte[] serializedTensorProto) {
    return fromProto(serializedTensorProto, -1);
  }

  /**
   * {@link #fromProto(byte[])} that also rejects tensors whose data would exceed {@code maxBytes}
   * bytes (project extension; strings, resources and variants count 24 bytes per element plus
   * string bytes). A negative {@code maxBytes} means no limit.
   *
   * @param serializedTensorProto the wire bytes of a {@code TensorProto}
   * @param maxBytes the largest accepted data size in bytes, or negative for no limit
   * @return a new tensor owned by the caller, who must close it
   * @throws IllegalArgumentException for an unparsable proto or one over {@code maxBytes}
   */
  public static Tensor<?> fromProto(byte[] serializedTensorProto, long maxBytes) {
    checkNotNull(serializedTensorProto, "serializedTensorProto");
    return new Tensor<Object>(parseProto(serializedTensorProto, maxBytes));
  }

  /**
   * {@code AsProtoTensorContent}, serialized: for every dtype except STRING the bytes of {@code
   * tf.io.serialize_tensor}.
   *
   * @return the serialized {@code TensorProto}, data in {@code tensor_content} where the dtype
   *     allows
   * @throws NullPointerException after {@link #close()}
   */
  public byte[] asProtoTensorContent() {
    long handle = enter();
    try {
      return asProtoTensorContent(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code AsProtoField}, serialized: for STRING the bytes of {@code tf.io.serialize_tensor}.
   *
   * @return the serialized {@code TensorProto}, data in the typed repeated field of the dtype
   * @throws NullPointerException after {@link #close()}
   */
  public byte[] asProtoField() {
    long handle = enter();
    try {
      return asProtoField(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code SummarizeValue(maxEntries, printV2)} exactly (a negative {@code maxEntries} prints
   * every element). String elements are printed raw by TensorFlow; bytes that are not valid UTF-8
   * appear here as {@code \xNN} (two lower-case hex digits per byte), which cannot be confused with
   * element text because the summary escapes every backslash of an element as {@code \\}.
   *
   * @param maxEntries the most elements printed before eliding with {@code ...}; negative for all
   * @param printV2 TF 2's layout ({@code tf.strings.format}: outer brackets, elision in the
   *     middle) instead of v1's (elements in order, {@code ...} at the end)
   * @return the summary text
   * @throws NullPointerException after {@link #close()}
   */
  public String summarizeValue(long maxEntries, boolean printV2) {
    long handle = enter();
    try {
      return summarizeValue(handle, maxEntries, printV2);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code DebugString()}: type, shape and at most 3 values.
   *
   * @return for example {@code Tensor<type: float shape: [2] values: 1 2>}
   * @throws NullPointerException after {@link #close()}
   */
  public String debugString() {
    return debugString(3);
  }

  /**
   * {@code DebugString(numValues)}: type, shape and at most {@code numValues} values (v1).
   *
   * @param numValues the most values printed
   * @return the debug text
   * @throws NullPointerException after {@link #close()}
   */
  public String debugString(int numValues) {
    long handle = enter();
    try {
      return debugString(handle, numValues);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code DeviceSafeDebugString()}: type and shape, no values.
   *
   * @return the debug text without element values
   * @throws NullPointerException after {@link #close()}
   */
  public String deviceSafeDebugString() {
    long handle = enter();
    try {
      return deviceSafeDebugString(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code Slice(dim0Start, dim0Limit)}: rows {@code [dim0Start, dim0Limit)} of dimension 0, as
   * a new tensor sharing this tensor's buffer (nothing is copied). The caller owns (closes) it;
   * it stays valid after this tensor is closed. {@code Slice(0, dim0)} is a new tensor object
   * with this tensor's state.
   *
   * @param dim0Start the first row
   * @param dim0Limit one past the last row
   * @return a new tensor owned by the caller
   * @throws IllegalArgumentException for a scalar or bounds outside {@code 0 <= start <= limit
   *     <= dim0} (C++ aborts)
   */
  public Tensor<T> slice(long dim0Start, long dim0Limit) {
    long handle = enter();
    try {
      return typed(slice(handle, dim0Start, dim0Limit));
    } finally {
      life.exit();
    }
  }

  /**
   * {@code SubSlice(index)}: row {@code index} of dimension 0 without that dimension, as a new
   * tensor sharing this tensor's buffer. The caller owns (closes) it.
   *
   * @param index the row
   * @return a new tensor of rank one less, owned by the caller
   * @throws IllegalArgumentException for a scalar or an index outside {@code [0, dim0]}, or
   *     {@code index == dim0} with non-empty rows (C++ aborts)
   */
  public Tensor<T> subSlice(long index) {
    long handle = enter();
    try {
      return typed(subSlice(handle, index));
    } finally {
      life.exit();
    }
  }

  /**
   * {@code BitcastFrom(other, dtype, shape)} as a <b>static factory</b>: a new tensor of {@code
   * dtype} and {@code shape} viewing {@code other}'s bytes (shared, not copied); the caller owns
   * it. Being static, it can also be called on any instance ({@code t.bitcastFrom(other, …)});
   * that instance is not involved.
   *
   * @param <U> the type tag of the result (unchecked)
   * @param other the tensor whose buffer is viewed; stays owned by its caller
   * @param dtype the element type of the view
   * @param shape the shape of the view; its byte size must equal {@code other}'s
   * @return a new tensor owned by the caller, valid after {@code other} is closed
   * @throws IllegalArgumentException {@code other tensor has zero-sized data type}, {@code
   *     specified output type is zero-sized}, {@code input and output shapes/data type sizes are
   *     not compatible}, or for an invalid shape
   * @throws NullPointerException if {@code other} is closed
   */
  public static <U> Tensor<U> bitcastFrom(Tensor<?> other, DataType dtype, long[] shape) {
    if (dtype == null || shape == null) {
      throw new NullPointerException(dtype == null ? "dtype" : "shape");
    }
    long handle = other.enter();
    try {
      return typed(bitcastFrom(handle, dtype.c(), shape.clone()));
    } finally {
      other.life.exit();
    }
  }

  /**
   * {@code CopyFrom(other, shape)}: if {@code other} has as many elements as {@code shape}, this
   * tensor takes {@code other}'s dtype and the given shape and shares {@code other}'s buffer, and
   * the result is true; otherwise nothing changes and the result is false. Like C++, this may
   * change {@link #dataType()} (the type parameter {@code T} is then stale).
   *
   * @param other the tensor whose buffer this tensor will share
   * @param shape the new shape of this tensor
   * @return whether the element counts matched and this tensor changed
   * @throws IllegalArgumentException for an invalid shape
   * @throws NullPointerException if either tensor is closed
   */
  public boolean copyFrom(Tensor<?> other, long[] shape) {
    if (shape == null) {
      throw new NullPointerException("shape");
    }
    long h = enter();
    try {
      long o = other.enter();
      try {
        // The value replaced comes back under a handle of its own (taken in the same native step
        // as the swap, so concurrent copies each keep what they displaced): a call that began
        // earlier may still read its memory, so it is retired (released once no use is in
        // progress).
        long replaced = copyFrom(h, o, shape.clone());
        if (replaced == 0) {
          return false;
        }
        life.retire(NativeHandle.adopt(this, replaced, 0, null, life));
        setDescription(describe(h));
        return true;
      } finally {
        other.life.exit();
      }
    } finally {
      life.exit();
    }
  }

  /**
   * {@code IsAligned()}: the data address is a multiple of 64 (or there is nothing to align).
   *
   * @return whether the data is 64-byte aligned
   * @throws NullPointerException after {@link #close()}
   */
  public boolean isAligned() {
    long handle = enter();
    try {
      return isAligned(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code IsInitialized()}: there is a buffer, or no elements.
   *
   * @return whether the tensor holds data (or needs none)
   * @throws NullPointerException after {@link #close()}
   */
  public boolean isInitialized() {
    long handle = enter();
    try {
      return isInitialized(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code IsSameSize(other)}: the same shape. Uses Java-side metadata, so works after close.
   *
   * @param other the tensor to compare with
   * @return whether both shapes are equal
   */
  public boolean isSameSize(Tensor<?> other) {
    return Arrays.equals(shape, other.shape);
  }

  /**
   * {@code SharesBufferWith(other)}: both have buffers with the same root (never for empty
   * tensors).
   *
   * @param other the tensor to compare with
   * @return whether both view the same allocation
   * @throws NullPointerException if either tensor is closed
   */
  public boolean sharesBufferWith(Tensor<?> other) {
    long h = enter();
    try {
      long o = other.enter();
      try {
        return sharesBufferWith(h, o);
      } finally {
        other.life.exit();
      }
    } finally {
      life.exit();
    }
  }

  /**
   * {@code TotalBytes()}: 0 without elements; element bytes, for STRING {@code 24 × n + Σ
   * lengths}.
   *
   * @return the data size in bytes as C++ counts it
   * @throws TensorFlowException {@code null buf_ with non-zero shape size …} for an uninitialised
   *     tensor (C++ aborts)
   */
  public long totalBytes() {
    long handle = enter();
    try {
      return totalBytes(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * {@code AllocatedBytes()}: {@link #totalBytes()} (the allocator does not track sizes).
   *
   * @return the same value as {@link #totalBytes()}
   * @throws NullPointerException after {@link #close()}
   */
  public long allocatedBytes() {
    long handle = enter();
    try {
      return allocatedBytes(handle);
    } finally {
      life.exit();
    }
  }

  /**
   * The exact element count ({@code NumElements()}); {@link #numElements()} keeps TF 1.x's int
   * wrap.
   *
   * @return the product of the dimensions, without wrapping
   */
  public long numElementsLong() {
    return TensorArrays.elementCount(shape);
  }

  /**
   * {@code tensor_data()}: a read-only little-endian view of the data bytes, without a copy. The
   * view keeps the memory alive by itself, so it stays valid after {@link #close()}; the memory
   * is freed once the view (and every buffer derived from it) is unreachable. On Android, derived
   * buffers ({@code duplicate()}, {@code slice()}) do not reference their source, so keep the
   * returned buffer itself reachable while using them.
   *
   * @return a read-only view of the bytes, in little-endian order
   * @throws IllegalStateException for STRING, RESOURCE and VARIANT (not memcpy-able)
   * @throws NullPointerException after {@link #close()}
   */
  public ByteBuffer tensorData() {
    long[] keepAlive = new long[KEEP_ALIVE];
    ByteBuffer view;
    long handle = enter();
    try {
      view = dataView(handle, keepAlive);
    } finally {
      life.exit();
    }
    if (view == null) {
      return emptyView();
    }
    // The keep-alive is owned on behalf of the buffer the JVM created, which every view derived
    // from it references (ARCHITECTURE.md explains why it cannot be freed mid-read).
    NativeHandle.adoptView(view, keepAlive[0], keepAlive[1], keepAlive[2]);
    return view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * A tensor over the first {@code length} bytes of the direct, writable, native-order buffer
   * {@code storage}, without a copy (for {@code dev.tensorbridge.TensorBridge}). The native tensor
   * holds a global reference to {@code storage}, deleted when the last tensor sharing the bytes is
   * released, so the memory outlives the caller's use of the buffer.
   */
  static Tensor<?> sharing(DataType type, int[] dims, ByteBuffer storage, int length) {
    checkNotNull(storage, "storage");
    long[] shape = new long[dims.length];
    for (int i = 0; i < dims.length; i++) {
      shape[i] = dims[i];
    }
    checkCreatable(shape, type.c(), 0);
    return new Tensor<Object>(createSharing(type.c(), shape, storage, length));
  }

  /**
   * A writable direct view of the data bytes in native order, without a copy (for {@code
   * dev.tensorbridge.TensorBridge}): {@link #tensorData()}'s keep-alive, without the read-only
   * wrapper. Writes through it are seen by every tensor sharing the memory.
   *
   * @throws IllegalStateException if this tensor is closed, or has elements but no data
   */
  ByteBuffer writableData() {
    if (!life.enter()) {
      throw new IllegalStateException(CLOSED);
    }
    long[] keepAlive = new long[KEEP_ALIVE];
    ByteBuffer view;
    try {
      view = dataView(life.handle(), keepAlive);
    } finally {
      life.exit();
    }
    if (view == null) {
      if (TensorArrays.elementCount(shape) != 0) {
        throw new IllegalStateException("The tensor has no data to view");
      }
      return ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder());
    }
    // Owned on behalf of the JVM-created buffer, returned itself (not a derived buffer), as in
    // tensorData().
    NativeHandle.adoptView(view, keepAlive[0], keepAlive[1], keepAlive[2]);
    return view.order(ByteOrder.nativeOrder());
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers over the natives. Java checks only what native code cannot (nulls, buffer kinds);
  // dtypes, shapes, ranges and byte counts are checked in Rust.

  private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0).asReadOnlyBuffer();

  /**
   * Length of dataView's keepAlive array: the new handle, then the identity and byte size of the
   * root buffer it keeps alive (counted once per root by the safety net).
   */
  private static final int KEEP_ALIVE = 3;

  /** An empty view; duplicate() resets the byte order, so it is set on every copy. */
  private static ByteBuffer emptyView() {
    return EMPTY.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }

  private static <V> V checkNotNull(V value, String name) {
    if (value == null) {
      throw new NullPointerException(name);
    }
    return value;
  }

  /** A tensor from the bytes remaining in {@code data} (position and limit unchanged). */
  private static long createFromRaw(int dtype, long[] shape, ByteBuffer data) {
    checkNotNull(data, "data");
    int position = data.position();
    int length = data.remaining();
    if (data.isDirect()) {
      return createFromDirect(dtype, shape, data, position, length);
    }
    if (data.hasArray()) {
      return createFromBytes(dtype, shape, data.array(), data.arrayOffset() + position, length);
    }
    byte[] copy = new byte[length];
    data.duplicate().get(copy);
    return createFromBytes(dtype, shape, copy, 0, length);
  }

  /**
   * A read-only little-endian view of the bytes of a live handle, valid only inside the caller's
   * use of the tensor (the handle then stays live).
   */
  private static ByteBuffer borrowedData(long handle) {
    ByteBuffer view = dataView(handle, null);
    return view == null ? emptyView() : view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The elements of a STRING tensor with {@code count} elements, row-major. */
  private static byte[][] readStrings(long handle, int count) {
    int[] lengths = new int[count];
    byte[] data = readStrings(handle, lengths);
    byte[][] out = new byte[count][];
    int position = 0;
    for (int i = 0; i < count; i++) {
      out[i] = new byte[lengths[i]];
      System.arraycopy(data, position, out[i], 0, lengths[i]);
      position += lengths[i];
    }
    return out;
  }

  // Natives (src/jni/tensor/). Every handle is validated natively: one that is not live is an
  // IllegalStateException there. Handles come only from this class's NativeHandle.

  private static native long createFromBytes(
      int dtype, long[] shape, byte[] data, int offset, int count);

  private static native long createFromDirect(
      int dtype, long[] shape, ByteBuffer data, int position, int length);

  private static native long createFromInts(
      int dtype, long[] shape, int[] data, int offset, int count);

  private static native long createFromLongs(
      int dtype, long[] shape, long[] data, int offset, int count);

  private static native long createFromFloats(
      int dtype, long[] shape, float[] data, int offset, int count);

  private static native long createFromDoubles(
      int dtype, long[] shape, double[] data, int offset, int count);

  private static native long createFromBooleans(
      int dtype, long[] shape, boolean[] data, int offset, int count);

  private static native long createStrings(long[] shape, byte[] data, int[] lengths);

  private static native long createFromEncodedStrings(long[] shape, byte[] data);

  // src/jni/tensor/create.rs: IllegalArgumentException for a negative or too large shape, or for
  // more string bytes than one Java array holds
  private static native void checkCreatable(long[] shape, int dtype, long stringBytes);

  /** {@code {dtype value, native bytes held, dim0, dim1, …}}; package-private for eager values. */
  static native long[] describe(long handle);

  private static native ByteBuffer dataView(long handle, long[] keepAlive);

  private static native long createSharing(int dtype, long[] shape, ByteBuffer storage, int length);

  private static native long numBytes(long handle);

  private static native long scalarBits(long handle);

  private static native byte[] encodedStrings(long handle);

  private static native byte[] readStrings(long handle, int[] lengths);

  private static native String summarizeValue(long handle, long maxEntries, boolean printV2);

  private static native String debugString(long handle, long numValues);

  private static native String deviceSafeDebugString(long handle);

  private static native long slice(long handle, long start, long limit);

  private static native long subSlice(long handle, long index);

  private static native long bitcastFrom(long otherHandle, int dtype, long[] shape);

  private static native long copyFrom(long handle, long otherHandle, long[] shape);

  private static native boolean sharesBufferWith(long handle, long otherHandle);

  private static native boolean isAligned(long handle);

  private static native boolean isInitialized(long handle);

  private static native long totalBytes(long handle);

  private static native long allocatedBytes(long handle);

  private static native long parseProto(byte[] serialized, long maxBytes);

  private static native byte[] asProtoTensorContent(long handle);

  private static native byte[] asProtoField(long handle);
}
