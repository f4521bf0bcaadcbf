package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.DataType;
import org.tensorflow.types.UInt8;

/**
 * {@code org.tensorflow.DataType}: {@code fromClass} and {@code valueOf}
 * (docs/contracts/tensor.md#data-types).
 */
class DataTypeHostileTest {
  @TestFactory
  List<DynamicTest> fromClass() {
    Cases c = new Cases();
    Class<?>[] rejected = {Short.class, Byte.class, Character.class, Object.class, Number.class,
        float.class, int.class, long.class, byte.class, void.class, int[].class, Float[].class,
        UInt8[].class, java.math.BigInteger.class, DataType.class};
    for (Class<?> type : rejected) {
      c.fails("fromClass(" + type.getName() + ")", IllegalArgumentException.class,
          type.getName() + " objects cannot be used as elements in a TensorFlow Tensor",
          () -> DataType.fromClass(type));
    }
    // TF 1.15 looks the class up in a map and then calls c.getName(): a null class is an NPE.
    c.fails("fromClass(null)", NullPointerException.class, ANY_MESSAGE, () -> DataType.fromClass(null));
    c.succeeds("every tag maps as in the table", () -> {
      assertEquals(DataType.FLOAT, DataType.fromClass(Float.class));
      assertEquals(DataType.DOUBLE, DataType.fromClass(Double.class));
      assertEquals(DataType.INT32, DataType.fromClass(Integer.class));
      assertEquals(DataType.UINT8, DataType.fromClass(UInt8.class));
      assertEquals(DataType.STRING, DataType.fromClass(String.class));
      assertEquals(DataType.INT64, DataType.fromClass(Long.class));
      assertEquals(DataType.BOOL, DataType.fromClass(Boolean.class));
    });
    for (String name : new String[] {"float", "INT", "", "FLOAT ", "DT_FLOAT"}) {
      c.fails("valueOf(\"" + name + "\")", IllegalArgumentException.class, ANY_MESSAGE, () -> DataType.valueOf(name));
    }
    c.fails("valueOf(null)", NullPointerException.class, ANY_MESSAGE, () -> DataType.valueOf(null));
    c.succeeds("the first seven constants keep TF 1.15's order and sizes", () -> {
      DataType[] all = DataType.values();
      String[] names = {"FLOAT", "DOUBLE", "INT32", "UINT8", "STRING", "INT64", "BOOL"};
      int[] sizes = {4, 8, 4, 1, -1, 8, 1};
      for (int i = 0; i < names.length; i++) {
        assertEquals(names[i], all[i].name());
        assertEquals(sizes[i], all[i].byteSize());
      }
    });
    return c.build();
  }
}
