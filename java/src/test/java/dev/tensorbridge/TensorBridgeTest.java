package dev.tensorbridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.internal.BridgeAccess;
import dev.tensorbridge.internal.Diagnostics;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Output;
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** {@link TensorBridge}: sharing both ways, lifetimes, the copy fallback, every type, errors. */
class TensorBridgeTest {
  private static final org.tensorflow.lite.DataType FLOAT32 = org.tensorflow.lite.DataType.FLOAT32;

  /** Lets the safety net release whatever is unreachable, until the live count is stable. */
  static long settledLiveHandles() throws InterruptedException {
    long live = Diagnostics.liveNativeHandles();
    int stable = 0;
    for (int i = 0; i < 100 && stable < 3; i++) {
      System.gc();
      Thread.sleep(20);
      Tensor.create(0).close(); // adoption drains the safety net's queue
      long now = Diagnostics.liveNativeHandles();
      stable = now == live ? stable + 1 : 0;
      live = now;
    }
    return live;
  }

  private static TensorBuffer floats(int[] shape, float... values) {
    TensorBuffer buffer = TensorBuffer.createFixedSize(shape, FLOAT32);
    buffer.loadArray(values);
    return buffer;
  }

  @Test
  void asTensorSharesTheBufferBothWays() {
    TensorBuffer buffer = floats(new int[] {2, 3}, 1, 2, 3, 4, 5, 6);
    try (Tensor<?> tensor = TensorBridge.asTensor(buffer)) {
      assertEquals(DataType.FLOAT, tensor.dataType());
      assertArrayEquals(new long[] {2, 3}, tensor.shape());
      assertArrayEquals(new float[][] {{1, 2, 3}, {4, 5, 6}}, tensor.copyTo(new float[2][3]));
      // buffer -> tensor
      buffer.loadArray(new float[] {-1, -2, -3, -4, -5, -6});
      buffer.getBuffer().putFloat(4 * 5, 60.5f);
      assertArrayEquals(new float[][] {{-1, -2, -3}, {-4, -5, 60.5f}}, tensor.copyTo(new float[2][3]));
      // tensor -> buffer: the tensor's memory written through its own TensorBuffer view
      TensorBuffer view = TensorBridge.asTensorBuffer(tensor);
      view.loadArray(new float[] {7, 8, 9, 10, 11, 12});
      assertArrayEquals(new float[] {7, 8, 9, 10, 11, 12}, buffer.getFloatArray(), 0f);
      assertEquals(9f, tensor.tensorData().getFloat(8));
    }
  }

