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
 * (nulls, read-only buffers, the live limit), and the natives re-check what memory safety depends
 * on (directness, element count times size within the capacity or the array).
 *
 * <p>Elements always start at absolute index 0 of the buffer; the buffer's position and limit are
 * read but never changed. The conversion rules are TFLite Support's (clamp, then truncate toward
 * zero, NaN to 0 for float input; clamp for int input; round to nearest even for int to float), and
 * the project's table for INT8, INT16, INT32 and INT64
 * (docs/contracts/tensorbuffer.md#numeric-conversions).
 *
 * <p>Every conversion between element types runs in Rust ({@code src/lite/convert.rs}), in one
 * JNI call, whatever the array size: a direct buffer is passed by address, a heap buffer by its
 * backing array and offset, and a read-only heap buffer (whose array Java does not hand out) by a
 * copy of its element bytes. Same-type transfers ({@code float[]} to or from FLOAT32, {@code int[]}
 * to or from INT32) convert nothing: they are the JDK's bulk copies through the buffer's {@code
 * FloatBuffer}/{@code IntBuffer} view, as fast as a native copy at every size and without a JNI
 * transition.
 */
final class ElementConversions {
  static {
    NativeLoader.ensureLoaded();
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
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkWritable(dst, src.length, size);
    if (type == DataType.FLOAT32) {
      fromStart(dst).asFloatBuffer().put(src);
    } else if (dst.isDirect()) {
      storeFloats(src, dst, null, 0, typeCode(type), isBigEndian(dst));
    } else {
      // Writable heap buffer: its backing array is accessible.
      storeFloats(src, null, dst.array(), dst.arrayOffset(), typeCode(type), isBigEndian(dst));
    }
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
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkWritable(dst, src.length, size);
    if (type == DataType.INT32) {
      fromStart(dst).asIntBuffer().put(src);
    } else if (dst.isDirect()) {
      storeInts(src, dst, null, 0, typeCode(type), isBigEndian(dst));
    } else {
      storeInts(src, null, dst.array(), dst.arrayOffset(), typeCode(type), isBigEndian(dst));
    }
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
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkReadable(src, dst.length, size);
    if (type == DataType.FLOAT32) {
      fromStart(src).asFloatBuffer().get(dst);
    } else if (src.isDirect()) {
      loadFloats(src, null, 0, typeCode(type), isBigEndian(src), dst);
    } else if (src.hasArray()) {
      loadFloats(null, src.array(), src.arrayOffset(), typeCode(type), isBigEndian(src), dst);
    } else {
      loadFloats(null, elementBytes(src, dst.length * size), 0, typeCode(type), isBigEndian(src), dst);
    }
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
    checkNotNull(src, "src");
    checkNotNull(dst, "dst");
    int size = elementSize(type);
    checkReadable(src, dst.length, size);
    if (type == DataType.INT32) {
      fromStart(src).asIntBuffer().get(dst);
    } else if (src.isDirect()) {
      loadInts(src, null, 0, typeCode(type), isBigEndian(src), dst);
    } else if (src.hasArray()) {
      loadInts(null, src.array(), src.arrayOffset(), typeCode(type), isBigEndian(src), dst);
    } else {
      loadInts(null, elementBytes(src, dst.length * size), 0, typeCode(type), isBigEndian(src), dst);
    }
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
      window(dst, bytes).put(window(src, bytes));
      return;
    }
    // Different orders: the JDK's typed view copy decodes in src's order and encodes in dst's.
    ByteBuffer from = window(src, bytes);
    ByteBuffer to = window(dst, bytes);
    if (size == 2) {
      to.asShortBuffer().put(from.asShortBuffer());
    } else if (size == 4) {
      to.asIntBuffer().put(from.asIntBuffer());
    } else {
      to.asLongBuffer().put(from.asLongBuffer());
    }
  }

  /** Bytes [0, bytes) of {@code buffer} as a new buffer in its byte order. */
  private static ByteBuffer window(ByteBuffer buffer, int bytes) {
    ByteBuffer window = buffer.duplicate();
    ((Buffer) window).position(0);
    ((Buffer) window).limit(bytes);
    return window.slice().order(buffer.order());
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

  /**
   * The first {@code bytes} bytes of a read-only heap buffer, copied (the JDK's bulk copy) into an
   * array of our own: Java does not hand out such a buffer's backing array.
   */
  private static byte[] elementBytes(ByteBuffer buffer, int bytes) {
    byte[] copy = new byte[bytes];
    ByteBuffer from = buffer.duplicate();
    ((Buffer) from).position(0);
    from.get(copy);
    return copy;
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

  // Natives (src/jni/tensor_buffer.rs): convert {@code array.length} elements of the buffer's
  // storage, which is the direct buffer {@code direct} from its address if it is not null, else
  // {@code heap} from {@code heapOffset}; {@code typeCode} is the TfLiteType value of the element
  // type, {@code bigEndian} the storage's byte order.

  private static native void storeFloats(
      float[] src, ByteBuffer direct, byte[] heap, int heapOffset, int typeCode, boolean bigEndian);

  private static native void storeInts(
      int[] src, ByteBuffer direct, byte[] heap, int heapOffset, int typeCode, boolean bigEndian);

  private static native void loadFloats(
      ByteBuffer direct, byte[] heap, int heapOffset, int typeCode, boolean bigEndian, float[] dst);

  private static native void loadInts(
      ByteBuffer direct, byte[] heap, int heapOffset, int typeCode, boolean bigEndian, int[] dst);
}
