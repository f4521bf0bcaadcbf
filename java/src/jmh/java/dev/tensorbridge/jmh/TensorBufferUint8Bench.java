package dev.tensorbridge.jmh;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * UINT8 conversions of TFLite Support's {@code TensorBuffer} (float to byte saturation, byte to
 * float/int widening, {@code createFrom} in both directions): tensorbridge ({@code *_ours}) next to the
 * relocated upstream 0.4.4 class ({@code *_peer}). 150,528 = 224 x 224 x 3, one RGB model input;
 * 6,220,800 = 1080 x 1920 x 3, a full-HD frame; 1 and 1,000 elements show the fixed cost of a call.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TensorBufferUint8Bench {
  @Param({"1", "1000", "150528", "6220800"})
  int n;

  float[] data;
  float[] floatDst;
  int[] intDst;
  ByteBuffer floatBytesSrc;
  ByteBuffer floatBytesDst;
  TensorBuffer oursU8;
  TensorBuffer oursF32;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer peerU8;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer peerF32;

  @Setup
  public void setUp() {
    data = new float[n];
    floatDst = new float[n];
    intDst = new int[n];
    for (int i = 0; i < n; i++) {
      // Spans below 0 and above 255 so the clamps are exercised.
      data[i] = (i % 301) * 1.0f - 20.5f;
    }
    floatBytesSrc = ByteBuffer.allocateDirect(n * 4);
    floatBytesDst = ByteBuffer.allocateDirect(n * 4);
    int[] shape = {n};
    oursU8 = TensorBuffer.createFixedSize(shape, DataType.UINT8);
    oursU8.loadArray(data);
    oursF32 = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    oursF32.loadArray(data);
    peerU8 = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        shape, peer.org.tensorflow.lite.DataType.UINT8);
    peerU8.loadArray(data);
    peerF32 = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        shape, peer.org.tensorflow.lite.DataType.FLOAT32);
    peerF32.loadArray(data);
  }

  @Benchmark
  public TensorBuffer loadArrayFloat_ours() {
    oursU8.loadArray(data);
    return oursU8;
  }

  @Benchmark
  public Object loadArrayFloat_peer() {
    peerU8.loadArray(data);
    return peerU8;
  }

  @Benchmark
  public float[] getFloatArray_ours() {
    return oursU8.getFloatArray();
  }

  @Benchmark
  public float[] getFloatArray_peer() {
    return peerU8.getFloatArray();
  }

  /** tensorbridge extension (fill-in getter), no upstream peer: fills a caller's array, no allocation. */
  @Benchmark
  public float[] getFloatArrayInto_ours() {
    return oursU8.getFloatArray(floatDst);
  }

  /** tensorbridge extension (fill-in getter), no upstream peer: fills a caller's array, no allocation. */
  @Benchmark
  public int[] getIntArrayInto_ours() {
    return oursU8.getIntArray(intDst);
  }

  @Benchmark
  public int[] getIntArray_ours() {
    return oursU8.getIntArray();
  }

  @Benchmark
  public int[] getIntArray_peer() {
    return peerU8.getIntArray();
  }

  @Benchmark
  public TensorBuffer createFromF32ToU8_ours() {
    return TensorBuffer.createFrom(oursF32, DataType.UINT8);
  }

  @Benchmark
  public Object createFromF32ToU8_peer() {
    return peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFrom(
        peerF32, peer.org.tensorflow.lite.DataType.UINT8);
  }

  @Benchmark
  public TensorBuffer createFromU8ToF32_ours() {
    return TensorBuffer.createFrom(oursU8, DataType.FLOAT32);
  }

  @Benchmark
  public Object createFromU8ToF32_peer() {
    return peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFrom(
        peerU8, peer.org.tensorflow.lite.DataType.FLOAT32);
  }

  /**
   * Baseline, no peer: the allocation {@code getFloatArray()} / {@code getIntArray()} must make
   * (a new, zeroed 4n-byte array), to tell allocation from conversion.
   */
  @Benchmark
  public float[] allocFloatArray() {
    return new float[n];
  }

  /**
   * Baseline, no peer: a direct-to-direct copy of 4n bytes, the larger side of every UINT8 / FLOAT32
   * conversion above (the floor the conversions are compared with).
   */
  @Benchmark
  public ByteBuffer memcpy() {
    floatBytesSrc.clear();
    floatBytesDst.clear();
    return floatBytesDst.put(floatBytesSrc);
  }

  /** Baseline, no peer: the direct buffer a FLOAT32 {@code createFrom} result must allocate. */
  @Benchmark
  public ByteBuffer allocDirect() {
    return ByteBuffer.allocateDirect(n * 4).order(ByteOrder.nativeOrder());
  }
}
