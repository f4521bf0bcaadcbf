package org.tensorflow.op.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.IntBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.Tensor;
import org.tensorflow.op.Scope;

/** docs/contracts/strided_slice.md#the-java-op: class shape, options, check order and the
 * vectors of the TF 1.15 usage example. */
class StridedSliceTest {
  private EagerSession session;
  private Scope scope;
  private Constant<Integer> x;

  @BeforeEach
  void grid() {
    session = EagerSession.create();
    scope = new Scope(session);
    x = Constant.create(scope, new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
  }

  @AfterEach
  void close() {
    session.close();
  }

  /** Index vectors of INT32 or INT64. */
  private Operand<? extends Number> index(boolean int64, int... values) {
    if (!int64) {
      return Constant.create(scope, new long[] {values.length}, IntBuffer.wrap(values));
    }
    long[] longs = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      longs[i] = values[i];
    }
    return Constant.create(scope, new long[] {values.length}, java.nio.LongBuffer.wrap(longs));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Tensor<Integer> slice(
      boolean int64, int[] b, int[] e, int[] s, long bm, long em, long el, long na, long sh) {
    StridedSlice<Integer> op =
        StridedSlice.create(
            scope,
            x,
            (Operand) index(int64, b),
            (Operand) index(int64, e),
            (Operand) index(int64, s),
            StridedSlice.beginMask(bm)
                .endMask(em)
                .ellipsisMask(el)
                .newAxisMask(na)
                .shrinkAxisMask(sh));
    Tensor<Integer> t = op.output().tensor();
    assertEquals(DataType.INT32, t.dataType());
    return t;
  }

  private static int[] flat(Tensor<Integer> t) {
    IntBuffer out = IntBuffer.allocate(t.numElements());
    t.writeTo(out);
    return out.array();
  }

  private void expectValues(
      int[] b, int[] e, int[] s, long[] masks, long[] shape, int[] values) {
    for (boolean int64 : new boolean[] {false, true}) {
      Tensor<Integer> t = slice(int64, b, e, s, masks[0], masks[1], masks[2], masks[3], masks[4]);
      assertArrayEquals(shape, t.shape(), "int64=" + int64);
      assertArrayEquals(values, flat(t), "int64=" + int64);
    }
  }

  private void expectError(int[] b, int[] e, int[] s, long[] masks, String message) {
    for (boolean int64 : new boolean[] {false, true}) {
      IllegalArgumentException ex =
          assertThrows(
              IllegalArgumentException.class,
              () -> slice(int64, b, e, s, masks[0], masks[1], masks[2], masks[3], masks[4]));
      assertEquals(message, ex.getMessage(), "int64=" + int64);
    }
  }

  private static int[] v(int... values) {
    return values;
  }

  private static long[] m(long b, long e, long el, long na, long sh) {
    return new long[] {b, e, el, na, sh};
  }

  @Test
  void vectorsWithResults() {
    expectValues(v(1, 0), v(0, 0), v(1, -2), m(2, 3, 0, 0, 0), new long[] {2, 2}, v(7, 5, 11, 9));
    expectValues(v(-1), v(0), v(1), m(0, 0, 0, 0, 1), new long[] {4}, v(8, 9, 10, 11));
    expectValues(
        v(0, 0, 2), v(0, 0, 3), v(1, 1, 1), m(1, 1, 0, 2, 4), new long[] {3, 1}, v(2, 6, 10));
    expectValues(v(0, 1), v(0, 2), v(1, 1), m(0, 0, 1, 0, 2), new long[] {3}, v(1, 5, 9));
    expectValues(v(-1), v(0), v(1), m(0, 1, 0, 0, 0), new long[] {1, 4}, v(8, 9, 10, 11));
    expectValues(v(2), v(0), v(1), m(0, 0, 0, 0, 0), new long[] {0, 4}, v());
    expectValues(v(10), v(0), v(1), m(0, 1, 0, 0, 0), new long[] {0, 4}, v());
  }

  @Test
  void vectorsWithKernelErrors() {
    expectError(v(5), v(6), v(1), m(0, 0, 0, 0, 1), "slice index 5 of dimension 0 out of bounds.");
    expectError(v(-4), v(-3), v(1), m(0, 0, 0, 0, 1), "slice index -1 of dimension 0 out of bounds.");
    expectError(v(0), v(1), v(0), m(0, 0, 0, 0, 0), "strides[0] must be non-zero");
    expectError(
        v(0), v(1), v(-1), m(0, 0, 0, 0, 1), "only stride 1 allowed on non-range indexing.");
    expectError(
        v(0, 1, 2),
        v(1, 2, 3),
        v(1, 1, 1),
        m(0, 0, 0, 0, 7),
        "Index out of range using input dim 2; input has only 2 dims");
    expectError(v(0, 0), v(1, 1), v(1, 1), m(0, 0, 3, 0, 0), "Multiple ellipses in slice spec not allowed");
    expectError(
        v(0, 0),
        v(1),
        v(1, 1),
        m(0, 0, 0, 0, 0),
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [1],"
            + " and [2] instead.");
    expectError(
        v(0), v(1), v(1), m(1L << 32, 0, 0, 0, 0),
        "Attr begin_mask has value 4294967296 out of range for an int32");
  }

  @Test
  void scalarInputUsesTheTf221Wording() {
    Constant<Integer> scalar = Constant.create(scope, 7);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StridedSlice.create(
                    scope,
                    scalar,
                    Constant.create(scope, new int[] {0}),
                    Constant.create(scope, new int[] {1}),
                    Constant.create(scope, new int[] {1})));
    assertEquals("Attempting to slice scalar input.", e.getMessage());
  }

