package org.tensorflow.lite.support.common.ops;

import dev.tensorbridge.internal.ElementwiseOps;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Quantizes a buffer to real INT8 or UINT8 values with TensorFlow Lite's rule (not in TFLite
 * Support, whose {@link QuantizeOp} outputs unrounded FLOAT32): {@code q = clamp(round(x / scale)
 * + zeroPoint, min, max)}, where {@code x / scale} is a float division, {@code round} rounds half
 * away from zero, and {@code min}/{@code max} are the type's range (-128..127 or 0..255). A NaN
 * quantizes to {@code zeroPoint}; infinities clamp. The input is read as floats (any element
 * type); the result is a new buffer of the destination type with the input's shape. Runs natively,
 * and fused with the other ops in a {@code TensorProcessor}. A project extension.
 */
public class IntegerQuantizeOp implements TensorOperator {
  static {
    ElementwiseOps.registerPlanner(new OpsPlanner());
  }

  final float scale;
  final int zeroPoint;
  final DataType destinationType;

  /**
   * Creates the op.
   *
   * @param zeroPoint the quantized value of 0, within the destination type's range
   * @param scale the real value of one quantization step: finite and positive
   * @param destinationType INT8 or UINT8
   * @throws IllegalArgumentException if an argument is out of range
   * @throws NullPointerException if {@code destinationType} is null
   */
  public IntegerQuantizeOp(int zeroPoint, float scale, DataType destinationType) {
    if (destinationType == null) {
      throw new NullPointerException("Destination type cannot be null.");
    }
    int min;
    int max;
    if (destinationType == DataType.INT8) {
      min = -128;
      max = 127;
    } else if (destinationType == DataType.UINT8) {
      min = 0;
      max = 255;
    } else {
      throw new IllegalArgumentException("Destination type " + destinationType + " is not supported.");
    }
    if (!(scale > 0f) || Float.isInfinite(scale)) {
      throw new IllegalArgumentException("Scale must be finite and positive: " + scale);
    }
    if (zeroPoint < min || zeroPoint > max) {
      throw new IllegalArgumentException(
          "Zero point " + zeroPoint + " is outside the range of " + destinationType);
    }
    this.zeroPoint = zeroPoint;
    this.scale = scale;
    this.destinationType = destinationType;
  }

  /**
   * Quantizes {@code input}.
   *
   * @param input the buffer (any element type; read as floats)
   * @return a new buffer of the destination type
   * @throws IllegalStateException if the input's storage no longer matches its shape
   */
  @Override
  public TensorBuffer apply(TensorBuffer input) {
    int[] shape = input.getShape();
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.quantizeInteger(scale, zeroPoint, destinationType);
    return ElementwiseOps.run(input, shape, plan);
  }

  /**
   * Quantizes {@code input} into {@code output}, allocating no result storage, under the rules of
   * {@link NormalizeOp#apply(TensorBuffer, TensorBuffer)}: {@code output} has the destination type
   * and the input's shape, and a writable direct storage in native byte order that does not
   * overlap the input's.
   *
   * @param input the buffer (any element type; read as floats)
   * @param output the buffer to write
   * @return {@code output}
   * @throws NullPointerException if {@code input} or {@code output} is null
   * @throws IllegalArgumentException if {@code output}'s type or shape is not the result's, if its
   *     storage is not direct in native byte order, or if it overlaps the input's
   * @throws java.nio.ReadOnlyBufferException if {@code output}'s storage is read-only
   */
  public TensorBuffer apply(TensorBuffer input, TensorBuffer output) {
    int[] shape = input.getShape();
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.quantizeInteger(scale, zeroPoint, destinationType);
    return ElementwiseOps.runInto(input, shape, plan, output);
  }
}
