package org.tensorflow.lite.support.image.ops;

import android.graphics.PointF;
import dev.tensorbridge.common.ops.ToChannelsFirstOp;
import dev.tensorbridge.internal.ImageSteps;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageOperator;
import org.tensorflow.lite.support.image.ImageProperties;
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
    if (tensorOp != null
        && tensorOp.getClass() == ToChannelsFirstOp.class
        && (image.getColorSpaceType() == ColorSpaceType.RGB
            || image.getColorSpaceType() == ColorSpaceType.GRAYSCALE)) {
      return channelsFirst(image);
    }
    TensorBuffer result = tensorOp.apply(image.getTensorBuffer());
    // The op may change the data type (CastOp, say), never the color space.
    ColorSpaceType colorSpace = image.getColorSpaceType();
    TensorImage out = new TensorImage(result.getDataType());
    out.load(result, colorSpace);
    return out;
  }

  /**
   * The image's pixels as {@code [1, C, H, W]} planes, in an image of the same size and color
   * space, loaded by its properties (the planes are not an interleaved shape). The pixels are
   * those the image ops read: a grayscale image gives {@code [1, 1, H, W]}, and an RGB
   * buffer without an RGB shape is refused as they refuse it.
   */
  private TensorImage channelsFirst(TensorImage image) {
    ColorSpaceType colorSpace = image.getColorSpaceType();
    TensorBuffer pixels = ImageSteps.pixels(image);
    int[] hwc = pixels.getShape();
    TensorBuffer planes = tensorOp.apply(pixels);
    TensorImage out = new TensorImage(planes.getDataType());
    out.load(
        planes,
        ImageProperties.builder()
            .setHeight(hwc[0])
            .setWidth(hwc[1])
            .setColorSpaceType(colorSpace)
            .build());
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
