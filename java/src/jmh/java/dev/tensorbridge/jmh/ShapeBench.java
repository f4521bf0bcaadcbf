package dev.tensorbridge.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.ndarray.Shape;

/**
 * {@code org.tensorflow.ndarray.Shape}: tensorbridge ({@code *_ours}) next to the relocated pure-Java
 * ndarray 0.3.3 class ({@code *_peer}, {@code peer.org.tensorflow.ndarray.Shape}) in the same JVM.
 * Dimensions are read from non-final fields so the JIT cannot fold the calls away.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ShapeBench {
  long d0 = 1;
  long d1 = 224;
  long d2 = 224;
  long d3 = 3;

  Shape ours;
  Shape oursSame;
  Shape oursUnknown;
  peer.org.tensorflow.ndarray.Shape upstream;
  peer.org.tensorflow.ndarray.Shape upstreamSame;
  peer.org.tensorflow.ndarray.Shape upstreamUnknown;

  @Setup
  public void setUp() {
    ours = Shape.of(d0, d1, d2, d3);
    oursSame = Shape.of(d0, d1, d2, d3);
    oursUnknown = Shape.of(-1, d1, -1, d3);
    upstream = peer.org.tensorflow.ndarray.Shape.of(d0, d1, d2, d3);
    upstreamSame = peer.org.tensorflow.ndarray.Shape.of(d0, d1, d2, d3);
    upstreamUnknown = peer.org.tensorflow.ndarray.Shape.of(-1, d1, -1, d3);
  }

  @Benchmark
  public Shape of_ours() {
    return Shape.of(d0, d1, d2, d3);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape of_peer() {
    return peer.org.tensorflow.ndarray.Shape.of(d0, d1, d2, d3);
  }

  @Benchmark
  public long size_ours() {
    return ours.size();
  }

  @Benchmark
  public long size_peer() {
    return upstream.size();
  }

  @Benchmark
  public Shape append_ours() {
    return ours.append(d3);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape append_peer() {
    return upstream.append(d3);
  }

  @Benchmark
  public Shape take_ours() {
    return ours.take(2);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape take_peer() {
    return upstream.take(2);
  }

  @Benchmark
  public boolean equals_ours() {
    return ours.equals(oursSame);
  }

  @Benchmark
  public boolean equals_peer() {
    return upstream.equals(upstreamSame);
  }

  @Benchmark
  public int hashCode_ours() {
    return ours.hashCode();
  }

  @Benchmark
  public int hashCode_peer() {
    return upstream.hashCode();
  }

  @Benchmark
  public boolean isCompatibleWith_ours() {
    return ours.isCompatibleWith(oursUnknown);
  }

  @Benchmark
  public boolean isCompatibleWith_peer() {
    return upstream.isCompatibleWith(upstreamUnknown);
  }
}
