package org.tensorflow.lite.support.tensorbuffer;

import dev.tensorbridge.internal.BridgeAccess;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.tensorflow.lite.DataType;

/**
 * A tensor's data as seen by a TensorFlow Lite model: a shape plus a {@link ByteBuffer} holding
 * the elements, used for both model inputs and outputs.
 *
 * <p>A <em>fixed-size</em> buffer ({@link #createFixedSize}) keeps the shape it was created with;
 * loads must name exactly that shape. A <em>dynamic</em> buffer ({@link #createDynamic}) starts with
 * shape {@code {0}} and takes the shape of whatever is loaded, reallocating storage whenever the
 * element count changes.
 *
 * <p>Storage is a direct buffer in native byte order, unless a caller's buffer was attached with
 * {@link #loadBuffer(ByteBuffer, int[])}: that buffer is used as it is (same object, its own byte
 * order, even if heap-backed or read-only) until a load replaces it. A read-only buffer is copied
 * to a writable one before the next {@code loadArray}.
 *
 * <p>This class keeps TFLite Support's checks, exceptions and messages. Bulk conversions between
 * element types run in native code through {@link ElementConversions}, for every size and buffer
 * kind; single-element access stays in Java, where it is cheaper than a native call.
 */
public abstract class TensorBuffer {
  static {
    BridgeAccess.register(
        new BridgeAccess.Buffers() {
          @Override
          public TensorBuffer wrapFixedSize(ByteBuffer storage, int[] shape, DataType dataType) {
            return TensorBuffer.wrapFixedSize(storage, shape, dataType);
          }
        });
  }

  /** The element storage; may be a caller's buffer attached by {@link #loadBuffer}. */
  protected ByteBuffer buffer;

  /** The current shape. */
  protected int[] shape;

  /** The element count of {@link #shape}; -1 until the constructor has allocated storage. */
  protected int flatSize = -1;

  /** Whether the shape may change on load (dynamic) or is fixed at construction. */
  protected final boolean isDynamic;

  /**
   * Creates a fixed-size buffer of {@code shape} (copied) and {@code dataType}, zero-filled. An
   * empty shape is a scalar (one element); a zero dimension gives an empty buffer.
   *
   * @param shape the dimension sizes; empty for a scalar
   * @param dataType the element type: FLOAT32, UINT8, INT8, INT16, INT32 or INT64
   * @return a new buffer of the matching subclass
   * @throws AssertionError if {@code dataType} is not supported (e.g. {@code STRING})
   * @throws NullPointerException if {@code shape} or {@code dataType} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  public static TensorBuffer createFixedSize(int[] shape, DataType dataType) {
    // The type is dispatched before the shape is looked at, as upstream does.
    switch (dataType) {
      case FLOAT32:
        return new TensorBufferFloat(shape);
      case UINT8:
        return new TensorBufferUint8(shape);
      case INT8:
        return new TensorBufferInt8(shape);
      case INT16:
        return new TensorBufferInt16(shape);
      case INT32:
        return new TensorBufferInt32(shape);
      case INT64:
        return new TensorBufferInt64(shape);
      default:
        throw unsupported(dataType);
    }
  }

  /**
   * Creates an empty dynamic buffer of {@code dataType} with shape {@code {0}}.
   *
   * @param dataType the element type: FLOAT32, UINT8, INT8, INT16, INT32 or INT64
   * @return a new buffer of the matching subclass
   * @throws AssertionError if {@code dataType} is not supported
   * @throws NullPointerException if {@code dataType} is null
   */
  public static TensorBuffer createDynamic(DataType dataType) {
    switch (dataType) {
      case FLOAT32:
        return new TensorBufferFloat();
      case UINT8:
        return new TensorBufferUint8();
      case INT8:
        return new TensorBufferInt8();
      case INT16:
        return new TensorBufferInt16();
      case INT32:
        return new TensorBufferInt32();
      case INT64:
        return new TensorBufferInt64();
      default:
        throw unsupported(dataType);
    }
  }

