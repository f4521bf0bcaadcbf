package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link Tensors}: typed factories equal to {@code Tensor.create(data, Class)}
 * (docs/contracts/tensor.md#tensors-factories).
 */
class TensorsTest {

  @Test
  void scalarsOfEachType() {
    try (Tensor<Float> f = Tensors.create(1.5f);
        Tensor<Double> d = Tensors.create(2.5);
        Tensor<Integer> i = Tensors.create(3);
        Tensor<Long> l = Tensors.create(4L);
        Tensor<Boolean> b = Tensors.create(true)) {
      assertEquals(1.5f, f.floatValue());
      assertEquals(2.5, d.doubleValue());
      assertEquals(3, i.intValue());
      assertEquals(4L, l.longValue());
      assertEquals(true, b.booleanValue());
    }
  }

  @Test
  void stringsAreUtf8OrTheGivenCharset() {
    try (Tensor<String> s = Tensors.create("h\u00e9");
        Tensor<String> latin = Tensors.create("h\u00e9", StandardCharsets.ISO_8859_1)) {
      assertEquals(DataType.STRING, s.dataType());
      assertArrayEquals(new byte[] {'h', (byte) 0xc3, (byte) 0xa9}, s.bytesValue());
      assertArrayEquals(new byte[] {'h', (byte) 0xe9}, latin.bytesValue());
    }
  }

  @Test
  void arraysUpToRankSix() {
    try (Tensor<Float> f = Tensors.create(new float[1][2][3][1][1][2]);
        Tensor<Integer> i = Tensors.create(new int[][] {{1, 2}});
        Tensor<Long> l = Tensors.create(new long[2][1][1]);
        Tensor<Double> d = Tensors.create(new double[3][1][1][1][1]);
        Tensor<Boolean> b = Tensors.create(new boolean[1][1][1][1]);
        Tensor<String> s = Tensors.create(new byte[][][] {{{1}, {2, 3}}})) {
      assertArrayEquals(new long[] {1, 2, 3, 1, 1, 2}, f.shape());
      assertArrayEquals(new int[][] {{1, 2}}, i.copyTo(new int[1][2]));
      assertArrayEquals(new long[] {2, 1, 1}, l.shape());
      assertEquals(DataType.DOUBLE, d.dataType());
      assertArrayEquals(new long[] {1, 1, 1, 1}, b.shape());
      assertArrayEquals(new long[] {1, 2}, s.shape());
    }
  }

  @Test
  void theSameChecksAsTensorCreate() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tensors.create(new float[0][2]));
    assertEquals("cannot create Tensors with a 0 dimension", e.getMessage());
    assertThrows(NullPointerException.class, () -> Tensors.create((String) null));
  }
}
