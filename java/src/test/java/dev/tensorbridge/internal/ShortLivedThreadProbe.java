package dev.tensorbridge.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.tensorflow.Tensor;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Run in a child JVM by {@link ShortLivedThreadLoadTest}: the native library is loaded by a thread
 * that then exits (so any thread-local state the library or its allocator set up on that thread
 * is torn down), and only afterwards do other, new threads allocate and free native memory.
 * Prints {@code ok} and exits 0 when every thread did its work; anything else is a failure.
 */
public final class ShortLivedThreadProbe {
  private ShortLivedThreadProbe() {}

  public static void main(String[] args) throws Exception {
    final AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
    final String[] loader = new String[1];
    Thread first =
        new Thread(
            new Runnable() {
              @Override
              public void run() {
                NativeLoader.ensureLoaded();
                loader[0] = Thread.currentThread().getName();
                work(failure, 0); // the first allocations happen on the exiting thread too
              }
            },
            "short-lived-loader");
    first.start();
    first.join();
    if (failure.get() != null || !"short-lived-loader".equals(loader[0])) {
      fail(failure.get(), "the loading thread did not finish its work");
    }
    System.out.println("loaded by: " + loader[0]);

    // Two rounds of fresh threads, each round after the previous one has exited.
    for (int round = 1; round <= 2; round++) {
      List<Thread> threads = new ArrayList<Thread>();
      for (int i = 0; i < 4; i++) {
        final int seed = round * 10 + i;
        Thread t =
            new Thread(
                new Runnable() {
                  @Override
                  public void run() {
                    work(failure, seed);
                  }
                },
                "worker-" + seed);
        threads.add(t);
        t.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      if (failure.get() != null) {
        fail(failure.get(), "a worker failed in round " + round);
      }
      System.gc(); // lets the safety net release anything unclosed, on yet another thread's turn
    }
    // Freed on the main thread what the workers left to the safety net.
    Tensor.create(new int[] {1}, Integer.class).close();
    System.out.println("ok");
  }

  /** Creates, slices and frees tensors and runs TensorBuffer conversions; checks the values. */
  static void work(AtomicReference<Throwable> failure, int seed) {
    try {
      for (int k = 0; k < 200; k++) {
        int[] values = new int[64];
        for (int i = 0; i < values.length; i++) {
          values[i] = seed * 1000 + k + i;
        }
        Tensor<Integer> t = Tensor.create(new long[] {8, 8}, java.nio.IntBuffer.wrap(values));
        Tensor<Integer> row = t.subSlice(3);
        Tensor<Integer> rows = t.slice(2, 4);
        t.close();
        int[] got = row.copyTo(new int[8]);
        check(got[5] == values[3 * 8 + 5], "subSlice value");
        check(rows.copyTo(new int[2][8])[1][7] == values[3 * 8 + 7], "slice value");
        check(rows.tensorData().getInt(4 * 9) == values[2 * 8 + 9], "tensorData value");
        row.close();
        rows.close();
      }
      float[] floats = new float[4096];
      for (int i = 0; i < floats.length; i++) {
        floats[i] = (i % 300) - 20.5f;
      }
      TensorBuffer uint8 = TensorBuffer.createFixedSize(new int[] {4096}, DataType.UINT8);
      uint8.loadArray(floats);
      int[] ints = uint8.getIntArray();
      check(ints[0] == 0 && ints[100] == 79 && ints[299] == 255, "UINT8 conversion");
      TensorBuffer f32 = TensorBuffer.createFrom(uint8, DataType.FLOAT32);
      check(f32.getFloatArray()[100] == 79f, "FLOAT32 conversion");
    } catch (Throwable e) {
      failure.compareAndSet(null, e);
    }
  }

  private static void check(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }

  private static void fail(Throwable cause, String message) {
    System.out.println("FAILED: " + message);
    if (cause != null) {
      cause.printStackTrace(System.out);
    }
    System.exit(2);
  }
}
