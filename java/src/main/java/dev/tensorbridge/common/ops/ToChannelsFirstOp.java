package dev.tensorbridge.common.ops;

import dev.tensorbridge.internal.ElementwiseOps;
import java.util.Arrays;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Turns interleaved pixels, {@code [H, W, C]} or {@code [1, H, W, C]}, into channel planes,
 * {@code [1, C, H, W]}: the layout most ONNX models take (not in TFLite Support). Element {@code
 * (y, x, c)} of the input becomes element {@code (0, c, y, x)} of the result; the values are
 * moved bit for bit, whatever the element type, and the result has the input's type, in native
 * byte order.
 *
 * <p>In a {@code TensorProcessor}, this op runs fused with the ops before it ({@code
 * NormalizeOp}, {@code QuantizeOp}, {@code DequantizeOp}, {@code CastOp}): one native pass reads
 * the input and writes the planes. In an {@code ImageProcessor}, wrap it in a {@code
 * TensorOperatorWrapper}; the resulting image keeps its height, width and color space, and its
 * buffer is the channels-first one (image ops cannot follow it: they take interleaved pixels).
 */
public class ToChannelsFirstOp implements TensorOperator {

  /** The op (it has no parameters). */
  public ToChannelsFirstOp() {}

  /**
   * Places {@code input}'s channels first.
   *
   * @param input an {@code [H, W, C]} or {@code [1, H, W, C]} buffer of any element type
   * @return a new {@code [1, C, H, W]} buffer of the input's type, dynamic if and only if the
   *     input is
   * @throws NullPointerException if {@code input} is null
   * @throws IllegalArgumentException if {@code input}'s rank is not 3 or 4, or its batch is not 1
   * @throws IllegalStateException if the input's storage no longer matches its shape
   */
  @Override
  public TensorBuffer apply(TensorBuffer input) {
    int[] shape = checkedShape(input);
    return ElementwiseOps.run(input, shape, plan(shape, input));
  }

  /**
   * Places {@code input}'s channels first into {@code output}, allocating no result storage.
   * {@code output} must have the input's element type and the {@code [1, C, H, W]} shape, and its
   * storage must be a writable direct buffer in native byte order (as {@code createFixedSize} and
   * {@code createDynamic} make) that does not overlap the input's.
   *
   * @param input an {@code [H, W, C]} or {@code [1, H, W, C]} buffer of any element type
   * @param output the buffer to write
   * @return {@code output}
   * @throws NullPointerException if {@code input} or {@code output} is null
   * @throws IllegalArgumentException as {@link #apply(TensorBuffer)}, or if {@code output}'s type
   *     or shape is not the result's, if its storage is not direct in native byte order, or if it
   *     overlaps the input's
   * @throws java.nio.ReadOnlyBufferException if {@code output}'s storage is read-only
   */
  public TensorBuffer apply(TensorBuffer input, TensorBuffer output) {
    int[] shape = checkedShape(input);
    return ElementwiseOps.runInto(input, shape, plan(shape, input), output);
  }

  private static int[] checkedShape(TensorBuffer input) {
    SupportPreconditions.checkNotNull(input, "Input tensor buffer cannot be null.");
    int[] shape = input.getShape();
    SupportPreconditions.checkArgument(
        shape.length == 3 || shape.length == 4,
        "ToChannelsFirstOp takes a [height, width, channels] or [1, height, width, channels]"
            + " buffer, but the shape is " + Arrays.toString(shape));
    SupportPreconditions.checkArgument(
        shape.length == 3 || shape[0] == 1,
        "ToChannelsFirstOp takes a batch of one image, but the shape is "
            + Arrays.toString(shape));
    return shape;
  }

  private static ElementwiseOps.Plan plan(int[] shape, TensorBuffer input) {
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.channelsFirst();
    return plan;
  }
}
