package org.tensorflow.lite.support.image;

import android.graphics.PointF;
import android.graphics.RectF;
import dev.tensorbridge.internal.ImageSteps;
import java.util.List;
import org.tensorflow.lite.support.common.Operator;
import org.tensorflow.lite.support.common.SequentialProcessor;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.image.ops.TensorOperatorWrapper;

/**
 * Runs a list of image operators on a {@link TensorImage}, and maps points and boxes of the
 * result back to the input.
 *
 * <p>{@link #process} plans the whole list: geometry ops ({@code ResizeOp}, {@code
 * ResizeWithCropOrPadOp}, {@code Rot90Op}, {@code TransformToGrayscaleOp}) followed by tensor ops
 * ({@code NormalizeOp}, {@code QuantizeOp}, {@code DequantizeOp}, {@code CastOp}, ...) run in one
 * native call that reads the input once and writes the output once; the result, and what the
 * geometry ops leave in the input image, are what running the ops one by one gives. Other lists
 * run op by op. A processor holds no mutable state of its own beyond its operator list, so one
 * processor may serve many threads (changing the rotation while another thread processes is as
 * racy as upstream).
 */
public class ImageProcessor extends SequentialProcessor<TensorImage> {
  private ImageProcessor(Builder builder) {
    super(builder);
  }

  /**
   * Maps a point of the processed image back to the input image: each operator's inverse, last
   * operator first (needs Android's {@code PointF}).
   *
   * @param point a point in the output image
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the point in the input image
   */
  public PointF inverseTransform(PointF point, int inputImageHeight, int inputImageWidth) {
    int n = operatorList.size();
    int[] heights = new int[n];
    int[] widths = new int[n];
    int height = inputImageHeight;
    int width = inputImageWidth;
    for (int i = 0; i < n; i++) {
      heights[i] = height;
      widths[i] = width;
      ImageOperator op = (ImageOperator) operatorList.get(i);
      int nextHeight = op.getOutputImageHeight(height, width);
      width = op.getOutputImageWidth(height, width);
      height = nextHeight;
    }
    for (int i = n - 1; i >= 0; i--) {
      point = ((ImageOperator) operatorList.get(i)).inverseTransform(point, heights[i], widths[i]);
    }
    return point;
  }

  /**
   * Maps a box of the processed image back to the input image; corners may swap under rotation,
   * so the result is the box spanned by the two mapped corners (needs Android's {@code RectF}).
   *
   * @param rect a box in the output image
   * @param inputImageHeight the input height
   * @param inputImageWidth the input width
   * @return the box in the input image
   */
  public RectF inverseTransform(RectF rect, int inputImageHeight, int inputImageWidth) {
    PointF a = inverseTransform(new PointF(rect.left, rect.top), inputImageHeight, inputImageWidth);
    PointF b =
        inverseTransform(new PointF(rect.right, rect.bottom), inputImageHeight, inputImageWidth);
    return new RectF(
        Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y));
  }

  /**
   * Runs the operators over {@code image}, fused into one native pass where the list allows.
   *
   * @param image the input image (geometry ops change it in place, as upstream)
   * @return the processed image
   */
  @Override
  public TensorImage process(TensorImage image) {
    List<Operator<TensorImage>> ops = operatorList;
    TensorImage fused = ImageSteps.tryFused(ops, image);
    return fused != null ? fused : super.process(image);
  }

  /** Builds an {@link ImageProcessor}. */
  public static class Builder extends SequentialProcessor.Builder<TensorImage> {
    /** An empty builder. */
    public Builder() {
      super();
    }

    /**
     * Appends an image operator.
     *
     * @param op the operator
     * @return this builder
     * @throws NullPointerException if {@code op} is null ("Adding null Op is illegal.")
     */
    public Builder add(ImageOperator op) {
      super.add(op);
      return this;
    }

    /**
     * Appends a tensor operator, wrapped in a {@link TensorOperatorWrapper}.
     *
     * @param op the operator
     * @return this builder
     */
    public Builder add(TensorOperator op) {
      return add(new TensorOperatorWrapper(op));
    }

    @Override
    public ImageProcessor build() {
      return new ImageProcessor(this);
    }
  }

  /**
   * Replaces the first {@link Rot90Op} by one of {@code k} turns.
   *
   * @param k the new number of quarter turns
   * @throws IllegalStateException if there is no {@link Rot90Op}
   */
  public void updateNumberOfRotations(int k) {
    updateNumberOfRotations(k, /* occurrence= */ 0);
  }

  /**
   * Replaces the {@code occurrence}-th {@link Rot90Op} (counting from 0) by one of {@code k} turns.
   *
   * @param k the new number of quarter turns
   * @param occurrence which {@link Rot90Op}
   * @throws IllegalStateException if there is no {@link Rot90Op} ("The Rot90Op has not been added
   *     to the ImageProcessor.")
   * @throws IndexOutOfBoundsException if {@code occurrence} is out of range
   */
  public synchronized void updateNumberOfRotations(int k, int occurrence) {
    SupportPreconditions.checkState(
        operatorIndex.containsKey(Rot90Op.class.getName()),
        "The Rot90Op has not been added to the ImageProcessor.");
    List<Integer> indexes = operatorIndex.get(Rot90Op.class.getName());
    SupportPreconditions.checkElementIndex(occurrence, indexes.size(), "occurrence");
    operatorList.set(indexes.get(occurrence), new Rot90Op(k));
  }
}
