package org.tensorflow.lite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.PrivateNatives;
import org.junit.jupiter.api.Test;

/** {@link DataType}'s codes and sizes are a copy of the Rust TFLite table: they must agree. */
class LiteDataTypeTableTest {
  @Test
  void everyConstantMatchesTheRustTable() throws Throwable {
    dev.tensorbridge.internal.NativeLoader.ensureLoaded();
    Class<?> diagnostics = Class.forName("dev.tensorbridge.internal.TestNatives");
    int[] rust = (int[]) PrivateNatives.call(diagnostics, "tfliteTable");
    DataType[] java = DataType.values();
    for (int i = 0; i < java.length; i++) {
      assertEquals(rust[2 * i], java[i].c(), java[i] + " code");
      assertEquals(rust[2 * i + 1], java[i].byteSize(), java[i] + " size");
    }
    // The rest of the table: {code, size} of each type the native conversions accept.
    for (int i = 2 * java.length; i < rust.length; i += 2) {
      boolean found = false;
      for (DataType t : java) {
        if (t.c() == rust[i]) {
          assertEquals(rust[i + 1], t.byteSize(), t + " conversion size");
          found = true;
        }
      }
      assertEquals(true, found, "conversion code " + rust[i] + " has a Java constant");
    }
  }
}
