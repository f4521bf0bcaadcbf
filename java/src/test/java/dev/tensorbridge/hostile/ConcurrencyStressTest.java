package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.internal.HandleReaper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * 8 threads for a bounded time over shared {@code Tensor}s, {@code TensorBuffer}s and an
 * {@code EagerSession}: writers replace tensors (closing the old ones while readers may still
 * use them), reload buffers and rotate the session; readers copy, slice, convert and run
 * {@code StridedSlice}.
 *
 * <p>Invariants that hold whatever the interleaving: writers only ever write whole arrays of one
 * repeated value, always a positive multiple of 7 below {@link #LIMIT}. A tensor is immutable,
 * so every read of a tensor must be uniform and written; a fixed-size buffer may be read while it
 * is rewritten, so each element must be a written value (for the dynamic buffer also 0, its fresh
 * storage). A failure may only be one of the documented ones for a closed tensor or session.
 */
class ConcurrencyStressTest {
  private static final int THREADS = 8;
  private static final long RUN_NANOS = 6_000_000_000L;
  private static final int LIMIT = 7 * 250;
  private static final int SLOTS = 8;
  private static final int LENGTH = 600; // above the native thresholds of both layers

  private final AtomicReferenceArray<Tensor<Integer>> tensors = new AtomicReferenceArray<Tensor<Integer>>(SLOTS);
  private final TensorBuffer[] fixed = {
    TensorBuffer.createFixedSize(new int[] {LENGTH}, DataType.FLOAT32),
    TensorBuffer.createFixedSize(new int[] {LENGTH}, DataType.INT32),
    TensorBuffer.createFixedSize(new int[] {LENGTH}, DataType.INT16),
    TensorBuffer.createFixedSize(new int[] {LENGTH}, DataType.INT64),
  };
  private final TensorBuffer dynamic = TensorBuffer.createDynamic(DataType.FLOAT32);
  private final AtomicReference<EagerSession> session = new AtomicReference<EagerSession>();
  private final AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
  private final AtomicLong ops = new AtomicLong();
  private final AtomicLong documentedFailures = new AtomicLong();

  private static int written(Random r) {
    return 7 * (1 + r.nextInt(LIMIT / 7 - 1));
  }

  private static boolean isWritten(long v) {
    return v > 0 && v < LIMIT && v % 7 == 0;
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("corrupted data: " + what);
    }
  }

  private static void uniform(int[] values, String what) {
    check(values.length > 0 && isWritten(values[0]), what + " value " + (values.length > 0 ? values[0] : -1));
    for (int v : values) {
      check(v == values[0], what + " not uniform");
    }
  }

  private static Tensor<Integer> newTensor(int value, int length) {
    int[] data = new int[length];
    java.util.Arrays.fill(data, value);
    return Tensor.create(data, Integer.class);
  }

  /** The documented outcomes of racing with close(): anything else is a defect. */
  private boolean documented(RuntimeException e) {
    String m = e.getMessage();
    boolean ok =
        (e.getClass() == NullPointerException.class && "close() was called on the Tensor".equals(m))
            || (e.getClass() == IllegalStateException.class
                && ("close() has been called on the Tensor".equals(m)
                    || "Eager session has been closed".equals(m)
                    || "EagerSession has been closed".equals(m)
                    || "Tensor handle has been deleted".equals(m)
                    // setAttr on a builder whose session was closed (TF 1.15's freed-op message)
                    || "Operation has already been built".equals(m)));
    if (ok) {
      documentedFailures.incrementAndGet();
    }
    return ok;
  }

  private void readTensor(Random r) {
    Tensor<Integer> t = tensors.get(r.nextInt(SLOTS));
    int n = (int) t.shape()[0]; // metadata survives close
    switch (r.nextInt(7)) {
      case 0:
        uniform(t.copyTo(new int[n]), "copyTo");
        break;
      case 1: {
        IntBuffer b = IntBuffer.allocate(n);
        t.writeTo(b);
        uniform(b.array(), "writeTo");
        break;
      }
      case 2: {
        ByteBuffer data = t.tensorData(); // owns its memory: must stay readable after close
        Thread.yield();
        int[] v = new int[n];
        data.asIntBuffer().get(v);
        uniform(v, "tensorData");
        break;
      }
      case 3: {
        int k = 1 + r.nextInt(n - 1);
        try (Tensor<Integer> s = t.slice(0, k)) {
          uniform(s.copyTo(new int[k]), "slice");
        }
        break;
      }
      case 4: {
        try (Tensor<?> p = Tensor.fromProto(t.asProtoTensorContent())) {
          uniform(p.expect(Integer.class).copyTo(new int[n]), "proto round trip");
        }
        break;
      }
      case 5: {
        try (Tensor<Integer> s = t.subSlice(r.nextInt(n))) {
          check(isWritten(s.intValue()), "subSlice");
        }
        break;
      }
      default: {
        String summary = t.summarizeValue(3, false);
        String[] parts = summary.split(" ");
        check(isWritten(Long.parseLong(parts[0])), "summarizeValue " + summary);
      }
    }
  }

  private void eager(Random r) {
    EagerSession s = session.get();
    Scope scope = new Scope(s);
    Tensor<Integer> t = tensors.get(r.nextInt(SLOTS));
    Constant<Integer> x = Constant.create(scope, t);
    int n = (int) t.shape()[0];
    int b = r.nextInt(n);
    Constant<Integer> begin = Constant.create(scope, new int[] {b});
    Constant<Integer> end = Constant.create(scope, new int[] {n});
    Constant<Integer> step = Constant.create(scope, new int[] {1 + r.nextInt(3)});
    Tensor<Integer> out = StridedSlice.create(scope, x, begin, end, step).asOutput().tensor();
    IntBuffer values = IntBuffer.allocate(out.numElements());
    out.writeTo(values);
    uniform(values.array(), "StridedSlice");
  }

  private void readBuffer(Random r) {
    TensorBuffer tb = fixed[r.nextInt(fixed.length)];
    int[] ints;
    switch (r.nextInt(4)) {
      case 0:
        ints = tb.getIntArray();
        break;
      case 1: {
        float[] f = tb.getFloatArray();
        ints = new int[f.length];
        for (int i = 0; i < f.length; i++) {
          check(f[i] == (int) f[i], "float element " + f[i]);
          ints[i] = (int) f[i];
        }
        break;
      }
      case 2:
        ints = TensorBuffer.createFrom(tb, DataType.INT64).getIntArray();
        break;
      default:
        ints = new int[] {tb.getIntValue(r.nextInt(LENGTH)), (int) tb.getFloatValue(r.nextInt(LENGTH))};
    }
    check(ints.length == LENGTH || ints.length == 2, "length " + ints.length);
    for (int v : ints) {
      check(isWritten(v), tb.getDataType() + " element " + v);
    }
  }

  private void readDynamic() {
    try {
      float[] f = dynamic.getFloatArray();
      for (float v : f) {
        check(v == 0 || isWritten((long) v), "dynamic element " + v);
      }
    } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException
        | java.nio.BufferUnderflowException | java.nio.BufferOverflowException e) {
      // A dynamic buffer resized under a reader fails like upstream's unsynchronised class.
      documentedFailures.incrementAndGet();
    }
  }

  private void write(Random r, int thread) {
    int v = written(r);
    switch (r.nextInt(thread == 0 ? 5 : 4)) {
      case 0: {
        Tensor<Integer> old = tensors.getAndSet(r.nextInt(SLOTS), newTensor(v, 2 + r.nextInt(LENGTH)));
        old.close(); // readers may be using it right now
        break;
      }
      case 1: {
        float[] f = new float[LENGTH];
        java.util.Arrays.fill(f, v);
        fixed[r.nextInt(fixed.length)].loadArray(f);
        break;
      }
      case 2: {
        int[] a = new int[LENGTH];
        java.util.Arrays.fill(a, v);
        fixed[r.nextInt(fixed.length)].loadArray(a);
        break;
      }
      case 3: {
        int n = r.nextBoolean() ? 64 : 700;
        float[] f = new float[n];
        java.util.Arrays.fill(f, v);
        try {
          dynamic.loadArray(f, new int[] {n});
        } catch (IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException
            | java.nio.BufferOverflowException | java.nio.BufferUnderflowException e) {
          documentedFailures.incrementAndGet();
        }
        break;
      }
      default: {
        EagerSession old = session.getAndSet(EagerSession.create());
        old.close(); // ops may be running in it
      }
    }
  }

  @Test
  @Timeout(30)
  void eightThreadsRaceWithoutCrashOrCorruption() throws Exception {
    Random seed = new Random(2026);
    for (int i = 0; i < SLOTS; i++) {
      tensors.set(i, newTensor(written(seed), 2 + seed.nextInt(LENGTH)));
    }
    for (TensorBuffer tb : fixed) {
      int[] a = new int[LENGTH];
      java.util.Arrays.fill(a, written(seed));
      tb.loadArray(a);
    }
    session.set(EagerSession.create());
    long handlesBefore = HandleReaper.liveNativeHandles();
    CountDownLatch start = new CountDownLatch(1);
    long t0 = System.nanoTime();
    final long deadline = t0 + RUN_NANOS;
    List<Thread> threads = new ArrayList<Thread>();
    for (int i = 0; i < THREADS; i++) {
      final int id = i;
      Thread thread = new Thread(() -> {
        Random r = new Random(id * 7919L);
        try {
          start.await();
          while (System.nanoTime() < deadline && failure.get() == null) {
            try {
              int what = r.nextInt(10);
              if (id < 2 && what < 3) {
                write(r, id); // threads 0 and 1 also write (thread 0 also rotates the session)
              } else if (what < 4) {
                readTensor(r);
              } else if (what < 6) {
                eager(r);
              } else if (what < 9) {
                readBuffer(r);
              } else {
                readDynamic();
              }
              ops.incrementAndGet();
            } catch (RuntimeException e) {
              if (!documented(e)) {
                throw e;
              }
            }
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }, "stress-" + i);
      threads.add(thread);
      thread.start();
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    long wallMillis = (System.nanoTime() - t0) / 1_000_000;
    if (failure.get() != null) {
      throw new AssertionError("failure under races", failure.get());
    }
    session.get().close();
    for (int i = 0; i < SLOTS; i++) {
      tensors.get(i).close();
    }
    System.out.printf(
        "ConcurrencyStressTest: %d threads, %d ops in %d ms (%d documented closed/resized failures),"
            + " live native handles %d before, %d after%n",
        THREADS, ops.get(), wallMillis, documentedFailures.get(), handlesBefore, HandleReaper.liveNativeHandles());
    assertTrue(wallMillis <= 10_000, "bounded time: " + wallMillis + " ms");
    assertTrue(ops.get() > 10_000, "enough work was done: " + ops.get());
    // Still fully usable afterwards.
    try (Tensor<Integer> t = newTensor(14, 3)) {
      assertEquals(14, t.copyTo(new int[3])[2]);
    }
    ByteBuffer b = fixed[0].getBuffer();
    assertEquals(ByteOrder.nativeOrder(), b.order());
  }
}
