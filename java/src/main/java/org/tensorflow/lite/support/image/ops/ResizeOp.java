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
 * Resizes an RGB image to a fixed size with TensorFlow's {@code tf.image.resize} (half-pixel
 * centres, no antialiasing): bilinear or nearest neighbour. A UINT8 image gets the bilinear result
 * rounded half to even; a FLOAT32 image keeps the float result. Unlike upstream, which scales an
 * Android {@code Bitmap}, the pixels never leave the image's memory, so the numbers are the same
 * on every device and off-device. Holds no mutable state: one op may serve many threads.
 */
public class ResizeOp implements ImageOperator {
  static {
    ImagePlanner.register();
  }

  /** Algorithms for resizing. */
  public enum ResizeMethod {
    /** {@code tf.image.resize(method="bilinear")}. */
    BILINEAR,
    /** {@code tf.image.resize(method="nearest")}. */
    NEAREST_NEIGHBOR
  }

  private final int targetHeight;
  private final int targetWidth;
  private final boolean useBilinear;

  /**
   * An op resizing images to {@code targetHeight} × {@code targetWidth}.
   *
   * @param targetHeight the height of the result
   * @param targetWidth the width of the result
   * @param resizeMethod the sampling: BILINEAR, or any other value for nearest neighbour (as
   *     upstream)
   */
  public ResizeOp(int targetHeight, int targetWidth, ResizeMethod resizeMethod) {
    this.targetHeight = targetHeight;
    this.targetWidth = targetWidth;
    useBilinear = resizeMethod == ResizeMethod.BILINEAR;
  }

  /**
   * Resizes {@code image} in place and returns it.
   *
   * @param image an RGB image
   * @return {@code image}, resized
   * @throws IllegalArgumentException if the image is not RGB ("Only RGB images are supported in
   *     ResizeOp, but not …"), its buffer has no RGB shape ("The shape of a RGB image should
   *     be …"), or a target size is not positive ("width and height must be > 0")
   */
  @Override
  public TensorImage apply(TensorImage image) {
    checkArgument(
        image.getColorSpaceType() == ColorSpaceType.RGB,
        "Only RGB images are supported in ResizeOp, but not " + image.getColorSpaceType().name());
    TensorBuffer pixels = ImageSteps.pixels(image);
    // Android's Bitmap.createScaledBitmap refuses such sizes with this message, after upstream
    // has drawn the input's bitmap.
    checkArgument(targetHeight > 0 && targetWidth > 0, "width and height must be > 0");
    ImageKernels.Geometry geometry = new ImageKernels.Geometry();
    addTo(geometry);
    ImageSteps.apply(image, pixels, geometry.toArray(), ColorSpaceType.RGB);
    return image;
  }

  /** Appends the resize; false for a size {@link #apply} refuses (left to it). */
  boolean addTo(ImageKernels.Geometry geometry) {
    if (targetHeight <= 0 || targetWidth <= 0) {
      return false;
    }
    geometry.resize(targetHeight, targetWidth, useBilinear);
    return true;
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
   * Scales a point of the resized image back to the input (needs Android's {@code PointF}).
   *
   * @param point a point in the resized image
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the point in the input image
   */
  @Override
  public PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth) {
    return new PointF(
        point.x * inputImageWidth / targetWidth, point.y * inputImageHeight / targetHeight);
  }
}
