package org.tensorflow.lite.support.tensorbuffer;

import dev.tensorbridge.internal.NativeLoader;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The one codec behind every {@link TensorBuffer} class: the natives that hold the TensorBuffer
 * rules and messages ({@code src/lite/buffer.rs}) and convert elements ({@code
 * src/lite/convert.rs}), plus the JDK bulk copies that convert nothing. Element types cross as
 * {@code DataType.ordinal()}; the one table of TFLite type codes is Rust's.
 *
 * <p>A buffer's storage is passed as a direct buffer (its address), or a heap buffer's backing
 * array and offset, or, for a read-only heap buffer whose array Java does not hand out, a copy
 * of its element bytes. Elements always start at absolute index 0.
 */
final class ElementConversions {
  static {
    NativeLoader.ensureLoaded();
  }

  private ElementConversions() {}

  // Result codes of the planning natives (high 32 bits of storeFloats/storeInts/planLoad).
  static final int DONE = 0;
  static final int RESHAPED = 1;
  static final int COPY_READ_ONLY = 2;
  static final int REALLOCATE = 3;

  // Bits of inspect's verdict.
  static final int CONSISTENT = 1;
  static final int READABLE = 2;
  static final int LOADABLE = 4;

  // createFrom's paths.
  static final int ROUTE_FLOATS = 0;
  static final int ROUTE_INTS = 1;

  /**
   * The heap argument of a reading native: null for a direct buffer, a heap buffer's backing
   * array, or for a read-only heap buffer a copy of its first {@code count * size} bytes (at most
   * its limit; the natives check the length).
   */
  static byte[] readableHeap(ByteBuffer storage, int count, int size) {
    if (storage.isDirect()) {
      return null;
    }
    if (storage.hasArray()) {
      return storage.array();
    }
    long bytes = Math.min((long) Math.max(count, 0) * size, storage.limit());
    byte[] copy = new byte[(int) bytes];
    ByteBuffer from = storage.duplicate();
    ((Buffer) from).position(0);
    from.get(copy);
    return copy;
  }

  /** The heap argument of a writing native: a writable heap buffer's backing array, else null. */
  static byte[] writableHeap(ByteBuffer storage) {
    return storage.hasArray() ? storage.array() : null;
  }

  /** The direct argument of a native: the buffer if it is direct, else null. */
  static ByteBuffer direct(ByteBuffer storage) {
    return storage.isDirect() ? storage : null;
  }

  /** The offset that goes with the heap arguments. */
  static int heapOffset(ByteBuffer storage) {
    return storage.hasArray() ? storage.arrayOffset() : 0;
  }

