package dev.tensorbridge.soak;

import dev.tensorbridge.internal.Diagnostics;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.Tensors;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * Soak run (not a JUnit test): a long mix of operations over the whole surface, some of whose
 * results are closed and some left to the garbage collector, printing the process RSS and the
 * live native handle count every {@code interval} operations. Memory that grows with the number
 * of operations shows up as a steady RSS/handle climb.
 *
 * <p>Usage: {@code scripts/soak.sh [operations] [interval]} (defaults 1,000,000 and 100,000).
 * Each operation checks its result, so a wrong value stops the run with an exception.
 */
public final class Soak {
  private Soak() {}

  /** VmRSS from /proc/self/status in KiB, or -1 where there is no /proc. */
  static long rssKiB() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.US_ASCII)) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // fall through
    }
    return -1;
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("wrong result: " + what);
    }
  }

  private static EagerSession session = EagerSession.create();
  private static Scope scope = new Scope(session);
  private static final TensorBuffer FIXED = TensorBuffer.createFixedSize(new int[] {16, 16}, DataType.FLOAT32);
  private static final TensorBuffer DYNAMIC = TensorBuffer.createDynamic(DataType.UINT8);
  /** Sink for results left to the garbage collector (overwritten, so they become unreachable). */
  private static Object leftToGc;

  static void step(long i) {
    int v = (int) (i % 1000);
    switch ((int) (i % 10)) {
      case 0: { // create, read, close
        int[] data = new int[64];
        Arrays.fill(data, v);
        try (Tensor<Integer> t = Tensor.create(data, Integer.class)) {
          check(t.copyTo(new int[64])[63] == v, "copyTo");
        }
        break;
      }
      case 1: { // slices of a closed-early parent
        Tensor<Float> t = Tensor.create(new long[] {8, 8}, FloatBuffer.wrap(new float[64]));
        Tensor<Float> s = t.slice(2, 5);
        t.close();
        Tensor<Float> sub = s.subSlice(1);
        check(sub.numElements() == 8 && sub.copyTo(new float[8])[7] == 0f, "subSlice");
        sub.close();
        s.close();
        break;
      }
      case 2: { // StridedSlice in an EagerSession, rotated every 10,000 operations
        if (i % 10_000 == 2) {
          session.close();
          session = EagerSession.create();
          scope = new Scope(session);
        }
        Constant<Integer> x = Constant.create(scope, new int[][] {{v, 1, 2}, {3, 4, v}});
        StridedSlice<Integer> r = StridedSlice.create(scope, x, Constant.create(scope, new int[] {-1}),
            Constant.create(scope, new int[] {0}), Constant.create(scope, new int[] {1}),
            StridedSlice.shrinkAxisMask(1L));
        check(r.asOutput().tensor().copyTo(new int[3])[2] == v, "StridedSlice");
        break;
      }
      case 3: { // TensorBuffer load and read (native path: 256 elements)
        float[] f = new float[256];
        Arrays.fill(f, v + 0.5f);
        FIXED.loadArray(f);
        check(FIXED.getIntArray()[255] == v, "getIntArray");
        break;
      }
      case 4: { // createFrom conversions, left to GC
        TensorBuffer u8 = TensorBuffer.createFrom(FIXED, DataType.UINT8);
        check(u8.getIntValue(0) == Math.min(FIXED.getIntValue(0), 255), "createFrom");
        leftToGc = TensorBuffer.createFrom(u8, DataType.INT64);
        break;
      }
      case 5: { // dynamic buffer: alternating sizes and caller buffers
        int n = 10 + (int) (i % 3) * 300;
        ByteBuffer b = ByteBuffer.allocateDirect(n).order(ByteOrder.BIG_ENDIAN);
        b.put(n - 1, (byte) v);
        DYNAMIC.loadBuffer(b, new int[] {n});
        check(DYNAMIC.getIntArray()[n - 1] == (v & 0xff), "loadBuffer");
        DYNAMIC.loadArray(new int[n], new int[] {n});
        break;
      }
      case 6: { // a tensor never closed: the reference-queue safety net must free it
        leftToGc = Tensor.create(new long[] {32}, IntBuffer.allocate(32));
        break;
      }
      case 7: { // a data view that outlives its tensor
        Tensor<Integer> t = Tensor.create(new int[] {v, v + 1}, Integer.class);
        ByteBuffer data = t.tensorData();
        t.close();
        check(data.getInt(4) == v + 1, "tensorData after close");
        leftToGc = data;
        break;
      }
      case 8: { // proto round trip
        try (Tensor<Integer> t = Tensor.create(new int[] {v, -v}, Integer.class);
            Tensor<?> back = Tensor.fromProto(t.asProtoTensorContent())) {
          check(back.expect(Integer.class).copyTo(new int[2])[1] == -v, "fromProto");
        }
        break;
      }
      default: { // strings
        try (Tensor<String> t = Tensors.create("soak " + v)) {
          check(t.bytesValue().length == 5 + Integer.toString(v).length(), "string");
        }
      }
    }
  }

  public static void main(String[] args) {
    long total = args.length > 0 ? Long.parseLong(args[0].replace("_", "").replace(",", "")) : 1_000_000L;
    long interval = args.length > 1 ? Long.parseLong(args[1]) : 100_000L;
    long t0 = System.nanoTime();
    long firstRss = -1;
    long firstHandles = -1;
    long lastRss = -1;
    long lastHandles = -1;
    System.out.printf("%12s %12s %14s %10s%n", "operations", "VmRSS (KiB)", "live handles", "seconds");
    for (long i = 1; i <= total; i++) {
      step(i);
      if (i % interval == 0 || i == total) {
        lastRss = rssKiB();
        lastHandles = Diagnostics.liveNativeHandles();
        if (firstRss < 0) {
          firstRss = lastRss;
          firstHandles = lastHandles;
        }
        System.out.printf("%12d %12d %14d %10.1f%n", i, lastRss, lastHandles, (System.nanoTime() - t0) / 1e9);
      }
    }
    session.close();
    System.out.printf("growth first -> last report: VmRSS %+d KiB (%d -> %d), live handles %+d (%d -> %d)%n",
        lastRss - firstRss, firstRss, lastRss, lastHandles - firstHandles, firstHandles, lastHandles);
  }
}
