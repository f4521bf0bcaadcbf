package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.demo.Demo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link Demo#main}: it takes no options, so any arguments (even null) are ignored. */
class DemoHostileTest {
  private static void runQuietly(String[] args) {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out));
    try {
      Demo.main(args);
    } finally {
      System.setOut(old);
    }
    assertTrue(out.toString().contains("StridedSlice"), "the tour ran to its slicing part");
    assertTrue(out.toString().contains("[[2.0, 3.0], [6.0, 7.0]]"), "the tour ran its graph-mode part");
  }

  @TestFactory
  List<DynamicTest> arguments() {
    Cases c = new Cases();
    c.succeeds("main(null)", () -> runQuietly(null));
    c.succeeds("main(garbage)", () -> runQuietly(new String[] {"--help", "\u0000", "", null}));
    return c.build();
  }
}
