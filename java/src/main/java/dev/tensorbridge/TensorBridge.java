package dev.tensorbridge;

import dev.tensorbridge.internal.BridgeAccess;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.tensorflow.DataType;
import org.tensorflow.Tensor;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Zero-copy conversions between TensorFlow Lite Support's {@link TensorBuffer} and {@link
 * Tensor}: a model's output can be viewed as a tensor and sliced (for example with {@code
 * tf.stridedSlice(tf.constant(TensorBridge.asTensor(output)), ...)}, which reads only the selected
 * elements), and a tensor can be handed to TFLite code as a buffer, without copying the elements.
 *
 * <p>Element types map one to one: FLOAT32 and FLOAT, UINT8, INT8, INT16, INT32, INT64. Other
 * types are refused with {@link IllegalArgumentException}.
 *
 * <p><b>Sharing.</b> Both directions share memory: a write on one side is read on the other, with
 * no synchronisation of its own. As with any buffer shared between threads, a reader racing with
 * a writer may see old or new element values; it never reads outside the memory. Shared memory
 * stays valid as long as either side can reach it, whatever is closed, collected or reloaded
 * first (see each method). Details: {@code docs/contracts/tensorbridge.md}.
 */
public final class TensorBridge {
  private TensorBridge() {}

  /**
   * A tensor of the buffer's element type and current shape whose elements are the buffer's
   * storage itself, when that storage is a writable direct buffer in native byte order (always the
   * case for storage {@code TensorBuffer} allocated itself; for one-byte types any byte order
   * qualifies). Writes through the buffer ({@code loadArray} of the same shape, {@code
   * getBuffer().put…}) are then visible in the tensor, and the tensor's memory is visible through
   * {@code TensorBridge.asTensorBuffer} and {@link Tensor#tensorData()}. The cost does not depend on
   * the size.
   *
   * <p>The tensor keeps the storage alive on its own: when the {@code TensorBuffer} moves on to
   * other storage (a dynamic buffer loading a new element count, or {@code loadBuffer}), the
   * tensor keeps the old storage and its last contents. The storage is released once the tensor
   * (and every tensor, constant or slice sharing its memory) is closed or collected.
   *
   * <p><b>One copy</b> is made instead when the storage is a heap buffer, a read-only buffer or a
   * direct buffer of multi-byte elements in non-native byte order (any of these can be attached
   * with {@code loadBuffer}): the elements are copied, with their values (byte order converted),
   * into new native-order direct memory, and later writes on either side are not seen by the
   * other.
   *
   * <p>The caller owns the tensor and should close it; an unclosed tensor is released by the
   * collector's safety net.
   *
   * @param buffer the buffer to view; its position and limit are left unchanged
   * @return a new tensor of {@code buffer}'s shape (a scalar for the empty shape)
   * @throws NullPointerException if {@code buffer} is null
   * @throws IllegalArgumentException if the element type is not one of the six above
   * @throws IllegalStateException if the storage's limit no longer matches the shape (the
   *     message of {@link TensorBuffer#getShape()})
   */
  public static Tensor<?> asTensor(TensorBuffer buffer) {
    if (buffer == null) {
      throw new NullPointerException("buffer");
    }
    org.tensorflow.lite.DataType liteType = buffer.getDataType();
    DataType type = tensorType(liteType);
    int[] shape = buffer.getShape();
    ByteBuffer storage = buffer.getBuffer();
    int length = storage.limit();
    int elementSize = liteType.byteSize();
    if (!shareable(storage, elementSize)) {
      storage = nativeCopy(storage, length, elementSize);
    }
    return BridgeAccess.tensors().share(type, shape, storage, length);
  }

