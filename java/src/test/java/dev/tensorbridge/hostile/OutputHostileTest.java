package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Output;
import org.tensorflow.Tensor;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * {@link Output} (docs/contracts/eager.md#output), including its closed-session rules; also covers
 * the {@code Operand} interface ({@code asOutput()}).
 */
class OutputHostileTest {
  private static final Class<IllegalStateException> ISE = IllegalStateException.class;
  private static final String SESSION_CLOSED = "EagerSession has been closed";

  /** Output of a constant whose session is already closed; tensor() never called. */
  private static Output<Integer> orphan() {
    EagerSession s = EagerSession.create();
    Output<Integer> out = Constant.create(new Scope(s), new int[] {1, 2}).asOutput();
    s.close();
    return out;
  }

  @TestFactory
  List<DynamicTest> afterTheSessionCloses() {
    Cases c = new Cases();
    c.fails("tensor()", ISE, SESSION_CLOSED, () -> orphan().tensor());
    c.fails("shape()", ISE, SESSION_CLOSED, () -> orphan().shape());
    c.fails("dataType()", ISE, SESSION_CLOSED, () -> orphan().dataType());
    c.fails("toString()", ISE, SESSION_CLOSED, () -> orphan().toString());
    c.fails("as an op input", ISE, "Tensor handle has been deleted", () -> {
      try (EagerSession other = EagerSession.create()) {
        Scope scope = new Scope(other);
        Constant<Integer> idx = Constant.create(scope, new int[] {0});
        StridedSlice.create(scope, orphan(), idx, idx, idx);
      }
    });
    c.fails("tensor() seen before close: data access", NullPointerException.class, "close() was called on the Tensor", () -> {
      EagerSession s = EagerSession.create();
      Output<Integer> out = Constant.create(new Scope(s), new int[] {1, 2}).asOutput();
      Tensor<Integer> t = out.tensor();
      s.close();
      assertSame(t, out.tensor());
      assertEquals(DataType.INT32, out.dataType());
      assertEquals("[2]", out.shape().toString());
      assertEquals("<Const 'Const:0' shape=[2] dtype=INT32>", out.toString());
      out.tensor().copyTo(new int[2]);
    });
    c.succeeds("the caller closes tensor() early; the output stays usable as an input", () -> {
      try (EagerSession s = EagerSession.create()) {
        Scope scope = new Scope(s);
        Output<Integer> out = Constant.create(scope, new int[] {5, 6, 7}).asOutput();
        out.tensor().close();
        assertSame(out.tensor(), out.tensor());
        Constant<Integer> one = Constant.create(scope, new int[] {1});
        Constant<Integer> two = Constant.create(scope, new int[] {2});
        Tensor<Integer> r = StridedSlice.create(scope, out, one, two, one).asOutput().tensor();
        assertArrayEquals(new int[] {6}, r.copyTo(new int[1]));
      }
    });
    c.succeeds("equals and hashCode on foreign values", () -> {
      Output<Integer> out = orphan();
      assertFalse(out.equals(null));
      assertFalse(out.equals("Const:0"));
      assertEquals(out, out.op().output(0));
      assertEquals(out.hashCode(), out.op().output(0).hashCode());
    });
    c.fails("output(1) fails no later than its first use", IndexOutOfBoundsException.class, ANY_MESSAGE, () -> {
      try (EagerSession s = EagerSession.create()) {
        Output<Object> bad = Constant.create(new Scope(s), 1).op().output(1);
        bad.tensor();
      }
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> concurrentFirstCalls() {
    Cases c = new Cases();
    for (int round = 0; round < 3; round++) {
      c.succeeds("8 threads race on the first tensor() call, round " + round, () -> {
        try (EagerSession s = EagerSession.create()) {
          Output<Integer> out = Constant.create(new Scope(s), new int[] {3, 4}).asOutput();
          int n = 8;
          AtomicReferenceArray<Tensor<Integer>> seen = new AtomicReferenceArray<Tensor<Integer>>(n);
          CountDownLatch start = new CountDownLatch(1);
          List<Thread> threads = new ArrayList<Thread>();
          for (int i = 0; i < n; i++) {
            final int k = i;
            Thread t = new Thread(() -> {
              try {
                start.await();
              } catch (InterruptedException e) {
                return;
              }
              seen.set(k, out.tensor());
            });
            threads.add(t);
            t.start();
          }
          start.countDown();
          for (Thread t : threads) {
            t.join();
          }
          for (int i = 1; i < n; i++) {
            assertSame(seen.get(0), seen.get(i));
          }
          assertArrayEquals(new int[] {3, 4}, seen.get(0).copyTo(new int[2]));
        }
      });
    }
    return c.build();
  }
}
