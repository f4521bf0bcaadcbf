package dev.tensorbridge.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Conversions a model wrapper relies on: reading a model's FLOAT32 output as bytes, feeding bytes
 * to a FLOAT32 input. Expected values follow the TFLite Support rules (tensorbridge's
 * docs/contracts/tensorbuffer.md#numeric-conversions): float → UINT8 clamps to [0, 255] and
 * truncates toward zero, NaN → 0; FLOAT32 → UINT8 createFrom truncates to int first, then clamps;
 * UINT8 → float is exact.
 */
class TensorBufferConversionTest {

  @Test
  void fixedSizeBuffersReportTheirGeometry() {
    TensorBuffer output = TensorBuffer.createFixedSize(new int[] {1, 10}, DataType.FLOAT32);

    assertEquals(DataType.FLOAT32, output.getDataType());
    assertEquals(10, output.getFlatSize());
    assertEquals(4, output.getTypeSize());
    assertFalse(output.isDynamic());
    assertEquals(40, output.getBuffer().capacity());
    // A fresh buffer is zero-filled.
    assertArrayEquals(new float[10], output.getFloatArray());
  }

  @Test
  void floatOutputReadAsBytesViaCreateFrom() {
    TensorBuffer scores = TensorBuffer.createFixedSize(new int[] {2, 3}, DataType.FLOAT32);
    scores.loadArray(new float[] {500.1f, 4.2f, -3.7f, 2.9f, 0.5f, 255.9f});

    TensorBuffer bytes = TensorBuffer.createFrom(scores, DataType.UINT8);

    assertEquals(DataType.UINT8, bytes.getDataType());
    assertEquals(1, bytes.getTypeSize());
    assertArrayEquals(new int[] {2, 3}, bytes.getShape());
    // (int) 500.1 = 500 → 255; 4.2 → 4; -3.7 → -3 → 0; 2.9 → 2; 0.5 → 0; 255.9 → 255.
    assertArrayEquals(new int[] {255, 4, 0, 2, 0, 255}, bytes.getIntArray());
    assertEquals(255, bytes.getIntValue(0));
    assertEquals(4f, bytes.getFloatValue(1));
  }

  @Test
  void floatsStoredIntoUint8AreClampedAndTruncated() {
    TensorBuffer bytes = TensorBuffer.createDynamic(DataType.UINT8);
    assertTrue(bytes.isDynamic());

    bytes.loadArray(
        new float[] {-0.5f, 0.9f, 1.5f, 254.99f, 255.5f, Float.NaN, Float.POSITIVE_INFINITY},
        new int[] {7});

    assertArrayEquals(new int[] {7}, bytes.getShape());
    assertArrayEquals(new int[] {0, 0, 1, 254, 255, 0, 255}, bytes.getIntArray());
  }

  @Test
  void bytesReadAsFloatsAreExact() {
    TensorBuffer bytes = TensorBuffer.createFixedSize(new int[] {4}, DataType.UINT8);
    bytes.loadArray(new int[] {0, 1, 128, 255});

    TensorBuffer floats = TensorBuffer.createFrom(bytes, DataType.FLOAT32);

    assertArrayEquals(new float[] {0f, 1f, 128f, 255f}, floats.getFloatArray());
    assertEquals(128f, floats.getFloatValue(2));
    assertEquals(255, floats.getIntValue(3));
  }

  @Test
  void dynamicBufferTakesTheShapeOfEachLoad() {
    TensorBuffer input = TensorBuffer.createDynamic(DataType.FLOAT32);

    input.loadArray(new float[] {1f, 2f, 3f, 4f, 5f, 6f}, new int[] {2, 3});
    assertArrayEquals(new int[] {2, 3}, input.getShape());
    assertEquals(6, input.getFlatSize());

    input.loadArray(new float[] {7f, 8f}, new int[] {2});
    assertArrayEquals(new int[] {2}, input.getShape());
    assertArrayEquals(new float[] {7f, 8f}, input.getFloatArray());
    // int getters truncate toward zero: (int) 7.0 = 7.
    assertArrayEquals(new int[] {7, 8}, input.getIntArray());
  }

  @Test
  void fixedBufferRejectsAnArrayOfTheWrongSize() {
    TensorBuffer input = TensorBuffer.createFixedSize(new int[] {2, 2}, DataType.FLOAT32);

    assertThrows(IllegalArgumentException.class, () -> input.loadArray(new float[] {1f, 2f, 3f}));
  }

  @Test
  void int32ModelInputsAreSupported() {
    // Upstream TFLite Support throws AssertionError for INT32; tensorbridge adds the type.
    TensorBuffer tokenIds = TensorBuffer.createFixedSize(new int[] {1, 4}, DataType.INT32);
    tokenIds.loadArray(new int[] {101, 7592, 2088, 102});

    assertEquals(DataType.INT32, tokenIds.getDataType());
    assertEquals(4, tokenIds.getTypeSize());
    assertArrayEquals(new int[] {101, 7592, 2088, 102}, tokenIds.getIntArray());
    assertArrayEquals(new float[] {101f, 7592f, 2088f, 102f}, tokenIds.getFloatArray());
  }
}
