package org.tensorflow.lite.support.tensorbuffer;

import dev.tensorbridge.internal.BridgeAccess;
import dev.tensorbridge.internal.ResultStorage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.text.DecimalFormatSymbols;
import java.util.Arrays;
import java.util.Locale;
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
 * <p>The rules (checks, their order, exceptions and messages, resizing, copy-on-read-only,
 * positions, {@code createFrom}'s paths) are TFLite Support's and live in Rust ({@code
 * src/lite/buffer.rs}), reached through {@link ElementConversions}: a load is one native call that
 * plans and writes. This class keeps the upstream fields and applies the plans; it caches Rust's
 * verdict on its fields (keyed by their identity and the storage's limit) so that a load or read
 * that changes no state, with a same-type JDK bulk copy, needs no native call. Single-element
 * getters read the raw element with the {@code ByteBuffer} accessor; lossy conversions of it are
 * Rust's.
 */
public abstract class TensorBuffer {
  static {
    BridgeAccess.register(
        new BridgeAccess.Buffers() {
          @Override
          public TensorBuffer wrapFixedSize(ByteBuffer storage, int[] shape, DataType dataType) {
            return TensorBuffer.wrapFixedSize(storage, shape, dataType);
          }

          @Override
          public TensorBuffer wrapResult(
              ByteBuffer storage, int[] shape, int flatSize, DataType dataType) {
            return TensorBuffer.wrapFixedSize(storage, shape, flatSize, dataType);
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

  /** Rust's last verdict on the fields; replaced when any field or the storage's limit changes. */
  private Verdict verdict;

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
    int route = route(buffer, dataType);
    TensorBuffer result =
        buffer.isDynamic() ? createDynamic(dataType) : createFixedSize(buffer.shape, dataType);
    // The conversions go through a whole Java array, as upstream's do. A buffer-to-buffer native
    // conversion was measured: 1.6-1.8x faster when the garbage collector runs, but in a
    // loop that allocates nothing else on the heap no collection ever returns the results' direct
    // memory, every result then lands on fresh pages, and createFrom became 3-7x slower with an
    // unbounded footprint. The array's heap allocation keeps collections (and so reuse) going.
    if (route == ElementConversions.ROUTE_FLOATS) {
      result.loadArray(buffer.getFloatArray(), buffer.shape);
    } else if (route == ElementConversions.ROUTE_INTS) {
      result.loadArray(buffer.getIntArray(), buffer.shape);
    } else {
      result.copyElementsFrom(buffer);
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
    requireConsistent();
    return flatSize;
  }

  /**
   * Returns a copy of the shape.
   *
   * @return a new array that the caller may modify
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public int[] getShape() {
    requireConsistent();
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
    int state = verdict();
    ByteBuffer storage = buffer;
    if (dst != null
        && getDataType() == DataType.FLOAT32
        && (state & READ_CHECKED) == READ_CHECKED
        && dst.length == flatSize) {
      // Nothing to check that Rust has not checked for these fields: the JDK's bulk copy.
      storage.rewind();
      ElementConversions.fromStart(storage).asFloatBuffer().get(dst);
      return dst;
    }
    fill(dst, state, storage);
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
    int state = verdict();
    ByteBuffer storage = buffer;
    if (dst != null
        && getDataType() == DataType.INT32
        && (state & READ_CHECKED) == READ_CHECKED
        && dst.length == flatSize) {
      // Nothing to check that Rust has not checked for these fields: the JDK's bulk copy.
      storage.rewind();
      ElementConversions.fromStart(storage).asIntBuffer().get(dst);
      return dst;
    }
    fill(dst, state, storage);
    return dst;
  }

  /**
   * Copies the elements' bytes, as the storage holds them (its byte order), into {@code dst},
   * without allocating: with {@link #getFloatArray(float[])} and {@link #getIntArray(int[])}, the
   * one copy into a runtime that takes only Java arrays (LiteRT's {@code CompiledModel}), e.g. a
   * UINT8 or INT8 input. A tensorbridge extension; the storage's position is left alone.
   *
   * @param dst the destination; its length must be {@code getFlatSize() * getTypeSize()}
   * @return {@code dst}
   * @throws NullPointerException if {@code dst} is null
   * @throws IllegalArgumentException if {@code dst}'s length is not the elements' byte count
   * @throws IllegalStateException if the storage's limit no longer matches the shape
   */
  public byte[] copyTo(byte[] dst) {
    if (dst == null) {
      throw new NullPointerException("dst cannot be null");
    }
    requireConsistent();
    ByteBuffer from = buffer.duplicate();
    int bytes = flatSize * getTypeSize();
    if (dst.length != bytes) {
      throw new IllegalArgumentException(
          "dst holds " + dst.length + " bytes but the elements take " + bytes);
    }
    ((java.nio.Buffer) from).position(0); // Buffer: compiled for Java 8
    from.get(dst);
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
    int newFlatSize =
        ElementConversions.attach(
            buffer != null,
            shape,
            this.shape,
            isDynamic,
            buffer != null ? buffer.limit() : 0,
            getDataType().ordinal());
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
    allocateMemory(shape, true);
  }

  /**
   * A fixed-size buffer whose fields are given, checked by the caller (for {@link
   * #wrapFixedSize(ByteBuffer, int[], int, DataType)}): no storage is allocated and nothing is
   * planned.
   */
  TensorBuffer(ByteBuffer storage, int[] shape, int flatSize) {
    isDynamic = false;
    this.shape = shape;
    this.flatSize = flatSize;
    this.buffer = storage;
  }

  /** Creates an empty dynamic buffer (shape {@code {0}}). */
  protected TensorBuffer() {
    isDynamic = true;
    allocateMemory(new int[] {0}, true);
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
    return ElementConversions.flatSize(shape);
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
    allocateMemory(shape, isDynamic);
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
   * {@link #loadBuffer} would (for {@code dev.tensorbridge.TensorBridge}, which has checked both).
   * Made with an empty shape first, so that no storage of the full size is allocated and then
   * dropped.
   */
  /**
   * As {@link #wrapFixedSize(ByteBuffer, int[], DataType)} for a caller that knows {@code
   * flatSize}, the element count of {@code shape}, and that {@code storage} (rewound, native
   * order) holds exactly that many elements of {@code dataType}: an op result's storage. No
   * native call; the first check of the new buffer's fields asks Rust as usual.
   */
  static TensorBuffer wrapFixedSize(
      ByteBuffer storage, int[] shape, int flatSize, DataType dataType) {
    int[] own = shape.clone();
    switch (dataType) {
      case FLOAT32:
        return new TensorBufferFloat(storage, own, flatSize);
      case UINT8:
        return new TensorBufferUint8(storage, own, flatSize);
      case INT8:
        return new TensorBufferInt8(storage, own, flatSize);
      case INT16:
        return new TensorBufferInt16(storage, own, flatSize);
      case INT32:
        return new TensorBufferInt32(storage, own, flatSize);
      case INT64:
        return new TensorBufferInt64(storage, own, flatSize);
      default:
        throw unsupported(dataType);
    }
  }

  static TensorBuffer wrapFixedSize(ByteBuffer storage, int[] shape, DataType dataType) {
    TensorBuffer wrapped = createFixedSize(new int[] {0}, dataType);
    wrapped.shape = shape.clone();
    wrapped.flatSize = computeFlatSize(shape);
    storage.rewind();
    wrapped.buffer = storage;
    return wrapped;
  }

  // ---- the subclasses' shared bodies (package-private): state in, Rust's plan applied ----

  /** The array getters: rewind, then read {@code flatSize} elements converted to float. */
  final float[] readFloats() {
    ByteBuffer storage = buffer;
    int count = flatSize;
    if ((verdict() & ElementConversions.READABLE) == 0) {
      ElementConversions.requireReadable(count, storage.limit(), getDataType().ordinal());
    }
    float[] values = new float[count];
    if (getDataType() == DataType.FLOAT32) {
      storage.rewind();
      ElementConversions.fromStart(storage).asFloatBuffer().get(values);
    } else {
      finishBulk(storage, ElementConversions.readFloats(
          values, ElementConversions.direct(storage),
          ElementConversions.readableHeap(storage, count, getTypeSize()),
          ElementConversions.heapOffset(storage), storage.limit(),
          storage.order() == ByteOrder.BIG_ENDIAN, getDataType().ordinal()));
    }
    return values;
  }

  /** As {@link #readFloats()}, converted to int. */
  final int[] readInts() {
    ByteBuffer storage = buffer;
    int count = flatSize;
    if ((verdict() & ElementConversions.READABLE) == 0) {
      ElementConversions.requireReadable(count, storage.limit(), getDataType().ordinal());
    }
    int[] values = new int[count];
    if (getDataType() == DataType.INT32) {
      storage.rewind();
      ElementConversions.fromStart(storage).asIntBuffer().get(values);
    } else {
      finishBulk(storage, ElementConversions.readInts(
          values, ElementConversions.direct(storage),
          ElementConversions.readableHeap(storage, count, getTypeSize()),
          ElementConversions.heapOffset(storage), storage.limit(),
          storage.order() == ByteOrder.BIG_ENDIAN, getDataType().ordinal()));
    }
    return values;
  }

  /** {@code loadArray(float[], int[])}: one native call unless the storage must be replaced. */
  final void writeFloats(float[] src, int[] shape) {
    if (isPlanned(src != null ? src.length : -1, shape)) {
      // Rust's cached verdict covers this load: the conversion alone (none for the same type).
      ByteBuffer storage = buffer;
      if (getDataType() == DataType.FLOAT32) {
        storage.rewind();
        ElementConversions.fromStart(storage).asFloatBuffer().put(src);
      } else {
        finishBulk(storage, ElementConversions.writeFloats(
            src, ElementConversions.direct(storage), ElementConversions.writableHeap(storage),
            ElementConversions.heapOffset(storage), storage.limit(),
            storage.order() == ByteOrder.BIG_ENDIAN, getDataType().ordinal()));
      }
      return;
    }
    while (true) {
      ByteBuffer storage = buffer;
      // Missing storage (a wrapped element count of -1) counts as read-only: the copy then
      // dereferences it, where upstream fails too.
      boolean present = storage != null;
      long code =
          ElementConversions.storeFloats(
              src, shape, this.shape, flatSize, isDynamic, !present || storage.isReadOnly(),
              present ? ElementConversions.direct(storage) : null,
              present ? ElementConversions.writableHeap(storage) : null,
              present ? ElementConversions.heapOffset(storage) : 0,
              present ? storage.limit() : 0,
              present && storage.order() == ByteOrder.BIG_ENDIAN,
              getDataType().ordinal());
      if (apply(code, shape, src.length)) {
        return;
      }
    }
  }

  /** {@code loadArray(int[], int[])}: one native call unless the storage must be replaced. */
  final void writeInts(int[] src, int[] shape) {
    if (isPlanned(src != null ? src.length : -1, shape)) {
      // Rust's cached verdict covers this load: the conversion alone (none for the same type).
      ByteBuffer storage = buffer;
      if (getDataType() == DataType.INT32) {
        storage.rewind();
        ElementConversions.fromStart(storage).asIntBuffer().put(src);
      } else {
        finishBulk(storage, ElementConversions.writeInts(
            src, ElementConversions.direct(storage), ElementConversions.writableHeap(storage),
            ElementConversions.heapOffset(storage), storage.limit(),
            storage.order() == ByteOrder.BIG_ENDIAN, getDataType().ordinal()));
      }
      return;
    }
    while (true) {
      ByteBuffer storage = buffer;
      // Missing storage (a wrapped element count of -1) counts as read-only: the copy then
      // dereferences it, where upstream fails too.
      boolean present = storage != null;
      long code =
          ElementConversions.storeInts(
              src, shape, this.shape, flatSize, isDynamic, !present || storage.isReadOnly(),
              present ? ElementConversions.direct(storage) : null,
              present ? ElementConversions.writableHeap(storage) : null,
              present ? ElementConversions.heapOffset(storage) : 0,
              present ? storage.limit() : 0,
              present && storage.order() == ByteOrder.BIG_ENDIAN,
              getDataType().ordinal());
      if (apply(code, shape, src.length)) {
        return;
      }
    }
  }

  /**
   * Exact copy for {@link #createFrom} between buffers of the same (non-upstream) type: the steps
   * of a {@code loadArray} with the source's elements, without a lossy detour through an array.
   */
  final void copyElementsFrom(TensorBuffer source) {
    ByteBuffer from = source.buffer;
    int count = source.flatSize;
    ElementConversions.requireReadable(count, from.limit(), getDataType().ordinal());
    int[] sourceShape = source.shape;
    long code;
    do {
      code =
          ElementConversions.planLoad(
              count,
              sourceShape,
              shape,
              flatSize,
              isDynamic,
              buffer.isReadOnly(),
              getDataType().ordinal());
    } while (!apply(code, sourceShape, count));
    from.rewind();
    ByteBuffer storage = buffer;
    storage.rewind();
    ElementConversions.copyElements(from, storage, getTypeSize(), count);
  }

  /** Verdict bits that let a read skip its checks. */
  private static final int READ_CHECKED = ElementConversions.CONSISTENT | ElementConversions.READABLE;

  /**
   * A fill-in getter through the native, which checks the destination first. The storage is
   * rewound only on success, and its position left where Rust says.
   */
  private void fill(float[] dst, int state, ByteBuffer storage) {
    boolean consistent = (state & ElementConversions.CONSISTENT) != 0;
    int position =
        ElementConversions.loadFloats(
            dst, true, consistent, consistent ? '0' : zeroDigit(), shape, flatSize,
            ElementConversions.direct(storage),
            ElementConversions.readableHeap(storage, flatSize, getTypeSize()),
            ElementConversions.heapOffset(storage), storage.limit(),
            storage.order() == ByteOrder.BIG_ENDIAN, getDataType().ordinal());
    storage.rewind();
    storage.position(position);
  }

  /** As {@link #fill(float[], int, ByteBuffer)}, converting to int. */
  private void fill(int[] dst, int state, ByteBuffer storage) {
    boolean consistent = (state & ElementConversions.CONSISTENT) != 0;
    int position =
        ElementConversions.loadInts(
            dst, true, consistent, consistent ? '0' : zeroDigit(), shape, flatSize,
            ElementConversions.direct(storage),
            ElementConversions.readableHeap(storage, flatSize, getTypeSize()),
            ElementConversions.heapOffset(storage), storage.limit(),
            storage.order() == ByteOrder.BIG_ENDIAN, getDataType().ordinal());
    storage.rewind();
    storage.position(position);
  }

  /**
   * Whether Rust's cached verdict already covers a load of {@code count} elements with {@code
   * shape}: the current shape object, the current element count, consistent writable storage.
   */
  private boolean isPlanned(int count, int[] shape) {
    return shape == this.shape
        && count == flatSize
        && (verdict() & ElementConversions.LOADABLE) != 0;
  }

  /**
   * Applies a load plan's result code: the fields Java must replace, then whether the load is
   * complete (false: call the planning native again). A load that passes its checks leaves
   * {@code flatSize} at the source's element count {@code count}.
   */
  private boolean apply(long code, int[] shape, int count) {
    int value = (int) code;
    switch ((int) (code >>> 32)) {
      case ElementConversions.COPY_READ_ONLY:
        copyByteBufferIfReadOnly();
        return false;
      case ElementConversions.REALLOCATE:
        this.shape = shape.clone();
        flatSize = count;
        buffer = allocate(value);
        return false;
      case ElementConversions.RESHAPED:
        this.shape = shape.clone();
        flatSize = count;
        finishBulk(buffer, value);
        return true;
      default:
        finishBulk(buffer, value);
        return true;
    }
  }

  /** After a bulk transfer: rewinds {@code storage} and leaves its position where Rust said. */
  private static void finishBulk(ByteBuffer storage, int position) {
    storage.rewind();
    if (position != 0) {
      storage.position(position);
    }
  }


  /** The constructor's allocation ({@code allocate}) or {@link #resize}, as Rust plans it. */
  private void allocateMemory(int[] shape, boolean allocate) {
    int[] out = new int[2];
    int action =
        ElementConversions.plan(shape, this.shape, flatSize, allocate, getDataType().ordinal(), out);
    if (action == ElementConversions.DONE) {
      return;
    }
    if (shape != this.shape) {
      this.shape = shape.clone();
    }
    flatSize = out[0];
    if (action == ElementConversions.REALLOCATE) {
      buffer = allocate(out[1]);
    }
  }

  /**
   * New native-order direct storage, 64-byte aligned for the runtimes that wrap it. A wrapped
   * negative byte count makes allocateDirect throw
   * IllegalArgumentException, as upstream. The byte order is set before the buffer is published:
   * a reader racing with a resize must never see allocateDirect's big-endian default.
   */
  private static ByteBuffer allocate(int bytes) {
    return ResultStorage.allocateAligned(bytes); // ordered before it is returned
  }

  /** {@code getShape}/{@code getFlatSize}'s check, through the cached verdict. */
  private void requireConsistent() {
    if ((verdict() & ElementConversions.CONSISTENT) == 0) {
      ElementConversions.requireConsistent(
          shape, buffer.limit(), zeroDigit(), getDataType().ordinal());
    }
  }

  /** Rust's verdict on the current fields, asked again only when one of them has changed. */
  private int verdict() {
    ByteBuffer storage = buffer;
    if (storage == null) {
      return 0;
    }
    int[] currentShape = shape;
    int count = flatSize;
    int limit = storage.limit();
    Verdict cached = verdict;
    if (cached == null
        || cached.buffer != storage
        || cached.shape != currentShape
        || cached.flatSize != count
        || cached.limit != limit) {
      int bits =
          ElementConversions.inspect(
              currentShape, count, limit, storage.isReadOnly(), getDataType().ordinal());
      cached = new Verdict(storage, currentShape, count, limit, bits);
      verdict = cached;
    }
    return cached.bits;
  }

  /** Throws Rust's AssertionError for {@code dataType}; the return value is never reached. */
  private static AssertionError unsupported(DataType dataType) {
    ElementConversions.unsupported(dataType.ordinal());
    return new AssertionError(dataType);
  }

  /** Rust's answers for {@link #createFrom}'s path, by source and target ordinal (0: not asked). */
  private static final int TYPES = DataType.values().length;

  private static final int[] ROUTES = new int[TYPES * TYPES];

  /**
   * {@code createFrom}'s null check and path, from Rust; a path is asked once per pair of types
   * and kept (it depends on the two types only).
   */
  private static int route(TensorBuffer source, DataType dataType) {
    if (source == null || dataType == null) {
      return ElementConversions.route(
          source != null, source != null ? source.getDataType().ordinal() : -1, -1);
    }
    int slot = source.getDataType().ordinal() * TYPES + dataType.ordinal();
    int cached = ROUTES[slot];
    if (cached == 0) {
      cached = ElementConversions.route(true, source.getDataType().ordinal(), dataType.ordinal()) + 1;
      ROUTES[slot] = cached;
    }
    return cached - 1;
  }

  /** The zero digit {@code String.format("%d")} uses in the default locale. */
  private static char zeroDigit() {
    return DecimalFormatSymbols.getInstance(Locale.getDefault()).getZeroDigit();
  }

  /** What Rust said about one combination of the fields (immutable: safe to share). */
  private static final class Verdict {
    final ByteBuffer buffer;
    final int[] shape;
    final int flatSize;
    final int limit;
    final int bits;

    Verdict(ByteBuffer buffer, int[] shape, int flatSize, int limit, int bits) {
      this.buffer = buffer;
      this.shape = shape;
      this.flatSize = flatSize;
      this.limit = limit;
      this.bits = bits;
    }
  }
}
