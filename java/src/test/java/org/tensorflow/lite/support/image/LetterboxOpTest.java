package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.image.ops.LetterboxOp;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;

/** The letterbox extension: resize + pad as the two upstream-named ops give it, box inverse. */
class LetterboxOpTest {
  private static TensorImage frame(int h, int w) {
    int[] v = new int[h * w * 3];
    for (int i = 0; i < v.length; i++) {
      v[i] = (i * 31) % 256;
    }
    TensorImage image = new TensorImage(DataType.UINT8);
    image.load(v, new int[] {h, w, 3});
    return image;
  }

  @Test
  void equalsResizeThenPad() {
    // 30 x 60 into 20 x 20: scale 1/3, scaled 10 x 20, padded 5 rows above.
    TensorImage got = new LetterboxOp(20, 20).apply(frame(30, 60));
    TensorImage want = new ResizeWithCropOrPadOp(20, 20).apply(
        new ResizeOp(10, 20, ResizeOp.ResizeMethod.BILINEAR).apply(frame(30, 60)));
    assertArrayEquals(want.getTensorBuffer().getIntArray(), got.getTensorBuffer().getIntArray());
    int[] row0 = new int[60];
    System.arraycopy(got.getTensorBuffer().getIntArray(), 0, row0, 0, 60);
    assertArrayEquals(new int[60], row0);
  }

  @Test
  void boxesMapBackToTheInput() {
    LetterboxOp op = new LetterboxOp(20, 20);
    float[] boxes = {0, 5, 20, 15, 10, 10, 10, 10};
    op.inverseBoxes(boxes, 30, 60);
    assertArrayEquals(new float[] {0, 0, 60, 30, 30, 15, 30, 15}, boxes);
    assertThrows(IllegalArgumentException.class, () -> op.inverseBoxes(new float[3], 30, 60));
    assertThrows(IllegalArgumentException.class, () -> new LetterboxOp(0, 1));
    assertEquals(20, op.getOutputImageHeight(30, 60));
  }
}
