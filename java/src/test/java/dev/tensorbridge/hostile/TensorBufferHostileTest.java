package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The abstract {@link TensorBuffer}'s static factories (type dispatch, tensorbuffer.md §6–§7).
 * Per-type behaviour is in {@code TensorBuffer<Type>HostileTest}; shrunken or swapped storage,
 * races and null-everywhere cases are in {@code TensorBufferHostileInputTest}.
 */
class TensorBufferHostileTest {
  private static final DataType[] UNSUPPORTED = {DataType.STRING, DataType.BOOL};

  @TestFactory
  List<DynamicTest> typeDispatchComesFirst() {
    Cases c = new Cases();
    for (DataType type : UNSUPPORTED) {
      String msg = "TensorBuffer does not support data type: " + type;
      c.fails("createFixedSize " + type, AssertionError.class, msg,
          () -> TensorBuffer.createFixedSize(new int[] {1}, type));
      c.fails("createFixedSize(null shape) " + type + ": dispatch first", AssertionError.class, msg,
          () -> TensorBuffer.createFixedSize(null, type));
      c.fails("createFixedSize(negative shape) " + type, AssertionError.class, msg,
          () -> TensorBuffer.createFixedSize(new int[] {-1}, type));
      c.fails("createDynamic " + type, AssertionError.class, msg, () -> TensorBuffer.createDynamic(type));
      c.fails("createFrom to " + type, AssertionError.class, msg,
          () -> TensorBuffer.createFrom(TensorBuffer.createDynamic(DataType.FLOAT32), type));
    }
    c.fails("createFixedSize(shape, null)", NullPointerException.class, ANY_MESSAGE,
        () -> TensorBuffer.createFixedSize(new int[] {1}, null));
    c.fails("createFixedSize(null, null)", NullPointerException.class, ANY_MESSAGE,
        () -> TensorBuffer.createFixedSize(null, null));
    c.fails("createDynamic(null)", NullPointerException.class, ANY_MESSAGE, () -> TensorBuffer.createDynamic(null));
    c.fails("createFrom(null, FLOAT32)", NullPointerException.class, "Cannot create a buffer from null",
        () -> TensorBuffer.createFrom(null, DataType.FLOAT32));
    c.fails("createFrom(null, null): source checked first", NullPointerException.class,
        "Cannot create a buffer from null", () -> TensorBuffer.createFrom(null, null));
    return c.build();
  }

  @TestFactory
  List<DynamicTest> overflowingShapes() {
    Cases c = new Cases();
    c.succeeds("UINT8 {65536, 65536}: flat size wraps to 0", () -> {
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {65536, 65536}, DataType.UINT8);
      assertEquals(0, tb.getFlatSize());
      assertEquals(0, tb.getIntArray().length);
      Cases.check(IndexOutOfBoundsException.class, ANY_MESSAGE, () -> tb.getIntValue(0));
    });
    c.fails("UINT8 {65536, 32768}: negative capacity", IllegalArgumentException.class,
        "capacity < 0: (-2147483648 < 0)",
        () -> TensorBuffer.createFixedSize(new int[] {65536, 32768}, DataType.UINT8));
    c.succeeds("FLOAT32 {2^30}: byte count wraps to 0, flat size 2^30", () -> {
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1 << 30}, DataType.FLOAT32);
      assertEquals(0, tb.getBuffer().capacity());
      assertEquals(1 << 30, tb.getFlatSize());
      // Reading 2^30 floats from 0 bytes fails cleanly; nothing is read past the storage.
      Cases.check(java.nio.BufferUnderflowException.class, ANY_MESSAGE, tb::getFloatArray);
      Cases.check(IndexOutOfBoundsException.class, ANY_MESSAGE, () -> tb.getFloatValue(0));
    });
    c.fails("FLOAT32 {2^29}: negative capacity", IllegalArgumentException.class, "capacity < 0: (-2147483648 < 0)",
        () -> TensorBuffer.createFixedSize(new int[] {1 << 29}, DataType.FLOAT32));
    c.succeeds("a dynamic load with a wrapping shape never writes past the storage", () -> {
      TensorBuffer tb = TensorBuffer.createDynamic(DataType.INT64);
      // {65536, 65536} has flat size 0 in int arithmetic: an empty array matches it.
      tb.loadArray(new int[0], new int[] {65536, 65536});
      assertEquals(0, tb.getFlatSize());
      assertArrayEquals(new int[] {65536, 65536}, tb.getShape());
    });
    c.succeeds("an empty, zero-dimension buffer converts to every type", () -> {
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {4, 0, 3}, DataType.INT16);
      for (DataType to : new DataType[] {DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16,
          DataType.INT32, DataType.INT64}) {
        TensorBuffer copy = TensorBuffer.createFrom(tb, to);
        assertEquals(0, copy.getFlatSize());
        assertFalse(copy.isDynamic());
      }
    });
    c.succeeds("createFrom a big-endian heap source gives direct native-order storage", () -> {
      ByteBuffer heap = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN);
      heap.putFloat(0, 1.5f).putFloat(4, -300.75f);
      TensorBuffer tb = TensorBuffer.createDynamic(DataType.FLOAT32);
      tb.loadBuffer(heap, new int[] {2});
      TensorBuffer u8 = TensorBuffer.createFrom(tb, DataType.UINT8);
      assertTrue(u8.getBuffer().isDirect());
      assertArrayEquals(new int[] {1, 0}, u8.getIntArray());
      TensorBuffer i16 = TensorBuffer.createFrom(tb, DataType.INT16);
      assertArrayEquals(new int[] {1, -300}, i16.getIntArray());
      assertEquals(ByteOrder.nativeOrder(), i16.getBuffer().order());
    });
    return c.build();
  }
}
