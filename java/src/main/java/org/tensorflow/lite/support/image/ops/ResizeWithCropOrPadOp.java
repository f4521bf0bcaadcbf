package org.tensorflow.lite.support.image.ops;

import static org.tensorflow.lite.support.common.internal.SupportPreconditions.checkArgument;

import android.graphics.PointF;
import dev.tensorbridge.internal.ImageKernels;
import dev.tensorbridge.internal.ImageSteps;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageOperator;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Crops the centre of an RGB image, or pads it with zeros around the centre, to a fixed size:
 * {@code tf.image.resize_with_crop_or_pad}, with the offset {@code (larger - smaller) / 2} on each
 * axis as upstream. Every padded pixel is zero (upstream draws into one bitmap it keeps in a
 * field and reuses, so a processor shared between threads races and a smaller image can leave an
 * earlier image's pixels in the padding). Holds no mutable state.
 */
public class ResizeWithCropOrPadOp implements ImageOperator {
  static {
    ImagePlanner.register();
  }

  private final int targetHeight;
  private final int targetWidth;

  /**
   * An op cropping or padding images to {@code targetHeight} × {@code targetWidth}.
   *
   * @param targetHeight the height of the result
   * @param targetWidth the width of the result
   * @throws IllegalArgumentException if a size is not positive ("width and height must be > 0",
   *     as upstream's bitmap allocation)
   */
  public ResizeWithCropOrPadOp(int targetHeight, int targetWidth) {
    checkArgument(targetHeight > 0 && targetWidth > 0, "width and height must be > 0");
    this.targetHeight = targetHeight;
    this.targetWidth = targetWidth;
  }

  /**
   * Crops or pads {@code image} in place and returns it.
   *
   * @param image an RGB image
   * @return {@code image}, cropped or padded
   * @throws IllegalArgumentException if the image is not RGB ("Only RGB images are supported in
   *     ResizeWithCropOrPadOp, but not …") or its buffer has no RGB shape ("The shape of a RGB
   *     image should be …")
   */
  @Override
  public TensorImage apply(TensorImage image) {
    checkArgument(
        image.getColorSpaceType() == ColorSpaceType.RGB,
        "Only RGB images are supported in ResizeWithCropOrPadOp, but not "
            + image.getColorSpaceType().name());
    TensorBuffer pixels = ImageSteps.pixels(image);
    ImageKernels.Geometry geometry = new ImageKernels.Geometry();
    addTo(geometry);
    ImageSteps.apply(image, pixels, geometry.toArray(), ColorSpaceType.RGB);
    return image;
  }

  void addTo(ImageKernels.Geometry geometry) {
    geometry.cropOrPad(targetHeight, targetWidth);
  }

  @Override
  public int getOutputImageHeight(int inputImageHeight, int inputImageWidth) {
    return targetHeight;
  }

  @Override
  public int getOutputImageWidth(int inputImageHeight, int inputImageWidth) {
    return targetWidth;
  }

  /**
   * Shifts a point of the result back to the input (needs Android's {@code PointF}); the shift is
   * the integer offset of the crop or pad, as upstream.
   *
   * @param point a point in the result
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the point in the input image
   */
  @Override
  public PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth) {
    return new PointF(
        point.x + (inputImageWidth - targetWidth) / 2,
        point.y + (inputImageHeight - targetHeight) / 2);
  }
}
