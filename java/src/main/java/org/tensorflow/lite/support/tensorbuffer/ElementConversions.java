package org.tensorflow.lite.support.tensorbuffer;

import dev.tensorbridge.internal.NativeLoader;
import java.nio.Buffer;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import org.tensorflow.lite.DataType;

/**
 * The bulk element conversions behind {@code org.tensorflow.lite.support.tensorbuffer}: between a
 * Java {@code float[]}/{@code int[]} and the elements of a {@link ByteBuffer}, in the buffer's own
 * byte order. The natives are private members of this class; Java checks what only Java can
 * (nulls, read-only and heap buffers, the live limit), and the natives re-check what memory safety
 * depends on (directness, element count times size within the capacity).
 *
 * <p>Elements always start at absolute index 0 of the buffer; the buffer's position and limit are
 * read but never changed. The conversion rules are TFLite Support's (clamp, then truncate toward
 * zero, NaN to 0 for float input; clamp for int input; round to nearest even for int to float), and
 * the project's table for INT8, INT16, INT32 and INT64
 * (docs/contracts/tensorbuffer.md#numeric-conversions).
 *
 * <p>Same-type transfers ({@code float[]} to or from FLOAT32, {@code int[]} to or from INT32) are
 * plain bulk copies through the buffer's {@code FloatBuffer}/{@code IntBuffer} view: the JDK copies
 * those with its own memory copy, which is as fast as the native path at every size and avoids the
 * JNI transition for small arrays (measured: docs/benchmarks.md).
 *
 * <p>Two implementations give identical results: Rust, over the buffer's address, for direct
 * buffers with enough elements ({@link #NATIVE_MIN_ELEMENTS}, or {@link
 * #NATIVE_MIN_ELEMENTS_FOR_FLOAT_NARROWING} for float to integer stores), and Java absolute get/put for
 * everything else (heap buffers, read-only heap buffers without an accessible array, and small
 * arrays where a JNI transition costs more than the conversion).
 */
final class ElementConversions {
  static {
    NativeLoader.ensureLoaded();
  }

  /**
   * Below this many elements a transfer stays in Java even for a direct buffer: a native call
   * costs about 100-150 ns, and Java copies, widens or narrows ints at about 1 ns per element
   * (measured on JDK 17, x86-64).
   */
  static final int NATIVE_MIN_ELEMENTS = 256;

  /**
   * The threshold for storing floats into an integer type: Java's clamp-and-truncate costs about
   * 3 ns per element, so native code wins much earlier.
   */
  static final int NATIVE_MIN_ELEMENTS_FOR_FLOAT_NARROWING = 48;

  /** Which implementation to run; {@link #AUTO} outside tests. */
  enum Path {
    AUTO,
    JAVA,
    NATIVE
  }

  private ElementConversions() {}

  /**
   * Converts each {@code src[i]} to {@code type} and writes it as element {@code i} of {@code
   * dst}.
   *
   * @param src the values to convert
   * @param dst the storage, in its own byte order; written at element indexes from 0
   * @param type the element encoding of the buffer's elements
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code type} has no fixed-size numeric encoding
   * @throws ReadOnlyBufferException if {@code dst} is read-only
   * @throws BufferOverflowException if {@code dst.limit()} is below {@code src.length} elements
   */
  static void storeFloats(float[] src, ByteBuffer dst, DataType type) {
    storeFloats(src, dst, type, Path.AUTO);
  }

  /**
   * As {@link #storeFloats(float[], ByteBuffer, DataType)}, for an {@code int[]} source.
   *
   * @param src the values to convert
   * @param dst the storage, in its own byte order; written at element indexes from 0
   * @param type the element encoding of the buffer's elements
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code type} has no fixed-size numeric encoding
   * @throws java.nio.ReadOnlyBufferException if {@code dst} is read-only
   * @throws java.nio.BufferOverflowException if {@code dst.limit()} is below {@code src.length}
   *     elements
   */
  static void storeInts(int[] src, ByteBuffer dst, DataType type) {
    storeInts(src, dst, type, Path.AUTO);
  }

