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
 * Letterbox resize (a tensorbridge extension, not in TFLite Support): scales an RGB image with
 * {@code tf.image.resize} bilinear to fit the target while keeping its aspect ratio, then pads it
 * with zeros to the target, centred with {@code resize_with_crop_or_pad}'s offsets. The scaled
 * size is {@code round(side * scale)} (at least 1) with {@code scale = min(targetHeight / height,
 * targetWidth / width)} in float32. {@link #inverseBoxes} maps detection boxes back to the input
 * on any JVM (no Android classes). Holds no mutable state.
 */
public class LetterboxOp implements ImageOperator {
  static {
    ImagePlanner.register();
  }

  private final int targetHeight;
  private final int targetWidth;

  /**
   * An op letterboxing images into {@code targetHeight} × {@code targetWidth}.
   *
   * @param targetHeight the height of the result
   * @param targetWidth the width of the result
   * @throws IllegalArgumentException if a size is not positive ("width and height must be > 0")
   */
  public LetterboxOp(int targetHeight, int targetWidth) {
    checkArgument(targetHeight > 0 && targetWidth > 0, "width and height must be > 0");
    this.targetHeight = targetHeight;
    this.targetWidth = targetWidth;
  }

  /** {scaled height, scaled width, top padding, left padding} for an input size. */
  private int[] layout(int height, int width) {
    float scale = Math.min((float) targetHeight / height, (float) targetWidth / width);
    int h = Math.max(1, Math.min(targetHeight, Math.round(height * scale)));
    int w = Math.max(1, Math.min(targetWidth, Math.round(width * scale)));
    return new int[] {h, w, (targetHeight - h) / 2, (targetWidth - w) / 2};
  }

  /**
   * Letterboxes {@code image} in place and returns it.
   *
   * @param image an RGB image
   * @return {@code image}, letterboxed
   * @throws IllegalArgumentException if the image is not RGB or its buffer has no RGB shape
   */
  @Override
  public TensorImage apply(TensorImage image) {
    checkArgument(
        image.getColorSpaceType() == ColorSpaceType.RGB,
        "Only RGB images are supported in LetterboxOp, but not "
            + image.getColorSpaceType().name());
    TensorBuffer pixels = ImageSteps.pixels(image);
    int[] hwc = pixels.getShape();
    int[] l = layout(hwc[0], hwc[1]);
    int[] geometry = new ImageKernels.Geometry()
        .resize(l[0], l[1], true)
        .cropOrPad(targetHeight, targetWidth)
        .toArray();
    ImageSteps.apply(image, pixels, geometry, ColorSpaceType.RGB);
    return image;
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
   * Maps boxes of the letterboxed image back to the input image: {@code [left, top, right,
   * bottom]} quadruples, in pixels, transformed in place (not clipped to the image).
   *
   * @param boxes quadruples of output coordinates
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return {@code boxes}, now in input coordinates
   * @throws IllegalArgumentException if the length is not a multiple of 4
   */
  public float[] inverseBoxes(float[] boxes, int inputImageHeight, int inputImageWidth) {
    checkArgument(boxes.length % 4 == 0, "boxes must be [left, top, right, bottom] quadruples");
    int[] l = layout(inputImageHeight, inputImageWidth);
    for (int i = 0; i < boxes.length; i += 4) {
      for (int j = 0; j < 4; j += 2) {
        boxes[i + j] = (boxes[i + j] - l[3]) * inputImageWidth / l[1];
        boxes[i + j + 1] = (boxes[i + j + 1] - l[2]) * inputImageHeight / l[0];
      }
    }
    return boxes;
  }

  /**
   * Maps a point of the letterboxed image back to the input (needs Android's {@code PointF}).
   *
   * @param point a point in the result
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the point in the input image
   */
  @Override
  public PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth) {
    float[] p = inverseBoxes(new float[] {point.x, point.y, point.x, point.y}, inputImageHeight,
        inputImageWidth);
    return new PointF(p[0], p[1]);
  }
}
