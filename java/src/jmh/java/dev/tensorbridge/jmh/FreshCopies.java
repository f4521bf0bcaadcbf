package dev.tensorbridge.jmh;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import sun.misc.Unsafe;

/**
 * Copies into freshly {@code malloc}ed native memory, the baseline for ops whose results land in
 * new blocks. {@code ByteBuffer.allocateDirect} cannot serve: it zero-fills, a whole extra pass.
 */
final class FreshCopies {
  private static final Unsafe UNSAFE = unsafe();
  private static final long ADDRESS_OFFSET = addressOffset();

  private FreshCopies() {}

  /**
   * Allocates {@code count} blocks of {@code src}'s capacity, copies {@code src} into each while all
   * stay live, then frees them; returns a checksum of one byte per block so nothing is elided.
   */
  static long copyIntoFresh(ByteBuffer src, int count) {
    long bytes = src.capacity();
    long from = UNSAFE.getLong(src, ADDRESS_OFFSET);
    long[] blocks = new long[count];
    long sum = 0;
    for (int i = 0; i < count; i++) {
      blocks[i] = UNSAFE.allocateMemory(bytes);
      UNSAFE.copyMemory(from, blocks[i], bytes);
      sum += UNSAFE.getByte(blocks[i] + bytes - 1);
    }
    for (long block : blocks) {
      UNSAFE.freeMemory(block);
    }
    return sum;
  }

  private static Unsafe unsafe() {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static long addressOffset() {
    try {
      return UNSAFE.objectFieldOffset(java.nio.Buffer.class.getDeclaredField("address"));
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
