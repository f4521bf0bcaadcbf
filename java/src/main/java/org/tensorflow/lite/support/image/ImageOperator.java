package org.tensorflow.lite.support.image;

import android.graphics.PointF;
import org.tensorflow.lite.support.common.Operator;

/**
 * One step of an {@link ImageProcessor}: transforms a {@link TensorImage} and says how the image
 * size and point coordinates change, so that results can be mapped back to the input image.
 */
public interface ImageOperator extends Operator<TensorImage> {
  /**
   * Transforms {@code image}, possibly in place.
   *
   * @param image the image to transform
   * @return the transformed image
   */
  @Override
  TensorImage apply(TensorImage image);

  /**
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the width of the output image for an input of that size
   */
  int getOutputImageWidth(int inputImageHeight, int inputImageWidth);

  /**
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the height of the output image for an input of that size
   */
  int getOutputImageHeight(int inputImageHeight, int inputImageWidth);

  /**
   * Maps a point of the output image back to the input image (needs Android's {@code PointF}).
   *
   * @param point a point in the output image
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the matching point in the input image
   */
  PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth);
}
