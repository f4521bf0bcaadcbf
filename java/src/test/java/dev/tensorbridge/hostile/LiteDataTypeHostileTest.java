package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code org.tensorflow.lite.DataType} (an enum: its only inputs are {@code valueOf} names).
 * Named {@code Lite…} to keep it apart from {@code org.tensorflow.DataType}'s test.
 */
class LiteDataTypeHostileTest {
  @TestFactory
  List<DynamicTest> names() {
    Cases c = new Cases();
    for (String name : new String[] {"float32", "FLOAT", "", " FLOAT32", "FLOAT32 ", "BFLOAT16", "FLOAT32\u0000"}) {
      c.fails("valueOf(\"" + name + "\")", IllegalArgumentException.class, ANY_MESSAGE, () -> DataType.valueOf(name));
    }
    c.fails("valueOf(null)", NullPointerException.class, ANY_MESSAGE, () -> DataType.valueOf(null));
    // Expected sizes: docs/contracts/tensorbuffer.md#lite-datatype
    c.succeeds("byteSize of every constant", () -> {
      int[] sizes = {4, 4, 1, 8, -1, -1, 2, 1};
      DataType[] all = DataType.values();
      assertEquals(sizes.length, all.length);
      for (int i = 0; i < all.length; i++) {
        assertEquals(sizes[i], all[i].byteSize(), all[i].name());
      }
    });
    c.succeeds("values() is a fresh copy", () -> {
      DataType.values()[0] = null;
      assertEquals(DataType.FLOAT32, DataType.values()[0]);
    });
    return c.build();
  }
}
