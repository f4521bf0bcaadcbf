package org.tensorflow.op.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tensorbridge.index.Index;
import dev.tensorbridge.index.Indices;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;

/** docs/contracts/strided_slice.md#bad-input-checklist, row by row through the Java op. */
class StridedSliceChecklistTest {
  private EagerSession session;
  private Ops tf;

  @BeforeEach
  void open() {
    session = EagerSession.create();
    tf = Ops.create(session);
  }

  @AfterEach
  void close() {
    session.close();
  }

  private Constant<Float> zeros(long... shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    Tensor<Float> t = Tensor.create(shape, FloatBuffer.allocate((int) n));
    try {
      return tf.constant(t);
    } finally {
      t.close();
    }
  }

  private long[] shapeOf(Operand<?> input, Index... indices) {
    return tf.stridedSlice(input, indices).output().tensor().shape();
  }

  private String error(Class<? extends Throwable> type, Operand<?> input, Index... indices) {
    return assertThrows(type, () -> tf.stridedSlice(input, indices)).getMessage();
  }

  @Test
  void scalarInputs() {
    Constant<Float> scalar = tf.constant(1f);
    assertEquals("Attempting to slice scalar input.", error(IllegalArgumentException.class, scalar, Indices.at(0)));
    assertEquals(
        "Attempting to slice scalar input.", error(IllegalArgumentException.class, scalar, Indices.all()));
    assertArrayEquals(new long[0], shapeOf(scalar));
    assertArrayEquals(new long[0], shapeOf(scalar, Indices.ellipsis()));
    assertArrayEquals(new long[] {1}, shapeOf(scalar, Indices.newAxis()));
    assertEquals(1f, tf.stridedSlice(scalar, Indices.newAxis()).output().tensor().copyTo(new float[1])[0]);
  }

  @Test
  void specShapeErrors() {
    Constant<Float> x = zeros(2, 3);
    String shapes = "Expected begin, end, and strides to be 1D equal size tensors, but got shapes ";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> tf.stridedSlice(x, tf.constant(new int[] {0}), tf.constant(new int[] {1}), tf.constant(new int[] {1, 1})));
    assertEquals(shapes + "[1], [1], and [2] instead.", e.getMessage());
    // Several ellipsis bits, even at positions beyond the entries, fail.
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                tf.stridedSlice(
                    x,
                    tf.constant(new int[] {0}),
                    tf.constant(new int[] {1}),
                    tf.constant(new int[] {1}),
                    StridedSlice.ellipsisMask(0b101L)));
    assertEquals("Multiple ellipses in slice spec not allowed", e.getMessage());
  }

  @Test
  void shrinkOnAnEmptyDimension() {
    assertEquals(
        "slice index 0 of dimension 0 out of bounds.",
        error(IllegalArgumentException.class, zeros(0, 3), Indices.at(0)));
    assertEquals(
        "slice index -1 of dimension 1 out of bounds.",
        error(IllegalArgumentException.class, zeros(2, 0), Indices.all(), Indices.at(-1)));
  }

  @Test
  void reversedRangeOnTheDim0PathIsEmpty() {
    // Rows of 16 floats are 64-byte aligned: the dim-0 path, with begin > end.
    assertArrayEquals(new long[] {0, 16}, shapeOf(zeros(3, 16), Indices.slice(2, 1)));
    assertArrayEquals(new long[] {0, 4, 8}, shapeOf(zeros(3, 4, 8), Indices.slice(1, 0)));
  }

  @Test
  void emptyDimensionsAnywhere() {
    assertArrayEquals(new long[] {2, 0, 2}, shapeOf(zeros(2, 0, 3), Indices.all(), Indices.all(), Indices.sliceFrom(1)));
    assertArrayEquals(new long[] {0, 3}, shapeOf(zeros(0, 3), Indices.flip()));
    long[] tenDims = {2, 2, 2, 2, 2, 2, 2, 2, 2, 0};
    assertArrayEquals(
        new long[] {1, 2, 2, 2, 2, 2, 2, 2, 2, 0}, shapeOf(zeros(tenDims), Indices.sliceFrom(1, 2)));
  }

  @Test
  void rankAboveEightOnlyFailsOnTheGeneralPath() {
    Constant<Float> x = zeros(2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    assertEquals(
        "Unhandled input dimensions 10",
        error(UnsupportedOperationException.class, x, Indices.all(), Indices.at(0, true)));
    assertArrayEquals(new long[] {2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, shapeOf(x));
    // x[0]: dim-0 path, rows of 512 floats are aligned.
    assertArrayEquals(new long[] {2, 2, 2, 2, 2, 2, 2, 2, 2}, shapeOf(x, Indices.at(0)));
    assertEquals(
        "Unhandled input dimensions 9",
        error(UnsupportedOperationException.class, zeros(3, 1, 1, 1, 1, 1, 1, 1, 8), Indices.sliceFrom(1)));
    assertArrayEquals(
        new long[] {2, 1, 1, 1, 1, 1, 1, 1, 16}, shapeOf(zeros(3, 1, 1, 1, 1, 1, 1, 1, 16), Indices.sliceFrom(1)));
  }

  @Test
  void inputRankAbove32HasNoMaskAliasing() {
    long[] shape = new long[40];
    java.util.Arrays.fill(shape, 1);
    shape[0] = 2;
    shape[39] = 16; // rows of 16 floats: 64-byte aligned, so x[1] takes the dim-0 path
    Constant<Float> x = zeros(shape);
    // Identity and an aligned leading point work; the ellipsis covers dims beyond 32.
    assertArrayEquals(shape, shapeOf(x));
    assertArrayEquals(shape, shapeOf(x, Indices.ellipsis()));
    long[] rest = java.util.Arrays.copyOfRange(shape, 1, 40);
    assertArrayEquals(rest, shapeOf(x, Indices.at(1)));
    assertEquals(
        "Unhandled input dimensions 40",
        error(UnsupportedOperationException.class, x, Indices.ellipsis(), Indices.at(1)));
  }

  @Test
  void negativeSizesClampToZero() {
    Constant<Integer> x = tf.constant(new long[] {2, 3}, IntBuffer.wrap(new int[] {1, 2, 3, 4, 5, 6}));
    assertArrayEquals(
        new long[] {0, 3},
        tf.stridedSlice(x, tf.constant(new int[] {-1, 0}), tf.constant(new int[] {0, 3}), tf.constant(new int[] {1, 1}))
            .output()
            .tensor()
            .shape());
  }
}
