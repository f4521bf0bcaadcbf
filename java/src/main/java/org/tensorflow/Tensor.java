package org.tensorflow;

import dev.tensorbridge.internal.HandleReaper;
import dev.tensorbridge.internal.TensorKernels;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A typed multi-dimensional array whose data lives in native memory, with the behaviour of
 * TensorFlow 1.x Java's {@code Tensor} and the semantics of C++ {@code tensorflow::Tensor}.
 *
 * <p>Not thread-safe (as upstream), with one guarantee: {@link #close()} never frees memory that a
 * running method of this tensor is using. Every method that reaches native data runs while
 * holding this object's monitor, which {@code close()} also takes; holding the monitor also keeps
 * the tensor reachable, so the safety net below cannot release it mid-call either.
 *
 * <p>Close tensors you create. A tensor that becomes unreachable without being closed is released
 * by a reference-queue safety net, drained whenever a tensor is created (TF 1.x leaked it).
 *
 * @param <T> the type tag of the elements (see {@link DataType#fromClass})
 */
public final class Tensor<T> implements AutoCloseable {
  private static final String CLOSED = "close() was called on the Tensor";
  /** Orders the monitors of two tensors taken together, so that no two calls deadlock. */
  private static final AtomicLong SERIALS = new AtomicLong();

  private final long serial = SERIALS.incrementAndGet();
  private DataType dataType;
  private long[] shape;
  private long nativeHandle;
  private final HandleReaper.Registration registration;

  private Tensor(long nativeHandle) {
    HandleReaper.drain();
    this.registration = HandleReaper.register(this, nativeHandle);
    this.nativeHandle = nativeHandle;
    describe();
  }

  /** Reloads dtype and shape from the native tensor (they change only through copyFrom). */
  private void describe() {
    long[] description = TensorKernels.describe(nativeHandle);
    this.dataType = DataType.fromC((int) description[0]);
    this.shape = Arrays.copyOfRange(description, 2, 2 + (int) description[1]);
  }

  // ---------------------------------------------------------------------------------------------
  // Factories (java_api.md §5.1)

  /**
   * A tensor from a Java object whose element type must be {@code type}: a boxed scalar ({@code
   * Float}, {@code Integer}, …), a nested array of primitives, or for STRING a {@code byte[]} or
   * nested arrays of {@code byte[]}. {@code byte} arrays with {@link org.tensorflow.types.UInt8}
   * make a UINT8 tensor of the arrays' full rank.
   *
   * @throws IllegalArgumentException with TF 1.x's messages, in its order: unknown {@code type};
   *     unsupported element class; arrays of boxed values; element type not {@code type}; a
   *     zero-length or ragged array
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
   * (DL-8).
   *
   * @throws IllegalArgumentException for unsupported element classes, boxed arrays, zero-length
   *     or ragged arrays
   * @throws NullPointerException if {@code obj} is null
   */
  public static Tensor<?> create(Object obj) {
    DataType dataType = TensorArrays.dataTypeOf(obj);
    TensorArrays.rejectBoxedArrays(obj);
    return fromObject(obj, dataType);
  }

  private static Tensor<?> fromObject(Object obj, DataType dataType) {
    int rank = TensorArrays.rank(obj, dataType);
    long[] shape = TensorArrays.shapeOf(obj, rank);
    TensorArrays.checkCreatable(shape, dataType);
    int count = (int) TensorArrays.elementCount(shape);
    int c = dataType.c();
    long handle;
    if (dataType == DataType.STRING) {
      byte[][] elements =
          rank == 0 ? new byte[][] {(byte[]) obj} : TensorArrays.stringElements(obj, rank, count);
      handle = createStrings(shape, elements);
    } else if (rank == 0) {
      handle = createScalar(c, obj);
    } else {
      Object flat = TensorArrays.flatten(obj, rank, count);
      switch (dataType) {
        case FLOAT:
          handle = TensorKernels.createFromFloats(c, shape, (float[]) flat, 0, count);
          break;
        case DOUBLE:
          handle = TensorKernels.createFromDoubles(c, shape, (double[]) flat, 0, count);
          break;
        case INT32:
          handle = TensorKernels.createFromInts(c, shape, (int[]) flat, 0, count);
          break;
        case INT64:
          handle = TensorKernels.createFromLongs(c, shape, (long[]) flat, 0, count);
          break;
        case BOOL:
          handle = TensorKernels.createFromBooleans(c, shape, (boolean[]) flat, 0, count);
          break;
        default: // UINT8 from byte arrays
          handle = TensorKernels.createFromBytes(c, shape, (byte[]) flat, 0, count);
          break;
      }
    }
    return new Tensor<Object>(handle);
  }

  private static long createScalar(int c, Object value) {
    long[] scalar = new long[0];
    if (value instanceof Float) {
      return TensorKernels.createFromFloats(c, scalar, new float[] {(Float) value}, 0, 1);
    } else if (value instanceof Double) {
      return TensorKernels.createFromDoubles(c, scalar, new double[] {(Double) value}, 0, 1);
    } else if (value instanceof Integer) {
      return TensorKernels.createFromInts(c, scalar, new int[] {(Integer) value}, 0, 1);
    } else if (value instanceof Long) {
      return TensorKernels.createFromLongs(c, scalar, new long[] {(Long) value}, 0, 1);
    } else if (value instanceof Boolean) {
      return TensorKernels.createFromBooleans(c, scalar, new boolean[] {(Boolean) value}, 0, 1);
    }
    return TensorKernels.createFromBytes(c, scalar, new byte[] {(Byte) value}, 0, 1);
  }

  /** One native call for all elements: their bytes concatenated, plus their lengths. */
  private static long createStrings(long[] shape, byte[][] elements) {
    long total = 0;
    int[] lengths = new int[elements.length];
    for (int i = 0; i < elements.length; i++) {
      lengths[i] = elements[i].length;
      total += lengths[i];
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw TensorArrays.tooLarge(shape);
    }
    byte[] data = new byte[(int) total];
    int position = 0;
    for (byte[] element : elements) {
      System.arraycopy(element, 0, data, position, element.length);
      position += element.length;
    }
    return TensorKernels.createStrings(shape, data, lengths);
  }

  /**
   * An INT32 tensor of the given shape from {@code data}'s remaining values, which must be
   * exactly as many as the shape has elements; advances {@code data}.
   *
   * @throws IllegalArgumentException {@code buffer with … elements is not compatible with a
   *     Tensor with shape …}, or for a negative or too large shape (DL-8)
   */
  public static Tensor<Integer> create(long[] shape, IntBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.INT32);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          TensorKernels.createFromInts(
              DataType.INT32.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      int[] values = new int[count];
      data.get(values);
      handle = TensorKernels.createFromInts(DataType.INT32.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /** As {@link #create(long[], IntBuffer)}, for FLOAT. */
  public static Tensor<Float> create(long[] shape, FloatBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.FLOAT);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          TensorKernels.createFromFloats(
              DataType.FLOAT.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      float[] values = new float[count];
      data.get(values);
      handle = TensorKernels.createFromFloats(DataType.FLOAT.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /** As {@link #create(long[], IntBuffer)}, for DOUBLE. */
  public static Tensor<Double> create(long[] shape, DoubleBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.DOUBLE);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          TensorKernels.createFromDoubles(
              DataType.DOUBLE.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      double[] values = new double[count];
      data.get(values);
      handle = TensorKernels.createFromDoubles(DataType.DOUBLE.c(), shape, values, 0, count);
    }
    return typed(handle);
  }

  /** As {@link #create(long[], IntBuffer)}, for INT64. */
  public static Tensor<Long> create(long[] shape, LongBuffer data) {
    checkBufferShape(shape, data.remaining(), DataType.INT64);
    int count = data.remaining();
    long handle;
    if (data.hasArray()) {
      handle =
          TensorKernels.createFromLongs(
              DataType.INT64.c(), shape, data.array(), data.arrayOffset() + data.position(), count);
      data.position(data.limit());
    } else {
      long[] values = new long[count];
      data.get(values);
      handle = TensorKernels.createFromLongs(DataType.INT64.c(), shape, values, 0, count);
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
   * @throws IllegalArgumentException {@code ByteBuffer with … bytes is not compatible with a …
   *     Tensor (… bytes/element)}, {@code buffer with … elements is not compatible with a Tensor
   *     with shape …}, or for a negative or too large shape (DL-8)
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
    long handle = TensorKernels.createFromRaw(dataType.c(), shape, data);
    data.position(data.limit());
    return typed(handle);
  }

  /**
   * A tensor of any {@link DataType} with memcpy-able elements, from raw little-endian bytes
   * (project extension). Copies {@code data.remaining()} bytes and advances {@code data}. STRING
   * takes the {@code TF_STRING} encoding as {@link #create(Class, long[], ByteBuffer)} does.
   *
   * @throws IllegalArgumentException if the byte count does not match the dtype and shape, or for
   *     a negative or too large shape (DL-8)
   */
  public static Tensor<?> create(DataType dataType, long[] shape, ByteBuffer data) {
    if (dataType == DataType.STRING) {
      return fromEncodedStrings(shape, data);
    }
    TensorArrays.checkCreatable(shape, dataType);
    long handle = TensorKernels.createFromRaw(dataType.c(), shape, data);
    Tensor<?> tensor = new Tensor<Object>(handle);
    data.position(data.limit());
    return tensor;
  }

  private static Tensor<?> fromEncodedStrings(long[] shape, ByteBuffer data) {
    TensorArrays.checkCreatable(shape, DataType.STRING);
    byte[] encoded = new byte[data.remaining()];
    data.duplicate().get(encoded);
    long handle = TensorKernels.createFromEncodedStrings(shape, encoded);
    data.position(data.limit());
    return new Tensor<Object>(handle);
  }

  /**
   * TF 1.x's buffer check (element count in its wrapping int arithmetic), then the DL-8 checks
   * for what TF 1.x would have passed on to native code.
   */
  private static void checkBufferShape(long[] shape, int elements, DataType dataType) {
    if (elements != TensorArrays.wrappedElementCount(shape)) {
      throw new IllegalArgumentException(
          "buffer with "
              + elements
              + " elements is not compatible with a Tensor with shape "
              + Arrays.toString(shape));
    }
    TensorArrays.checkCreatable(shape, dataType);
  }

  @SuppressWarnings("unchecked")
  private static <U> Tensor<U> typed(long handle) {
    return (Tensor<U>) new Tensor<Object>(handle);
  }

  /** Adopts a handle returned by native code; the new tensor owns it. */
  static Tensor<?> fromHandle(long handle) {
    return new Tensor<Object>(handle);
  }

  // ---------------------------------------------------------------------------------------------
  // Life cycle and metadata (§5.2, §5.6)

  /** The live native handle, for natives that read this tensor. */
  synchronized long nativeHandle() {
    return liveHandle();
  }

  /** The handle; callers hold this tensor's monitor. */
  private long liveHandle() {
    if (nativeHandle == 0) {
      throw new NullPointerException(CLOSED);
    }
    return nativeHandle;
  }

  /**
   * Releases the native data. Idempotent. Views returned by {@link #tensorData()} stay valid:
   * they keep the memory alive on their own.
   */
  @Override
  public synchronized void close() {
    if (nativeHandle != 0) {
      nativeHandle = 0;
      HandleReaper.release(registration);
    }
  }

  /** The element type. */
  public DataType dataType() {
    return dataType;
  }

  /** The rank: 0 for a scalar. */
  public int numDimensions() {
    return shape.length;
  }

  /** The size of each dimension (a copy: DL-5). */
  public long[] shape() {
    return shape.clone();
  }

  /** For example {@code FLOAT tensor with shape [2, 3]}. */
  @Override
  public String toString() {
    return dataType + " tensor with shape " + Arrays.toString(shape);
  }
}
