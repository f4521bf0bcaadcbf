package dev.tensorbridge.jmh;

import dev.tensorbridge.TensorBridge;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * A model-output flow on a 1080 x 1920 x 3 FLOAT32 TensorBuffer: centre 224 x 224 crop, flipped
 * left-right, read back as a TensorBuffer; without copies ({@link TensorBridge}) against the same
 * flow with today's copies (the whole output into a {@code Tensor}, the crop back out). Each row is
 * one whole flow, session included, in microseconds.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TensorBridgeFlowBench {
  static final int H = TensorBridgeBench.H;
  static final int W = TensorBridgeBench.W;
  static final int C = TensorBridgeBench.C;
  static final int CROP = TensorBridgeBench.CROP;

  /** The crop-and-flip flow without copies: view, constant, slice, view of the result. */
  @Benchmark
  public float cropFlipShared(TensorBridgeBench.Flow f) {
    try (EagerSession session = EagerSession.create();
        Tensor<?> viewed = TensorBridge.asTensor(f.output)) {
      Ops tf = Ops.create(session);
      @SuppressWarnings("unchecked")
      Constant<Float> map = tf.constant((Tensor<Float>) viewed);
      StridedSlice<Float> crop =
          tf.stridedSlice(map, tf.constant(f.begin), tf.constant(f.end), tf.constant(f.strides));
      TensorBuffer result = TensorBridge.asTensorBuffer(crop.output().tensor());
      return result.getFloatValue(0);
    }
  }

  /** The same flow with today's copies: the whole output into a tensor, the crop back out. */
  @Benchmark
  public float cropFlipCopied(TensorBridgeBench.Flow f) {
    ByteBuffer storage = f.output.getBuffer();
    storage.rewind();
    try (EagerSession session = EagerSession.create();
        Tensor<Float> copy = Tensor.create(new long[] {H, W, C}, storage.asFloatBuffer())) {
      Ops tf = Ops.create(session);
      Constant<Float> map = tf.constant(copy);
      StridedSlice<Float> crop =
          tf.stridedSlice(map, tf.constant(f.begin), tf.constant(f.end), tf.constant(f.strides));
      TensorBuffer result = TensorBuffer.createFixedSize(new int[] {CROP, CROP, C}, DataType.FLOAT32);
      ByteBuffer out = result.getBuffer();
      crop.output().tensor().writeTo(out);
      out.rewind();
      return result.getFloatValue(0);
    }
  }
}
