package dev.tensorbridge.jmh;

import dev.tensorbridge.common.ops.ToChannelsFirstOp;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A 224 x 224 x 3 FLOAT32 model input placed channels first ([1, 3, 224, 224], what ONNX models
 * take), into reused buffers as a runtime's input loop does: alone ({@code channelsFirst_into},
 * against {@code copy_into}, a bulk copy of the same 602,112 bytes between direct buffers), and
 * fused after a per-channel normalize ({@code normalizeChannelsFirst_into}, against {@code
 * normalize_into}, the normalize alone). Upstream has no channels-first op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ChannelsFirstBench {
  private static final int[] HWC = {224, 224, 3};
  private static final int[] PLANES = {1, 3, 224, 224};

  TensorBuffer input;
  TensorBuffer interleavedOut;
  TensorBuffer planesOut;
  ToChannelsFirstOp channelsFirst;
  NormalizeOp normalize;
  TensorProcessor normalizeThenPlanes;
  ByteBuffer copySource;
  ByteBuffer copyTarget;

  @Setup
  public void setUp() {
    input = TensorBuffer.createFixedSize(HWC, DataType.FLOAT32);
    float[] values = new float[224 * 224 * 3];
    for (int i = 0; i < values.length; i++) {
      values[i] = (i * 37) % 256;
    }
    input.loadArray(values);
    interleavedOut = TensorBuffer.createFixedSize(HWC, DataType.FLOAT32);
    planesOut = TensorBuffer.createFixedSize(PLANES, DataType.FLOAT32);
    channelsFirst = new ToChannelsFirstOp();
    normalize =
        new NormalizeOp(new float[] {123.675f, 116.28f, 103.53f}, new float[] {58.395f, 57.12f, 57.375f});
    normalizeThenPlanes = new TensorProcessor.Builder().add(normalize).add(channelsFirst).build();
    copySource = input.getBuffer().duplicate();
    copyTarget = ByteBuffer.allocateDirect(copySource.capacity());
  }

  @Benchmark
  public TensorBuffer channelsFirst_into() {
    return channelsFirst.apply(input, planesOut);
  }

  @Benchmark
  public TensorBuffer channelsFirst_alloc() {
    return channelsFirst.apply(input);
  }

  @Benchmark
  public ByteBuffer copy_into() {
    copySource.clear();
    copyTarget.clear();
    return copyTarget.put(copySource);
  }

  @Benchmark
  public TensorBuffer normalize_into() {
    return normalize.apply(input, interleavedOut);
  }

  @Benchmark
  public TensorBuffer normalizeChannelsFirst_into() {
    return normalizeThenPlanes.process(input, planesOut);
  }
}
