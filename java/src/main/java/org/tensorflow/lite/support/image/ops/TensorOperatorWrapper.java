package org.tensorflow.lite.support.image.ops;

import android.graphics.PointF;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageOperator;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Applies a {@link TensorOperator} to an image's {@link TensorImage#getTensorBuffer()} and returns
 * a new image of the result's data type in the same color space. The geometry is unchanged.
 */
public class TensorOperatorWrapper implements ImageOperator {
  static {
    ImagePlanner.register();
  }

  private final TensorOperator tensorOp;

  /**
   * Wraps {@code op}.
   *
   * @param op the tensor operator (a null one fails when applied, as upstream)
   */
  public TensorOperatorWrapper(TensorOperator op) {
    tensorOp = op;
  }

  /**
   * Runs the tensor operator on the image's buffer.
   *
   * @param image the image
   * @return a new image holding the operator's result
   * @throws NullPointerException if {@code image} is null ("Op cannot apply on null image.")
   */
  @Override
  public TensorImage apply(TensorImage image) {
    SupportPreconditions.checkNotNull(image, "Op cannot apply on null image.");
    TensorBuffer result = tensorOp.apply(image.getTensorBuffer());
    // The op may change the data type (CastOp, say), never the color space.
    ColorSpaceType colorSpace = image.getColorSpaceType();
    TensorImage out = new TensorImage(result.getDataType());
    out.load(result, colorSpace);
    return out;
  }

  Object wrapped() {
    return tensorOp;
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