  /**
   * Copies {@code count} elements of {@code size} bytes unchanged from {@code src} to {@code
   * dst}, both from index 0, re-encoding them if the byte orders differ (the JDK's typed views).
   * The caller has planned the load, so both hold {@code count} elements.
   */
  static void copyElements(ByteBuffer src, ByteBuffer dst, int size, int count) {
    int bytes = count * size;
    if (size == 1 || src.order() == dst.order()) {
      window(dst, bytes).put(window(src, bytes));
      return;
    }
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

  /**
   * {@code buffer}, or a duplicate of it positioned at 0 in the same byte order: its typed view
   * then starts at element 0 and {@code buffer}'s own position is left alone.
   */
  static ByteBuffer fromStart(ByteBuffer buffer) {
    if (buffer.position() == 0) {
      return buffer;
    }
    ByteBuffer duplicate = buffer.duplicate();
    ((Buffer) duplicate).position(0); // Buffer: compiled for Java 8, where position() is Buffer's
    return duplicate.order(buffer.order());
  }

  /** Bytes [0, bytes) of {@code buffer} as a new buffer in its byte order. */
  private static ByteBuffer window(ByteBuffer buffer, int bytes) {
    ByteBuffer window = buffer.duplicate();
    ((Buffer) window).position(0);
    ((Buffer) window).limit(bytes);
    return window.slice().order(buffer.order());
  }

  // ---- natives (src/jni/tensor_buffer.rs) ----

  /**
   * {@code loadArray(float[], int[])}: checks, plans and (unless Java must first replace the
   * storage) writes; returns {@code code << 32 | value}.
   *
   * <p>Throws NullPointerException, IllegalArgumentException or BufferOverflowException as
   * upstream does.
   */
  static native long storeFloats(
      float[] src,
      int[] shape,
      int[] current,
      int flatSize,
      boolean dynamic,
      boolean readOnly,
      ByteBuffer direct,
      byte[] heap,
      int heapOffset,
      int limit,
      boolean bigEndian,
      int dataType);

  /** As {@link #storeFloats}, for {@code loadArray(int[], int[])}. */
  static native long storeInts(
      int[] src,
      int[] shape,
      int[] current,
      int flatSize,
      boolean dynamic,
      boolean readOnly,
      ByteBuffer direct,
      byte[] heap,
      int heapOffset,
      int limit,
      boolean bigEndian,
      int dataType);

  /**
   * A load the cached verdict has already planned (it changes no field): the conversion alone.
   * Returns the position the storage ends at.
   */
  static native int writeFloats(
      float[] src, ByteBuffer direct, byte[] heap, int heapOffset, int limit, boolean bigEndian,
      int dataType);

  /** As {@link #writeFloats}, for an {@code int[]}. */
  static native int writeInts(
      int[] src, ByteBuffer direct, byte[] heap, int heapOffset, int limit, boolean bigEndian,
      int dataType);

  /**
   * An array getter's read of {@code dst.length} elements, checked before {@code dst} was
   * allocated. Returns the position the storage ends at.
   */
  static native int readFloats(
      float[] dst, ByteBuffer direct, byte[] heap, int heapOffset, int limit, boolean bigEndian,
      int dataType);

  /** As {@link #readFloats}, converting to int. */
  static native int readInts(
      int[] dst, ByteBuffer direct, byte[] heap, int heapOffset, int limit, boolean bigEndian,
      int dataType);

  /** The steps of a load of {@code count} elements, without the write. */
  static native long planLoad(
      int count, int[] shape, int[] current, int flatSize, boolean dynamic, boolean readOnly,
      int dataType);

  /**
   * Reads {@code dst.length} elements as floats; for a fill-in getter ({@code fill}) checks the
   * destination first. Returns the position the storage ends at.
   *
   * <p>Throws BufferUnderflowException if the limit holds fewer elements.
   */
  static native int loadFloats(
      float[] dst,
      boolean fill,
      boolean consistent,
      char zeroDigit,
      int[] shape,
      int flatSize,
      ByteBuffer direct,
      byte[] heap,
      int heapOffset,
      int limit,
      boolean bigEndian,
      int dataType);

  /** As {@link #loadFloats}, converting to int. */
  static native int loadInts(
      int[] dst,
      boolean fill,
      boolean consistent,
      char zeroDigit,
      int[] shape,
      int flatSize,
      ByteBuffer direct,
      byte[] heap,
      int heapOffset,
      int limit,
      boolean bigEndian,
      int dataType);

  /** Allocation ({@code dynamic}) or resize: returns the code, {@code out = {flatSize, bytes}}. */
  static native int plan(
      int[] shape, int[] current, int flatSize, boolean dynamic, int dataType, int[] out);

  /** {@code loadBuffer}'s checks; returns the new element count. */
  static native int attach(
      boolean present, int[] shape, int[] current, boolean dynamic, int limit, int dataType);

  /** The cached verdict on the fields ({@link #CONSISTENT}, {@link #READABLE}, {@link #LOADABLE}). */
  static native int inspect(int[] shape, int flatSize, int limit, boolean readOnly, int dataType);

  /** Throws IllegalStateException if the limit does not match the shape. */
  static native void requireConsistent(int[] shape, int limit, char zeroDigit, int dataType);

  /** Throws if an array read of {@code count} elements cannot succeed. */
  static native void requireReadable(int count, int limit, int dataType);

  /** The wrapping element count of {@code shape}. */
  static native int flatSize(int[] shape);

  /** {@code createFrom}'s null check and path. */
  static native int route(boolean present, int from, int to);

  /** Throws the AssertionError for a type TensorBuffer does not support. */
  static native void unsupported(int dataType);

  static native int floatToInt(float value);

  static native float intToFloat(int value);

  static native int longToInt(long value);

  static native float longToFloat(long value);
}
