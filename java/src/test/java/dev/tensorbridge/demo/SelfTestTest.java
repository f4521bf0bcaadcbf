package dev.tensorbridge.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The self-test that the platform smoke test runs on each platform passes here, check by check. */
class SelfTestTest {
  @Test
  void everyCheckPassesAndIsReportedOnItsOwnLine() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, "UTF-8");
    int failed = SelfTest.run(out);
    String text = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(0, failed, text);
    String[] lines = text.split("\n");
    String[] checks = {
      "native library",
      "Shape",
      "TensorBuffer FLOAT32 -> UINT8",
      "TensorBuffer UINT8 -> FLOAT32",
      "Tensor proto round trip",
      "StridedSlice",
      "native panic -> exception",
    };
    assertEquals(checks.length + 1, lines.length, text);
    for (int i = 0; i < checks.length; i++) {
      assertTrue(lines[i].startsWith("  ok    " + checks[i] + ": "), lines[i]);
    }
    assertEquals("selftest: 7 passed, 0 failed", lines[checks.length]);
  }
}
