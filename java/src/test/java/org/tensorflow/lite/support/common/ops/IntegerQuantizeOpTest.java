package org.tensorflow.lite.support.common.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** TensorFlow Lite's quantization rule at its boundaries (values worked out by hand). */
class IntegerQuantizeOpTest {
  private static final float[] VALUES = {
    0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.49999997f, 126.5f, 127.5f, -128.5f, -129f, 1e30f, -1e30f,
    Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 0f, -0f
  };

  private static TensorBuffer input() {
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {VALUES.length}, DataType.FLOAT32);
    b.loadArray(VALUES);
    return b;
  }

  @Test
  void int8RoundsHalfAwayFromZeroThenClamps() {
    TensorBuffer out = new IntegerQuantizeOp(0, 1f, DataType.INT8).apply(input());
    assertEquals(DataType.INT8, out.getDataType());
    assertArrayEquals(
        new int[] {1, -1, 2, 3, -3, 0, 127, 127, -128, -128, 127, -128, 127, -128, 0, 0, 0}, out.getIntArray());
  }

  @Test
  void uint8AddsTheZeroPointAfterRounding() {
    TensorBuffer out = new IntegerQuantizeOp(128, 0.5f, DataType.UINT8).apply(input());
    assertArrayEquals(
        new int[] {129, 127, 131, 133, 123, 129, 255, 255, 0, 0, 255, 0, 255, 0, 128, 128, 128}, out.getIntArray());
  }

  @Test
  void fusedInAProcessorEqualsOpByOp() {
    TensorBuffer frame = TensorBuffer.createFixedSize(new int[] {2, 3}, DataType.UINT8);
    frame.loadArray(new int[] {0, 1, 127, 128, 254, 255});
    NormalizeOp normalize = new NormalizeOp(127.5f, 127.5f);
    IntegerQuantizeOp quantize = new IntegerQuantizeOp(0, 1f / 128f, DataType.INT8);
    TensorBuffer fused = new TensorProcessor.Builder().add(normalize).add(quantize).build().process(frame);
    TensorBuffer oneByOne = quantize.apply(normalize.apply(frame));
    assertArrayEquals(oneByOne.getIntArray(), fused.getIntArray());
    // by hand: (x - 127.5) / 127.5 * 128, rounded half away from zero, clamped
    assertArrayEquals(new int[] {-128, -127, -1, 1, 127, 127}, fused.getIntArray());
  }

  @Test
  void rejectsBadParameters() {
    assertEquals("Destination type FLOAT32 is not supported.",
        assertThrows(IllegalArgumentException.class, () -> new IntegerQuantizeOp(0, 1f, DataType.FLOAT32)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new IntegerQuantizeOp(0, 0f, DataType.INT8));
    assertThrows(IllegalArgumentException.class, () -> new IntegerQuantizeOp(0, Float.NaN, DataType.INT8));
    assertThrows(IllegalArgumentException.class, () -> new IntegerQuantizeOp(0, Float.POSITIVE_INFINITY, DataType.INT8));
    assertThrows(IllegalArgumentException.class, () -> new IntegerQuantizeOp(128, 1f, DataType.INT8));
    assertThrows(IllegalArgumentException.class, () -> new IntegerQuantizeOp(-1, 1f, DataType.UINT8));
    assertThrows(NullPointerException.class, () -> new IntegerQuantizeOp(0, 1f, null));
  }
}
