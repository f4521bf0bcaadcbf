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
 * Rotates an RGB image by quarter turns, counter-clockwise for positive {@code k} and clockwise
 * for negative: {@code tf.image.rot90}. Holds no mutable state.
 */
public class Rot90Op implements ImageOperator {
  static {
    ImagePlanner.register();
  }

  /** {@code k % 4}, as upstream keeps it (negative for negative k). */
  private final int numRotation;

  /** One quarter turn counter-clockwise. */
  public Rot90Op() {
    this(1);
  }

  /**
   * {@code k} quarter turns counter-clockwise.
   *
   * @param k the number of turns; negative turns clockwise
   */
  public Rot90Op(int k) {
    numRotation = k % 4;
  }

  /**
   * Rotates {@code image} in place and returns it.
   *
   * @param image an RGB image
   * @return {@code image}, rotated
   * @throws IllegalArgumentException if the image is not RGB ("Only RGB images are supported in
   *     Rot90Op, but not …") or its buffer has no RGB shape ("The shape of a RGB image should
   *     be …"), even for a multiple of four turns, which returns the image unchanged
   */
  @Override
  public TensorImage apply(TensorImage image) {
    checkArgument(
        image.getColorSpaceType() == ColorSpaceType.RGB,
        "Only RGB images are supported in Rot90Op, but not " + image.getColorSpaceType().name());
    TensorBuffer pixels = ImageSteps.pixels(image);
    if (numRotation == 0) {
      return image;
    }
    ImageKernels.Geometry geometry = new ImageKernels.Geometry();
    addTo(geometry);
    ImageSteps.apply(image, pixels, geometry.toArray(), ColorSpaceType.RGB);
    return image;
  }

  /** Appends the turns; nothing for a multiple of four, which leaves the image as it is. */
  void addTo(ImageKernels.Geometry geometry) {
    if (numRotation != 0) {
      geometry.rot90(numRotation);
    }
  }

  @Override
  public int getOutputImageHeight(int inputImageHeight, int inputImageWidth) {
    return (numRotation % 2 == 0) ? inputImageHeight : inputImageWidth;
  }

  @Override
  public int getOutputImageWidth(int inputImageHeight, int inputImageWidth) {
    return (numRotation % 2 == 0) ? inputImageWidth : inputImageHeight;
  }

  /**
   * Turns a point of the rotated image back (needs Android's {@code PointF}), with upstream's
   * formulas.
   *
   * @param point a point in the rotated image
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the point in the input image
   */
  @Override
  public PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth) {
    int inverse = (4 - numRotation) % 4;
    int height = getOutputImageHeight(inputImageHeight, inputImageWidth);
    int width = getOutputImageWidth(inputImageHeight, inputImageWidth);
    switch (inverse) {
      case 0:
        return point;
      case 1:
        return new PointF(point.y, width - point.x);
      case 2:
        return new PointF(width - point.x, height - point.y);
      default:
        return new PointF(height - point.y, point.x);
    }
  }
}
