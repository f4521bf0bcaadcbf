package dev.tensorbridge.jmh;

import dev.tensorbridge.audio.LogMelSpectrogramOp;
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
 * The log-mel front end on 1 s of 16 kHz audio with YAMNet's settings (98 frames x 64 bands):
 * {@code LogMelSpectrogramOp.apply} ({@code *_ours}, input in a TensorBuffer, result in a new one)
 * next to {@link JvmLogMel} over JTransforms ({@code *_peer}, float[] in and out). The setup
 * checks that the two agree (within the contract's rule) so the rows compare the same work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LogMelBench {
  float[] samples;
  TensorBuffer input;
  LogMelSpectrogramOp ours;
  JvmLogMel peer;

  @Setup
  public void setUp() {
    samples = new float[16000];
    long z = 12345;
    for (int i = 0; i < samples.length; i++) {
      z = z * 6364136223846793005L + 1442695040888963407L;
      samples[i] = 0.3f * (float) Math.sin(i * 0.17) + ((z >>> 40) / (float) (1 << 24) - 0.5f) * 0.2f;
    }
    input = TensorBuffer.createFixedSize(new int[] {samples.length}, DataType.FLOAT32);
    input.loadArray(samples);
    ours = new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, 7500f, 0.001f);
    peer = new JvmLogMel(16000, 400, 160, 512, 64, 125f, 7500f, 0.001f);
    float[] a = ours.apply(input).getFloatArray();
    float[] b = peer.apply(samples);
    for (int i = 0; i < a.length; i++) {
      if (Math.abs(a[i] - b[i]) > 1e-3) {
        throw new AssertionError("peer disagrees at " + i + ": " + a[i] + " vs " + b[i]);
      }
    }
  }

  @Benchmark
  public TensorBuffer yamnet1s_ours() {
    return ours.apply(input);
  }

  @Benchmark
  public float[] yamnet1s_peer() {
    return peer.apply(samples);
  }
}
