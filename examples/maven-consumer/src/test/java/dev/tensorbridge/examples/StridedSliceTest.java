package dev.tensorbridge.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tensorbridge.index.Indices;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * Eager {@code StridedSlice} as TF 1.x code writes it. Expected results are NumPy slicing of the
 * literal inputs, worked out by hand in the comments.
 */
class StridedSliceTest {

  private static final int[][] GRID = {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}};

  @Test
  void everyOtherColumnOfTheLastTwoRows() {
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Integer> grid = tf.constant(GRID);

      // grid[1:, ::2] → rows 1 and 2, columns 0 and 2.
      StridedSlice<Integer> slice = tf.stridedSlice(grid, Indices.sliceFrom(1), Indices.even());

      // Output.shape() is the TF 1.x org.tensorflow.Shape, as in TF 1.15.
      assertEquals(Shape.make(2, 2), slice.output().shape());
      assertArrayEquals(new int[][] {{4, 6}, {8, 10}}, slice.output().tensor().copyTo(new int[2][2]));
    }
  }

  @Test
  void explicitBeginEndStridesWithANegativeStride() {
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Float> v = tf.constant(new float[] {10f, 20f, 30f, 40f, 50f});

      // v[3:0:-2] → indices 3, 1.
      StridedSlice<Float> slice =
          tf.stridedSlice(v, tf.constant(new int[] {3}), tf.constant(new int[] {0}), tf.constant(new int[] {-2}));

      assertArrayEquals(new float[] {40f, 20f}, slice.output().tensor().copyTo(new float[2]));
    }
  }

  @Test
  void shrinkingToAScalar() {
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);

      // GRID[-1, 2] → row 2, column 2 = 10.
      StridedSlice<Integer> element =
          tf.stridedSlice(tf.constant(GRID), Indices.at(-1), Indices.at(2));

      assertEquals(0, element.output().shape().numDimensions());
      assertEquals(10, element.output().tensor().intValue());
    }
  }

  @Test
  void anIndexPastTheEndIsAnIllegalArgument() {
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Integer> grid = tf.constant(GRID);

      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(grid, Indices.at(5)));
      assertEquals("slice index 5 of dimension 0 out of bounds.", e.getMessage());
    }
  }
}