  @Test
  void laterOptionsOverrideEarlierOnesFieldByField() {
    int[] b = v(1, 1);
    int[] e = v(2, 3);
    int[] s = v(1, 1);
    // beginMask(1L), beginMask(2L) -> begin 2: dim 1 starts at 0 -> x[1:2, 0:3]
    assertArrayEquals(v(4, 5, 6), flat(run(b, e, s, StridedSlice.beginMask(1L), StridedSlice.beginMask(2L))));
    // beginMask(1L).endMask(3L): x[:, 1:] -> 3 x 3
    assertArrayEquals(
        v(1, 2, 3, 5, 6, 7, 9, 10, 11), flat(run(b, e, s, StridedSlice.beginMask(1L).endMask(3L))));
    // endMask(1L), endMask(0L) -> end 0: x[1:2, 1:3]
    assertArrayEquals(v(5, 6), flat(run(b, e, s, StridedSlice.endMask(1L), StridedSlice.endMask(0L))));
    // shrinkAxisMask(1L), shrinkAxisMask(null) -> shrink 1: x[1, 1:3]
    Tensor<Integer> t = run(b, e, s, StridedSlice.shrinkAxisMask(1L), StridedSlice.shrinkAxisMask(null));
    assertArrayEquals(new long[] {2}, t.shape());
    // none, and a null options array: all masks 0
    assertArrayEquals(v(5, 6), flat(run(b, e, s)));
    assertArrayEquals(v(5, 6), flat(run(b, e, s, (StridedSlice.Options[]) null)));
  }

  @Test
  void aNullOptionsElementThrowsNullPointerExceptionAsInTf1AfterReservingTheName() {
    assertThrows(
        NullPointerException.class,
        () -> run(v(0), v(1), v(1), StridedSlice.beginMask(1L), null, StridedSlice.endMask(2L)));
    // Const_1..Const_3 were made by run(); the failed op consumed "StridedSlice".
    StridedSlice<Integer> next =
        StridedSlice.create(
            scope,
            x,
            Constant.create(scope, new int[] {0}),
            Constant.create(scope, new int[] {1}),
            Constant.create(scope, new int[] {1}));
    assertEquals("StridedSlice_1", next.op().name());
  }

  private Tensor<Integer> run(int[] b, int[] e, int[] s, StridedSlice.Options... options) {
    return StridedSlice.create(
            scope,
            x,
            Constant.create(scope, b),
            Constant.create(scope, e),
            Constant.create(scope, s),
            options)
        .output()
        .tensor();
  }

