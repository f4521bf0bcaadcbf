package org.tensorflow.lite.support.tensorbuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Kinds of caller buffers a TensorBuffer may be given through {@code loadBuffer}; together they
 * cover both conversion paths (native for large direct buffers, Java otherwise) in both byte
 * orders, and an unaligned native address.
 */
enum Storage {
  DIRECT_NATIVE_ORDER,
  DIRECT_SWAPPED_ORDER,
  /** A slice starting one byte into a direct buffer: elements are not aligned. */
  DIRECT_UNALIGNED_NATIVE_ORDER,
  DIRECT_UNALIGNED_SWAPPED,
  HEAP_NATIVE_ORDER,
  HEAP_SWAPPED_ORDER;

  static final ByteOrder SWAPPED =
      ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;

  ByteBuffer allocate(int bytes) {
    switch (this) {
      case DIRECT_NATIVE_ORDER:
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
      case DIRECT_SWAPPED_ORDER:
        return ByteBuffer.allocateDirect(bytes).order(SWAPPED);
      case DIRECT_UNALIGNED_NATIVE_ORDER:
        return unalignedDirect(bytes).order(ByteOrder.nativeOrder());
      case DIRECT_UNALIGNED_SWAPPED:
        return unalignedDirect(bytes).order(SWAPPED);
      case HEAP_NATIVE_ORDER:
        return ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder());
      default:
        return ByteBuffer.allocate(bytes).order(SWAPPED);
    }
  }

  private static ByteBuffer unalignedDirect(int bytes) {
    ByteBuffer outer = ByteBuffer.allocateDirect(bytes + 1);
    outer.position(1);
    return outer.slice();
  }
}
