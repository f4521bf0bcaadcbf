package org.tensorflow.lite.support.image;

import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.image.ops.TensorOperatorWrapper;
import org.tensorflow.lite.support.image.ops.TransformToGrayscaleOp;

/**
 * Run in a child JVM whose class path has no Android classes (see {@link
 * ImageWithoutAndroidTest}): loads the image ops and {@link ImageProcessor} (whose signatures name
 * {@code PointF} and {@code RectF}) and uses every method that does not, printing one line per
 * check and "ok" at the end.
 */
public final class ImageOpsWithoutAndroidProbe {
  private ImageOpsWithoutAndroidProbe() {}

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
    System.out.println("passed: " + what);
  }

  public static void main(String[] args) {
    try {
      Class.forName("android.graphics.PointF");
      throw new AssertionError("android.graphics.PointF is on the class path");
    } catch (ClassNotFoundException expected) {
      System.out.println("passed: android.graphics.PointF is absent");
    }
    int[] pixels = new int[6 * 8 * 3];
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] = (i * 37) % 256;
    }
    TensorImage image = new TensorImage(DataType.UINT8);
    image.load(pixels, new int[] {6, 8, 3});
    ImageProcessor processor = new ImageProcessor.Builder()
        .add(new Rot90Op(1))
        .add(new ResizeWithCropOrPadOp(8, 8))
        .add(new ResizeOp(4, 5, ResizeOp.ResizeMethod.BILINEAR))
        .add(new TransformToGrayscaleOp())
        .add(new NormalizeOp(127.5f, 127.5f))
        .build();
    TensorImage out = processor.process(image);
    check(out.getHeight() == 4 && out.getWidth() == 5, "ImageProcessor.process");
    check(out.getDataType() == DataType.FLOAT32 && out.getTensorBuffer().getFlatSize() == 20,
        "fused result type and size");
    check(image.getColorSpaceType() == ColorSpaceType.GRAYSCALE, "geometry left in the input");
    processor.updateNumberOfRotations(2);
    TensorImage again = new TensorImage(DataType.UINT8);
    again.load(pixels, new int[] {6, 8, 3});
    check(processor.process(again).getWidth() == 5, "updateNumberOfRotations");
    ImageOperator[] ops = {
      new ResizeOp(3, 3, ResizeOp.ResizeMethod.NEAREST_NEIGHBOR), new ResizeWithCropOrPadOp(2, 9),
      new Rot90Op(-3), new TransformToGrayscaleOp(),
      new TensorOperatorWrapper(new NormalizeOp(0f, 1f)),
    };
    for (ImageOperator op : ops) {
      TensorImage one = new TensorImage(DataType.FLOAT32);
      one.load(pixels, new int[] {6, 8, 3});
      TensorImage r = op.apply(one);
      check(r.getHeight() == op.getOutputImageHeight(6, 8)
          && r.getWidth() == op.getOutputImageWidth(6, 8), op.getClass().getSimpleName());
    }
    System.out.println("ok");
  }
}
