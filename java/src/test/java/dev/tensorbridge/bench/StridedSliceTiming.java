package dev.tensorbridge.bench;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.index.Indices;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * A first, informal measurement (not a test, not JMH): per-op time of a small eager slice from
 * Java, and the throughput of reversing the last axis of a 1080x1920x3 float tensor next to a
 * Java direct-buffer copy of the same bytes. Run with the test classpath, e.g.
 * {@code java -cp target/classes:target/test-classes dev.tensorbridge.bench.StridedSliceTiming}.
 */
public final class StridedSliceTiming {
  private StridedSliceTiming() {}

  public static void main(String[] args) {
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Float> small = tf.constant(new float[2][3][4]);
      Constant<Integer> b = tf.constant(new int[] {0, 1, 0});
      Constant<Integer> e = tf.constant(new int[] {2, 3, 4});
      Constant<Integer> s = tf.constant(new int[] {1, 1, 2});
      int warm = 20_000;
      int runs = 200_000;
      for (int i = 0; i < warm; i++) {
        tf.stridedSlice(small, b, e, s);
      }
      long t0 = System.nanoTime();
      for (int i = 0; i < runs; i++) {
        tf.stridedSlice(small, b, e, s);
      }
      long perOp = (System.nanoTime() - t0) / runs;
      System.out.println("2x3x4 slice x[0:2, 1:3, 0:4:2], begin/end/strides as constants: " + perOp + " ns/op");
      t0 = System.nanoTime();
      for (int i = 0; i < runs / 10; i++) {
        tf.stridedSlice(small, Indices.all(), Indices.slice(1, 3), Indices.step(2));
      }
      System.out.println(
          "same slice through the index helper (3 constants + op): "
              + (System.nanoTime() - t0) / (runs / 10) + " ns/op");
    }

    int n = 1080 * 1920 * 3;
    Tensor<Float> image = Tensor.create(new long[] {1080, 1920, 3}, FloatBuffer.allocate(n));
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Float> img = tf.constant(image);
      image.close();
      int reps = 30;
      for (int i = 0; i < 5; i++) {
        tf.stridedSlice(img, Indices.ellipsis(), Indices.flip());
      }
      long t0 = System.nanoTime();
      for (int i = 0; i < reps; i++) {
        tf.stridedSlice(img, Indices.ellipsis(), Indices.flip());
      }
      double ms = (System.nanoTime() - t0) / 1e6 / reps;
      double gbs = (n * 4.0) / (ms * 1e6);
      System.out.printf("reverse last axis of 1080x1920x3 float: %.2f ms (%.2f GB/s)%n", ms, gbs);
    }
    ByteBuffer src = ByteBuffer.allocateDirect(n * 4);
    ByteBuffer dst = ByteBuffer.allocateDirect(n * 4);
    for (int i = 0; i < 5; i++) {
      dst.clear();
      src.clear();
      dst.put(src);
    }
    long t0 = System.nanoTime();
    int reps = 30;
    for (int i = 0; i < reps; i++) {
      dst.clear();
      src.clear();
      dst.put(src);
    }
    double ms = (System.nanoTime() - t0) / 1e6 / reps;
    System.out.printf("memcpy of the same %d bytes (direct ByteBuffer.put): %.2f ms (%.2f GB/s)%n", n * 4, ms, (n * 4.0) / (ms * 1e6));
  }
}
