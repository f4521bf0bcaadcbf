package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tensorflow.types.UInt8;

/** {@link DataType}: TF 1.x's constants, codes, sizes and class mapping, and the appended dtypes
 * (docs/contracts/tensor.md#data-types). */
class DataTypeTest {

  @Test
  void theSevenTf1ConstantsComeFirstInOrder() {
    DataType[] values = DataType.values();
    DataType[] tf1 = {
      DataType.FLOAT, DataType.DOUBLE, DataType.INT32, DataType.UINT8, DataType.STRING,
      DataType.INT64, DataType.BOOL
    };
    int[] codes = {1, 2, 3, 4, 7, 9, 10};
    int[] sizes = {4, 8, 4, 1, -1, 8, 1};
    for (int i = 0; i < tf1.length; i++) {
      assertEquals(tf1[i], values[i]);
      assertEquals(codes[i], tf1[i].c());
      assertEquals(sizes[i], tf1[i].byteSize());
    }
  }

  @Test
  void appendedConstantsCarryTheirEnumValuesAndSizes() {
    Object[][] table = {
      {DataType.INT8, 6, 1}, {DataType.INT16, 5, 2}, {DataType.UINT16, 17, 2},
      {DataType.UINT32, 22, 4}, {DataType.UINT64, 23, 8}, {DataType.HALF, 19, 2},
      {DataType.BFLOAT16, 14, 2}, {DataType.COMPLEX64, 8, 8}, {DataType.COMPLEX128, 18, 16},
      {DataType.QINT8, 11, 1}, {DataType.QUINT8, 12, 1}, {DataType.QINT16, 15, 2},
      {DataType.QUINT16, 16, 2}, {DataType.QINT32, 13, 4}
    };
    for (Object[] row : table) {
      DataType type = (DataType) row[0];
      assertEquals(row[1], type.c(), type.name());
      assertEquals(row[2], type.byteSize(), type.name());
      assertEquals(type, DataType.fromC(type.c()));
      assertEquals(true, type.ordinal() >= 7);
    }
  }

  @Test
  void fromClassMapsTheTypeTags() {
    assertEquals(DataType.FLOAT, DataType.fromClass(Float.class));
    assertEquals(DataType.DOUBLE, DataType.fromClass(Double.class));
    assertEquals(DataType.INT32, DataType.fromClass(Integer.class));
    assertEquals(DataType.UINT8, DataType.fromClass(UInt8.class));
    assertEquals(DataType.STRING, DataType.fromClass(String.class));
    assertEquals(DataType.INT64, DataType.fromClass(Long.class));
    assertEquals(DataType.BOOL, DataType.fromClass(Boolean.class));
  }

  @Test
  void fromClassRejectsEverythingElse() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DataType.fromClass(Short.class));
    assertEquals(
        "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DataType.fromClass(float.class));
    assertEquals("float objects cannot be used as elements in a TensorFlow Tensor", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DataType.fromClass(Byte.class));
    assertEquals(
        "java.lang.Byte objects cannot be used as elements in a TensorFlow Tensor", e.getMessage());
  }

  @Test
  void fromCRejectsUnknownCodes() {
    for (int code : new int[] {0, -1, 34, 101, Integer.MAX_VALUE}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> DataType.fromC(code));
      assertEquals(
          "DataType " + code + " is not recognized in Java (version " + TensorFlow.version() + ")",
          e.getMessage());
    }
  }
}
