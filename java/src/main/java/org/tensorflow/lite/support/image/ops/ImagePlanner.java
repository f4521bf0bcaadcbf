package org.tensorflow.lite.support.image.ops;

import dev.tensorbridge.internal.ImageKernels;
import dev.tensorbridge.internal.ImageSteps;
import org.tensorflow.lite.support.image.ColorSpaceType;

/**
 * Describes this package's ops to {@link ImageSteps} for fused runs. Only the exact classes are
 * described: a subclass may override {@code apply}, so it always runs by itself.
 */
final class ImagePlanner implements ImageSteps.Planner {
  static void register() {
    ImageSteps.registerPlanner(new ImagePlanner());
  }

  @Override
  public ColorSpaceType addGeometry(
      Object op, ImageKernels.Geometry geometry, ColorSpaceType colorSpace) {
    Class<?> type = op.getClass();
    if (type == TransformToGrayscaleOp.class) {
      if (colorSpace == ColorSpaceType.GRAYSCALE) {
        return colorSpace;
      }
      geometry.grayscale();
      return ColorSpaceType.GRAYSCALE;
    }
    if (colorSpace != ColorSpaceType.RGB) {
      return null; // the op rejects it, with its own message
    }
    if (type == ResizeOp.class) {
      if (!((ResizeOp) op).addTo(geometry)) {
        return null;
      }
    } else if (type == ResizeWithCropOrPadOp.class) {
      ((ResizeWithCropOrPadOp) op).addTo(geometry);
    } else if (type == Rot90Op.class) {
      ((Rot90Op) op).addTo(geometry);
    } else {
      return null;
    }
    return ColorSpaceType.RGB;
  }

  @Override
  public Object wrapped(Object op) {
    return op.getClass() == TensorOperatorWrapper.class ? ((TensorOperatorWrapper) op).wrapped() : null;
  }
}
