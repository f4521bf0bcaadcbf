package dev.tensorbridge.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Per-call accessors of TFLite Support's {@code TensorBuffer}: tensorbridge ({@code *_ours}) next to the
 * relocated upstream 0.4.4 class ({@code *_peer}). Upstream formats its consistency message on every
 * {@code getFlatSize()}/{@code getShape()} call; tensorbridge only on failure.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TensorBufferScalarBench {
  int index = 1234;
  int[] shape = {1, 224, 224, 3};

  TensorBuffer oursF32;
  TensorBuffer oursU8;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer peerF32;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer peerU8;

  @Setup
  public void setUp() {
    oursF32 = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    oursU8 = TensorBuffer.createFixedSize(shape, DataType.UINT8);
    peerF32 = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        shape, peer.org.tensorflow.lite.DataType.FLOAT32);
    peerU8 = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        shape, peer.org.tensorflow.lite.DataType.UINT8);
  }

  @Benchmark
  public float getFloatValue_ours() {
    return oursF32.getFloatValue(index);
  }

  @Benchmark
  public float getFloatValue_peer() {
    return peerF32.getFloatValue(index);
  }

  @Benchmark
  public int getIntValueUint8_ours() {
    return oursU8.getIntValue(index);
  }

  @Benchmark
  public int getIntValueUint8_peer() {
    return peerU8.getIntValue(index);
  }

  @Benchmark
  public int getFlatSize_ours() {
    return oursF32.getFlatSize();
  }

  @Benchmark
  public int getFlatSize_peer() {
    return peerF32.getFlatSize();
  }

  @Benchmark
  public int[] getShape_ours() {
    return oursF32.getShape();
  }

  @Benchmark
  public int[] getShape_peer() {
    return peerF32.getShape();
  }
}
