package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.Tensor;
import org.tensorflow.Tensors;

/**
 * {@link Tensors}: each overload is {@code Tensor.create(data, Class)}
 * (docs/contracts/tensor.md#tensors-factories).
 */
class TensorsHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final String ZERO = "cannot create Tensors with a 0 dimension";

  @TestFactory
  List<DynamicTest> overloads() {
    Cases c = new Cases();
    c.fails("float[0]", IAE, ZERO, () -> Tensors.create(new float[0]));
    c.fails("double[2][0]", IAE, ZERO, () -> Tensors.create(new double[2][0]));
    c.fails("int[1][1][1][1][1][0]", IAE, ZERO, () -> Tensors.create(new int[1][1][1][1][1][0]));
    c.fails("long[0][3]", IAE, ZERO, () -> Tensors.create(new long[0][3]));
    c.fails("boolean[3][0]", IAE, ZERO, () -> Tensors.create(new boolean[3][0]));
    c.fails("byte[0][]", IAE, ZERO, () -> Tensors.create(new byte[0][]));
    c.fails("ragged long[][]", IAE, "mismatched lengths (1 and 2) in dimension 1",
        () -> Tensors.create(new long[][] {{1}, {1, 2}}));
    c.fails("ragged boolean[][][]", IAE, "mismatched lengths (2 and 1) in dimension 2",
        () -> Tensors.create(new boolean[][][] {{{true, false}, {true}}}));
    c.fails("null float[]", NullPointerException.class, ANY_MESSAGE, () -> Tensors.create((float[]) null));
    c.fails("null int[][] row", NullPointerException.class, ANY_MESSAGE, () -> Tensors.create(new int[][] {{1}, null}));
    c.fails("null String", NullPointerException.class, ANY_MESSAGE, () -> Tensors.create((String) null));
    c.fails("null Charset", NullPointerException.class, ANY_MESSAGE, () -> Tensors.create("x", null));
    c.fails("null byte[] string element", NullPointerException.class, ANY_MESSAGE,
        () -> Tensors.create(new byte[][] {null}));
    c.succeeds("byte[0] is one empty string", () -> {
      try (Tensor<String> t = Tensors.create(new byte[0])) {
        assertEquals(0, t.numDimensions());
        assertEquals(0, t.bytesValue().length);
      }
    });
    c.succeeds("unpaired surrogate encodes as UTF-8 replacement", () -> {
      try (Tensor<String> t = Tensors.create("\ud800")) {
        assertArrayEquals("\ud800".getBytes(StandardCharsets.UTF_8), t.bytesValue());
      }
    });
    c.succeeds("NUL bytes and invalid UTF-8 are kept", () -> {
      byte[] raw = {0, (byte) 0xff, (byte) 0xc0, 0};
      try (Tensor<String> t = Tensors.create(raw)) {
        assertArrayEquals(raw, t.bytesValue());
      }
    });
    c.succeeds("NaN and infinities are stored bit for bit", () -> {
      float nan = Float.intBitsToFloat(0x7fc00001);
      try (Tensor<Float> t = Tensors.create(new float[] {nan, Float.NEGATIVE_INFINITY})) {
        float[] out = t.copyTo(new float[2]);
        assertEquals(0x7fc00001, Float.floatToRawIntBits(out[0]));
        assertEquals(Float.NEGATIVE_INFINITY, out[1]);
      }
    });
    return c.build();
  }
}
