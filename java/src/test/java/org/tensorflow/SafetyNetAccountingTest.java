package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import dev.tensorbridge.TensorBridge;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

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

  /**
   * Views of one tensor share its root buffer: the safety net counts the root once, however many
   * views are live (counting it per view made repeated views of a large tensor collect every few
   * calls), and uncounts it when the last view goes.
   */
  @Test
  void viewsOfOneRootCountItOnce() {
    long before = NativeHandle.liveBytes();
    Tensor<?> tensor = Tensor.create(new long[] {1000, 1000}, java.nio.FloatBuffer.allocate(1_000_000));
    List<Object> views = new ArrayList<Object>();
    try {
      assertEquals(before + 4_000_000, NativeHandle.liveBytes(), "the tensor: 10^6 floats");
      for (int i = 0; i < 10; i++) {
        TensorBuffer view = TensorBridge.asTensorBuffer(tensor);
        views.add(view);
        views.add(tensor.tensorData());
      }
      // The tensor, plus its root once for all twenty views.
      assertEquals(before + 8_000_000, NativeHandle.liveBytes());
    } finally {
      tensor.close();
    }
    assertEquals(before + 4_000_000, NativeHandle.liveBytes(), "the views still hold the root");
    assertEquals(20, views.size());
  }

  @Test
  void viewsOfASliceCountTheWholeRoot() {
    long before = NativeHandle.liveBytes();
    Tensor<?> tensor = Tensor.create(new long[] {4, 250}, java.nio.FloatBuffer.allocate(1000));
    Tensor<?> row = tensor.slice(1, 2);
    try {
      ByteBuffer view = row.tensorData();
      assertEquals(1000, view.capacity(), "one row of 250 floats");
      // Tensor and slice count their windows (4000 + 1000); the view keeps the whole root.
      assertEquals(before + 4000 + 1000 + 4000, NativeHandle.liveBytes());
    } finally {
      row.close();
      tensor.close();
    }
  }
}
