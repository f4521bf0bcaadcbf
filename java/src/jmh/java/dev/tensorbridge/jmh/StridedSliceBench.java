package dev.tensorbridge.jmh;

import dev.tensorbridge.index.Indices;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
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
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * Eager {@code StridedSlice} from Java (tensorbridge only: the TensorFlow Java peer is not wired in
 * yet, see docs/benchmarks.md). Each call builds and runs one op; its result tensor is computed
 * natively inside {@code build()}. {@code memcpy} is a direct-to-direct {@code ByteBuffer.put} of the
 * 1080 x 1920 x 3 float image's bytes (24,883,200).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StridedSliceBench {
  static final int H = 1080;
  static final int W = 1920;
  static final int C = 3;
  static final int BATCH = 16;

  EagerSession session;
  Ops tf;
  Constant<Float> small;
  Constant<Integer> begin;
  Constant<Integer> end;
  Constant<Integer> strides;
  Tensor<Float> image;
  ByteBuffer imageSrc;
  ByteBuffer imageDst;
  ByteBuffer cropSrc;
  ByteBuffer cropDst;

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

    FloatBuffer pixels = FloatBuffer.allocate(H * W * C);
    for (int i = 0; i < H * W * C; i++) {
      pixels.put(i, i % 251);
    }
    image = Tensor.create(new long[] {H, W, C}, pixels);
    imageSrc = ByteBuffer.allocateDirect(H * W * C * 4);
    imageDst = ByteBuffer.allocateDirect(H * W * C * 4);
    cropSrc = ByteBuffer.allocateDirect(224 * 224 * C * 4);
    cropDst = ByteBuffer.allocateDirect(224 * 224 * C * 4);
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
      Operand<Float> in = ops.constant(image);
      Operand<Integer> begin = ops.constant(b);
      Operand<Integer> end = ops.constant(e);
      Operand<Integer> strides = ops.constant(s);
      long acc = 0;
      for (int i = 0; i < BATCH; i++) {
        acc += ops.stridedSlice(in, begin, end, strides).asOutput().shape().numDimensions();
      }
      return acc;
    }
  }

  @Benchmark
  public StridedSlice<Float> slice2x3x4_ours() {
    return tf.stridedSlice(small, begin, end, strides);
  }

  /** x[:, :, ::-1] of 1080x1920x3 float (begin -1, end -(C+1) on the last axis). */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long reverseLastAxis_ours() {
    return sliceImage(new int[] {0, 0, -1}, new int[] {H, W, -(C + 1)}, new int[] {1, 1, -1});
  }

  /** x[::2, ::2, :] of 1080x1920x3 float. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long downsample2x_ours() {
    return sliceImage(new int[] {0, 0, 0}, new int[] {H, W, C}, new int[] {2, 2, 1});
  }

  /** Center 224x224x3 crop of 1080x1920x3 float. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long centerCrop224_ours() {
    int top = (H - 224) / 2;
    int left = (W - 224) / 2;
    return sliceImage(
        new int[] {top, left, 0}, new int[] {top + 224, left + 224, C}, new int[] {1, 1, 1});
  }

  /** An empty session with the same four constants and no slice: the fixed cost inside the rows above. */
  @Benchmark
  public long sessionOverhead_ours() {
    try (EagerSession own = EagerSession.create()) {
      Ops ops = Ops.create(own);
      ops.constant(image);
      ops.constant(new int[] {0, 0, 0});
      ops.constant(new int[] {H, W, C});
      return ops.constant(new int[] {1, 1, 1}).asOutput().shape().numDimensions();
    }
  }

  /** Direct ByteBuffer copy of the full image's 24,883,200 bytes. */
  @Benchmark
  public ByteBuffer memcpyImage() {
    imageSrc.clear();
    imageDst.clear();
    return imageDst.put(imageSrc);
  }

  /**
   * The memory pattern of the image rows without the slice: {@value #BATCH} blocks of the image's
   * size are allocated with {@code malloc} (through {@code Unsafe.allocateMemory}, uninitialised,
   * as the op's outputs are), the image is copied into each, and all are freed at the end, as the
   * batch's session frees its results. The copy floor for {@code reverseLastAxis}, which writes the
   * same bytes into the same kind of memory.
   */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long memcpyImageFresh() {
    return FreshCopies.copyIntoFresh(imageSrc, BATCH);
  }

  /** As {@link #memcpyImageFresh} for the crop's 602,112 bytes. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long memcpyCropFresh() {
    return FreshCopies.copyIntoFresh(cropSrc, BATCH);
  }

  /** Direct ByteBuffer copy of the crop's 602,112 bytes. */
  @Benchmark
  public ByteBuffer memcpyCrop() {
    cropSrc.clear();
    cropDst.clear();
    return cropDst.put(cropSrc);
  }
}
