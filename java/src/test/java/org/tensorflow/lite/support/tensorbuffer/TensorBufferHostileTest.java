package org.tensorflow.lite.support.tensorbuffer;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.hostile.Cases;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;

/**
 * {@link TensorBuffer} from a careless caller's side: the static factories' type dispatch,
 * overflowing shapes, and inputs meant to break the native boundary (docs/tensorbuffer.md):
 * corrupted state, swapped or shrunken storage, races. Each must end in a
 * Java exception (the one upstream throws) or a correct result, never a crash. Sizes of 500
 * elements and more take the native path. Per-type behaviour is in {@code
 * dev.tensorbridge.hostile.TensorBuffer<Type>HostileTest}.
 */
class TensorBufferHostileTest {
  private static final int NATIVE_SIZED = 500;
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
      assertEquals(1, u8.getIntValue(0)); // the clamped -300.75: TensorBufferConversionTest
      TensorBuffer i16 = TensorBuffer.createFrom(tb, DataType.INT16);
      assertArrayEquals(new int[] {1, -300}, i16.getIntArray());
      assertEquals(ByteOrder.nativeOrder(), i16.getBuffer().order());
    });
    return c.build();
  }


  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void storageShrunkBehindOurBack(DataType type) {
    TensorBuffer tb = Buffers.fixed(type, new int[] {NATIVE_SIZED});
    tb.getBuffer().limit(NATIVE_SIZED * type.byteSize() - 1);
    assertThrows(BufferUnderflowException.class, tb::getFloatArray);
    assertThrows(BufferUnderflowException.class, tb::getIntArray);
    assertThrows(BufferOverflowException.class, () -> tb.loadArray(new float[NATIVE_SIZED]));
    assertThrows(BufferOverflowException.class, () -> tb.loadArray(new int[NATIVE_SIZED]));
    for (DataType target : Buffers.SUPPORTED) {
      assertThrows(BufferUnderflowException.class, () -> TensorBuffer.createFrom(tb, target));
    }
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void storageSwappedThroughTheProtectedField(DataType type) {
    TensorBuffer tb = Buffers.fixed(type, new int[] {NATIVE_SIZED});
    // A direct buffer far smaller than flatSize: every access is refused, nothing is read past it.
    tb.buffer = ByteBuffer.allocateDirect(8);
    assertThrows(BufferUnderflowException.class, tb::getFloatArray);
    assertThrows(BufferOverflowException.class, () -> tb.loadArray(new int[NATIVE_SIZED]));
    // A wrapped, huge flatSize is refused before any allocation.
    tb.flatSize = Integer.MAX_VALUE;
    assertThrows(BufferUnderflowException.class, tb::getIntArray);
    // A negative flatSize fails as upstream's array allocation does.
    tb.flatSize = -5;
    assertThrows(NegativeArraySizeException.class, tb::getFloatArray);
    // A read-only heap buffer swapped in: readable, and copied to direct storage on load.
    ByteBuffer readOnlyHeap = ByteBuffer.allocate(NATIVE_SIZED * type.byteSize()).asReadOnlyBuffer();
    tb.buffer = readOnlyHeap;
    tb.flatSize = NATIVE_SIZED;
    assertEquals(NATIVE_SIZED, tb.getIntArray().length);
    tb.loadArray(new int[NATIVE_SIZED]);
    assertNotSame(readOnlyHeap, tb.getBuffer());
    assertTrue(tb.getBuffer().isDirect());
    tb.buffer = null;
    assertThrows(NullPointerException.class, tb::getFloatArray);
    assertThrows(NullPointerException.class, () -> tb.loadArray(new float[NATIVE_SIZED]));
  }

  @Test
  void byteOrderChangedThroughGetBufferIsHonoured() {
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {NATIVE_SIZED}, DataType.FLOAT32);
    float[] values = new float[NATIVE_SIZED];
    for (int i = 0; i < values.length; i++) {
      values[i] = i + 0.25f;
    }
    tb.loadArray(values);
    tb.getBuffer().order(Storage.SWAPPED);
    float[] swapped = tb.getFloatArray();
    for (int i = 0; i < values.length; i++) {
      float want = Float.intBitsToFloat(Integer.reverseBytes(Float.floatToRawIntBits(values[i])));
      assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(swapped[i]));
      assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(tb.getFloatValue(i)));
    }
    tb.loadArray(values);
    tb.getBuffer().order(ByteOrder.nativeOrder());
    assertEquals(Integer.reverseBytes(Float.floatToRawIntBits(values[7])), Float.floatToRawIntBits(tb.getFloatValue(7)));
  }

  @Test
  void nullsEverywhere() {
    TensorBuffer tb = TensorBuffer.createDynamic(DataType.FLOAT32);
    assertThrows(NullPointerException.class, () -> tb.loadArray((float[]) null));
    assertThrows(NullPointerException.class, () -> tb.loadArray((int[]) null));
    assertThrows(NullPointerException.class, () -> tb.loadBuffer(null));
    assertThrows(NullPointerException.class, () -> tb.loadBuffer(ByteBuffer.allocate(0), null));
    assertThrows(NullPointerException.class, () -> tb.resize(null));
    assertThrows(NullPointerException.class, () -> TensorBuffer.createFixedSize(null, DataType.INT64));
  }

  @Test
  void concurrentLoadsAndReadsNeverCorruptMemory() throws Exception {
    TensorBuffer tb = TensorBuffer.createDynamic(DataType.FLOAT32);
    AtomicReference<Throwable> unexpected = new AtomicReference<Throwable>();
    AtomicInteger completed = new AtomicInteger();
    List<Thread> threads = new ArrayList<Thread>();
    for (int t = 0; t < 4; t++) {
      final int seed = t;
      threads.add(new Thread(() -> {
        for (int i = 0; i < 2000; i++) {
          int n = 64 + ((i * 31 + seed * 7) % 3000);
          try {
            switch ((i + seed) % 4) {
              case 0:
                tb.loadArray(new float[n], new int[] {n});
                break;
              case 1:
                tb.loadArray(new int[n], new int[] {n});
                break;
              case 2:
                tb.getFloatArray();
                break;
              default:
                ByteBuffer b = tb.getBuffer();
                b.limit(Math.max(0, b.capacity() - 4));
                tb.getIntArray();
            }
            completed.incrementAndGet();
          } catch (IllegalArgumentException | IllegalStateException
              | IndexOutOfBoundsException | BufferOverflowException
              | BufferUnderflowException | NegativeArraySizeException e) {
            // Races may make a step fail with the exception an inconsistent state gives.
          } catch (Throwable e) {
            unexpected.compareAndSet(null, e);
          }
        }
      }));
    }
    for (Thread thread : threads) {
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    if (unexpected.get() != null) {
      throw new AssertionError("unexpected failure under races", unexpected.get());
    }
    assertTrue(completed.get() > 0);
    // Still usable afterwards.
    tb.loadArray(new float[] {1, 2}, new int[] {2});
    assertArrayEquals(new float[] {1, 2}, tb.getFloatArray());
    assertFalse(tb.getBuffer().isReadOnly());
  }
}
