package org.tensorflow.lite.support.common.ops;

import dev.tensorbridge.internal.ElementwiseOps;

/**
 * Describes this package's ops to {@link ElementwiseOps} for fused runs. Only the exact classes
 * are described: a subclass may override {@code apply}, so it always runs by itself.
 */
final class OpsPlanner implements ElementwiseOps.Planner {
  @Override
  public boolean addTo(Object op, ElementwiseOps.Plan plan) {
    Class<?> type = op.getClass();
    if (type == NormalizeOp.class || type == QuantizeOp.class || type == DequantizeOp.class) {
      NormalizeOp normalize = (NormalizeOp) op;
      plan.normalize(normalize.isIdentityOp, normalize.mean, normalize.stddev);
      return true;
    }
    if (type == IntegerQuantizeOp.class) {
      IntegerQuantizeOp quantize = (IntegerQuantizeOp) op;
      plan.quantizeInteger(quantize.scale, quantize.zeroPoint, quantize.destinationType);
      return true;
    }
    if (type == CastOp.class) {
      plan.cast(((CastOp) op).destinationType);
      return true;
    }
    return false;
  }
}
