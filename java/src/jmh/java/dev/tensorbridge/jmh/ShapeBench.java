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

  int index = 2;
  int takeCount = 2;
  int begin = 1;
  int end = 3;

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

  /** ndarray 0.3.3 has no {@code get}; its {@code size(int)} is the same accessor */
  @Benchmark
  public long get_ours() {
    return ours.get(index);
  }

  @Benchmark
  public long get_peer() {
    return upstream.size(index);
  }

  @Benchmark
  public int numDimensions_ours() {
    return ours.numDimensions();
  }

  @Benchmark
  public int numDimensions_peer() {
    return upstream.numDimensions();
  }

  @Benchmark
  public long[] asArray_ours() {
    return ours.asArray();
  }

  @Benchmark
  public long[] asArray_peer() {
    return upstream.asArray();
  }

  @Benchmark
  public boolean isUnknown_ours() {
    return ours.isUnknown();
  }

  @Benchmark
  public boolean isUnknown_peer() {
    return upstream.isUnknown();
  }

  @Benchmark
  public boolean isScalar_ours() {
    return ours.isScalar();
  }

  @Benchmark
  public boolean isScalar_peer() {
    return upstream.isScalar();
  }

  @Benchmark
  public boolean hasUnknownDimension_ours() {
    return ours.hasUnknownDimension();
  }

  @Benchmark
  public boolean hasUnknownDimension_peer() {
    return upstream.hasUnknownDimension();
  }

  @Benchmark
  public String toString_ours() {
    return ours.toString();
  }

  @Benchmark
  public String toString_peer() {
    return upstream.toString();
  }

  @Benchmark
  public Shape head_ours() {
    return ours.head();
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape head_peer() {
    return upstream.head();
  }

  @Benchmark
  public Shape tail_ours() {
    return ours.tail();
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape tail_peer() {
    return upstream.tail();
  }

  @Benchmark
  public Shape takeLast_ours() {
    return ours.takeLast(takeCount);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape takeLast_peer() {
    return upstream.takeLast(takeCount);
  }

  @Benchmark
  public Shape subShape_ours() {
    return ours.subShape(begin, end);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape subShape_peer() {
    return upstream.subShape(begin, end);
  }

  @Benchmark
  public Shape prepend_ours() {
    return ours.prepend(d0);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape prepend_peer() {
    return upstream.prepend(d0);
  }

  @Benchmark
  public Shape appendShape_ours() {
    return ours.append(oursSame);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape appendShape_peer() {
    return upstream.append(upstreamSame);
  }

  @Benchmark
  public Shape prependShape_ours() {
    return ours.prepend(oursSame);
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape prependShape_peer() {
    return upstream.prepend(upstreamSame);
  }

  @Benchmark
  public boolean isCompatible_ours() {
    return Shape.isCompatible(d1, d2);
  }

  @Benchmark
  public boolean isCompatible_peer() {
    return peer.org.tensorflow.ndarray.Shape.isCompatible(d1, d2);
  }

  @Benchmark
  public Shape scalar_ours() {
    return Shape.scalar();
  }

  @Benchmark
  public peer.org.tensorflow.ndarray.Shape scalar_peer() {
    return peer.org.tensorflow.ndarray.Shape.scalar();
  }
}
