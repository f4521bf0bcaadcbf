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
 * Converts an RGB image to GRAYSCALE with TensorFlow's {@code tf.image.rgb_to_grayscale} (weights
 * 0.2989, 0.5870, 0.1140; a UINT8 image through TensorFlow's float conversion and back). Upstream
 * draws through Android's colour matrix with 0.299, 0.587, 0.114: a UINT8 result can differ by 1.
 * A GRAYSCALE image is returned as it is. Holds no mutable state.
 */
public class TransformToGrayscaleOp implements ImageOperator {
  static {
    ImagePlanner.register();
  }

  /** The op. */
  public TransformToGrayscaleOp() {}

  /**
   * Converts {@code image} in place and returns it.
   *
   * @param image an RGB or GRAYSCALE image
   * @return {@code image}, now GRAYSCALE (shape (1, h, w, 1))
   * @throws IllegalArgumentException for any other color space ("Only RGB images are supported in
   *     TransformToGrayscaleOp, but not …"), or an RGB image whose buffer holds fewer values than
   *     its size needs or has no RGB shape ("The shape of a RGB image should be …")
   */
  @Override
  public TensorImage apply(TensorImage image) {
    if (image.getColorSpaceType() == ColorSpaceType.GRAYSCALE) {
      return image;
    }
    checkArgument(
        image.getColorSpaceType() == ColorSpaceType.RGB,
        "Only RGB images are supported in TransformToGrayscaleOp, but not "
            + image.getColorSpaceType().name());
    // Upstream's order: the size checks of getHeight()/getWidth(), then the bitmap's shape.
    image.getHeight();
    image.getWidth();
    TensorBuffer pixels = ImageSteps.pixels(image);
    ImageSteps.apply(image, pixels, new ImageKernels.Geometry().grayscale().toArray(),
        ColorSpaceType.GRAYSCALE);
    return image;
  }

  @Override
  public int getOutputImageHeight(int inputImageHeight, int inputImageWidth) {
    return inputImageHeight;
  }

  @Override
  public int getOutputImageWidth(int inputImageHeight, int inputImageWidth) {
    return inputImageWidth;
  }

  @Override
  public PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth) {
    return point;
  }
}
