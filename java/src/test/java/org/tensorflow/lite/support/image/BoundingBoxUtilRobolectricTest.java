package org.tensorflow.lite.support.image;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import android.graphics.RectF;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** BoundingBoxUtil under Robolectric (it returns Android RectFs): results, checks and messages. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
public final class BoundingBoxUtilRobolectricTest {
  private static TensorBuffer floats(float[] values, int... shape) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    b.loadArray(values);
    return b;
  }

  private static void assertRect(float l, float t, float r, float b, RectF rect) {
    assertEquals(l, rect.left, 0f);
    assertEquals(t, rect.top, 0f);
    assertEquals(r, rect.right, 0f);
    assertEquals(b, rect.bottom, 0f);
  }

  @Test
  public void typesAndCoordinates() {
    TensorBuffer box = floats(new float[] {0.25f, 0.5f, 0.75f, 1f}, 4);
    int[] order = {0, 1, 2, 3};
    assertRect(0.25f, 0.5f, 0.75f, 1f, BoundingBoxUtil.convert(box, order, 0,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 10, 20).get(0));
    // RATIO: x by the width (20), y by the height (10).
    assertRect(5f, 5f, 15f, 10f, BoundingBoxUtil.convert(box, order, 0,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.RATIO, 10, 20).get(0));
    assertRect(0.25f, 0.5f, 1f, 1.5f, BoundingBoxUtil.convert(box, order, -1,
        BoundingBoxUtil.Type.UPPER_LEFT, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1).get(0));
    assertRect(-0.125f, 0f, 0.625f, 1f, BoundingBoxUtil.convert(box, order, 0,
        BoundingBoxUtil.Type.CENTER, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1).get(0));
    // valueIndex reorders: (top, left, bottom, right) as TFLite detection models give them.
    assertRect(0.5f, 0.25f, 1f, 0.75f, BoundingBoxUtil.convert(box, new int[] {1, 0, 3, 2}, 0,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1).get(0));
  }

  @Test
  public void boxesAlongAnInnerAxis() {
    // Shape (2, 4, 2): box (i, j) has its values at (i * 4 + k) * 2 + j.
    float[] v = new float[16];
    for (int i = 0; i < 16; i++) {
      v[i] = i;
    }
    List<RectF> boxes = BoundingBoxUtil.convert(floats(v, 2, 4, 2), new int[] {0, 1, 2, 3}, 1,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1);
    assertEquals(4, boxes.size());
    assertRect(0, 2, 4, 6, boxes.get(0));
    assertRect(1, 3, 5, 7, boxes.get(1));
    assertRect(8, 10, 12, 14, boxes.get(2));
    assertRect(9, 11, 13, 15, boxes.get(3));
    assertEquals(0, BoundingBoxUtil.convert(TensorBuffer.createFixedSize(new int[] {0, 4},
        DataType.FLOAT32), new int[] {0, 1, 2, 3}, 1, BoundingBoxUtil.Type.BOUNDARIES,
        BoundingBoxUtil.CoordinateType.PIXEL, 1, 1).size());
  }

  @Test
  public void checksAndMessages() {
    TensorBuffer t = floats(new float[12], 3, 4);
    int[] order = {0, 1, 2, 3};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BoundingBoxUtil.convert(t, order, 2, BoundingBoxUtil.Type.BOUNDARIES,
            BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    assertEquals("Axis 2 is not in range (-(D+1), D), where D is the number of dimensions of input"
        + " tensor (shape=[3, 4])", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> BoundingBoxUtil.convert(t, order, -3,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    e = assertThrows(IllegalArgumentException.class, () -> BoundingBoxUtil.convert(t, order, -2,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    assertEquals("Size of bounding box dimension 0 is not 4. Got 3 in shape [3, 4]",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> BoundingBoxUtil.convert(t,
        new int[] {0, 1, 2}, 1, BoundingBoxUtil.Type.BOUNDARIES,
        BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    assertEquals("Bounding box index array length 3 is not 4. Got index array [0, 1, 2]",
        e.getMessage());
    TensorBuffer u8 = TensorBuffer.createFixedSize(new int[] {4}, DataType.UINT8);
    e = assertThrows(IllegalArgumentException.class, () -> BoundingBoxUtil.convert(u8, order, 0,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    assertEquals("Bounding Boxes only create from FLOAT32 buffers. Got: UINT8", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> BoundingBoxUtil.convert(t, order, 1,
        BoundingBoxUtil.Type.BOUNDARIES, null, 1, 1));
    assertEquals("Cannot convert coordinate type null", e.getMessage());
    assertThrows(NullPointerException.class, () -> BoundingBoxUtil.convert(t, order, 1, null,
        BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    ArrayIndexOutOfBoundsException outOfRange = assertThrows(ArrayIndexOutOfBoundsException.class,
        () -> BoundingBoxUtil.convert(t, new int[] {0, 1, -2, 4}, 1,
            BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
    assertEquals("Index -2 out of bounds for length 4", outOfRange.getMessage());
    assertThrows(NullPointerException.class, () -> BoundingBoxUtil.convert(t, null, 1,
        BoundingBoxUtil.Type.BOUNDARIES, BoundingBoxUtil.CoordinateType.PIXEL, 1, 1));
  }
}
