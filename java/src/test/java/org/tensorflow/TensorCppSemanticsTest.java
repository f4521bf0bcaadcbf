package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The C++ {@code tensorflow::Tensor} methods on the Java {@link Tensor}
 * (docs/contracts/tensor.md#c-tensor-methods), with the contract's examples for sizes, slices,
 * summaries and debug strings.
 */
class TensorCppSemanticsTest {

  private static void assertIae(String message, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }

  /** A tensor of {@code dtype} and {@code shape} with zero bytes (as C++ {@code Tensor(dtype, shape)} here). */
  private static Tensor<?> zeros(DataType dtype, long... shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return Tensor.create(dtype, shape, ByteBuffer.allocate((int) n * dtype.byteSize()));
  }

  private static Tensor<Integer> oneToTwelve() {
    int[][] values = new int[3][4];
    for (int i = 0; i < 12; i++) {
      values[i / 4][i % 4] = i + 1;
    }
    return Tensor.create(values, Integer.class);
  }

  @Test
  void summarizeValueWorkedExamples() {
    try (Tensor<Integer> t = oneToTwelve()) {
      assertEquals("[1 2 3...]...", t.summarizeValue(3, false));
      assertEquals("[1 2 3 4][5 6 7 8][9 10...]...", t.summarizeValue(10, false));
      assertEquals("[[1 ... 4]\n ...\n [9 ... 12]]", t.summarizeValue(1, true));
      assertEquals("[[1 2 3 4]\n [5 6 7 8]\n [9 10 11 12]]", t.summarizeValue(10, true));
      assertEquals("[[1 2 3 4]\n [5 6 7 8]\n [9 10 11 12]]", t.summarizeValue(-1, true));
    }
  }

  @Test
  void summarizeValueFormatsFloatsLikeTensorFlow() {
    float[] values = {0.1f, 1f / 3, 1e20f, -0.0f, 1e-7f, 123456789f};
    try (Tensor<?> t = Tensor.create(values)) {
      assertEquals("0.1 0.333333343 1e+20 -0 1e-07 123456792", t.summarizeValue(-1, false));
    }
    double[] doubles = {0.1, 1.0 / 3, 1e20, 2.5, 1e300};
    try (Tensor<?> t = Tensor.create(doubles)) {
      assertEquals("0.1 0.33333333333333331 1e+20 2.5 1e+300", t.summarizeValue(-1, false));
    }
    float[] specials = {Float.NaN, Float.intBitsToFloat(0xffc00000), Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, 1.5f};
    try (Tensor<?> t = Tensor.create(specials)) {
      assertEquals("nan -nan inf -inf 1.5", t.summarizeValue(-1, false));
    }
  }

  @Test
  void summarizeValueQuirks() {
    try (Tensor<?> b = Tensor.create(true);
        Tensor<?> i = Tensor.create(42)) {
      assertEquals("", b.summarizeValue(0, false)); // bool quirk: no "..."
      assertEquals("", b.summarizeValue(0, true));
      assertEquals("...", i.summarizeValue(0, false));
      assertEquals("42", i.summarizeValue(5, true)); // scalars ignore v2 brackets
    }
    try (Tensor<?> empty = zeros(DataType.FLOAT, 2, 0)) {
      assertEquals("[\n ...]", empty.summarizeValue(-1, true)); // [2,0] prints an ellipsis
    }
    ByteBuffer complex = ByteBuffer.allocate(16);
    try (Tensor<?> c = Tensor.create(DataType.COMPLEX64, new long[] {2}, complex)) {
      assertEquals("? ?", c.summarizeValue(-1, false));
      assertEquals("[? ?]", c.summarizeValue(-1, true));
      assertEquals("...", c.summarizeValue(0, false));
      assertEquals("[?...]", c.summarizeValue(1, true));
    }
  }

  @Test
  void stringSummariesEscapeAndRenderInvalidUtf8AsHex() {
    byte[][] strings = {
      "a\"b".getBytes(StandardCharsets.UTF_8),
      {'\n', 0, 0x7f, '\\'},
      "\u00e9".getBytes(StandardCharsets.UTF_8),
      {(byte) 0xff, 'x'}
    };
    try (Tensor<?> t = Tensor.create(strings)) {
      assertEquals("a\\\"b \\n\\000\\177\\\\ \u00e9 \\xffx", t.summarizeValue(-1, false));
      assertEquals("[\"a\\\"b\" \"\\n\\000\\177\\\\\" \"\u00e9\" \"\\xffx\"]", t.summarizeValue(-1, true));
    }
  }

  @Test
  void debugStrings() {
    try (Tensor<?> empty = zeros(DataType.FLOAT, 0)) {
      assertEquals("Tensor<type: float shape: [0] values: >", empty.debugString());
    }
    try (Tensor<?> t = Tensor.create(new float[][] {{0, 1, 2}, {3, 4, 5}})) {
      assertEquals("Tensor<type: float shape: [2,3] values: [0 1 2]...>", t.debugString());
      assertEquals("Tensor<type: float shape: [2,3] values: [0 1 2][3 4 5]>", t.debugString(100));
      assertEquals("Tensor<type: float shape: [2,3] values: [0...]...>", t.debugString(1));
      assertEquals("Tensor<type: float shape: [2,3]>", t.deviceSafeDebugString());
    }
    try (Tensor<?> t = Tensor.create(42f)) {
      assertEquals("Tensor<type: float shape: [] values: 42>", t.debugString());
    }
    try (Tensor<?> t = Tensor.create(new byte[] {'h', 'i'})) {
      assertEquals("Tensor<type: string shape: [] values: hi>", t.debugString());
    }
  }

  @Test
  void sliceSharesTheBufferAndKeepsRows() {
    try (Tensor<?> t = Tensor.create(new int[][] {{1, 2}, {3, 4}, {5, 6}, {7, 8}})) {
      try (Tensor<?> s = t.slice(1, 3)) {
        assertArrayEquals(new long[] {2, 2}, s.shape());
        assertArrayEquals(new int[][] {{3, 4}, {5, 6}}, s.copyTo(new int[2][2]));
        assertTrue(s.sharesBufferWith(t));
        try (Tensor<?> ss = s.slice(1, 2)) { // slices of slices
          assertArrayEquals(new int[][] {{5, 6}}, ss.copyTo(new int[1][2]));
          assertTrue(ss.sharesBufferWith(t));
        }
      }
      try (Tensor<?> all = t.slice(0, 4)) { // Slice(0, dim0) is the same tensor value
        assertArrayEquals(t.shape(), all.shape());
        assertTrue(all.sharesBufferWith(t));
      }
      try (Tensor<?> none = t.slice(2, 2)) { // zero rows of a non-empty tensor still share
        assertArrayEquals(new long[] {0, 2}, none.shape());
        assertTrue(none.sharesBufferWith(t));
        assertEquals(0, none.totalBytes());
      }
    }
    try (Tensor<?> t = zeros(DataType.FLOAT, 10, 0, 36); Tensor<?> s = t.slice(4, 8)) {
      assertArrayEquals(new long[] {4, 0, 36}, s.shape());
      assertFalse(s.sharesBufferWith(t));
    }
  }

  @Test
  void sliceAndSubSliceRejectWhatCppAbortsOn() {
    try (Tensor<?> t = zeros(DataType.FLOAT, 10); Tensor<?> scalar = Tensor.create(1f)) {
      assertIae("Slice requires a tensor of rank >= 1, got rank 0", () -> scalar.slice(0, 0));
      assertIae("Slice bounds [3, 2) out of range for dimension 0 of size 10", () -> t.slice(3, 2));
      assertIae("Slice bounds [-1, 2) out of range for dimension 0 of size 10", () -> t.slice(-1, 2));
      assertIae("Slice bounds [0, 11) out of range for dimension 0 of size 10", () -> t.slice(0, 11));
      assertIae(
          "Slice bounds [0, 9223372036854775807) out of range for dimension 0 of size 10",
          () -> t.slice(0, Long.MAX_VALUE));
      assertIae("SubSlice requires a tensor of rank >= 1, got rank 0", () -> scalar.subSlice(0));
      assertIae("SubSlice index -1 out of range for dimension 0 of size 10", () -> t.subSlice(-1));
      assertIae("SubSlice index 11 out of range for dimension 0 of size 10", () -> t.subSlice(11));
      assertIae("SubSlice index 10 out of range for dimension 0 of size 10", () -> t.subSlice(10));
      assertIae(
          "SubSlice index -9223372036854775808 out of range for dimension 0 of size 10",
          () -> t.subSlice(Long.MIN_VALUE));
    }
  }

  @Test
  void subSliceDropsDimensionZero() {
    try (Tensor<?> t = Tensor.create(new double[][] {{1, 2, 3}, {4, 5, 6}});
        Tensor<?> row = t.subSlice(1)) {
      assertArrayEquals(new long[] {3}, row.shape());
      assertArrayEquals(new double[] {4, 5, 6}, row.copyTo(new double[3]));
      assertTrue(row.sharesBufferWith(t));
    }
    try (Tensor<?> t = zeros(DataType.FLOAT, 5, 0); Tensor<?> end = t.subSlice(5)) {
      assertArrayEquals(new long[] {0}, end.shape()); // index == dim0 with empty rows
    }
  }

  @Test
  void subSliceOfAnEmptyDimensionIsUninitialised() {
    try (Tensor<?> t = zeros(DataType.FLOAT, 0, 3); Tensor<?> s = t.subSlice(0)) {
      assertArrayEquals(new long[] {3}, s.shape());
      assertFalse(s.isInitialized());
      assertEquals("uninitialized Tensor of 3 elements of type 1", s.summarizeValue(3, false));
      TensorFlowException e = assertThrows(TensorFlowException.class, s::totalBytes);
      assertEquals("null buf_ with non-zero shape size 3", e.getMessage());
      assertEquals(0, s.numBytes());
    }
  }

  @Test
  void alignment() {
    try (Tensor<?> f = zeros(DataType.FLOAT, 30);
        Tensor<?> s = f.slice(1, 13)) {
      assertTrue(f.isAligned());
      assertFalse(s.isAligned());
    }
    try (Tensor<?> i8 = zeros(DataType.INT8, 30); Tensor<?> s = i8.slice(1, 13)) {
      assertFalse(s.isAligned());
    }
    try (Tensor<?> f = zeros(DataType.FLOAT, 30, 5); Tensor<?> s = f.subSlice(1)) {
      assertFalse(s.isAligned());
    }
    try (Tensor<?> f = zeros(DataType.FLOAT, 10, 4, 36);
        Tensor<?> a = f.slice(4, 8);
        Tensor<?> b = f.subSlice(3)) {
      assertTrue(a.isAligned()); // 576 bytes per row
      assertTrue(b.isAligned());
    }
    try (Tensor<?> s = Tensor.create(new byte[][] {{1}, {2}}); Tensor<?> row = s.subSlice(1)) {
      assertTrue(row.isAligned()); // strings always count as aligned
    }
  }

  @Test
  void sizes() {
    try (Tensor<?> t = zeros(DataType.FLOAT, 10, 20)) {
      assertEquals(800, t.allocatedBytes());
      assertEquals(800, t.totalBytes());
      assertEquals(200, t.numElementsLong());
    }
    try (Tensor<?> t = zeros(DataType.FLOAT, 10, 4, 36); Tensor<?> s = t.slice(4, 8)) {
      assertEquals(2304, s.allocatedBytes());
    }
    String[] text = {"hello", "world", "machine", "learning", "new", "york"};
    byte[][][] matrix = new byte[3][2][];
    for (int i = 0; i < 6; i++) {
      matrix[i / 2][i % 2] = text[i].getBytes(StandardCharsets.UTF_8);
    }
    try (Tensor<?> t = Tensor.create(matrix)) {
      assertEquals(176, t.totalBytes());
      assertEquals(176, t.allocatedBytes());
    }
  }

  @Test
  void isSameSizeComparesShapes() {
    try (Tensor<?> a = zeros(DataType.FLOAT, 2, 3);
        Tensor<?> b = zeros(DataType.INT32, 2, 3);
        Tensor<?> c = zeros(DataType.FLOAT, 3, 2)) {
      assertTrue(a.isSameSize(b));
      assertFalse(a.isSameSize(c));
    }
  }

  @Test
  void emptyTensorsNeverShareNotEvenWithThemselves() {
    try (Tensor<?> e = zeros(DataType.FLOAT, 0); Tensor<?> t = zeros(DataType.FLOAT, 2)) {
      assertFalse(e.sharesBufferWith(e));
      assertTrue(t.sharesBufferWith(t));
      assertFalse(t.sharesBufferWith(e));
    }
  }

  @Test
  void copyFromAdoptsDtypeAndShapeAndShares() {
    try (Tensor<?> target = Tensor.create(new int[] {1, 2});
        Tensor<?> source = Tensor.create(new float[][] {{1, 2, 3}, {4, 5, 6}})) {
      assertFalse(target.copyFrom(source, new long[] {5}));
      assertEquals(DataType.INT32, target.dataType());
      assertArrayEquals(new long[] {2}, target.shape());
      assertTrue(target.copyFrom(source, new long[] {3, 2}));
      assertEquals(DataType.FLOAT, target.dataType());
      assertArrayEquals(new long[] {3, 2}, target.shape());
      assertTrue(target.sharesBufferWith(source));
      assertArrayEquals(new float[][] {{1, 2}, {3, 4}, {5, 6}}, target.copyTo(new float[3][2]));
      assertTrue(target.copyFrom(target, new long[] {6})); // from itself
      assertArrayEquals(new long[] {6}, target.shape());
      assertIae("Dimension -6 must be >= 0", () -> target.copyFrom(source, new long[] {-6}));
    }
  }

  @Test
  void bitcastFromIsAStaticFactoryOverTheSameBytes() {
    try (Tensor<?> doubles = zeros(DataType.DOUBLE, 2, 2);
        Tensor<Float> floats = Tensor.bitcastFrom(doubles, DataType.FLOAT, new long[] {2, 4})) {
      assertEquals(DataType.FLOAT, floats.dataType());
      assertArrayEquals(new long[] {2, 4}, floats.shape());
      assertTrue(floats.sharesBufferWith(doubles));
    }
    try (Tensor<?> ints = Tensor.create(new int[] {0x3f800000, 0x40000000});
        Tensor<Float> floats = Tensor.bitcastFrom(ints, DataType.FLOAT, new long[] {2})) {
      assertArrayEquals(new float[] {1f, 2f}, floats.copyTo(new float[2]));
    }
    try (Tensor<?> f = zeros(DataType.FLOAT, 4); Tensor<?> s = Tensor.create(new byte[] {1})) {
      assertIae(
          "other tensor has zero-sized data type",
          () -> Tensor.bitcastFrom(s, DataType.INT8, new long[] {1}));
      assertIae(
          "specified output type is zero-sized",
          () -> Tensor.bitcastFrom(f, DataType.STRING, new long[] {1}));
      assertIae(
          "input and output shapes/data type sizes are not compatible",
          () -> Tensor.bitcastFrom(f, DataType.DOUBLE, new long[] {3}));
      assertIae("Dimension -2 must be >= 0", () -> Tensor.bitcastFrom(f, DataType.DOUBLE, new long[] {-2}));
    }
  }

  @Test
  void tensorDataIsAReadOnlyLittleEndianView() {
    try (Tensor<?> t = Tensor.create(new int[] {0x01020304})) {
      ByteBuffer data = t.tensorData();
      assertTrue(data.isReadOnly());
      assertEquals(ByteOrder.LITTLE_ENDIAN, data.order());
      assertEquals(4, data.remaining());
      assertEquals(4, data.get(0));
      assertEquals(0x01020304, data.getInt(0));
      assertThrows(ReadOnlyBufferException.class, () -> data.put(0, (byte) 1));
    }
    try (Tensor<?> empty = zeros(DataType.INT64, 0)) {
      assertEquals(0, empty.tensorData().capacity());
    }
    try (Tensor<?> s = Tensor.create(new byte[] {1})) {
      IllegalStateException e = assertThrows(IllegalStateException.class, s::tensorData);
      assertEquals("tensor_data() is not available for dtype string", e.getMessage());
    }
    try (Tensor<?> t = Tensor.create(new float[][] {{1, 2}, {3, 4}}); Tensor<?> row = t.subSlice(1)) {
      ByteBuffer data = row.tensorData();
      assertEquals(8, data.remaining());
      assertEquals(3f, data.getFloat(0));
    }
  }
}
