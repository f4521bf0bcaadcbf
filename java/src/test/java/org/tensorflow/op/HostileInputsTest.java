package org.tensorflow.op;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.Tensor;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * Inputs that must never crash the JVM (strided_slice.md §12, §14; java_api.md §2.2): each gives
 * the documented exception, and the session stays usable.
 */
class HostileInputsTest {
  private EagerSession session;
  private Scope scope;
  private Constant<Integer> x;
  private Constant<Integer> zero;
  private Constant<Integer> one;

  @BeforeEach
  void open() {
    session = EagerSession.create();
    scope = new Scope(session);
    x = Constant.create(scope, new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
    zero = Constant.create(scope, new int[] {0});
    one = Constant.create(scope, new int[] {1});
  }

  @AfterEach
  void close() {
    session.close();
  }

  private int[] values(Operand<Integer> op) {
    Tensor<Integer> t = op.asOutput().tensor();
    IntBuffer out = IntBuffer.allocate(t.numElements());
    t.writeTo(out);
    return out.array();
  }

  @Test
  void nullOperandsAndScopes() {
    assertThrows(NullPointerException.class, () -> StridedSlice.create(scope, null, zero, one, one));
    assertThrows(NullPointerException.class, () -> StridedSlice.create(scope, x, null, one, one));
    assertThrows(NullPointerException.class, () -> StridedSlice.create(scope, x, zero, null, one));
    assertThrows(NullPointerException.class, () -> StridedSlice.create(scope, x, zero, one, null));
    assertThrows(NullPointerException.class, () -> StridedSlice.create(null, x, zero, one, one));
    assertThrows(NullPointerException.class, () -> Constant.create(scope, (int[]) null));
    assertThrows(NullPointerException.class, () -> Constant.create(scope, (Tensor<Integer>) null));
    assertThrows(NullPointerException.class, () -> session.opBuilder("Const", "c").addInput(null));
    // Failed creates consumed names, and the session still works.
    assertArrayEquals(new int[] {0, 1, 2, 3}, values(StridedSlice.create(scope, x, zero, one, one,
        StridedSlice.shrinkAxisMask(1L))));
  }

  @Test
  void closedTensorsAndSessions() {
    Tensor<Integer> t = Tensor.create(new long[] {1}, IntBuffer.wrap(new int[] {1}));
    t.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Constant.create(scope, t));
    assertEquals("close() has been called on the Tensor", e.getMessage());
    EagerSession other = EagerSession.create();
    Constant<Integer> c = Constant.create(new Scope(other), new int[] {1, 2, 3});
    other.close();
    e = assertThrows(IllegalStateException.class, () -> StridedSlice.create(scope, c, zero, one, one));
    assertEquals("Tensor handle has been deleted", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> StridedSlice.create(scope, x, c, one, one));
    assertEquals("Tensor handle has been deleted", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> StridedSlice.create(new Scope(other), x, zero, one, one));
    assertEquals("Eager session has been closed", e.getMessage());
  }

  @Test
  void hugeAndNegativeMasks() {
    long[] bad = {Long.MAX_VALUE, Long.MIN_VALUE, 1L << 31, -(1L << 31) - 1, 1L << 32};
    for (long m : bad) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> StridedSlice.create(scope, x, zero, one, one, StridedSlice.newAxisMask(m)));
      assertEquals("Attr new_axis_mask has value " + m + " out of range for an int32", e.getMessage());
    }
    // -1 sets every ellipsis bit: multiple ellipses.
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StridedSlice.create(scope, x, zero, one, one, StridedSlice.ellipsisMask(-1L)));
    assertEquals("Multiple ellipses in slice spec not allowed", e.getMessage());
    // Bit 31 alone is legal and has no effect (quirk 7); all bits of the other masks beyond the
    // entry count are ignored.
    assertArrayEquals(
        new int[] {0, 1, 2, 3},
        values(StridedSlice.create(scope, x, zero, one, one,
            StridedSlice.ellipsisMask((long) Integer.MIN_VALUE).beginMask(-2L).endMask(-2L)
                .newAxisMask(-2L).shrinkAxisMask(Integer.MAX_VALUE - 1L))));
  }

  @Test
  void extremeIndexValuesAreClampedOrRejected() {
    Constant<Long> big = Constant.create(scope, new long[] {Long.MAX_VALUE});
    Constant<Long> small = Constant.create(scope, new long[] {Long.MIN_VALUE});
    Constant<Long> step = Constant.create(scope, new long[] {Long.MIN_VALUE});
    Constant<Long> oneL = Constant.create(scope, new long[] {1});
    assertArrayEquals(
        new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
        values(StridedSlice.create(scope, x, small, big, oneL)));
    assertArrayEquals(
        new int[] {8, 9, 10, 11},
        values(StridedSlice.create(scope, x, big, small, step)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StridedSlice.create(scope, x, small, big, oneL, StridedSlice.shrinkAxisMask(1L)));
    assertTrue(e.getMessage().endsWith("of dimension 0 out of bounds."), e.getMessage());
  }

  @Test
  void badIndexShapes() {
    Constant<Integer> matrix = Constant.create(scope, new int[][] {{0}});
    Constant<Integer> scalar = Constant.create(scope, 0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StridedSlice.create(scope, x, matrix, one, one));
    assertEquals(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [1,1], [1], and"
            + " [1] instead.",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> StridedSlice.create(scope, x, scalar, scalar, scalar));
    assertEquals(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [], [], and []"
            + " instead.",
        e.getMessage());
    int[] many = new int[100_000];
    Constant<Integer> long1 = Constant.create(scope, many);
    e = assertThrows(IllegalArgumentException.class, () -> StridedSlice.create(scope, x, long1, long1, long1));
    assertTrue(e.getMessage().startsWith("Expected begin, end, and strides"), e.getMessage());
    Constant<Integer> empty = Constant.create(scope, new long[] {0}, IntBuffer.allocate(0));
    assertArrayEquals(new long[] {3, 4},
        StridedSlice.create(scope, x, empty, empty, empty).asOutput().tensor().shape());
  }

  @Test
  void concurrentOpsWhileTheSessionClosesNeverCrash() throws Exception {
    final EagerSession s = EagerSession.create();
    final Scope shared = new Scope(s);
    final Constant<Integer> in = Constant.create(shared, new int[][] {{1, 2}, {3, 4}});
    final Constant<Integer> b = Constant.create(shared, new int[] {0});
    final Constant<Integer> e = Constant.create(shared, new int[] {1});
    final AtomicReference<Throwable> unexpected = new AtomicReference<Throwable>();
    List<Thread> threads = new ArrayList<Thread>();
    for (int i = 0; i < 4; i++) {
      Thread t =
          new Thread(
              new Runnable() {
                @Override
                public void run() {
                  for (int j = 0; j < 2000; j++) {
                    try {
                      Scope own = new Scope(s);
                      StridedSlice<Integer> op = StridedSlice.create(own, in, b, e, e);
                      op.output().tensor().shape();
                    } catch (IllegalStateException expected) {
                      // closed session, deleted handle or closed tensor: all documented
                    } catch (NullPointerException expected) {
                      // a tensor closed by the session before use
                    } catch (Throwable other) {
                      unexpected.compareAndSet(null, other);
                    }
                  }
                }
              });
      threads.add(t);
      t.start();
    }
    Thread.sleep(20);
    s.close();
    for (Thread t : threads) {
      t.join();
    }
    if (unexpected.get() != null) {
      fail(unexpected.get());
    }
  }
}
