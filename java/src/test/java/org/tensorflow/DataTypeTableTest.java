package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.PrivateNatives;
import org.junit.jupiter.api.Test;

/** {@link DataType}'s values and sizes are a copy of the Rust dtype table: they must agree. */
class DataTypeTableTest {
  @Test
  void everyConstantMatchesTheRustTable() throws Throwable {
    Class<?> diagnostics = Class.forName("dev.tensorbridge.internal.TestNatives");
    dev.tensorbridge.internal.NativeLoader.ensureLoaded();
    int[] rust = (int[]) PrivateNatives.call(diagnostics, "dtypeTable");
    int named = 0;
    for (int value = 0; value < rust.length; value++) {
      DataType java = null;
      for (DataType t : DataType.values()) {
        if (t.c() == value) {
          java = t;
        }
      }
      if (rust[value] == -2) {
        assertEquals(null, java, "no dtype " + value + " in Rust");
      } else {
        assertEquals(rust[value], java.byteSize(), java + " (" + value + ")");
        named++;
      }
    }
    assertEquals(DataType.values().length, named, "every Java constant has a Rust row");
  }
}
