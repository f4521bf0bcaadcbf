package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The safety net counts the native bytes a handle really keeps alive, never dtype × shape: a
 * tensor without a buffer (C++'s uninitialised {@code [0, k].SubSlice(0)}) holds nothing, however
 * large its shape. Counting 2^62 bytes for it made the doubled limit overflow, and every later
 * tensor creation then asked for a full garbage collection.
 */
class SafetyNetAccountingTest {

  private static long collections() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionCount());
    }
    return total;
  }

  @Test
  void bufferlessTensorsCountNoBytes() {
    long before = NativeHandle.liveBytes();
    Tensor<?> empty = Tensor.create(DataType.INT8, new long[] {0, 1L << 62}, ByteBuffer.allocate(0));
    Tensor<?> row = empty.subSlice(0);
    Tensor<?> wide = Tensor.create(DataType.INT32, new long[] {0, 1L << 60}, ByteBuffer.allocate(0));
    Tensor<?> wideRow = wide.subSlice(0);
    try {
      assertEquals(before, NativeHandle.liveBytes(), "no buffer, no bytes");
      assertEquals(false, row.isInitialized());
    } finally {
      row.close();
      empty.close();
      wideRow.close();
      wide.close();
    }
    Tensor<?> real = Tensor.create(new int[] {1, 2, 3});
    try {
      assertEquals(before + 12, NativeHandle.liveBytes(), "a [3] int32 tensor holds 12 bytes");
    } finally {
      real.close();
    }
    assertEquals(before, NativeHandle.liveBytes());
  }

  /** Through the public API only: fails on the old accounting, which collected on every create. */
  @Test
  void aBufferlessTensorDoesNotMakeEveryCreationCollect() {
    Tensor<?> empty = Tensor.create(DataType.INT8, new long[] {0, 1L << 62}, ByteBuffer.allocate(0));
    Tensor<?> row = empty.subSlice(0);
    Tensor<?> wide = Tensor.create(DataType.INT32, new long[] {0, 1L << 60}, ByteBuffer.allocate(0));
    Tensor<?> wideRow = wide.subSlice(0);
    try {
      long before = collections();
      for (int i = 0; i < 300; i++) {
        Tensor.create(new int[] {i}).close();
      }
      long requested = collections() - before;
      // 300 small tensors need no collection at all; allow for the JVM's own young collections.
      assertTrue(requested < 30, requested + " collections during 300 tiny creations");
    } finally {
      row.close();
      empty.close();
      wideRow.close();
      wide.close();
    }
  }

  @Test
  void saturatedAddNeverWraps() {
    assertEquals(Long.MAX_VALUE, NativeHandle.saturatedAdd(Long.MAX_VALUE, 1));
    assertEquals(Long.MAX_VALUE, NativeHandle.saturatedAdd(1L << 62, 1L << 62));
    assertEquals(6, NativeHandle.saturatedAdd(2, 4));
    assertEquals(Long.MIN_VALUE, NativeHandle.saturatedAdd(Long.MIN_VALUE, 0));
  }
}