  /**
   * Creates a buffer of {@code dataType} holding a converted copy of {@code buffer}'s elements,
   * fixed-size if and only if the source is. The copy always has fresh native-order storage.
   *
   * <p>Between FLOAT32 and UINT8 the values go through {@code int} unless both sides are FLOAT32
   * (TFLite Support's rule). With another type on either side: the same type is copied exactly;
   * otherwise values go through {@code float} if either side is FLOAT32, else through {@code int}.
   *
   * @param buffer the source; left unchanged
   * @param dataType the element type of the copy
   * @return a new buffer with the source's shape
   * @throws NullPointerException if {@code buffer} is null
   * @throws AssertionError if {@code dataType} is not supported
   */
  public static TensorBuffer createFrom(TensorBuffer buffer, DataType dataType) {
    if (buffer == null) {
      throw new NullPointerException("Cannot create a buffer from null");
    }
    TensorBuffer result =
        buffer.isDynamic() ? createDynamic(dataType) : createFixedSize(buffer.shape, dataType);
    DataType from = buffer.getDataType();
    // The conversions go through a whole Java array, as upstream's do. A buffer-to-buffer native
    // conversion was measured: 1.6-1.8x faster when the garbage collector runs, but in a
    // loop that allocates nothing else on the heap no collection ever returns the results' direct
    // memory, every result then lands on fresh pages, and createFrom became 3-7x slower with an
    // unbounded footprint. The array's heap allocation keeps collections (and so reuse) going.
    if (isUpstreamType(from) && isUpstreamType(dataType)) {
      if (from == DataType.FLOAT32 && dataType == DataType.FLOAT32) {
        result.loadArray(buffer.getFloatArray(), buffer.shape);
      } else {
        result.loadArray(buffer.getIntArray(), buffer.shape);
      }
    } else if (from == dataType) {
      result.copyElementsFrom(buffer);
    } else if (from == DataType.FLOAT32 || dataType == DataType.FLOAT32) {
      result.loadArray(buffer.getFloatArray(), buffer.shape);
    } else {
      result.loadArray(buffer.getIntArray(), buffer.shape);
    }
    return result;
  }

  /**
   * Returns the storage itself (no copy, no rewind): writes through it are visible here, and
   * changing its limit makes {@link #getShape()} and {@link #getFlatSize()} fail.
   *
   * @return the current storage buffer (not a copy)
   */
  public ByteBuffer getBuffer() {
    return buffer;
  }

  /**
   * Returns the number of elements.
   *
   * @return the product of the shape's dimensions
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public int getFlatSize() {
    assertShapeIsCorrect();
    return flatSize;
  }

  /**
   * Returns a copy of the shape.
   *
   * @return a new array that the caller may modify
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public int[] getShape() {
    assertShapeIsCorrect();
    return Arrays.copyOf(shape, shape.length);
  }

  /**
   * Returns the element type.
   *
   * @return the fixed element type of this buffer class
   */
  public abstract DataType getDataType();

  /**
   * Fills {@code dst} with every element converted to float, like {@link #getFloatArray()} but
   * without allocating (beyond TFLite Support: docs/contracts/tensorbuffer.md#fill-in-getters).
   *
   * @param dst the destination; its length must be the element count
   * @return {@code dst}
   * @throws NullPointerException if {@code dst} is null
   * @throws IllegalArgumentException if {@code dst.length != getFlatSize()}
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public float[] getFloatArray(float[] dst) {
    if (dst == null) {
      throw new NullPointerException("The destination array cannot be null.");
    }
    checkDestinationLength(dst.length);
    ByteBuffer storage = buffer;
    storage.rewind();
    ElementConversions.loadFloats(storage, getDataType(), dst);
    afterBulk(storage, dst.length);
    return dst;
  }

  /**
   * Fills {@code dst} with every element converted to int, like {@link #getIntArray()} but without
   * allocating (beyond TFLite Support: docs/contracts/tensorbuffer.md#fill-in-getters).
   *
   * @param dst the destination; its length must be the element count
   * @return {@code dst}
   * @throws NullPointerException if {@code dst} is null
   * @throws IllegalArgumentException if {@code dst.length != getFlatSize()}
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public int[] getIntArray(int[] dst) {
    if (dst == null) {
      throw new NullPointerException("The destination array cannot be null.");
    }
    checkDestinationLength(dst.length);
    ByteBuffer storage = buffer;
    storage.rewind();
    ElementConversions.loadInts(storage, getDataType(), dst);
    afterBulk(storage, dst.length);
    return dst;
  }

  /**
   * Returns every element converted to float, in row-major order.
   *
   * @return a new array of {@link #getFlatSize()} values
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public abstract float[] getFloatArray();

  /**
   * Returns the element at flat index {@code absIndex}, converted to float. The index is checked
   * only against the storage's limit, not against the shape.
   *
   * @param absIndex the row-major index of the element
   * @return the element as a float
   * @throws IndexOutOfBoundsException if the element lies beyond the storage's limit
   */
  public abstract float getFloatValue(int absIndex);

