package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.internal.Diagnostics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.tensorflow.EagerSession;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.Session;
import org.tensorflow.Shape;
import org.tensorflow.Tensor;
import org.tensorflow.Tensors;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;

/**
 * Closing a session or graph while 8 other threads use it, through the public API only: every
 * call either completes with the right result or fails with one of the documented exceptions; no
 * crash, no hang, no other exception; a call started after {@code close()} returned always fails;
 * and no native handle is left behind.
 */
class CloseUnderUseTest {
  private static final int THREADS = 8;
  private static final int ROUNDS = 40;

  /** x[a][b][c] = 12a + 4b + c, shape 2x3x4. */
  private static final float[][][] X = new float[2][3][4];
  /** x[:, 1:3, ::2], written out by hand. */
  private static final float[][][] SLICED = {
    {{4, 6}, {8, 10}},
    {{16, 18}, {20, 22}},
  };

  static {
    for (int a = 0; a < 2; a++) {
      for (int b = 0; b < 3; b++) {
        for (int c = 0; c < 4; c++) {
          X[a][b][c] = 12 * a + 4 * b + c;
        }
      }
    }
  }

  private final AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
  private final AtomicLong succeeded = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();

  private static boolean documentedEager(RuntimeException e) {
    String m = e.getMessage();
    return (e.getClass() == NullPointerException.class && "close() was called on the Tensor".equals(m))
        || (e.getClass() == IllegalStateException.class
            && ("Eager session has been closed".equals(m)
                || "EagerSession has been closed".equals(m)
                || "Tensor handle has been deleted".equals(m)
                || "Operation has already been built".equals(m)));
  }

  private static boolean documentedGraph(RuntimeException e) {
    String m = e.getMessage();
    return e.getClass() == IllegalStateException.class
        && ("run() cannot be called on the Session after close()".equals(m)
            || "close() has been called on the Graph".equals(m));
  }

  private static long settledLiveHandles() throws InterruptedException {
    long live = Diagnostics.liveNativeHandles();
    for (int i = 0; i < 50; i++) {
      System.gc();
      Thread.sleep(10);
      // Any adoption drains the safety net's queue.
      Tensors.create(0).close();
      long now = Diagnostics.liveNativeHandles();
      if (now == live) {
        return now;
      }
      live = now;
    }
    return live;
  }

  private static void checkSliced(Tensor<?> t) {
    assertEquals(
        Arrays.deepToString(SLICED), Arrays.deepToString(t.copyTo(new float[2][2][2])), "slice values");
  }

  /** One StridedSlice x[:, 1:3, ::2] in {@code tf}, of {@code x} (which may be another session's). */
  private static Output<Float> slice(Ops tf, Operand<Float> x) {
    return tf.stridedSlice(
            x,
            tf.constant(new int[] {0, 1, 0}),
            tf.constant(new int[] {2, 3, 4}),
            tf.constant(new int[] {1, 1, 2}))
        .asOutput();
  }

