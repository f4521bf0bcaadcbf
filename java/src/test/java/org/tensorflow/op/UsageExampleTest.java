package org.tensorflow.op;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tensorbridge.index.Indices;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/** A TF 1.15-style usage example, step by step, with its stated results as assertions. */
class UsageExampleTest {
  @Test
  void gridSlices() {
    Tensor<Integer> cornersValue;
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);

      Constant<Integer> grid =
          Constant.create(scope, new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
      assertEquals("Const", grid.op().name());

      Constant<Integer> begin = Constant.create(scope, new int[] {1, 0});
      Constant<Integer> end = Constant.create(scope, new int[] {0, 0});
      Constant<Integer> strides = Constant.create(scope, new int[] {1, -2});
      assertEquals("Const_1", begin.op().name());
      assertEquals("Const_2", end.op().name());
      assertEquals("Const_3", strides.op().name());
      StridedSlice<Integer> corners =
          StridedSlice.create(
              scope, grid, begin, end, strides, StridedSlice.beginMask(0b10L).endMask(0b11L));
      assertEquals("StridedSlice", corners.op().name());
      cornersValue = corners.output().tensor();
      assertEquals("INT32 tensor with shape [2, 2]", cornersValue.toString());
      int[][] cells = cornersValue.copyTo(new int[2][2]);
      assertArrayEquals(new int[] {7, 5}, cells[0]);
      assertArrayEquals(new int[] {11, 9}, cells[1]);

      StridedSlice<Integer> lastRow =
          StridedSlice.create(
              scope,
              grid,
              Constant.create(scope, new long[] {-1}),
              Constant.create(scope, new long[] {0}),
              Constant.create(scope, new long[] {1}),
              StridedSlice.shrinkAxisMask(1L));
      assertArrayEquals(new int[] {8, 9, 10, 11}, lastRow.output().tensor().copyTo(new int[4]));

      StridedSlice<Integer> topRows =
          StridedSlice.create(
              scope,
              grid,
              Constant.create(scope, new int[] {0}),
              Constant.create(scope, new int[] {2}),
              Constant.create(scope, new int[] {1}),
              StridedSlice.endMask(1L),
              StridedSlice.endMask(0L));
      assertArrayEquals(new long[] {2, 4}, topRows.output().tensor().shape());

      Ops tf = Ops.create(session);
      StridedSlice<Integer> thirdColumn =
          tf.stridedSlice(grid, Indices.all(), Indices.newAxis(), Indices.at(2));
      int[][] column = thirdColumn.output().tensor().copyTo(new int[3][1]);
      assertArrayEquals(new int[][] {{2}, {6}, {10}}, column);
      StridedSlice<Integer> lastKept = tf.stridedSlice(grid, Indices.at(-1, true));
      assertArrayEquals(new long[] {1, 4}, lastKept.output().tensor().shape());
      assertArrayEquals(
          new int[][] {{8, 9, 10, 11}}, lastKept.output().tensor().copyTo(new int[1][4]));

      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(grid, Indices.at(5)));
      assertEquals("slice index 5 of dimension 0 out of bounds.", e.getMessage());

      assertEquals("<StridedSlice 'StridedSlice'>", corners.toString());
      assertEquals(
          "<StridedSlice 'StridedSlice:0' shape=[2, 2] dtype=INT32>", corners.output().toString());
    }
    // Closing the session released the tensors returned by Output.tensor().
    NullPointerException closed =
        assertThrows(NullPointerException.class, () -> cornersValue.copyTo(new int[2][2]));
    assertEquals("close() was called on the Tensor", closed.getMessage());

    Ops tf = Ops.create();
    Constant<Float> v = tf.constant(new float[] {1f, 2f, 3f, 4f});
    float last =
        tf.stridedSlice(
                v,
                tf.constant(new int[] {-1}),
                tf.constant(new int[] {0}),
                tf.constant(new int[] {1}),
                StridedSlice.shrinkAxisMask(1L))
            .output()
            .tensor()
            .floatValue();
    assertEquals(4.0f, last);
  }
}