  /**
   * Returns every element converted to int (floats are truncated toward zero).
   *
   * @return a new array of {@link #getFlatSize()} values
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public abstract int[] getIntArray();

  /**
   * Returns the element at flat index {@code absIndex}, converted to int.
   *
   * @param absIndex the row-major index of the element
   * @return the element as an int (floats truncated toward zero)
   * @throws IndexOutOfBoundsException if the element lies beyond the storage's limit
   */
  public abstract int getIntValue(int absIndex);

  /**
   * Returns the size of one element in bytes.
   *
   * @return 4 for FLOAT32 and INT32, 1 for UINT8 and INT8, 2 for INT16, 8 for INT64
   */
  public abstract int getTypeSize();

  /**
   * Returns whether this buffer takes the shape of what is loaded into it.
   *
   * @return true for buffers from {@link #createDynamic}, false for fixed-size ones
   */
  public boolean isDynamic() {
    return isDynamic;
  }

  /**
   * Loads {@code src} with shape {@code shape}, converting each value to this buffer's type
   * (clamped to the type's range where it does not fit).
   *
   * @param src the values, row-major
   * @param shape the shape of {@code src}
   * @throws NullPointerException if {@code src} or {@code shape} is null
   * @throws IllegalArgumentException if {@code src.length} is not the element count of {@code
   *     shape}, or a fixed-size buffer is given another shape, or {@code shape} has a negative
   *     element
   */
  public abstract void loadArray(int[] src, int[] shape);

  /**
   * Loads {@code src} with the current shape; see {@link #loadArray(int[], int[])}.
   *
   * @param src the values, row-major; as many as the current element count
   * @throws NullPointerException if {@code src} is null
   * @throws IllegalArgumentException if {@code src.length} differs from the current element count
   */
  public void loadArray(int[] src) {
    loadArray(src, shape);
  }

  /**
   * Float counterpart of {@link #loadArray(int[], int[])}: floats are clamped, then truncated.
   *
   * @param src the values, row-major
   * @param shape the shape of {@code src}
   * @throws NullPointerException if {@code src} or {@code shape} is null
   * @throws IllegalArgumentException if {@code src.length} is not the element count of {@code
   *     shape}, a fixed-size buffer is given another shape, or {@code shape} has a negative element
   */
  public abstract void loadArray(float[] src, int[] shape);

  /**
   * Loads {@code src} with the current shape; see {@link #loadArray(float[], int[])}.
   *
   * @param src the values, row-major; as many as the current element count
   * @throws NullPointerException if {@code src} is null
   * @throws IllegalArgumentException if {@code src.length} differs from the current element count
   */
  public void loadArray(float[] src) {
    loadArray(src, shape);
  }

  /**
   * Makes {@code buffer} this tensor's storage, by reference: later reads see its contents in its
   * own byte order, and later loads of the same element count write into it. The buffer is
   * rewound. Its limit must be exactly {@code getTypeSize()} times the element count of {@code
   * shape}. Heap, direct, sliced and read-only buffers are all accepted.
   *
   * @param buffer the new storage, kept by reference
   * @param shape the shape of the data in {@code buffer}
   * @throws NullPointerException if {@code buffer} or {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element, the limit does not
   *     match, or a fixed-size buffer is given another shape
   */
  public void loadBuffer(ByteBuffer buffer, int[] shape) {
    if (buffer == null) {
      throw new NullPointerException("Byte buffer cannot be null.");
    }
    if (!isShapeValid(shape)) {
      throw new IllegalArgumentException("Values in TensorBuffer shape should be non-negative.");
    }
    int newFlatSize = computeFlatSize(shape);
    int expectedBytes = getTypeSize() * newFlatSize;
    if (buffer.limit() != expectedBytes) {
      throw new IllegalArgumentException(
          "The size of byte buffer and the shape do not match. Expected: "
              + expectedBytes
              + " Actual: "
              + buffer.limit());
    }
    if (!isDynamic && !Arrays.equals(shape, this.shape)) {
      throw new IllegalArgumentException();
    }
    this.shape = shape.clone();
    this.flatSize = newFlatSize;
    buffer.rewind();
    this.buffer = buffer;
  }

  /**
   * Attaches {@code buffer} with the current shape; see {@link #loadBuffer(ByteBuffer, int[])}.
   *
   * @param buffer the new storage, kept by reference; its limit must match the current shape
   * @throws NullPointerException if {@code buffer} is null
   * @throws IllegalArgumentException if the limit does not match the current shape
   */
  public void loadBuffer(ByteBuffer buffer) {
    loadBuffer(buffer, shape);
  }

