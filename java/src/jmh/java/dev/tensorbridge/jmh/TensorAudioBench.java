package dev.tensorbridge.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.lite.support.audio.TensorAudio;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * TensorAudio: tensorbridge ({@code *_ours}) next to the relocated upstream 0.4.4 class ({@code
 * *_peer}). Workload: one second of mono PCM16 at 16 kHz loaded into a one-second ring (what an
 * audio classifier's input loop does per window), and the ring read out as a TensorBuffer.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TensorAudioBench {
  private static final int RATE = 16000;

  short[] second;
  TensorAudio ours;
  peer.org.tensorflow.lite.support.audio.TensorAudio theirs;

  @Setup
  public void setUp() {
    second = new short[RATE];
    for (int i = 0; i < RATE; i++) {
      second[i] = (short) (Math.sin(i * 0.05) * 20000);
    }
    ours = TensorAudio.create(TensorAudio.TensorAudioFormat.builder().setSampleRate(RATE).build(), RATE);
    theirs = peer.org.tensorflow.lite.support.audio.TensorAudio.create(
        peer.org.tensorflow.lite.support.audio.TensorAudio.TensorAudioFormat.builder()
            .setSampleRate(RATE).build(),
        RATE);
  }

  @Benchmark
  public TensorAudio loadShorts1s_ours() {
    ours.load(second);
    return ours;
  }

  @Benchmark
  public Object loadShorts1s_peer() {
    theirs.load(second);
    return theirs;
  }

  @Benchmark
  public TensorBuffer getTensorBuffer1s_ours() {
    return ours.getTensorBuffer();
  }

  @Benchmark
  public Object getTensorBuffer1s_peer() {
    return theirs.getTensorBuffer();
  }
}
