package org.tensorflow.lite.support.common.ops;

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
    dev.tensorbridge.internal.ElementwiseOps.registerPlanner(new OpsPlanner());
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
    return TensorBuffer.createFrom(input, destinationType);
  }
}