  /**
   * Creates a fixed-size buffer of {@code shape}.
   *
   * @param shape the dimension sizes (copied); empty for a scalar
   * @throws NullPointerException if {@code shape} is null
   * @throws IllegalArgumentException if {@code shape} has a negative element
   */
  protected TensorBuffer(int[] shape) {
    isDynamic = false;
    allocateMemory(shape);
  }

  /** Creates an empty dynamic buffer (shape {@code {0}}). */
  protected TensorBuffer() {
    isDynamic = true;
    allocateMemory(new int[] {0});
  }

  /**
   * Returns the element count of {@code shape}: the product of its elements in 32-bit arithmetic
   * (it wraps on overflow, as upstream); 1 for the empty shape.
   *
   * @param shape the dimension sizes
   * @return the element count (possibly wrapped)
   * @throws NullPointerException if {@code shape} is null
   */
  protected static int computeFlatSize(int[] shape) {
    if (shape == null) {
      throw new NullPointerException("Shape cannot be null.");
    }
    int product = 1;
    for (int dim : shape) {
      product *= dim;
    }
    return product;
  }

  /**
   * Dynamic buffers take {@code shape}, reallocating if the element count changes; fixed-size
   * buffers only accept a shape equal to the current one.
   *
   * @param shape the new dimension sizes (copied)
   * @throws IllegalArgumentException if a fixed-size buffer is given another shape, or the shape
   *     has a negative element
   * @throws NullPointerException if {@code shape} is null
   */
  protected void resize(int[] shape) {
    if (isDynamic) {
      allocateMemory(shape);
    } else {
      if (!Arrays.equals(shape, this.shape)) {
        throw new IllegalArgumentException();
      }
      // Equal contents: the current array already says the same, and keeping it saves the copy
      // (and the allocation) on every load into a fixed-size buffer.
    }
  }

  /**
   * Replaces read-only storage with a writable direct copy of the same capacity and byte order.
   * Only the bytes from the read-only buffer's position to its limit are copied, and its position
   * advances to the limit (TFLite Support behaves the same).
   */
  protected synchronized void copyByteBufferIfReadOnly() {
    if (!buffer.isReadOnly()) {
      return;
    }
    ByteBuffer copy = ByteBuffer.allocateDirect(buffer.capacity());
    copy.order(buffer.order());
    copy.put(buffer);
    copy.rewind();
    buffer = copy;
  }

  /**
   * A fixed-size buffer of {@code shape} whose storage is {@code storage} itself, attached as
   * {@link #loadBuffer} would (for {@code dev.tensorbridge.TensorBridge}). Made with an empty shape
   * first, so that no storage of the full size is allocated and then dropped.
   */
  static TensorBuffer wrapFixedSize(ByteBuffer storage, int[] shape, DataType dataType) {
    TensorBuffer wrapped = createFixedSize(new int[] {0}, dataType);
    wrapped.shape = shape.clone();
    wrapped.flatSize = computeFlatSize(shape);
    storage.rewind();
    wrapped.buffer = storage;
    return wrapped;
  }

  // ---- shared implementation of the subclasses' bulk methods (package-private) ----

  /** The array getters: rewind, then read {@code flatSize} elements converted to float. */
  final float[] readFloats() {
    ByteBuffer storage = buffer;
    storage.rewind();
    int count = flatSize;
    checkHolds(storage, count);
    float[] values = new float[count];
    ElementConversions.loadFloats(storage, getDataType(), values);
    afterBulk(storage, count);
    return values;
  }

  /** As {@link #readFloats()}, converted to int. */
  final int[] readInts() {
    ByteBuffer storage = buffer;
    storage.rewind();
    int count = flatSize;
    checkHolds(storage, count);
    int[] values = new int[count];
    ElementConversions.loadInts(storage, getDataType(), values);
    afterBulk(storage, count);
    return values;
  }

  /** {@code loadArray(float[], int[])} in TFLite Support's check order. */
  final void writeFloats(float[] src, int[] shape) {
    if (src == null) {
      throw new NullPointerException("The array to be loaded cannot be null.");
    }
    checkLoadSize(src.length, shape);
    prepareForLoad(shape);
    ByteBuffer storage = buffer;
    storage.rewind();
    ElementConversions.storeFloats(src, storage, getDataType());
    afterBulk(storage, src.length);
  }

  /** {@code loadArray(int[], int[])} in TFLite Support's check order. */
  final void writeInts(int[] src, int[] shape) {
    if (src == null) {
      throw new NullPointerException("The array to be loaded cannot be null.");
    }
    checkLoadSize(src.length, shape);
    prepareForLoad(shape);
    ByteBuffer storage = buffer;
    storage.rewind();
    ElementConversions.storeInts(src, storage, getDataType());
    afterBulk(storage, src.length);
  }

