package dev.tensorbridge.jmh;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * FLOAT32 bulk transfers of TFLite Support's {@code TensorBuffer}: tensorbridge ({@code *_ours}) next to
 * the relocated upstream 0.4.4 class ({@code *_peer}), plus {@code memcpy}: a direct-to-direct
 * {@code ByteBuffer.put} of the same {@code 4 * n} bytes, the floor for any copy.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TensorBufferFloatBench {
  @Param({"1", "1000", "150528", "6220800"})
  int n;

  float[] data;
  float[] dst;
  TensorBuffer ours;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer upstream;
  ByteBuffer memSrc;
  ByteBuffer memDst;

  @Setup
  public void setUp() {
    data = new float[n];
    dst = new float[n];
    for (int i = 0; i < n; i++) {
      data[i] = (i % 511) * 0.5f - 100f;
    }
    int[] shape = {n};
    ours = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    ours.loadArray(data);
    upstream = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        shape, peer.org.tensorflow.lite.DataType.FLOAT32);
    upstream.loadArray(data);
    memSrc = ByteBuffer.allocateDirect(n * 4);
    memDst = ByteBuffer.allocateDirect(n * 4);
  }

  @Benchmark
  public TensorBuffer loadArray_ours() {
    ours.loadArray(data);
    return ours;
  }

  @Benchmark
  public Object loadArray_peer() {
    upstream.loadArray(data);
    return upstream;
  }

  @Benchmark
  public float[] getFloatArray_ours() {
    return ours.getFloatArray();
  }

  @Benchmark
  public float[] getFloatArray_peer() {
    return upstream.getFloatArray();
  }

  /** tensorbridge extension (fill-in getter), no upstream peer: fills a caller's array, no allocation. */
  @Benchmark
  public float[] getFloatArrayInto_ours() {
    return ours.getFloatArray(dst);
  }

  @Benchmark
  public ByteBuffer memcpy() {
    memSrc.clear();
    memDst.clear();
    return memDst.put(memSrc);
  }
}
