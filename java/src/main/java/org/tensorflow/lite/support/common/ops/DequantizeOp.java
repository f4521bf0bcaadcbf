package org.tensorflow.lite.support.common.ops;

import org.tensorflow.lite.support.common.TensorOperator;

/**
 * Dequantizes a buffer with TensorFlow Lite's affine scheme {@code f = (q - zeroPoint) * scale},
 * computed as the normalisation {@code (q - zeroPoint) / (1 / scale)} (so the rounding is that of
 * the division, as in TFLite Support). The result is a new FLOAT32 buffer. Zero point 0 with scale 0
 * is the identity.
 */
public class DequantizeOp extends NormalizeOp implements TensorOperator {

  /**
   * Creates the op.
   *
   * @param zeroPoint the quantized value of 0
   * @param scale the real value of one quantization step
   * @throws IllegalArgumentException if {@code scale} is infinite and {@code zeroPoint} is not 0
   */
  public DequantizeOp(float zeroPoint, float scale) {
    super(zeroPoint, 1 / scale);
  }
}
