package org.tensorflow.lite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** docs/contracts/tensorbuffer.md#lite-datatype: constants in declaration order, their TfLiteType values and element sizes. */
class DataTypeTest {
  @Test
  void constantsAreDeclaredInUpstreamOrder() {
    assertArrayEquals(
        new DataType[] {
          DataType.FLOAT32,
          DataType.INT32,
          DataType.UINT8,
          DataType.INT64,
          DataType.STRING,
          DataType.BOOL,
          DataType.INT16,
          DataType.INT8
        },
        DataType.values());
    assertEquals(0, DataType.FLOAT32.ordinal());
    assertEquals(7, DataType.INT8.ordinal());
    assertEquals(DataType.INT16, DataType.valueOf("INT16"));
    assertEquals("UINT8", DataType.UINT8.toString());
  }

  @Test
  void tfLiteTypeValues() {
    int[] expected = {1, 2, 3, 4, 5, 6, 7, 9};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], DataType.values()[i].c(), DataType.values()[i].name());
    }
  }

  @Test
  void byteSizes() {
    int[] expected = {4, 4, 1, 8, -1, -1, 2, 1};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], DataType.values()[i].byteSize(), DataType.values()[i].name());
    }
  }
}
