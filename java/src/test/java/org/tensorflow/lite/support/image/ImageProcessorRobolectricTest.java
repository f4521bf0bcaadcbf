package org.tensorflow.lite.support.image;

import static org.junit.Assert.assertEquals;

import android.graphics.PointF;
import android.graphics.RectF;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;

/** ImageProcessor's inverse transforms of Android PointF and RectF, under Robolectric. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
public final class ImageProcessorRobolectricTest {
  @Test
  public void inverseTransformWalksTheOpsBackwards() {
    // 100 x 200 -> rot90 -> 200 x 100 -> resize -> 50 x 25.
    ImageProcessor p = new ImageProcessor.Builder()
        .add(new Rot90Op(1))
        .add(new ResizeOp(50, 25, ResizeOp.ResizeMethod.BILINEAR))
        .build();
    PointF back = p.inverseTransform(new PointF(10, 20), 100, 200);
    // Resize back: (10 * 100 / 25, 20 * 200 / 50) = (40, 80); rotation back: (200 - 80, 40).
    assertEquals(120f, back.x, 0f);
    assertEquals(40f, back.y, 0f);
    RectF box = p.inverseTransform(new RectF(10, 20, 15, 30), 100, 200);
    // Corners (10, 20) -> (120, 40) and (15, 30) -> (200 - 120, 60) = (80, 60).
    assertEquals(80f, box.left, 0f);
    assertEquals(40f, box.top, 0f);
    assertEquals(120f, box.right, 0f);
    assertEquals(60f, box.bottom, 0f);
    ImageProcessor pad = new ImageProcessor.Builder().add(new ResizeWithCropOrPadOp(10, 10)).build();
    PointF shifted = pad.inverseTransform(new PointF(5, 5), 4, 7);
    assertEquals(5f + (7 - 10) / 2, shifted.x, 0f);
    assertEquals(5f + (4 - 10) / 2, shifted.y, 0f);
  }

}