  /**
   * Reads {@code dst.length} elements of {@code type} from {@code src} and converts them to float.
   *
   * @param src the storage, in its own byte order; read from element index 0
   * @param type the element encoding of the buffer's elements
   * @param dst the array to fill; its length is the element count
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code type} has no fixed-size numeric encoding
   * @throws BufferUnderflowException if {@code src.limit()} is below {@code dst.length} elements
   */
  static void loadFloats(ByteBuffer src, DataType type, float[] dst) {
    loadFloats(src, type, dst, Path.AUTO);
  }

  /**
   * As {@link #loadFloats(ByteBuffer, DataType, float[])}, converting to int.
   *
   * @param src the storage, in its own byte order; read from element index 0
   * @param type the element encoding of the buffer's elements
   * @param dst the array to fill; its length is the element count
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code type} has no fixed-size numeric encoding
   * @throws java.nio.BufferUnderflowException if {@code src.limit()} is below {@code dst.length}
   *     elements
   */
  static void loadInts(ByteBuffer src, DataType type, int[] dst) {
    loadInts(src, type, dst, Path.AUTO);
  }

  /**
   * Copies {@code count} elements of {@code type} unchanged from {@code src} to {@code dst},
   * re-encoding them if the two buffers have different byte orders.
   *
   * @param src the source storage, read from element index 0
   * @param dst the destination storage, written from element index 0
   * @param type the element encoding of the buffer's elements (both buffers)
   * @param count the number of elements to copy
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code type} has no fixed-size encoding or {@code count < 0}
   * @throws BufferUnderflowException if {@code src} holds fewer than {@code count} elements
   * @throws ReadOnlyBufferException if {@code dst} is read-only
   * @throws BufferOverflowException if {@code dst} holds fewer than {@code count} elements
   */
  static void copyElements(ByteBuffer src, ByteBuffer dst, DataType type, int count) {
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    if (count < 0) {
      throw new IllegalArgumentException("negative element count: " + count);
    }
    if ((long) count * size > src.limit()) {
      throw new BufferUnderflowException();
    }
    checkWritable(dst, count, size);
    int bytes = count * size;
    if (size == 1 || src.order() == dst.order()) {
      ByteBuffer from = src.duplicate();
      from.position(0);
      from.limit(bytes);
      ByteBuffer to = dst.duplicate();
      to.position(0);
      to.put(from);
      return;
    }
    // Different orders: the typed absolute accessors decode with src's order, encode with dst's.
    for (int at = 0; at < bytes; at += size) {
      if (size == 2) {
        dst.putShort(at, src.getShort(at));
      } else if (size == 4) {
        dst.putInt(at, src.getInt(at));
      } else {
        dst.putLong(at, src.getLong(at));
      }
    }
  }

  static void storeFloats(float[] src, ByteBuffer dst, DataType type, Path path) {
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkWritable(dst, src.length, size);
    if (path == Path.AUTO && type == DataType.FLOAT32) {
      fromStart(dst).asFloatBuffer().put(src);
    } else if (useNative(dst, src.length, floatStoreThreshold(type), path)) {
      storeFloats(src, dst, typeCode(type), isBigEndian(dst));
    } else {
      JavaConversions.storeFloats(src, dst, type);
    }
  }

  static void storeInts(int[] src, ByteBuffer dst, DataType type, Path path) {
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkWritable(dst, src.length, size);
    if (path == Path.AUTO && type == DataType.INT32) {
      fromStart(dst).asIntBuffer().put(src);
    } else if (useNative(dst, src.length, NATIVE_MIN_ELEMENTS, path)) {
      storeInts(src, dst, typeCode(type), isBigEndian(dst));
    } else {
      JavaConversions.storeInts(src, dst, type);
    }
  }

  static void loadFloats(ByteBuffer src, DataType type, float[] dst, Path path) {
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkReadable(src, dst.length, size);
    if (path == Path.AUTO && type == DataType.FLOAT32) {
      fromStart(src).asFloatBuffer().get(dst);
    } else if (useNative(src, dst.length, NATIVE_MIN_ELEMENTS, path)) {
      loadFloats(src, typeCode(type), isBigEndian(src), dst);
    } else {
      JavaConversions.loadFloats(src, type, dst);
    }
  }

