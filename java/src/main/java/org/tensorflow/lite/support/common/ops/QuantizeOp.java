package org.tensorflow.lite.support.common.ops;

import org.tensorflow.lite.support.common.TensorOperator;

/**
 * Quantizes a buffer with TensorFlow Lite's affine scheme {@code q = f / scale + zeroPoint},
 * computed as the normalisation {@code (f - (-zeroPoint * scale)) / scale}. The result is FLOAT32
 * (not rounded or clamped), as in TFLite Support; follow it with a {@link CastOp} to store it as
 * UINT8. Scale 0 (with a finite zero point) is the identity.
 */
public class QuantizeOp extends NormalizeOp implements TensorOperator {

  /**
   * Creates the op.
   *
   * @param zeroPoint the quantized value of 0
   * @param scale the real value of one quantization step
   * @throws IllegalArgumentException if {@code scale} is 0 and {@code zeroPoint} is infinite or NaN
   */
  public QuantizeOp(float zeroPoint, float scale) {
    super(-zeroPoint * scale, scale);
  }
}
