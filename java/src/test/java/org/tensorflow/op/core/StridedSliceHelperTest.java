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
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;
import org.tensorflow.op.Scope;

/** docs/contracts/strided_slice.md#stridedslicehelper: the helper's constants, masks, errors and worked example. */
class StridedSliceHelperTest {
  private EagerSession session;
  private Scope scope;
  private Constant<Integer> x;

  @BeforeEach
  void open() {
    session = EagerSession.create();
    scope = new Scope(session);
    x = Constant.create(scope, new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
  }

  @AfterEach
  void close() {
    session.close();
  }

  private static int[] ints(Tensor<?> t) {
    IntBuffer out = IntBuffer.allocate(t.numElements());
    t.expect(Integer.class).writeTo(out);
    return out.array();
  }

  @Test
  void workedExample() {
    // The spec's [10]*8 input needs 400 MB; dims 3..5 (under the ellipsis) are 2 here instead,
    // which changes only those output dims: [1,10,1,10,10,10,4,3] -> [1,10,1,2,2,2,4,3].
    Tensor<Float> zeros =
        Tensor.create(new long[] {10, 10, 10, 2, 2, 2, 10, 10}, FloatBuffer.allocate(800_000));
    Constant<Float> big;
    try {
      big = Constant.create(scope, zeros);
    } finally {
      zeros.close();
    }
    Scope fresh = new Scope(session);
    StridedSlice<Float> s =
        StridedSliceHelper.stridedSlice(
            fresh,
            big,
            Indices.at(2),
            Indices.at(1, true),
            Indices.all(),
            Indices.newAxis(),
            Indices.ellipsis(),
            Indices.sliceTo(4),
            Indices.sliceFrom(4, 2));
    assertArrayEquals(new long[] {1, 10, 1, 2, 2, 2, 4, 3}, s.output().tensor().shape());
    // The helper consumed Const, Const_1, Const_2 and StridedSlice in the fresh scope.
    assertEquals("StridedSlice", s.op().name());
    assertEquals("Const_3", fresh.makeOpName("Const"));
    assertEquals("StridedSlice_1", fresh.makeOpName("StridedSlice"));
  }

  @Test
  void masksOfTheWorkedExample() {
    dev.tensorbridge.SliceEncoding e =
        dev.tensorbridge.SliceEncoding.of(
            Indices.at(2),
            Indices.at(1, true),
            Indices.all(),
            Indices.newAxis(),
            Indices.ellipsis(),
            Indices.sliceTo(4),
            Indices.sliceFrom(4, 2));
    assertArrayEquals(new int[] {2, 1, 0, 0, 0, 0, 4}, e.begin());
    assertArrayEquals(new int[] {3, 2, 0, 0, 0, 4, 0}, e.end());
    assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1, 2}, e.strides());
    assertEquals(36, e.beginMask());
    assertEquals(68, e.endMask());
    assertEquals(16, e.ellipsisMask());
    assertEquals(8, e.newAxisMask());
    assertEquals(1, e.shrinkAxisMask());
  }

  @Test
  void atMinusOneKeepDimSelectsTheLastRow() {
    Ops tf = Ops.create(session);
    Tensor<Integer> t = tf.stridedSlice(x, Indices.at(-1, true)).output().tensor();
    assertArrayEquals(new long[] {1, 4}, t.shape());
    assertArrayEquals(new int[] {8, 9, 10, 11}, ints(t));
    Tensor<Integer> col = tf.stridedSlice(x, Indices.all(), Indices.at(-1, true)).output().tensor();
    assertArrayEquals(new long[] {3, 1}, col.shape());
    assertArrayEquals(new int[] {3, 7, 11}, ints(col));
    assertArrayEquals(new int[] {8, 9, 10, 11}, ints(tf.stridedSlice(x, Indices.at(-1)).output().tensor()));
  }

  @Test
  void nullEntriesAreAllAndNoEntriesIsIdentity() {
    Ops tf = Ops.create(session);
    assertArrayEquals(new int[] {1, 5, 9}, ints(tf.stridedSlice(x, null, Indices.at(1)).output().tensor()));
    Tensor<Integer> same = tf.stridedSlice(x).output().tensor();
    assertArrayEquals(new long[] {3, 4}, same.shape());
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, ints(same));
    assertThrows(NullPointerException.class, () -> tf.stridedSlice(x, (Index[]) null));
  }

  @Test
  void helperErrors() {
    Ops tf = Ops.create(session);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> tf.stridedSlice(x, Indices.ellipsis(), Indices.ellipsis()));
    assertEquals("Can not have two ellipsis in a slice", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(x, Indices.at(1L << 31)));
    assertEquals(
        "Can't convert long begin value to int for index At(coord=2147483648, keepDim=false): Out of"
            + " bounds",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(x, Indices.at(Integer.MAX_VALUE)));
    assertEquals(
        "Can't convert long end value to int for index At(coord=2147483647, keepDim=false): Out of"
            + " bounds",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(x, Indices.step(1L << 40)));
    assertEquals(
        "Can't convert long stride value to int for index Step(stride=1099511627776): Out of bounds",
        e.getMessage());
    Index notCompliant =
        new Index() {
          @Override
          public boolean isStridedSlicingCompliant() {
            return false;
          }

          @Override
          public String toString() {
            return "Sequence(coords=[1, 2])";
          }
        };
    UnsupportedOperationException u =
        assertThrows(UnsupportedOperationException.class, () -> tf.stridedSlice(x, notCompliant));
    assertEquals("Index Sequence(coords=[1, 2]) is not supported for Tensors", u.getMessage());
  }

  @Test
  void thirtyTwoOrMoreEntriesFailCleanly() {
    Ops tf = Ops.create(session);
    Index[] many = new Index[32];
    java.util.Arrays.fill(many, Indices.all());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(x, many));
    assertEquals("Attr begin_mask has value 4294967295 out of range for an int32", e.getMessage());
    Index[] points = new Index[32];
    java.util.Arrays.fill(points, Indices.at(0, true));
    e = assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(x, points));
    assertEquals(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [32], [32],"
            + " and [32] instead.",
        e.getMessage());
  }
}
