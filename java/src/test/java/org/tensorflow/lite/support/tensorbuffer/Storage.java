package org.tensorflow.lite.support.tensorbuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Kinds of caller buffers a TensorBuffer may be given through {@code loadBuffer}: direct buffers
 * (passed to native code by address) and heap buffers (by backing array and offset), in both byte
 * orders, with an unaligned native address and a non-zero array offset.
 */
enum Storage {
  DIRECT_NATIVE_ORDER,
  DIRECT_SWAPPED_ORDER,
  /** A slice starting one byte into a direct buffer: elements are not aligned. */
  DIRECT_UNALIGNED_NATIVE_ORDER,
  DIRECT_UNALIGNED_SWAPPED,
  HEAP_NATIVE_ORDER,
  HEAP_SWAPPED_ORDER,
  /** A slice starting three bytes into a heap buffer: a non-zero array offset. */
  HEAP_OFFSET_SWAPPED;

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
      case HEAP_OFFSET_SWAPPED:
        ByteBuffer outer = ByteBuffer.allocate(bytes + 3);
        outer.position(3);
        return outer.slice().order(SWAPPED);
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