  /**
   * Exact copy for {@link #createFrom} between buffers of the same (non-upstream) type: the steps
   * of a {@code loadArray} with the source's elements, without a lossy detour through an array.
   */
  final void copyElementsFrom(TensorBuffer source) {
    ByteBuffer from = source.buffer;
    from.rewind();
    int count = source.flatSize;
    checkHolds(from, count);
    checkLoadSize(count, source.shape);
    prepareForLoad(source.shape);
    ByteBuffer storage = buffer;
    storage.rewind();
    ElementConversions.copyElements(from, storage, getDataType(), count);
  }

  private void checkDestinationLength(int length) {
    int count = getFlatSize();
    if (length != count) {
      throw new IllegalArgumentException(
          "The destination array length ("
              + length
              + ") does not match the flat size of the buffer ("
              + count
              + ").");
    }
  }

  private void checkLoadSize(int length, int[] shape) {
    if (length != computeFlatSize(shape)) {
      throw new IllegalArgumentException(
          "The size of the array to be loaded does not match the specified shape.");
    }
  }

  private void prepareForLoad(int[] shape) {
    // The unsynchronized test skips the monitor in the common case; the copy itself stays in the
    // synchronized method.
    if (buffer.isReadOnly()) {
      copyByteBufferIfReadOnly();
    }
    resize(shape);
  }

  /**
   * Fails like a relative bulk get of {@code count} elements would, before allocating the result
   * array: a corrupted state (limit shrunk behind our back, or a wrapped element count) could
   * otherwise request gigabytes just to throw afterwards. A negative count is left to the array
   * allocation, which throws NegativeArraySizeException as upstream does.
   */
  private void checkHolds(ByteBuffer storage, int count) {
    if (count >= 0 && (long) count * getTypeSize() > storage.limit()) {
      throw new BufferUnderflowException();
    }
  }

  /**
   * Where the position ends after a bulk operation: UINT8 at the end of the elements (TFLite
   * Support uses relative byte[] transfers there), every other type at 0.
   */
  private void afterBulk(ByteBuffer storage, int count) {
    if (getDataType() == DataType.UINT8) {
      storage.position(count);
    }
  }

  private void allocateMemory(int[] shape) {
    if (shape == null) {
      throw new NullPointerException("TensorBuffer shape cannot be null.");
    }
    if (!isShapeValid(shape)) {
      throw new IllegalArgumentException("Values in TensorBuffer shape should be non-negative.");
    }
    int newFlatSize = computeFlatSize(shape);
    if (shape != this.shape) {
      this.shape = shape.clone();
    }
    // Same element count (possibly a wrapped one, see
    // docs/contracts/tensorbuffer.md#flat-size-and-shape-checks): keep the current storage, which
    // may be a caller's buffer from loadBuffer.
    if (flatSize == newFlatSize) {
      return;
    }
    flatSize = newFlatSize;
    // A wrapped negative byte count makes allocateDirect throw IllegalArgumentException. The byte
    // order is set before the buffer is published: a reader racing with the resize must never see
    // the new storage in allocateDirect's big-endian default (it read byte-swapped values).
    ByteBuffer fresh = ByteBuffer.allocateDirect(newFlatSize * getTypeSize());
    fresh.order(ByteOrder.nativeOrder());
    buffer = fresh;
  }

  private void assertShapeIsCorrect() {
    int expectedFlatSize = computeFlatSize(shape);
    // The message is formatted only on failure; String.format uses the default locale, as the
    // upstream message does.
    if (buffer.limit() != getTypeSize() * expectedFlatSize) {
      throw new IllegalStateException(
          String.format(
              "The size of underlying ByteBuffer (%d) and the shape (%s) do not match. The"
                  + " ByteBuffer may have been changed.",
              buffer.limit(),
              Arrays.toString(shape)));
    }
  }

  /** Empty (a scalar) or every dimension non-negative. Null reads {@code length}: NPE. */
  private static boolean isShapeValid(int[] shape) {
    for (int dim : shape) {
      if (dim < 0) {
        return false;
      }
    }
    return true;
  }

  private static boolean isUpstreamType(DataType type) {
    return type == DataType.FLOAT32 || type == DataType.UINT8;
  }

  private static AssertionError unsupported(DataType dataType) {
    return new AssertionError("TensorBuffer does not support data type: " + dataType);
  }
}