  @Test
  void checkOrderTypesThenMaskRangeThenKernel() {
    Constant<Integer> b32 = Constant.create(scope, new int[] {0, 0});
    Constant<Long> e64 = Constant.create(scope, new long[] {1});
    Constant<Integer> s32 = Constant.create(scope, new int[] {1});
    // A type mismatch wins over an out-of-range mask and a length mismatch.
    assertMessage(
        "cannot compute StridedSlice as input #2(zero-based) was expected to be a int32 tensor but"
            + " is a int64 tensor",
        () -> rawSlice(b32, e64, s32, StridedSlice.endMask(1L << 40)));
    // The mask range wins over the kernel's length check.
    Constant<Integer> e32 = Constant.create(scope, new int[] {1});
    assertMessage(
        "Attr end_mask has value 1099511627776 out of range for an int32",
        () -> rawSlice(b32, e32, s32, StridedSlice.endMask(1L << 40)));
    // Masks are checked in the order begin, end, ellipsis, new_axis, shrink_axis.
    assertMessage(
        "Attr ellipsis_mask has value -2147483649 out of range for an int32",
        () ->
            rawSlice(
                b32,
                e32,
                s32,
                StridedSlice.shrinkAxisMask(1L << 31).ellipsisMask(-(1L << 31) - 1)));
    // Float indices compile (U extends Number) and fail with the kernel-spec message.
    Constant<Float> f = Constant.create(scope, new float[] {0f});
    assertMessage("begin must be either int16, int32 or int64", () -> StridedSlice.create(scope, x, f, f, f));
    Constant<Long> s64 = Constant.create(scope, new long[] {1});
    assertMessage(
        "cannot compute StridedSlice as input #3(zero-based) was expected to be a int32 tensor but"
            + " is a int64 tensor",
        () -> rawSlice(e32, e32, s64));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private void rawSlice(Operand b, Operand e, Operand s, StridedSlice.Options... options) {
    StridedSlice.create(scope, x, b, e, s, options);
  }

  private static void assertMessage(String message, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }

  @Test
  void rankNineGeneralPathIsUnsupportedOperation() {
    long[] shape = {2, 2, 2, 2, 2, 2, 2, 2, 2};
    Tensor<Float> zeros = Tensor.create(shape, java.nio.FloatBuffer.allocate(512));
    Constant<Float> big;
    try {
      big = Constant.create(scope, zeros);
    } finally {
      zeros.close();
    }
    int[] b = new int[9];
    int[] e = new int[9];
    int[] s = new int[9];
    java.util.Arrays.fill(s, 2);
    UnsupportedOperationException ex =
        assertThrows(
            UnsupportedOperationException.class,
            () ->
                StridedSlice.create(
                    scope,
                    big,
                    Constant.create(scope, b),
                    Constant.create(scope, e),
                    Constant.create(scope, s),
                    StridedSlice.beginMask(511L).endMask(511L)));
    assertEquals("Unhandled input dimensions 9", ex.getMessage());
  }

  @Test
  void outputAndAsOutputAreTheSameObject() {
    StridedSlice<Integer> op =
        StridedSlice.create(
            scope,
            x,
            Constant.create(scope, new int[] {0}),
            Constant.create(scope, new int[] {1}),
            Constant.create(scope, new int[] {1}));
    assertSame(op.output(), op.asOutput());
    assertEquals(0, op.output().index());
    assertSame(op.op(), op.output().op());
    assertEquals("StridedSlice", op.op().type());
  }

  @Test
  void classShapeIsExact() throws Exception {
    Class<?> c = StridedSlice.class;
    assertTrue(Modifier.isFinal(c.getModifiers()));
    assertEquals(0, c.getConstructors().length);
    Class<?> options = StridedSlice.Options.class;
    assertTrue(Modifier.isStatic(options.getModifiers()) && Modifier.isPublic(options.getModifiers()));
    assertEquals(0, options.getConstructors().length);
    for (String mask :
        new String[] {"beginMask", "endMask", "ellipsisMask", "newAxisMask", "shrinkAxisMask"}) {
      Method setter = options.getMethod(mask, Long.class);
      assertEquals(options, setter.getReturnType());
      Method factory = c.getMethod(mask, Long.class);
      assertTrue(Modifier.isStatic(factory.getModifiers()));
      assertEquals(options, factory.getReturnType());
    }
    Method create =
        c.getMethod(
            "create",
            Scope.class,
            Operand.class,
            Operand.class,
            Operand.class,
            Operand.class,
            StridedSlice.Options[].class);
    assertTrue(create.isVarArgs());
    assertEquals(2, create.getTypeParameters().length);
    assertEquals("U", create.getTypeParameters()[1].getName());
    assertEquals(Number.class, create.getTypeParameters()[1].getBounds()[0]);
  }
}
