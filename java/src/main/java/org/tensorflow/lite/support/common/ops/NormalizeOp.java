package org.tensorflow.lite.support.common.ops;

import dev.tensorbridge.internal.ElementwiseOps;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Normalizes a buffer: {@code output = (input - mean) / stddev}, computed in float (the
 * subtraction first, then a true division), with one mean and stddev for all elements or one per
 * channel (the last axis). The result is a new FLOAT32 buffer of the input's shape, dynamic if and
 * only if the input is; an op that is an identity (every mean 0 and every stddev 1) returns the
 * input itself, whatever its type. The arithmetic runs natively over the input's storage.
 *
 * <p>The single-value constructor treats mean 0 with stddev 0 or infinite as the identity
 * (parameters missing from a model's metadata).
 */
public class NormalizeOp implements TensorOperator {
  static {
    ElementwiseOps.registerPlanner(new OpsPlanner());
  }

  // Always as many stddevs as means, at least one.
  final float[] mean;
  final float[] stddev;
  final int numChannels;
  final boolean isIdentityOp;

  /**
   * One mean and stddev for every element.
   *
   * @param mean the mean
   * @param stddev the standard deviation
   * @throws IllegalArgumentException if {@code stddev} is 0 (and {@code mean} is not 0)
   */
  public NormalizeOp(float mean, float stddev) {
    // Missing metadata: mean 0 with stddev 0 (normalisation) or infinity (a dequantisation of
    // scale 0) means "leave the values alone".
    if (mean == 0.0f && (stddev == 0.0f || Float.isInfinite(stddev))) {
      stddev = 1.0f;
    }
    SupportPreconditions.checkArgument(stddev != 0.0f, "Stddev cannot be zero.");
    this.isIdentityOp = mean == 0.0f && stddev == 1.0f;
    this.mean = new float[] {mean};
    this.stddev = new float[] {stddev};
    this.numChannels = 1;
  }

  /**
   * One mean and stddev per channel; element {@code i} of the flattened input uses channel {@code
   * i % mean.length}. The arrays are copied.
   *
   * @param mean the per-channel means
   * @param stddev the per-channel standard deviations
   * @throws NullPointerException if an array is null
   * @throws IllegalArgumentException if the lengths differ, are 0, or a stddev is 0
   */
  public NormalizeOp(float[] mean, float[] stddev) {
    SupportPreconditions.checkNotNull(mean, "Mean cannot be null");
    SupportPreconditions.checkNotNull(stddev, "Stddev cannot be null");
    SupportPreconditions.checkArgument(
        mean.length == stddev.length,
        "Per channel normalization requires same number of means and stddevs");
    SupportPreconditions.checkArgument(mean.length > 0, "Means and stddevs are empty.");
    this.mean = mean.clone();
    this.stddev = stddev.clone();
    this.numChannels = mean.length;
    boolean identity = true;
    for (int i = 0; i < numChannels; i++) {
      SupportPreconditions.checkArgument(this.stddev[i] != 0, "Stddev cannot be zero.");
      if (this.stddev[i] != 1 || this.mean[i] != 0) {
        identity = false;
      }
    }
    this.isIdentityOp = identity;
  }

  /**
   * Normalizes {@code input}.
   *
   * @param input the buffer (any element type; read as floats)
   * @return a new FLOAT32 buffer, or {@code input} itself if this op is an identity
   * @throws IllegalArgumentException if there are several channels and the last dimension differs
   *     from their number
   * @throws IllegalStateException if the input's storage no longer matches its shape
   */
  @Override
  public TensorBuffer apply(TensorBuffer input) {
    if (isIdentityOp) {
      return input;
    }
    int[] shape = input.getShape();
    SupportPreconditions.checkArgument(
        ElementwiseOps.channelsMatch(numChannels, shape),
        "Number of means (stddevs) is not same with number of channels (size of last axis).");
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.normalize(false, mean, stddev);
    return ElementwiseOps.run(input, shape, plan);
  }

  /**
   * Normalizes {@code input} into {@code output}, allocating no result storage (a tensorbridge
   * extension; TFLite Support has only {@link #apply(TensorBuffer)}). The values, and the
   * positions left in both storages, are those of {@code apply(input)}; an identity op copies the
   * input's elements exactly. {@code output} must have the result's element type (FLOAT32, or the
   * input's own type for an identity op) and the input's shape, and its storage must be a
   * writable direct buffer in native byte order (as {@code createFixedSize} and {@code
   * createDynamic} make) that does not overlap the input's.
   *
   * @param input the buffer (any element type; read as floats)
   * @param output the buffer to write
   * @return {@code output}
   * @throws NullPointerException if {@code input} or {@code output} is null
   * @throws IllegalArgumentException if there are several channels and the last dimension differs
   *     from their number (as {@code apply}), if {@code output}'s type or shape is not the
   *     result's, if its storage is not direct in native byte order, or if it overlaps the input's
   * @throws java.nio.ReadOnlyBufferException if {@code output}'s storage is read-only
   * @throws IllegalStateException if a storage no longer matches its buffer's shape
   */
  public TensorBuffer apply(TensorBuffer input, TensorBuffer output) {
    int[] shape = input.getShape();
    SupportPreconditions.checkArgument(
        isIdentityOp || ElementwiseOps.channelsMatch(numChannels, shape),
        "Number of means (stddevs) is not same with number of channels (size of last axis).");
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.normalize(isIdentityOp, mean, stddev);
    return ElementwiseOps.runInto(input, shape, plan, output);
  }
}