  /** Runs {@code body} on 8 threads until {@code done} reports true; returns the threads. */
  private List<Thread> start(int round, CountDownLatch go, Worker body) {
    List<Thread> threads = new ArrayList<Thread>();
    for (int i = 0; i < THREADS; i++) {
      final Random r = new Random(round * 131L + i);
      Thread thread =
          new Thread(
              () -> {
                try {
                  go.await();
                  while (failure.get() == null && body.step(r)) {
                    // until the worker has seen the close
                  }
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              },
              "close-under-use-" + round + "-" + i);
      threads.add(thread);
      thread.start();
    }
    return threads;
  }

  private void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join(20_000);
      assertFalse(t.isAlive(), "a worker hangs: " + t.getName());
    }
    if (failure.get() != null) {
      throw new AssertionError("failure under a concurrent close", failure.get());
    }
  }

  private interface Worker {
    /** One call; false once the worker has seen enough refusals to stop. */
    boolean step(Random r) throws Exception;
  }

  @Test
  @Timeout(120)
  void eightThreadsBuildOpsOnOneEagerSessionWhileAnotherThreadClosesIt() throws Exception {
    long before = settledLiveHandles();
    for (int round = 0; round < ROUNDS; round++) {
      final EagerSession shared = EagerSession.create();
      final EagerSession other = EagerSession.create();
      final Ops tf = Ops.create(shared);
      // An input from another session: each op then uses two sessions at once.
      final Operand<Float> foreignX = Ops.create(other).constant(X);
      final Output<Float> early = slice(tf, tf.constant(X));
      final boolean closeOtherToo = round % 3 == 0;
      final AtomicInteger closed = new AtomicInteger(); // 1 once shared.close() has returned
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> workers =
          start(
              round,
              go,
              r -> {
                boolean startedAfterClose = closed.get() == 1;
                try {
                  switch (r.nextInt(4)) {
                    case 0:
                      checkSliced(slice(tf, tf.constant(X)).tensor());
                      break;
                    case 1:
                      checkSliced(slice(tf, foreignX).tensor());
                      break;
                    case 2:
                      // An output made before the race: metadata, then its value.
                      assertEquals("[2, 2, 2]", early.shape().toString());
                      checkSliced(early.tensor());
                      break;
                    default:
                      {
                        // A tensor attribute shared into the session, closed right after.
                        try (Tensor<Float> t = Tensors.create(X)) {
                          checkSliced(slice(tf, tf.constant(t.copyTo(new float[2][3][4]))).tensor());
                        }
                      }
                  }
                  if (startedAfterClose) {
                    throw new AssertionError("an op started after close() returned succeeded");
                  }
                  succeeded.incrementAndGet();
                  return true;
                } catch (RuntimeException e) {
                  if (!documentedEager(e)) {
                    throw e;
                  }
                  refused.incrementAndGet();
                  return !startedAfterClose; // one refusal seen after close: done
                }
              });
      go.countDown();
      Random r = new Random(round);
      Thread.sleep(r.nextInt(4));
      if (closeOtherToo) {
        Thread otherCloser = new Thread(other::close);
        otherCloser.start();
        shared.close();
        otherCloser.join(20_000);
        assertFalse(otherCloser.isAlive(), "closing the other session hangs");
      } else {
        shared.close();
      }
      closed.set(1);
      joinAll(workers);
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> tf.constant(1));
      assertEquals("Eager session has been closed", e.getMessage());
      other.close();
    }
    assertTrue(succeeded.get() > 0, "some ops ran before the closes: " + succeeded.get());
    assertTrue(refused.get() >= ROUNDS * THREADS, "each worker saw its session closed");
    assertEquals(before, settledLiveHandles(), "every native handle was released");
  }

  @Test
  @Timeout(120)
  void eightThreadsRunAndExtendAGraphWhileAnotherThreadClosesSessionAndGraph() throws Exception {
    long before = settledLiveHandles();
    for (int round = 0; round < ROUNDS / 2; round++) {
      final Graph g = new Graph();
      final Ops tf = Ops.create(g);
      final Placeholder<Float> x = tf.placeholder(Float.class, Placeholder.shape(Shape.make(2, 3, 4)));
      final Output<Float> y = slice(tf, x);
      final Session s = new Session(g);
      final AtomicInteger closed = new AtomicInteger(); // 1 once g.close() has returned
      final AtomicInteger names = new AtomicInteger();
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> workers =
          start(
              round,
              go,
              r -> {
                boolean startedAfterClose = closed.get() == 1;
                try {
                  switch (r.nextInt(4)) {
                    case 0:
                      try (Tensor<Float> in = Tensors.create(X);
                          Tensor<?> out = s.runner().feed(x.asOutput(), in).fetch(y).run().get(0)) {
                        checkSliced(out);
                      }
                      break;
                    case 1:
                      // A session of the worker's own: the graph's close waits for it.
                      try (Session mine = new Session(g);
                          Tensor<Float> in = Tensors.create(X);
                          Tensor<?> out = mine.runner().feed(x.asOutput(), in).fetch(y).run().get(0)) {
                        checkSliced(out);
                      }
                      break;
                    case 2:
                      assertEquals("StridedSlice", g.operation(y.op().name()).type());
                      assertTrue(g.toGraphDef().length > 0);
                      break;
                    default:
                      g.opBuilder("NoOp", "extra" + names.incrementAndGet()).build();
                  }
                  if (startedAfterClose) {
                    throw new AssertionError("a call started after the graph's close() succeeded");
                  }
                  succeeded.incrementAndGet();
                  return true;
                } catch (RuntimeException e) {
                  if (!documentedGraph(e)) {
                    throw e;
                  }
                  refused.incrementAndGet();
                  return !startedAfterClose;
                }
              });
      go.countDown();
      Random r = new Random(round);
      Thread.sleep(r.nextInt(4));
      if (round % 2 == 0) {
        s.close();
        g.close();
      } else {
        // The graph's close first, on its own thread: it must wait for the session's.
        Thread graphCloser = new Thread(g::close);
        graphCloser.start();
        Thread.sleep(20);
        assertTrue(graphCloser.isAlive(), "Graph.close() returned while a session was open");
        s.close();
        graphCloser.join(20_000);
        assertFalse(graphCloser.isAlive(), "Graph.close() hangs after its sessions closed");
      }
      closed.set(1);
      joinAll(workers);
      IllegalStateException e = assertThrows(IllegalStateException.class, g::toGraphDef);
      assertEquals("close() has been called on the Graph", e.getMessage());
    }
    assertTrue(succeeded.get() > 0, "some calls ran before the closes: " + succeeded.get());
    assertEquals(before, settledLiveHandles(), "every native handle was released");
  }

  private static Tensor<Integer> filled(int value, int n) {
    int[] a = new int[n];
    Arrays.fill(a, value);
    return Tensors.create(a);
  }

  /**
   * {@code copyFrom} replaces a tensor's value while other threads read it, then the tensor is
   * closed under them: every read sees one whole written value (never freed or reused memory),
   * and the only failure is the documented one for a closed tensor.
   */
  @Test
  @Timeout(120)
  void copyFromAndCloseUnderConcurrentReadsOfOneTensor() throws Exception {
    final int n = 1 << 16; // 256 KiB: freed memory would be handed out again at once
    long before = settledLiveHandles();
    for (int round = 0; round < ROUNDS / 4; round++) {
      final Tensor<Integer> shared = filled(7, n);
      final AtomicInteger closed = new AtomicInteger();
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> workers =
          start(
              round,
              go,
              r -> {
                boolean startedAfterClose = closed.get() == 1;
                try {
                  if (r.nextInt(4) == 0) {
                    // The replaced value was the tensor's alone: the copy leaves it unowned.
                    try (Tensor<Integer> fresh = filled(7 * (2 + r.nextInt(100)), n)) {
                      assertTrue(shared.copyFrom(fresh, new long[] {n}));
                    }
                  } else {
                    int[] values;
                    if (r.nextBoolean()) {
                      values = shared.copyTo(new int[n]);
                    } else {
                      java.nio.IntBuffer b = java.nio.IntBuffer.allocate(n);
                      shared.writeTo(b);
                      values = b.array();
                    }
                    assertTrue(values[0] > 0 && values[0] % 7 == 0, "a written value: " + values[0]);
                    for (int v : values) {
                      if (v != values[0]) {
                        throw new AssertionError("a read saw two values: " + values[0] + ", " + v);
                      }
                    }
                  }
                  if (startedAfterClose) {
                    throw new AssertionError("a call started after close() returned succeeded");
                  }
                  succeeded.incrementAndGet();
                  return true;
                } catch (NullPointerException e) {
                  if (!"close() was called on the Tensor".equals(e.getMessage())) {
                    throw e;
                  }
                  refused.incrementAndGet();
                  return !startedAfterClose;
                }
              });
      go.countDown();
      Thread.sleep(100 + new Random(round).nextInt(200));
      shared.close();
      closed.set(1);
      joinAll(workers);
    }
    assertTrue(succeeded.get() > 0);
    assertEquals(before, settledLiveHandles(), "every native handle was released");
  }
}