  static void loadInts(ByteBuffer src, DataType type, int[] dst, Path path) {
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkReadable(src, dst.length, size);
    if (path == Path.AUTO && type == DataType.INT32) {
      fromStart(src).asIntBuffer().get(dst);
    } else if (useNative(src, dst.length, NATIVE_MIN_ELEMENTS, path)) {
      loadInts(src, typeCode(type), isBigEndian(src), dst);
    } else {
      JavaConversions.loadInts(src, type, dst);
    }
  }

  /**
   * {@code buffer}, or a duplicate of it positioned at 0 in the same byte order: its typed view
   * then starts at element 0 and {@code buffer}'s own position is left alone.
   */
  private static ByteBuffer fromStart(ByteBuffer buffer) {
    if (buffer.position() == 0) {
      return buffer;
    }
    ByteBuffer duplicate = buffer.duplicate();
    ((Buffer) duplicate).position(0); // Buffer: compiled for Java 8, where position() is Buffer's
    return duplicate.order(buffer.order());
  }

  private static int floatStoreThreshold(DataType type) {
    return type == DataType.FLOAT32 ? NATIVE_MIN_ELEMENTS : NATIVE_MIN_ELEMENTS_FOR_FLOAT_NARROWING;
  }

  private static boolean useNative(ByteBuffer buffer, int count, int threshold, Path path) {
    switch (path) {
      case JAVA:
        return false;
      case NATIVE:
        if (!buffer.isDirect()) {
          throw new IllegalArgumentException("the native path needs a direct ByteBuffer");
        }
        return true;
      default:
        return buffer.isDirect() && count >= threshold;
    }
  }

  private static void checkWritable(ByteBuffer dst, int count, int size) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    // long arithmetic: count * size must not wrap past the limit check.
    if ((long) count * size > dst.limit()) {
      throw new BufferOverflowException();
    }
  }

  private static void checkReadable(ByteBuffer src, int count, int size) {
    if ((long) count * size > src.limit()) {
      throw new BufferUnderflowException();
    }
  }

  private static void checkNotNull(Object value, String name) {
    if (value == null) {
      throw new NullPointerException(name + " cannot be null");
    }
  }

  private static boolean isBigEndian(ByteBuffer buffer) {
    return buffer.order() == ByteOrder.BIG_ENDIAN;
  }

  /** The element size, refusing types without a fixed-size numeric encoding (STRING, BOOL). */
  static int elementSize(DataType type) {
    typeCode(type);
    return type.byteSize();
  }

  /**
   * The TfLiteType value the natives expect (DataType.c() is package-private upstream). Must
   * equal the Rust table {@code ElementType::from_tflite_code} (src/lite): checked by
   * {@code ElementConversionsTest.typeCodesMatchTheNativeTable}. (It is a copy of {@code
   * org.tensorflow.lite.DataType}'s codes, whose accessor is package-private upstream.)
   */
  private static int typeCode(DataType type) {
    checkNotNull(type, "type");
    switch (type) {
      case FLOAT32:
        return 1;
      case INT32:
        return 2;
      case UINT8:
        return 3;
      case INT64:
        return 4;
      case INT16:
        return 7;
      case INT8:
        return 9;
      default:
        throw new IllegalArgumentException("no numeric conversions for data type " + type);
    }
  }

  // Natives (src/jni/tensor_buffer.rs): convert {@code array.length} elements starting at the
  // direct buffer's address; {@code typeCode} is the TfLiteType value of the element type.

  private static native void storeFloats(float[] src, ByteBuffer dst, int typeCode, boolean bigEndian);

  private static native void storeInts(int[] src, ByteBuffer dst, int typeCode, boolean bigEndian);

  private static native void loadFloats(ByteBuffer src, int typeCode, boolean bigEndian, float[] dst);

  private static native void loadInts(ByteBuffer src, int typeCode, boolean bigEndian, int[] dst);
}
