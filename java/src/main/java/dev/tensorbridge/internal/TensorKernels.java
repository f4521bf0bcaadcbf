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
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the bytes, from position to limit; heap, direct or read-only
   * @return a new native handle, owned by the caller
   * @throws IllegalArgumentException if the byte count does not match, or the dtype or shape is
   *     invalid
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

  /**
   * A tensor of {@code dtype} filled from {@code data[offset, offset + count)}.
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the source array
   * @param offset the index of the first element to read
   * @param count how many elements to read; must equal the shape's element count
   * @return a new native handle, owned by the caller
   * @throws IndexOutOfBoundsException if the range lies outside {@code data}
   * @throws IllegalArgumentException if the count, dtype or shape is invalid
   */
  public static long createFromInts(int dtype, long[] shape, int[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromInts(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A tensor of {@code dtype} filled from {@code data[offset, offset + count)}.
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the source array
   * @param offset the index of the first element to read
   * @param count how many elements to read; must equal the shape's element count
   * @return a new native handle, owned by the caller
   * @throws IndexOutOfBoundsException if the range lies outside {@code data}
   * @throws IllegalArgumentException if the count, dtype or shape is invalid
   */
  public static long createFromLongs(int dtype, long[] shape, long[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromLongs(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A tensor of {@code dtype} filled from {@code data[offset, offset + count)}.
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the source array
   * @param offset the index of the first element to read
   * @param count how many elements to read; must equal the shape's element count
   * @return a new native handle, owned by the caller
   * @throws IndexOutOfBoundsException if the range lies outside {@code data}
   * @throws IllegalArgumentException if the count, dtype or shape is invalid
   */
  public static long createFromFloats(int dtype, long[] shape, float[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromFloats(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A tensor of {@code dtype} filled from {@code data[offset, offset + count)}.
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the source array
   * @param offset the index of the first element to read
   * @param count how many elements to read; must equal the shape's element count
   * @return a new native handle, owned by the caller
   * @throws IndexOutOfBoundsException if the range lies outside {@code data}
   * @throws IllegalArgumentException if the count, dtype or shape is invalid
   */
  public static long createFromDoubles(
      int dtype, long[] shape, double[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromDoubles(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A tensor of {@code dtype} filled from {@code data[offset, offset + count)}.
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the source array
   * @param offset the index of the first element to read
   * @param count how many elements to read; must equal the shape's element count
   * @return a new native handle, owned by the caller
   * @throws IndexOutOfBoundsException if the range lies outside {@code data}
   * @throws IllegalArgumentException if the count, dtype or shape is invalid
   */
  public static long createFromBooleans(
      int dtype, long[] shape, boolean[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromBooleans(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A tensor of {@code dtype} filled from the bytes {@code data[offset, offset + count)}.
   *
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @param data the source array
   * @param offset the index of the first element to read
   * @param count how many elements to read; must equal the shape's element count
   * @return a new native handle, owned by the caller
   * @throws IndexOutOfBoundsException if the range lies outside {@code data}
   * @throws IllegalArgumentException if the count, dtype or shape is invalid
   */
  public static long createFromBytes(int dtype, long[] shape, byte[] data, int offset, int count) {
    checkShape(shape);
    checkRange(data == null ? -1 : data.length, offset, count);
    return NativeTensor.createFromBytes(dtype, shape.clone(), data, offset, count);
  }

  /**
   * A STRING tensor whose row-major elements are consecutive pieces of {@code data}, of the
   * given {@code lengths} (which must add up to {@code data.length}).
   *
   * @param shape the dimension sizes (copied before the native call)
   * @param data all element bytes, concatenated
   * @param lengths the byte length of each element, row-major
   * @return a new native handle, owned by the caller
   * @throws IllegalArgumentException if a length is negative, they do not add up, or the shape is
   *     invalid
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

  /**
   * A STRING tensor from TF 1.x's {@code TF_STRING} layout (offset table, varint strings).
   *
   * @param shape the dimension sizes (copied before the native call)
   * @param data the encoded bytes
   * @return a new native handle, owned by the caller
   * @throws IllegalArgumentException {@code Malformed TF_STRING tensor; …} for inconsistent data
   */
  public static long createFromEncodedStrings(long[] shape, byte[] data) {
    checkShape(shape);
    if (data == null) {
      throw new NullPointerException("data");
    }
    return NativeTensor.createFromEncodedStrings(shape.clone(), data);
  }

  /**
   * {@code {dtype value, rank, dim0, dim1, …}} of a live tensor handle.
   *
   * @param handle a live native tensor handle
   * @return a new array: dtype value, rank, then the dimension sizes
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static long[] describe(long handle) {
    checkHandle(handle);
    return NativeTensor.describe(handle);
  }

  /**
   * Frees a live tensor handle; the caller never uses it again.
   *
   * @param handle a live native tensor handle
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static void release(long handle) {
    checkHandle(handle);
    NativeTensor.release(handle);
  }

  static void checkHandle(long handle) {
    if (handle == 0) {
      throw new NullPointerException("close() was called on the Tensor");
    }
  }

  private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0).asReadOnlyBuffer();

  /** An empty view; duplicate() resets the byte order, so it is set on every copy. */
  private static ByteBuffer emptyView() {
    return EMPTY.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * A read-only little-endian view of a live tensor's element bytes, for reading its values;
   * valid only while the caller holds the tensor's monitor (the tensor must stay open). Only
   * memcpy-able dtypes; others: {@code IllegalStateException}.
   *
   * @param handle a live native tensor handle
   * @return the view (empty for a tensor without elements)
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   * @throws org.tensorflow.TensorFlowException {@code null buf_ with non-zero shape size <n>} for
   *     an uninitialised tensor (elements but no buffer): there are no values to read
   */
  public static ByteBuffer borrowedData(long handle) {
    checkHandle(handle);
    ByteBuffer view = NativeTensor.dataView(handle, null);
    return view == null ? emptyView() : view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * A read-only little-endian view of a live tensor's bytes that keeps the memory alive by
   * itself: a separate native handle sharing the tensor's buffer is registered with the {@link
   * HandleReaper} against the buffer the JVM created, which every view derived from it (including
   * the one returned) references. Valid after the tensor is closed.
   *
   * @param handle a live native tensor handle
   * @return the view (empty for a tensor without bytes)
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   * @throws IllegalStateException for STRING, RESOURCE and VARIANT
   */
  public static ByteBuffer ownedData(long handle) {
    checkHandle(handle);
    long[] keepAlive = new long[1];
    ByteBuffer view = NativeTensor.dataView(handle, keepAlive);
    if (view == null) {
      return emptyView();
    }
    HandleReaper.register(view, keepAlive[0], view.capacity());
    return view.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * TF 1.x {@code numBytes()}: the data size; for STRING the {@code TF_STRING} encoding's.
   *
   * @param handle a live native tensor handle
   * @return the size in bytes
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static long numBytes(long handle) {
    checkHandle(handle);
    return NativeTensor.numBytes(handle);
  }

  /**
   * A STRING tensor's data in TF 1.x's {@code TF_STRING} layout.
   *
   * @param handle a live native tensor handle
   * @return a new array: the 64-bit offset table, then varint-prefixed strings
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static byte[] encodedStrings(long handle) {
    checkHandle(handle);
    return NativeTensor.encodedStrings(handle);
  }

  /**
   * The elements of a STRING tensor with {@code count} elements, row-major.
   *
   * @param handle a live native tensor handle
   * @param count the tensor's element count
   * @return a new array per element
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
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

  /**
   * {@code SummarizeValue(maxEntries, printV2)}; invalid UTF-8 bytes appear as {@code \xNN}.
   *
   * @param handle a live native tensor handle
   * @param maxEntries the most elements printed; negative for all
   * @param printV2 TF 2's layout instead of v1's
   * @return the summary text
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static String summarizeValue(long handle, long maxEntries, boolean printV2) {
    checkHandle(handle);
    return NativeTensor.summarizeValue(handle, maxEntries, printV2);
  }

  /**
   * {@code DebugString(numValues)}.
   *
   * @param handle a live native tensor handle
   * @param numValues the most values printed
   * @return the debug text
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static String debugString(long handle, long numValues) {
    checkHandle(handle);
    return NativeTensor.debugString(handle, numValues);
  }

  /**
   * {@code DeviceSafeDebugString()}.
   *
   * @param handle a live native tensor handle
   * @return the debug text without values
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static String deviceSafeDebugString(long handle) {
    checkHandle(handle);
    return NativeTensor.deviceSafeDebugString(handle);
  }

  /**
   * {@code Slice(start, limit)}: a new handle sharing the buffer.
   *
   * @param handle a live native tensor handle
   * @param start the first row of dimension 0
   * @param limit one past the last row
   * @return a new native handle, owned by the caller
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   * @throws IllegalArgumentException for a scalar or bounds outside the dimension
   */
  public static long slice(long handle, long start, long limit) {
    checkHandle(handle);
    return NativeTensor.slice(handle, start, limit);
  }

  /**
   * {@code SubSlice(index)}: a new handle sharing the buffer.
   *
   * @param handle a live native tensor handle
   * @param index the row of dimension 0
   * @return a new native handle, owned by the caller
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   * @throws IllegalArgumentException for a scalar or an index outside the dimension
   */
  public static long subSlice(long handle, long index) {
    checkHandle(handle);
    return NativeTensor.subSlice(handle, index);
  }

  /**
   * {@code BitcastFrom(other, dtype, shape)} into a new handle.
   *
   * @param otherHandle a live handle whose buffer is viewed
   * @param dtype the TensorFlow {@code DataType} enum value
   * @param shape the dimension sizes (copied before the native call)
   * @return a new native handle, owned by the caller
   * @throws NullPointerException if {@code otherHandle} is 0
   * @throws IllegalArgumentException if the byte sizes are not compatible
   */
  public static long bitcastFrom(long otherHandle, int dtype, long[] shape) {
    checkHandle(otherHandle);
    checkShape(shape);
    return NativeTensor.bitcastFrom(otherHandle, dtype, shape.clone());
  }

  /**
   * {@code CopyFrom(other, shape)}, changing the tensor of {@code handle} in place.
   *
   * @param handle a live native tensor handle (changed in place)
   * @param otherHandle a live handle whose buffer is shared
   * @param shape the dimension sizes (copied before the native call)
   * @return whether the element counts matched and the tensor changed
   * @throws NullPointerException if either handle is 0
   */
  public static boolean copyFrom(long handle, long otherHandle, long[] shape) {
    checkHandle(handle);
    checkHandle(otherHandle);
    checkShape(shape);
    return NativeTensor.copyFrom(handle, otherHandle, shape.clone());
  }

  /**
   * {@code SharesBufferWith(other)}.
   *
   * @param handle a live native tensor handle
   * @param otherHandle another live handle
   * @return whether both buffers have the same root
   * @throws NullPointerException if either handle is 0
   */
  public static boolean sharesBufferWith(long handle, long otherHandle) {
    checkHandle(handle);
    checkHandle(otherHandle);
    return NativeTensor.sharesBufferWith(handle, otherHandle);
  }

  /**
   * {@code IsAligned()}.
   *
   * @param handle a live native tensor handle
   * @return whether the data is 64-byte aligned (or empty)
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static boolean isAligned(long handle) {
    checkHandle(handle);
    return NativeTensor.isAligned(handle);
  }

  /**
   * {@code IsInitialized()}.
   *
   * @param handle a live native tensor handle
   * @return whether there is a buffer or no elements
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static boolean isInitialized(long handle) {
    checkHandle(handle);
    return NativeTensor.isInitialized(handle);
  }

  /**
   * {@code TotalBytes()}.
   *
   * @param handle a live native tensor handle
   * @return the data size in bytes as C++ counts it
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static long totalBytes(long handle) {
    checkHandle(handle);
    return NativeTensor.totalBytes(handle);
  }

  /**
   * {@code AllocatedBytes()}.
   *
   * @param handle a live native tensor handle
   * @return the same as {@link #totalBytes(long)}
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static long allocatedBytes(long handle) {
    checkHandle(handle);
    return NativeTensor.allocatedBytes(handle);
  }

  /**
   * {@code FromProto} of serialized bytes into a new handle; {@code maxBytes < 0}: no limit.
   *
   * @param serialized the wire bytes of a {@code TensorProto}
   * @param maxBytes the largest accepted data size in bytes, or negative for no limit
   * @return a new native handle, owned by the caller
   * @throws IllegalArgumentException for an unparsable proto or one over the limit
   * @throws NullPointerException if {@code serialized} is null
   */
  public static long fromProto(byte[] serialized, long maxBytes) {
    if (serialized == null) {
      throw new NullPointerException("serializedTensorProto");
    }
    return NativeTensor.fromProto(serialized, maxBytes);
  }

  /**
   * Serialized {@code AsProtoTensorContent}.
   *
   * @param handle a live native tensor handle
   * @return the serialized proto
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
  public static byte[] asProtoTensorContent(long handle) {
    checkHandle(handle);
    return NativeTensor.asProtoTensorContent(handle);
  }

  /**
   * Serialized {@code AsProtoField}.
   *
   * @param handle a live native tensor handle
   * @return the serialized proto
   * @throws NullPointerException {@code close() was called on the Tensor} if {@code handle} is 0
   */
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
