package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The checkpoint between {@code org.tensorflow.Tensor} and its natives: every argument is checked
 * here before it reaches native code. Handles are owned by {@code Tensor}, which passes only live,
 * non-zero handles (it checks under its own lock, and {@code close()} takes the same lock).
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class TensorKernels {
  private TensorKernels() {}

  /**
   * A new tensor of TensorFlow dtype value {@code dtype} and shape {@code shape}, filled with the
   * {@code data.remaining()} raw little-endian bytes of {@code data} (position and limit of
   * {@code data} are not changed). The byte count must match the dtype and shape exactly.
   */
  public static long createFromRaw(int dtype, long[] shape, ByteBuffer data) {
    checkShape(shape);
    if (data == null) {
      throw new NullPointerException("data");
    }
    int position = data.position();
    int length = data.remaining();
    if (data.isDirect()) {
      return NativeTensor.createFromDirect(dtype, shape.clone(), data, position, length);
    }
    if (data.hasArray()) {
      return NativeTensor.createFromBytes(
          dtype, shape.clone(), data.array(), data.arrayOffset() + position, length);
    }
    byte[] copy = new byte[length];
    data.duplicate().get(copy);
    return NativeTensor.createFromBytes(dtype, shape.clone(), copy, 0, length);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromInts(int dtype, long[] shape, int[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromInts(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromLongs(int dtype, long[] shape, long[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromLongs(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromFloats(int dtype, long[] shape, float[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromFloats(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromDoubles(
      int dtype, long[] shape, double[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromDoubles(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from {@code data[offset, offset + count)}. */
  public static long createFromBooleans(
      int dtype, long[] shape, boolean[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromBooleans(dtype, shape.clone(), data, offset, count);
  }

  /** A tensor of {@code dtype} filled from the bytes {@code data[offset, offset + count)}. */
  public static long createFromBytes(int dtype, long[] shape, byte[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromBytes(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A STRING tensor whose row-major elements are consecutive pieces of {@code data}, of the
   * given {@code lengths} (which must add up to {@code data.length}).
   */
  public static long createStrings(long[] shape, byte[] data, int[] lengths) {
    checkShape(shape);
    if (data == null || lengths == null) {
      throw new NullPointerException("data");
    }
    long total = 0;
    for (int length : lengths) {
      if (length < 0) {
        throw new IllegalArgumentException("negative string length " + length);
      }
      total += length;
    }
    if (total != data.length) {
      throw new IllegalArgumentException(
          "string lengths add up to " + total + ", not " + data.length);
    }
    return NativeTensor.createStrings(shape.clone(), data, lengths.clone());
  }

  /** A STRING tensor from TF 1.x's {@code TF_STRING} layout (offset table, varint strings). */
  public static long createFromEncodedStrings(long[] shape, byte[] data) {
    checkShape(shape);
    if (data == null) {
      throw new NullPointerException("data");
    }
    return NativeTensor.createFromEncodedStrings(shape.clone(), data);
  }

  /** {@code {dtype value, rank, dim0, dim1, …}} of a live tensor handle. */
  public static long[] describe(long handle) {
    checkHandle(handle);
    return NativeTensor.describe(handle);
  }

  /** Frees a live tensor handle; the caller never uses it again. */
  public static void release(long handle) {
    checkHandle(handle);
    NativeTensor.release(handle);
  }

  static void checkHandle(long handle) {
    if (handle == 0) {
      throw new NullPointerException("close() was called on the Tensor");
    }
  }

  private static final ByteBuffer EMPTY =
      ByteBuffer.allocateDirect(0).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);

  /**
   * A read-only little-endian view of a live tensor's bytes, valid only while the caller holds
   * the tensor's monitor (the tensor must stay open). Only memcpy-able dtypes; others: {@code
   * IllegalStateException}.
   */
  public static ByteBuffer borrowedData(long handle) {
    checkHandle(handle);
    ByteBuffer view = NativeTensor.dataView(handle, null);
    return view == null ? EMPTY.duplicate() : view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * A read-only little-endian view of a live tensor's bytes that keeps the memory alive by
   * itself: a separate native handle sharing the tensor's buffer is registered with the {@link
   * HandleReaper} against the buffer the JVM created, which every view derived from it (including
   * the one returned) references. Valid after the tensor is closed.
   */
  public static ByteBuffer ownedData(long handle) {
    checkHandle(handle);
    long[] keepAlive = new long[1];
    ByteBuffer view = NativeTensor.dataView(handle, keepAlive);
    if (view == null) {
      return EMPTY.duplicate();
    }
    HandleReaper.register(view, keepAlive[0], view.capacity());
    return view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /** TF 1.x {@code numBytes()}: the data size; for STRING the {@code TF_STRING} encoding's. */
  public static long numBytes(long handle) {
    checkHandle(handle);
    return NativeTensor.numBytes(handle);
  }

  /** A STRING tensor's data in TF 1.x's {@code TF_STRING} layout. */
  public static byte[] encodedStrings(long handle) {
    checkHandle(handle);
    return NativeTensor.encodedStrings(handle);
  }

  /** The elements of a STRING tensor with {@code count} elements, row-major. */
  public static byte[][] readStrings(long handle, int count) {
    checkHandle(handle);
    int[] lengths = new int[count];
    byte[] data = NativeTensor.readStrings(handle, lengths);
    byte[][] out = new byte[count][];
    int position = 0;
    for (int i = 0; i < count; i++) {
      out[i] = new byte[lengths[i]];
      System.arraycopy(data, position, out[i], 0, lengths[i]);
      position += lengths[i];
    }
    return out;
  }

  /** {@code SummarizeValue(maxEntries, printV2)}; invalid UTF-8 bytes appear as {@code \xNN}. */
  public static String summarizeValue(long handle, long maxEntries, boolean printV2) {
    checkHandle(handle);
    return NativeTensor.summarizeValue(handle, maxEntries, printV2);
  }

  /** {@code DebugString(numValues)}. */
  public static String debugString(long handle, long numValues) {
    checkHandle(handle);
    return NativeTensor.debugString(handle, numValues);
  }

  /** {@code DeviceSafeDebugString()}. */
  public static String deviceSafeDebugString(long handle) {
    checkHandle(handle);
    return NativeTensor.deviceSafeDebugString(handle);
  }

  /** {@code Slice(start, limit)}: a new handle sharing the buffer. */
  public static long slice(long handle, long start, long limit) {
    checkHandle(handle);
    return NativeTensor.slice(handle, start, limit);
  }

  /** {@code SubSlice(index)}: a new handle sharing the buffer. */
  public static long subSlice(long handle, long index) {
    checkHandle(handle);
    return NativeTensor.subSlice(handle, index);
  }

  /** {@code BitcastFrom(other, dtype, shape)} into a new handle. */
  public static long bitcastFrom(long otherHandle, int dtype, long[] shape) {
    checkHandle(otherHandle);
    checkShape(shape);
    return NativeTensor.bitcastFrom(otherHandle, dtype, shape.clone());
  }

  /** {@code CopyFrom(other, shape)}, changing the tensor of {@code handle} in place. */
  public static boolean copyFrom(long handle, long otherHandle, long[] shape) {
    checkHandle(handle);
    checkHandle(otherHandle);
    checkShape(shape);
    return NativeTensor.copyFrom(handle, otherHandle, shape.clone());
  }

  /** {@code SharesBufferWith(other)}. */
  public static boolean sharesBufferWith(long handle, long otherHandle) {
    checkHandle(handle);
    checkHandle(otherHandle);
    return NativeTensor.sharesBufferWith(handle, otherHandle);
  }

  /** {@code IsAligned()}. */
  public static boolean isAligned(long handle) {
    checkHandle(handle);
    return NativeTensor.isAligned(handle);
  }

  /** {@code IsInitialized()}. */
  public static boolean isInitialized(long handle) {
    checkHandle(handle);
    return NativeTensor.isInitialized(handle);
  }

  /** {@code TotalBytes()}. */
  public static long totalBytes(long handle) {
    checkHandle(handle);
    return NativeTensor.totalBytes(handle);
  }

  /** {@code AllocatedBytes()}. */
  public static long allocatedBytes(long handle) {
    checkHandle(handle);
    return NativeTensor.allocatedBytes(handle);
  }

  /** {@code FromProto} of serialized bytes into a new handle; {@code maxBytes < 0}: no limit. */
  public static long fromProto(byte[] serialized, long maxBytes) {
    if (serialized == null) {
      throw new NullPointerException("serializedTensorProto");
    }
    return NativeTensor.fromProto(serialized, maxBytes);
  }

  /** Serialized {@code AsProtoTensorContent}. */
  public static byte[] asProtoTensorContent(long handle) {
    checkHandle(handle);
    return NativeTensor.asProtoTensorContent(handle);
  }

  /** Serialized {@code AsProtoField}. */
  public static byte[] asProtoField(long handle) {
    checkHandle(handle);
    return NativeTensor.asProtoField(handle);
  }

  static void checkRange(int arrayLength, int offset, int count) {
    if (arrayLength < 0) {
      throw new NullPointerException("data");
    }
    if (offset < 0 || count < 0 || offset > arrayLength - count) {
      throw new IndexOutOfBoundsException(
          "range [" + offset + ", " + offset + " + " + count + ") of an array of " + arrayLength);
    }
  }

  static void checkShape(long[] shape) {
    if (shape == null) {
      throw new NullPointerException("shape");
    }
  }
}
