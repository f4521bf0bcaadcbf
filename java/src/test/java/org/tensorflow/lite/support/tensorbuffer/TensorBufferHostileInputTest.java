package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;

/**
 * Inputs meant to break the native boundary (spec §16, §17 BU-3): corrupted state, swapped or
 * shrunken storage, races. Each must end in a Java exception (the one upstream throws) or a
 * correct result, never a crash. Sizes of 500 elements and more take the native path.
 */
class TensorBufferHostileInputTest {
  private static final int NATIVE_SIZED = 500;

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
