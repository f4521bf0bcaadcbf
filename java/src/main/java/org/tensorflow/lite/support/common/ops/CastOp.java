package org.tensorflow.lite.support.common.ops;

import dev.tensorbridge.internal.ElementwiseOps;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Casts a buffer to FLOAT32 or UINT8 with {@link TensorBuffer#createFrom}'s conversion rules
 * (float to UINT8: NaN to 0, truncation toward zero, clamp to 0..255). A buffer that already has
 * the destination type is returned itself.
 */
public class CastOp implements TensorOperator {
  static {
    ElementwiseOps.registerPlanner(new OpsPlanner());
  }

  final DataType destinationType;

  /**
   * Creates the op.
   *
   * @param destinationType FLOAT32 or UINT8
   * @throws IllegalArgumentException for any other type
   */
  public CastOp(DataType destinationType) {
    SupportPreconditions.checkArgument(
        destinationType == DataType.UINT8 || destinationType == DataType.FLOAT32,
        "Destination type " + destinationType + " is not supported.");
    this.destinationType = destinationType;
  }

  /**
   * Casts {@code input}.
   *
   * @param input the buffer
   * @return {@code input} itself if it has the destination type, else a new buffer of that type
   */
  @Override
  public TensorBuffer apply(TensorBuffer input) {
    if (input.getDataType() == destinationType) {
      return input;
    }
    int[] shape;
    try {
      shape = input.getShape();
    } catch (IllegalStateException e) {
      // Storage changed behind the buffer's back: createFrom reports it as upstream does.
      return TensorBuffer.createFrom(input, destinationType);
    }
    // createFrom's conversion, in one native pass into a new result's storage.
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.cast(destinationType);
    return ElementwiseOps.run(input, shape, plan);
  }

  /**
   * Casts {@code input} into {@code output}, allocating no result storage (a tensorbridge
   * extension; TFLite Support has only {@link #apply(TensorBuffer)}). The values, and the
   * positions left in both storages, are those of {@code apply(input)}; an input that already has
   * the destination type is copied exactly. {@code output} must have the destination type and the
   * input's shape, and its storage must be a writable direct buffer in native byte order (as
   * {@code createFixedSize} and {@code createDynamic} make) that does not overlap the input's.
   *
   * @param input the buffer
   * @param output the buffer to write
   * @return {@code output}
   * @throws NullPointerException if {@code input} or {@code output} is null
   * @throws IllegalArgumentException if {@code output}'s type or shape is not the result's, if its
   *     storage is not direct in native byte order, or if it overlaps the input's
   * @throws java.nio.ReadOnlyBufferException if {@code output}'s storage is read-only
   * @throws IllegalStateException if a storage no longer matches its buffer's shape
   */
  public TensorBuffer apply(TensorBuffer input, TensorBuffer output) {
    int[] shape = input.getShape();
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, input.getDataType());
    plan.cast(destinationType);
    return ElementwiseOps.runInto(input, shape, plan, output);
  }
}
