package org.tensorflow.lite.support.image;

import dev.tensorbridge.image.YuvImages;
import dev.tensorbridge.internal.ImageAccess;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Run in a child JVM whose class path has no Android classes (see {@code WithoutAndroidTest}):
 * loads every image class and uses every method that names no Android type, printing one line per
 * check and "ok" at the end.
 */
public final class ImageWithoutAndroidProbe {
  private ImageWithoutAndroidProbe() {}

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
    System.out.println("passed: " + what);
  }

  private static boolean throwsIllegalArgument(Runnable r) {
    try {
      r.run();
      return false;
    } catch (IllegalArgumentException e) {
      return true;
    }
  }

  public static void main(String[] args) throws Exception {
    boolean android;
    try {
      Class.forName("android.graphics.Bitmap");
      android = true;
    } catch (ClassNotFoundException e) {
      android = false;
    }
    check(!android, "android.graphics.Bitmap is absent");
    for (String name : new String[] {"ImageOperator", "ColorSpaceType", "ImageProperties",
        "TensorImage", "BoundingBoxUtil", "ImageConversions", "MediaImages"}) {
      Class.forName("org.tensorflow.lite.support.image." + name, true,
          ImageWithoutAndroidProbe.class.getClassLoader());
    }
    check(true, "every image class loads and links");
    check(ColorSpaceType.RGB.getHeight(new int[] {4, 5, 3}) == 4
        && ColorSpaceType.GRAYSCALE.getWidth(new int[] {4, 5}) == 5
        && ColorSpaceType.NV21.getNumElements(4, 5) == 32
        && ColorSpaceType.fromImageFormat(0x11) == ColorSpaceType.NV21
        && Arrays.equals(ColorSpaceType.RGB.getNormalizedShape(new int[] {2, 2, 3}),
            new int[] {1, 2, 2, 3}),
        "ColorSpaceType shape rules");
    ImageProperties nv21 = ImageProperties.builder().setHeight(2).setWidth(2)
        .setColorSpaceType(ColorSpaceType.NV21).build();
    check(nv21.getWidth() == 2, "ImageProperties.Builder");
    TensorImage image = new TensorImage(DataType.FLOAT32);
    image.load(new int[] {1, 2, 3, 4, 5, 6}, new int[] {1, 2, 3});
    check(image.getWidth() == 2 && image.getHeight() == 1
        && image.getColorSpaceType() == ColorSpaceType.RGB
        && image.getTensorBuffer().getFloatArray()[5] == 6f
        && image.getBuffer().capacity() == 24, "TensorImage load(int[]) and the getters");
    image.load(new float[] {1, 2, 3, 4, 5, 6}, new int[] {1, 1, 2, 3});
    TensorImage copy = TensorImage.createFrom(image, DataType.UINT8);
    check(copy.getTensorBuffer().getIntArray()[1] == 2, "TensorImage.createFrom");
    TensorBuffer gray = TensorBuffer.createFixedSize(new int[] {2, 2}, DataType.UINT8);
    image.load(gray, ColorSpaceType.GRAYSCALE);
    check(image.getColorSpaceType() == ColorSpaceType.GRAYSCALE, "TensorImage load(TensorBuffer, ColorSpaceType)");
    ByteBuffer frame = ByteBuffer.allocateDirect(6);
    frame.put(new byte[] {16, (byte) 235, 126, 81, (byte) 240, 90});
    image.load(frame, nv21);
    check(image.getTensorBuffer().getFlatSize() == 6, "TensorImage load(ByteBuffer, ImageProperties)");
    TensorImage rgb = YuvImages.toRgb(image);
    check(rgb.getTensorBuffer().getIntArray()[0] == 179, "YUV to RGB in Rust");
    check(ImageAccess.images().pixels(image).getShape()[2] == 3, "the ops' pixel access");
    check(throwsIllegalArgument(() -> BoundingBoxUtil.convert(gray, new int[] {0, 1, 2, 3}, 0,
        BoundingBoxUtil.Type.CENTER, BoundingBoxUtil.CoordinateType.RATIO, 1, 1))
        && BoundingBoxUtil.Type.values().length == 3,
        "BoundingBoxUtil loads; its checks run before a RectF is needed");
    System.out.println("ok");
  }
}
