package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;

/** The allocation-free fill-in getters (docs/contracts/tensorbuffer.md#fill-in-getters). */
class TensorBufferFillInTest {
  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void fillsAndReturnsTheCallersArray(DataType type) {
    for (int n : new int[] {3, 300}) {
      TensorBuffer tb = Buffers.fixed(type, new int[] {n});
      int[] src = new int[n];
      for (int i = 0; i < n; i++) {
        src[i] = i % 100;
      }
      tb.loadArray(src);
      float[] floats = new float[n];
      assertSame(floats, tb.getFloatArray(floats));
      assertArrayEquals(tb.getFloatArray(), floats);
      int[] ints = new int[n];
      assertSame(ints, tb.getIntArray(ints));
      assertArrayEquals(src, ints);
      assertEquals(type == DataType.UINT8 ? n : 0, tb.getBuffer().position());
    }
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void rejectsNullWrongLengthAndCorruptedState(DataType type) {
    TensorBuffer tb = Buffers.fixed(type, new int[] {2, 2});
    assertThrows(NullPointerException.class, () -> tb.getFloatArray(null));
    assertThrows(NullPointerException.class, () -> tb.getIntArray(null));
    assertEquals(
        "The destination array length (3) does not match the flat size of the buffer (4).",
        assertThrows(IllegalArgumentException.class, () -> tb.getFloatArray(new float[3])).getMessage());
    assertThrows(IllegalArgumentException.class, () -> tb.getIntArray(new int[5]));
    tb.getBuffer().limit(1);
    assertThrows(IllegalStateException.class, () -> tb.getIntArray(new int[4]));
  }
}