  /**
   * A fixed-size buffer of the tensor's element type and shape whose storage is a writable,
   * native-order direct view of the tensor's memory; the cost does not depend on the size. Writes
   * through the buffer ({@code loadArray} of the same shape, {@code getBuffer().put…}) are visible
   * in the tensor and in everything sharing its memory (slices, constants made from it).
   *
   * <p>The memory stays alive while the returned buffer's storage is reachable, also after {@code
   * tensor.close()}, as {@link Tensor#tensorData()} views do. On Android, buffers derived from the
   * storage ({@code duplicate()}, {@code slice()}) do not reference it: keep the {@code
   * TensorBuffer} (or {@code getBuffer()}) reachable while using them.
   *
   * <p>Later loads follow {@code TensorBuffer}'s rules: {@code loadArray} writes into the shared
   * storage (it is writable, so {@code TensorBuffer} has no reason to copy it), while {@code
   * loadBuffer} replaces the storage, after which the buffer and the tensor no longer share.
   *
   * @param tensor the tensor to view; not closed by this call
   * @return a new fixed-size buffer of the tensor's shape (the empty shape for a scalar)
   * @throws NullPointerException if {@code tensor} is null
   * @throws IllegalArgumentException if the element type is not one of the six above, or the shape
   *     does not fit a {@code TensorBuffer} (a dimension or the byte count above {@code
   *     Integer.MAX_VALUE})
   * @throws IllegalStateException if the tensor has been closed (also by its eager session's
   *     close), or has elements but no data
   */
  public static TensorBuffer asTensorBuffer(Tensor<?> tensor) {
    if (tensor == null) {
      throw new NullPointerException("tensor");
    }
    org.tensorflow.lite.DataType liteType = liteType(tensor.dataType());
    long[] dims = tensor.shape();
    int[] shape = new int[dims.length];
    long bytes = liteType.byteSize();
    for (int i = 0; i < dims.length; i++) {
      if (dims[i] > Integer.MAX_VALUE) {
        throw tooLarge(dims);
      }
      shape[i] = (int) dims[i];
      bytes *= dims[i];
      if (bytes > Integer.MAX_VALUE) {
        throw tooLarge(dims);
      }
    }
    ByteBuffer view = BridgeAccess.tensors().writableView(tensor);
    if (view.capacity() != bytes) {
      // Only a concurrent copyFrom on the tensor can change its size between the two reads.
      throw new IllegalStateException("The tensor changed while it was being viewed");
    }
    return BridgeAccess.buffers().wrapFixedSize(view, shape, liteType);
  }

  private static IllegalArgumentException tooLarge(long[] dims) {
    return new IllegalArgumentException(
        "A tensor of shape " + java.util.Arrays.toString(dims) + " does not fit a TensorBuffer");
  }

  private static DataType tensorType(org.tensorflow.lite.DataType type) {
    switch (type) {
      case FLOAT32:
        return DataType.FLOAT;
      case UINT8:
        return DataType.UINT8;
      case INT8:
        return DataType.INT8;
      case INT16:
        return DataType.INT16;
      case INT32:
        return DataType.INT32;
      case INT64:
        return DataType.INT64;
      default:
        throw new IllegalArgumentException("TensorBridge does not support data type: " + type);
    }
  }

  private static org.tensorflow.lite.DataType liteType(DataType type) {
    switch (type) {
      case FLOAT:
        return org.tensorflow.lite.DataType.FLOAT32;
      case UINT8:
        return org.tensorflow.lite.DataType.UINT8;
      case INT8:
        return org.tensorflow.lite.DataType.INT8;
      case INT16:
        return org.tensorflow.lite.DataType.INT16;
      case INT32:
        return org.tensorflow.lite.DataType.INT32;
      case INT64:
        return org.tensorflow.lite.DataType.INT64;
      default:
        throw new IllegalArgumentException("TensorBridge does not support data type: " + type);
    }
  }

  /** Storage a native tensor can use as it is: direct, writable, elements in native order. */
  private static boolean shareable(ByteBuffer storage, int elementSize) {
    return storage.isDirect()
        && !storage.isReadOnly()
        && (elementSize == 1 || storage.order() == ByteOrder.nativeOrder());
  }

  /**
   * The first {@code length} bytes of {@code storage} as values in new native-order direct
   * memory. Elements move as integers of their width, so float bits (NaN payloads too) are kept.
   */
  private static ByteBuffer nativeCopy(ByteBuffer storage, int length, int elementSize) {
    // duplicate() resets the byte order; the source's own order is what its elements mean.
    ByteBuffer src = storage.duplicate().order(storage.order());
    src.clear();
    src.limit(length);
    ByteBuffer dst = ByteBuffer.allocateDirect(length).order(ByteOrder.nativeOrder());
    switch (elementSize) {
      case 2:
        dst.asShortBuffer().put(src.asShortBuffer());
        break;
      case 4:
        dst.asIntBuffer().put(src.asIntBuffer());
        break;
      case 8:
        dst.asLongBuffer().put(src.asLongBuffer());
        break;
      default:
        dst.put(src);
        break;
    }
    dst.clear();
    return dst;
  }
}