  @Test
  void asTensorBufferSharesTheTensorBothWays() {
    try (Tensor<Integer> tensor = Tensor.create(new int[][] {{1, 2}, {3, 4}, {5, 6}}, Integer.class)) {
      TensorBuffer view = TensorBridge.asTensorBuffer(tensor);
      assertEquals(org.tensorflow.lite.DataType.INT32, view.getDataType());
      assertFalse(view.isDynamic());
      assertArrayEquals(new int[] {3, 2}, view.getShape());
      ByteBuffer storage = view.getBuffer();
      assertTrue(storage.isDirect());
      assertFalse(storage.isReadOnly());
      assertEquals(ByteOrder.nativeOrder(), storage.order());
      assertEquals(24, storage.limit());
      assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, view.getIntArray());
      view.loadArray(new int[] {10, 20, 30, 40, 50, 60}, new int[] {3, 2});
      assertArrayEquals(new int[][] {{10, 20}, {30, 40}, {50, 60}}, tensor.copyTo(new int[3][2]));
      storage.putInt(4, -7);
      assertEquals(-7, tensor.copyTo(new int[3][2])[0][1]);
      // a second view sees the first one's writes: one memory
      assertEquals(-7, TensorBridge.asTensorBuffer(tensor).getIntValue(1));
      // a fixed-size buffer keeps its shape
      assertThrows(IllegalArgumentException.class, () -> view.loadArray(new int[] {1, 2}, new int[] {2}));
    }
  }

  @Test
  void everyElementTypeMapsBothWays() {
    Object[][] types = {
      {org.tensorflow.lite.DataType.FLOAT32, DataType.FLOAT},
      {org.tensorflow.lite.DataType.UINT8, DataType.UINT8},
      {org.tensorflow.lite.DataType.INT8, DataType.INT8},
      {org.tensorflow.lite.DataType.INT16, DataType.INT16},
      {org.tensorflow.lite.DataType.INT32, DataType.INT32},
      {org.tensorflow.lite.DataType.INT64, DataType.INT64},
    };
    int[] values = {1, 2, 100, 127};
    for (Object[] pair : types) {
      org.tensorflow.lite.DataType lite = (org.tensorflow.lite.DataType) pair[0];
      DataType tf = (DataType) pair[1];
      TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {2, 2}, lite);
      buffer.loadArray(values);
      try (Tensor<?> tensor = TensorBridge.asTensor(buffer)) {
        assertEquals(tf, tensor.dataType(), lite.toString());
        assertArrayEquals(new long[] {2, 2}, tensor.shape(), lite.toString());
        // the tensor's bytes are the buffer's bytes (native order is little-endian here)
        ByteBuffer data = tensor.tensorData();
        assertEquals(4 * lite.byteSize(), data.remaining(), lite.toString());
        for (int i = 0; i < 4 * lite.byteSize(); i++) {
          assertEquals(buffer.getBuffer().get(i), data.get(i), lite + " byte " + i);
        }
        TensorBuffer back = TensorBridge.asTensorBuffer(tensor);
        assertEquals(lite, back.getDataType());
        assertArrayEquals(values, back.getIntArray(), lite.toString());
      }
    }
  }

  @Test
  void eachTensorTypeBecomesItsBufferType() {
    // INT16 1, -2 and INT8 -3, 4 written as little-endian bytes by hand.
    try (Tensor<?> shorts =
            Tensor.create(DataType.INT16, new long[] {2}, ByteBuffer.wrap(new byte[] {1, 0, (byte) 0xfe, (byte) 0xff}));
        Tensor<?> bytes = Tensor.create(DataType.INT8, new long[] {2}, ByteBuffer.wrap(new byte[] {(byte) 0xfd, 4}));
        Tensor<?> longs = Tensor.create(new long[] {1L << 40, -5});
        Tensor<?> unsigned = Tensor.create(DataType.UINT8, new long[] {}, ByteBuffer.wrap(new byte[] {(byte) 200}))) {
      assertArrayEquals(new int[] {1, -2}, TensorBridge.asTensorBuffer(shorts).getIntArray());
      assertArrayEquals(new int[] {-3, 4}, TensorBridge.asTensorBuffer(bytes).getIntArray());
      TensorBuffer longView = TensorBridge.asTensorBuffer(longs);
      assertEquals(1L << 40, longView.getBuffer().getLong(0));
      assertEquals(-5L, longView.getBuffer().getLong(8));
      TensorBuffer scalar = TensorBridge.asTensorBuffer(unsigned);
      assertArrayEquals(new int[0], scalar.getShape());
      assertEquals(200, scalar.getIntValue(0));
    }
  }

  @Test
  void scalarsAndEmptyShapes() {
    TensorBuffer scalar = floats(new int[0], 2.5f);
    try (Tensor<?> t = TensorBridge.asTensor(scalar)) {
      assertEquals(0, t.numDimensions());
      assertEquals(2.5f, t.floatValue());
    }
    TensorBuffer empty = TensorBuffer.createFixedSize(new int[] {3, 0}, FLOAT32);
    try (Tensor<?> t = TensorBridge.asTensor(empty)) {
      assertArrayEquals(new long[] {3, 0}, t.shape());
      TensorBuffer back = TensorBridge.asTensorBuffer(t);
      assertArrayEquals(new int[] {3, 0}, back.getShape());
      assertEquals(0, back.getFlatSize());
    }
  }

  @Test
  void aDynamicBufferReallocatingLeavesTheTensorItsOldStorage() throws InterruptedException {
    TensorBuffer dynamic = TensorBuffer.createDynamic(FLOAT32);
    dynamic.loadArray(new float[] {1, 2, 3}, new int[] {3});
    Tensor<?> tensor = TensorBridge.asTensor(dynamic);
    ByteBuffer old = dynamic.getBuffer();
    dynamic.loadArray(new float[] {9, 9, 9, 9}, new int[] {4}); // new element count: new storage
    assertTrue(old != dynamic.getBuffer());
    old = null;
    for (int i = 0; i < 5; i++) {
      settledLiveHandles();
      dynamic.loadArray(new float[] {i, i, i, i, i}, new int[] {5});
      dynamic.loadArray(new float[] {i, i}, new int[] {2});
    }
    assertArrayEquals(new float[] {1, 2, 3}, tensor.copyTo(new float[3]), 0f);
    tensor.close();
  }

  @Test
  void theTensorPinsTheStorageUntilItIsReleased() throws InterruptedException {
    long before = settledLiveHandles();
    TensorBuffer buffer = floats(new int[] {4}, 1, 2, 3, 4);
    WeakReference<ByteBuffer> storage = new WeakReference<ByteBuffer>(buffer.getBuffer());
    Tensor<?> tensor = TensorBridge.asTensor(buffer);
    buffer = null;
    settledLiveHandles();
    assertNotNull(storage.get(), "the tensor's global reference keeps the storage");
    assertArrayEquals(new float[] {1, 2, 3, 4}, tensor.copyTo(new float[4]), 0f);
    assertEquals(before + 1, Diagnostics.liveNativeHandles());
    tensor.close();
    assertEquals(before, settledLiveHandles());
    assertNull(storage.get(), "released with the tensor");
  }

  @Test
  void anUnclosedTensorReleasesTheStorageThroughTheSafetyNet() throws InterruptedException {
    long before = settledLiveHandles();
    TensorBuffer buffer = floats(new int[] {2}, 1, 2);
    WeakReference<ByteBuffer> storage = new WeakReference<ByteBuffer>(buffer.getBuffer());
    TensorBridge.asTensor(buffer);
    buffer = null;
    assertEquals(before, settledLiveHandles());
    assertNull(storage.get());
  }

  @Test
  void theViewKeepsTheMemoryAfterTheTensorIsClosed() throws InterruptedException {
    long before = settledLiveHandles();
    Tensor<?> tensor = Tensor.create(new float[] {1.5f, 2.5f, 3.5f});
    TensorBuffer view = TensorBridge.asTensorBuffer(tensor);
    assertEquals(before + 2, Diagnostics.liveNativeHandles()); // the tensor and the view's keep-alive
    tensor.close();
    assertEquals(before + 1, settledLiveHandles());
    assertArrayEquals(new float[] {1.5f, 2.5f, 3.5f}, view.getFloatArray(), 0f);
    view.loadArray(new float[] {4, 5, 6});
    assertEquals(5f, view.getFloatValue(1));
    view = null;
    assertEquals(before, settledLiveHandles());
  }

  @Test
  void aRoundTripSharesOneMemoryWhateverIsClosedFirst() throws InterruptedException {
    long before = settledLiveHandles();
    TensorBuffer buffer = floats(new int[] {2}, 1, 2);
    Tensor<?> first = TensorBridge.asTensor(buffer);
    TensorBuffer view = TensorBridge.asTensorBuffer(first);
    Tensor<?> second = TensorBridge.asTensor(view); // a direct native-order view: shared again
    first.close();
    buffer.loadArray(new float[] {7, 8});
    assertArrayEquals(new float[] {7, 8}, second.copyTo(new float[2]), 0f);
    buffer = null;
    view = null;
    settledLiveHandles();
    assertArrayEquals(new float[] {7, 8}, second.copyTo(new float[2]), 0f);
    second.close();
    assertEquals(before, settledLiveHandles());
  }

  @Test
  void heapStorageIsCopiedOnce() {
    TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {3}, FLOAT32);
    ByteBuffer heap = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
    heap.putFloat(1f).putFloat(2f).putFloat(3f).rewind();
    buffer.loadBuffer(heap);
    try (Tensor<?> tensor = TensorBridge.asTensor(buffer)) {
      assertArrayEquals(new float[] {1, 2, 3}, tensor.copyTo(new float[3]), 0f);
      heap.putFloat(0, 100f); // not shared: the tensor has its copy
      assertEquals(1f, tensor.copyTo(new float[3])[0]);
      assertEquals(100f, buffer.getFloatValue(0));
    }
  }

  @Test
  void readOnlyStorageIsCopiedOnce() {
    ByteBuffer direct = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
    direct.putInt(11).putInt(-12).rewind();
    TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {2}, org.tensorflow.lite.DataType.INT32);
    buffer.loadBuffer(direct.asReadOnlyBuffer().order(ByteOrder.nativeOrder()));
    try (Tensor<?> tensor = TensorBridge.asTensor(buffer)) {
      assertArrayEquals(new int[] {11, -12}, tensor.copyTo(new int[2]));
      direct.putInt(0, 99);
      assertEquals(11, tensor.copyTo(new int[2])[0]);
    }
  }

  @Test
  void bigEndianStorageIsCopiedWithItsValues() {
    ByteBuffer big = ByteBuffer.allocateDirect(16).order(ByteOrder.BIG_ENDIAN);
    big.putFloat(1.25f).putFloat(-2f).putFloat(Float.intBitsToFloat(0x7fc00123)).putFloat(4f).rewind();
    TensorBuffer floats = TensorBuffer.createFixedSize(new int[] {4}, FLOAT32);
    floats.loadBuffer(big);
    try (Tensor<?> tensor = TensorBridge.asTensor(floats)) {
      float[] values = tensor.copyTo(new float[4]);
      assertEquals(1.25f, values[0]);
      assertEquals(-2f, values[1]);
      assertEquals(0x7fc00123, Float.floatToRawIntBits(values[2]), "NaN payload kept");
      assertEquals(4f, values[3]);
      big.putFloat(0, 50f);
      assertEquals(1.25f, tensor.copyTo(new float[4])[0]);
    }
    ByteBuffer bigShorts = ByteBuffer.allocateDirect(4).order(ByteOrder.BIG_ENDIAN);
    bigShorts.putShort((short) 300).putShort((short) -2).rewind();
    TensorBuffer shorts = TensorBuffer.createFixedSize(new int[] {2}, org.tensorflow.lite.DataType.INT16);
    shorts.loadBuffer(bigShorts);
    try (Tensor<?> tensor = TensorBridge.asTensor(shorts)) {
      assertArrayEquals(new int[] {300, -2}, TensorBridge.asTensorBuffer(tensor).getIntArray());
    }
    ByteBuffer bigLongs = ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN);
    bigLongs.putLong(0x0102030405060708L).rewind();
    TensorBuffer longs = TensorBuffer.createFixedSize(new int[] {1}, org.tensorflow.lite.DataType.INT64);
    longs.loadBuffer(bigLongs);
    try (Tensor<?> tensor = TensorBridge.asTensor(longs)) {
      assertArrayEquals(new long[] {0x0102030405060708L}, tensor.copyTo(new long[1]));
    }
  }

  @Test
  void singleByteStorageIsSharedInAnyByteOrder() {
    ByteBuffer big = ByteBuffer.allocateDirect(3).order(ByteOrder.BIG_ENDIAN);
    big.put((byte) 1).put((byte) 2).put((byte) 250).rewind();
    TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {3}, org.tensorflow.lite.DataType.UINT8);
    buffer.loadBuffer(big);
    try (Tensor<?> tensor = TensorBridge.asTensor(buffer)) {
      big.put(0, (byte) 9);
      assertEquals(9, tensor.tensorData().get(0));
      assertEquals((byte) 250, tensor.tensorData().get(2));
    }
  }

  @Test
  void aSlicedDirectStorageSharesFromItsOwnStart() {
    ByteBuffer whole = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
    for (int i = 0; i < 4; i++) {
      whole.putInt(i * 4, i + 1);
    }
    whole.position(8);
    ByteBuffer tail = whole.slice().order(ByteOrder.nativeOrder());
    TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {2}, org.tensorflow.lite.DataType.INT32);
    buffer.loadBuffer(tail);
    try (Tensor<?> tensor = TensorBridge.asTensor(buffer)) {
      assertArrayEquals(new int[] {3, 4}, tensor.copyTo(new int[2]));
      whole.putInt(12, 40);
      assertArrayEquals(new int[] {3, 40}, tensor.copyTo(new int[2]));
    }
  }

  @Test
  void theConstantSharesTheTensorsMemory() {
    // A [4, 6] "model output" holding 10 * row + column.
    float[] values = new float[24];
    for (int r = 0; r < 4; r++) {
      for (int c = 0; c < 6; c++) {
        values[r * 6 + c] = 10 * r + c;
      }
    }
    TensorBuffer output = floats(new int[] {4, 6}, values);
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Tensor<?> viewed = TensorBridge.asTensor(output);
      @SuppressWarnings("unchecked")
      Constant<Float> constant = tf.constant((Tensor<Float>) viewed);
      viewed.close(); // the constant keeps the memory
      Output<Float> centre =
          tf.stridedSlice(constant, tf.constant(new int[] {1, 4}), tf.constant(new int[] {3, 1}),
                  tf.constant(new int[] {1, -1}))
              .output();
      assertArrayEquals(new float[][] {{14, 13, 12}, {24, 23, 22}}, centre.tensor().copyTo(new float[2][3]));
      // No copy was made: a later write through the buffer reaches the constant.
      output.getBuffer().putFloat(4 * (1 * 6 + 4), -1f);
      StridedSlice<Float> again =
          tf.stridedSlice(constant, tf.constant(new int[] {1, 4}), tf.constant(new int[] {2, 5}),
              tf.constant(new int[] {1, 1}));
      assertEquals(-1f, again.output().tensor().copyTo(new float[1][1])[0][0]);
    }
  }

  @Test
  void errors() {
    assertThrows(NullPointerException.class, () -> TensorBridge.asTensor(null));
    assertThrows(NullPointerException.class, () -> TensorBridge.asTensorBuffer(null));
    try (Tensor<?> doubles = Tensor.create(new double[] {1});
        Tensor<?> strings = Tensor.create(new byte[][] {{1}});
        Tensor<?> bools = Tensor.create(new boolean[] {true})) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> TensorBridge.asTensorBuffer(doubles));
      assertEquals("TensorBridge does not support data type: DOUBLE", e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> TensorBridge.asTensorBuffer(strings));
      assertEquals("TensorBridge does not support data type: STRING", e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> TensorBridge.asTensorBuffer(bools));
      assertEquals("TensorBridge does not support data type: BOOL", e.getMessage());
    }
    Tensor<?> closed = Tensor.create(new float[] {1});
    closed.close();
    IllegalStateException closedError =
        assertThrows(IllegalStateException.class, () -> TensorBridge.asTensorBuffer(closed));
    assertEquals("close() was called on the Tensor", closedError.getMessage());

    Tensor<?> ofClosedSession;
    try (EagerSession session = EagerSession.create()) {
      ofClosedSession = Ops.create(session).constant(new float[] {1, 2}).asOutput().tensor();
      assertEquals(2, TensorBridge.asTensorBuffer(ofClosedSession).getFlatSize());
    }
    assertThrows(IllegalStateException.class, () -> TensorBridge.asTensorBuffer(ofClosedSession));

    TensorBuffer mismatched = floats(new int[] {3}, 1, 2, 3);
    mismatched.getBuffer().limit(8);
    IllegalStateException shapeError =
        assertThrows(IllegalStateException.class, () -> TensorBridge.asTensor(mismatched));
    assertEquals(
        "The size of underlying ByteBuffer (8) and the shape ([3]) do not match. The ByteBuffer may"
            + " have been changed.",
        shapeError.getMessage());

    try (Tensor<?> wide = Tensor.create(DataType.UINT8, new long[] {1L << 31, 0}, ByteBuffer.allocate(0));
        Tensor<?> big = Tensor.create(DataType.INT8, new long[] {0, 1L << 16, 1L << 16}, ByteBuffer.allocate(0))) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> TensorBridge.asTensorBuffer(wide));
      assertEquals("A tensor of shape [2147483648, 0] does not fit a TensorBuffer", e.getMessage());
      // 0 elements: the byte count stays 0
      assertEquals(0, TensorBridge.asTensorBuffer(big).getFlatSize());
    }
  }

  @Test
  void eachSideRegistersOnce() {
    assertSame(BridgeAccess.tensors(), BridgeAccess.tensors());
    assertThrows(IllegalStateException.class, () -> BridgeAccess.register(BridgeAccess.tensors()));
    assertThrows(IllegalStateException.class, () -> BridgeAccess.register(BridgeAccess.buffers()));
    // Outside code cannot register operations of its own, even before the owners initialise.
    IllegalStateException foreign =
        assertThrows(
            IllegalStateException.class,
            () -> BridgeAccess.register(new BridgeAccess.Tensors() {
              @Override
              public org.tensorflow.Tensor<?> share(
                  org.tensorflow.DataType type, int[] shape, java.nio.ByteBuffer storage, int length) {
                throw new AssertionError();
              }

              @Override
              public java.nio.ByteBuffer writableView(org.tensorflow.Tensor<?> tensor) {
                throw new AssertionError();
              }

              @Override
              public java.nio.ByteBuffer allocateStorage(int bytes) {
                throw new AssertionError();
              }

              @Override
              public int drainReleased() {
                throw new AssertionError();
              }
            }));
    assertEquals("only org.tensorflow.Tensor registers its operations", foreign.getMessage());
  }
}
