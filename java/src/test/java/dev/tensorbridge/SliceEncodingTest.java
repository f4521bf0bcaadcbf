package dev.tensorbridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tensorbridge.index.Index;
import java.nio.IntBuffer;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;

/** Python-like slice notation → begin/end/strides/masks (the StridedSlice op documentation). */
class SliceEncodingTest {
  @Test
  void theOpDocumentationExample() {
    // foo[1, 2:4, None, ..., :-3:-1, :] as documented for tf.strided_slice.
    SliceEncoding e = SliceEncoding.parse("1, 2:4, newaxis, ..., :-3:-1, :");
    assertArrayEquals(new int[] {1, 2, 0, 0, 0, 0}, e.begin());
    assertArrayEquals(new int[] {2, 4, 0, 0, -3, 0}, e.end());
    assertArrayEquals(new int[] {1, 1, 1, 1, -1, 1}, e.strides());
    assertEquals(48, e.beginMask());
    assertEquals(32, e.endMask());
    assertEquals(8, e.ellipsisMask());
    assertEquals(4, e.newAxisMask());
    assertEquals(1, e.shrinkAxisMask());
  }

  @Test
  void spellingsAndOmittedParts() {
    assertEquals(
        "[SliceFrom(start=-1, stride=1), Step(stride=-1), SliceTo(end=3, stride=2), All(), NewAxis(),"
            + " NewAxis(), Ellipsis(), At(coord=-2, keepDim=false), Slice(start=1, end=5, stride=2)]",
        java.util.Arrays.toString(
            SliceEncoding.parseIndices(" -1: , ::-1,:3:2 ,::, None, tf.newaxis, Ellipsis, -2, 1:5:2")));
    assertEquals(0, SliceEncoding.parseIndices("  ").length);
    assertEquals(0, SliceEncoding.parse("").begin().length);
  }

  @Test
  void malformedNotationIsRejected() {
    for (String bad : new String[] {"1,,2", "a", "1:2:3:4", "1.5", ",", "1:x"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> SliceEncoding.parse(bad), bad);
      assertEquals(true, e.getMessage().startsWith("Invalid slice entry '"), e.getMessage());
    }
    assertEquals(
        "Can not have a stride of 0",
        assertThrows(IllegalArgumentException.class, () -> SliceEncoding.parse("::0")).getMessage());
    assertEquals(
        "Can not have two ellipsis in a slice",
        assertThrows(IllegalArgumentException.class, () -> SliceEncoding.parse("..., ...")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> SliceEncoding.parse("99999999999"));
    assertThrows(NullPointerException.class, () -> SliceEncoding.parse(null));
  }

  @Test
  void parsedIndicesDriveTheOp() {
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Integer> x = tf.constant(new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
      Index[] spec = SliceEncoding.parseIndices("1:, ::-2");
      Tensor<Integer> t = tf.stridedSlice(x, spec).output().tensor();
      assertArrayEquals(new long[] {2, 2}, t.shape());
      IntBuffer out = IntBuffer.allocate(4);
      t.writeTo(out);
      assertArrayEquals(new int[] {7, 5, 11, 9}, out.array());
    }
  }
}
