package dev.tensorbridge.jmh.tfjava;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/**
 * The TensorFlow Java 1.1.0 eager peer of dev.tensorbridge.jmh.StridedSliceBench: the same workloads
 * written the same way ({@code *_peer} here, {@code *_ours} there), so the rows pair by name.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TfJavaStridedSliceBench {
  static final int H = 1080;
  static final int W = 1920;
  static final int C = 3;
  static final int BATCH = 16;

  EagerSession session;
  Ops tf;
  Constant<TFloat32> small;
  Constant<TInt32> begin;
  Constant<TInt32> end;
  Constant<TInt32> strides;
  TFloat32 image;
  ByteBuffer imageSrc;
  ByteBuffer imageDst;

  @Setup
  public void setUp() {
    session = EagerSession.create();
    tf = Ops.create(session);
    float[][][] s = new float[2][3][4];
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        for (int k = 0; k < 4; k++) {
          s[i][j][k] = i * 12 + j * 4 + k;
        }
      }
    }
    small = tf.constant(s);
    begin = tf.constant(new int[] {0, 1, 0});
    end = tf.constant(new int[] {2, 3, 4});
    strides = tf.constant(new int[] {1, 1, 2});
    float[] pixels = new float[H * W * C];
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] = i % 251;
    }
    image = TFloat32.tensorOf(Shape.of(H, W, C), DataBuffers.of(pixels, true, false));
    imageSrc = ByteBuffer.allocateDirect(H * W * C * 4);
    imageDst = ByteBuffer.allocateDirect(H * W * C * 4);
  }

  @TearDown
  public void tearDown() {
    session.close();
    image.close();
  }

  /**
   * {@value #BATCH} identical slices of the image in one session of their own, closed at the end: the
   * results (up to 25 MB of native memory each) must not wait for the garbage collector, and the
   * session's fixed cost (tens of milliseconds for TensorFlow Java, see sessionOverhead) is spread
   * over the batch. Measured per slice (@OperationsPerInvocation); the constant over the image
   * and the three 3-element index constants are built once per batch.
   */
  private long sliceImage(int[] b, int[] e, int[] s) {
    try (EagerSession own = EagerSession.create()) {
      Ops ops = Ops.create(own);
      Operand<TFloat32> in = ops.constantOf(image);
      Operand<TInt32> begin = ops.constant(b);
      Operand<TInt32> end = ops.constant(e);
      Operand<TInt32> strides = ops.constant(s);
      long acc = 0;
      for (int i = 0; i < BATCH; i++) {
        acc += ops.stridedSlice(in, begin, end, strides).asOutput().shape().numDimensions();
      }
      return acc;
    }
  }

  @Benchmark
  public StridedSlice<TFloat32> slice2x3x4_peer() {
    return tf.stridedSlice(small, begin, end, strides);
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long reverseLastAxis_peer() {
    return sliceImage(new int[] {0, 0, -1}, new int[] {H, W, -(C + 1)}, new int[] {1, 1, -1});
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long downsample2x_peer() {
    return sliceImage(new int[] {0, 0, 0}, new int[] {H, W, C}, new int[] {2, 2, 1});
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long centerCrop224_peer() {
    int top = (H - 224) / 2;
    int left = (W - 224) / 2;
    return sliceImage(
        new int[] {top, left, 0}, new int[] {top + 224, left + 224, C}, new int[] {1, 1, 1});
  }

  @Benchmark
  public long sessionOverhead_peer() {
    try (EagerSession own = EagerSession.create()) {
      Ops ops = Ops.create(own);
      ops.constantOf(image);
      ops.constant(new int[] {0, 0, 0});
      ops.constant(new int[] {H, W, C});
      return ops.constant(new int[] {1, 1, 1}).asOutput().shape().numDimensions();
    }
  }

  /** The same direct-buffer copy as the main run's memcpyImage, to compare the two processes. */
  @Benchmark
  public ByteBuffer memcpyImage() {
    imageSrc.clear();
    imageDst.clear();
    return imageDst.put(imageSrc);
  }
}
