package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/** Session lifecycle, outputs, operations and eager builders (docs/contracts/eager.md). */
class EagerSessionTest {
  private static void assertThrowsMessage(
      Class<? extends Throwable> type, String message, Executable call) {
    Throwable e = assertThrows(type, call);
    assertEquals(message, e.getMessage());
  }

  private static StridedSlice<Integer> firstRow(Scope scope, Constant<Integer> x) {
    return StridedSlice.create(
        scope,
        x,
        Constant.create(scope, new int[] {0}),
        Constant.create(scope, new int[] {1}),
        Constant.create(scope, new int[] {1}),
        StridedSlice.shrinkAxisMask(1L));
  }

  @Test
  void optionsAreChainableAndEnumsHaveTf1Codes() {
    EagerSession.Options options = EagerSession.options();
    assertSame(options, options.async(true));
    assertSame(options, options.devicePlacementPolicy(EagerSession.DevicePlacementPolicy.EXPLICIT));
    assertSame(options, options.resourceCleanupStrategy(EagerSession.ResourceCleanupStrategy.ON_SESSION_CLOSE));
    assertSame(options, options.config(new byte[0]));
    try (EagerSession session = options.build()) {
      assertSame(options, session.sessionOptions());
      // Options do not change results.
      Scope scope = new Scope(session);
      int[] row = firstRow(scope, Constant.create(scope, new int[][] {{1, 2}, {3, 4}}))
          .output().tensor().copyTo(new int[2]);
      assertArrayEquals(new int[] {1, 2}, row);
    }
    assertEquals(0, EagerSession.DevicePlacementPolicy.EXPLICIT.code());
    assertEquals(1, EagerSession.DevicePlacementPolicy.WARN.code());
    assertEquals(2, EagerSession.DevicePlacementPolicy.SILENT.code());
    assertEquals(3, EagerSession.DevicePlacementPolicy.SILENT_FOR_INT32.code());
    assertEquals(3, EagerSession.ResourceCleanupStrategy.values().length);
    assertEquals(EagerSession.ResourceCleanupStrategy.IN_BACKGROUND, EagerSession.ResourceCleanupStrategy.values()[0]);
  }

  @Test
  void defaultSessionIsSharedAndCannotBeClosedOrReinitialized() {
    EagerSession session = EagerSession.getDefault();
    assertSame(session, EagerSession.getDefault());
    assertThrowsMessage(IllegalStateException.class, "Default eager session cannot be closed", session::close);
    assertThrowsMessage(
        IllegalStateException.class,
        "Default eager session is already initialized",
        () -> EagerSession.initDefault(EagerSession.options()));
    // Still usable.
    Scope scope = new Scope(session);
    assertEquals(DataType.INT32, Constant.create(scope, 3).asOutput().dataType());
  }

  @Test
  void closeIsIdempotentAndBlocksNewOps() {
    EagerSession session = EagerSession.create();
    session.close();
    session.close();
    assertThrowsMessage(
        IllegalStateException.class, "Eager session has been closed", () -> session.opBuilder("Const", "c"));
    Scope scope = new Scope(session);
    assertThrowsMessage(IllegalStateException.class, "Eager session has been closed", () -> Constant.create(scope, 1));
    // The name was reserved before the session check.
    assertEquals("Const_1", scope.makeOpName("Const"));
  }

  @Test
  void onlyConstAndStridedSliceAreRegistered() {
    try (EagerSession session = EagerSession.create()) {
      TensorFlowException e = assertThrows(TensorFlowException.class, () -> session.opBuilder("Add", "add"));
      assertTrue(e.getMessage().startsWith("Op type not registered 'Add'"), e.getMessage());
      session.opBuilder("Const", "c");
      session.opBuilder("StridedSlice", "s");
    }
  }

  @Test
  void outputsAfterCloseWithACachedTensorKeepTheirMetadata() {
    EagerSession session = EagerSession.create();
    Scope scope = new Scope(session);
    StridedSlice<Integer> op = firstRow(scope, Constant.create(scope, new int[][] {{1, 2, 3}, {4, 5, 6}}));
    Output<Integer> out = op.output();
    Tensor<Integer> t = out.tensor();
    session.close();
    assertSame(t, out.tensor());
    assertEquals(Shape.make(3), out.shape());
    assertEquals(DataType.INT32, out.dataType());
    assertEquals("<StridedSlice 'StridedSlice:0' shape=[3] dtype=INT32>", out.toString());
    assertThrowsMessage(NullPointerException.class, "close() was called on the Tensor", () -> t.copyTo(new int[3]));
    assertEquals(1, op.op().numOutputs());
    assertThrowsMessage(IllegalStateException.class, "Eager session has been closed", () -> op.op().outputListLength("output"));
    assertThrowsMessage(IllegalStateException.class, "Eager session has been closed", () -> op.op().inputListLength("input"));
  }

  @Test
  void outputsAfterCloseWithoutATensorThrow() {
    EagerSession session = EagerSession.create();
    Scope scope = new Scope(session);
    Constant<Integer> c = Constant.create(scope, new int[] {1, 2});
    Output<Integer> out = c.asOutput();
    assertEquals(Shape.make(2), out.shape()); // known while open
    session.close();
    String closed = "EagerSession has been closed";
    assertThrowsMessage(IllegalStateException.class, closed, out::tensor);
    assertThrowsMessage(IllegalStateException.class, closed, out::shape);
    assertThrowsMessage(IllegalStateException.class, closed, out::dataType);
    assertThrowsMessage(IllegalStateException.class, closed, out::toString);
    // Used as an input of a new op, in another session.
    try (EagerSession other = EagerSession.create()) {
      Scope s2 = new Scope(other);
      assertThrowsMessage(
          IllegalStateException.class,
          "Tensor handle has been deleted",
          () -> StridedSlice.create(s2, c, c, c, c));
      assertThrowsMessage(
          IllegalStateException.class,
          "Tensor handle has been deleted",
          () -> other.opBuilder("StridedSlice", "s").addInput(out));
    }
  }

  @Test
  void tensorIsCreatedOnceEvenConcurrently() throws Exception {
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);
      final Output<Integer> out = Constant.create(scope, new int[] {1, 2, 3}).asOutput();
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<Tensor<Integer>>> results = new ArrayList<Future<Tensor<Integer>>>();
        for (int i = 0; i < 8; i++) {
          results.add(pool.submit(new Callable<Tensor<Integer>>() {
            @Override
            public Tensor<Integer> call() {
              return out.tensor();
            }
          }));
        }
        Tensor<Integer> first = results.get(0).get();
        for (Future<Tensor<Integer>> r : results) {
          assertSame(first, r.get());
        }
        // op.output(0) is a new handle on the same operation: same tensor.
        assertSame(first, out.op().output(0).tensor());
      } finally {
        pool.shutdown();
      }
    }
  }

  @Test
  void closingTheReturnedTensorEarlyKeepsTheOutputUsableAsAnInput() {
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);
      Constant<Integer> x = Constant.create(scope, new int[][] {{1, 2}, {3, 4}});
      Tensor<Integer> t = x.asOutput().tensor();
      t.close();
      assertSame(t, x.asOutput().tensor());
      assertArrayEquals(new int[] {1, 2}, firstRow(scope, x).output().tensor().copyTo(new int[2]));
    }
  }

  @Test
  void operationAndOutputIdentity() {
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);
      StridedSlice<Integer> op = firstRow(scope, Constant.create(scope, new int[][] {{1, 2}, {3, 4}}));
      Operation operation = op.op();
      assertEquals("StridedSlice", operation.name());
      assertEquals("StridedSlice", operation.type());
      assertEquals("<StridedSlice 'StridedSlice'>", operation.toString());
      assertEquals(1, operation.outputListLength("output"));
      assertThrows(IllegalArgumentException.class, () -> operation.outputListLength("y"));
      for (String input : new String[] {"input", "begin", "end", "strides"}) {
        assertEquals(1, operation.inputListLength(input));
      }
      assertThrows(IllegalArgumentException.class, () -> operation.inputListLength("x"));
      assertThrows(
          IllegalArgumentException.class,
          () -> Constant.create(scope, 1).op().inputListLength("input"));
      assertThrows(IndexOutOfBoundsException.class, () -> operation.output(1));
      assertThrows(IndexOutOfBoundsException.class, () -> operation.output(-1));
      assertThrows(IndexOutOfBoundsException.class, () -> operation.outputList(0, 2));
      Output<?>[] list = operation.outputList(0, 1);
      assertEquals(op.output(), list[0]);
      Output<Integer> again = operation.output(0);
      assertEquals(op.output(), again);
      assertEquals(op.output().hashCode(), again.hashCode());
      assertEquals(Objects.hash(operation, 0), again.hashCode());
      assertNotEquals(op.output(), Constant.create(scope, 1).asOutput());
      assertSame(again, again.asOutput());
      assertFalse(op.output().equals(null));
    }
  }

  @Test
  void eagerBuilderRules() {
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);
      Constant<Integer> c = Constant.create(scope, 1);
      OperationBuilder b = session.opBuilder("Const", "k");
      assertThrowsMessage(
          UnsupportedOperationException.class,
          "Control inputs are not supported in an eager execution environment",
          () -> b.addControlInput(c.op()));
      assertThrowsMessage(
          UnsupportedOperationException.class,
          "Tensor list attributes are not supported in eager mode",
          () -> b.setAttr("value", new Tensor<?>[0]));
      Tensor<?> closed = Tensor.create(DataType.INT32, new long[] {}, java.nio.ByteBuffer.allocate(4));
      closed.close();
      assertThrowsMessage(
          IllegalStateException.class, "close() has been called on the Tensor", () -> b.setAttr("value", closed));
      // The value is copied: closing the caller's tensor right after is fine.
      Tensor<Integer> value = Tensor.create(new long[] {2}, IntBuffer.wrap(new int[] {5, 6}));
      b.setAttr("value", value).setAttr("dtype", DataType.INT32).setDevice("/device:GPU:0");
      value.close();
      Operation k = b.build();
      assertEquals("k", k.name());
      assertArrayEquals(new int[] {5, 6}, k.<Integer>output(0).tensor().copyTo(new int[2]));
      String built = "Operation has already been built";
      assertThrowsMessage(IllegalStateException.class, built, b::build);
      assertThrowsMessage(IllegalStateException.class, built, () -> b.setAttr("dtype", DataType.INT64));
      assertThrowsMessage(IllegalStateException.class, built, () -> b.addInput(c.asOutput()));
      assertThrowsMessage(IllegalStateException.class, built, () -> b.setDevice("cpu"));
    }
  }

  /** TF 1.15 allocated the native op in the builder's constructor: a closed session fails there. */
  @Test
  void aBuilderCannotBeMadeOnAClosedSession() {
    EagerSession session = EagerSession.create();
    session.close();
    String closed = "Eager session has been closed";
    assertThrowsMessage(IllegalStateException.class, closed, () -> session.opBuilder("Const", "c"));
    assertThrowsMessage(
        IllegalStateException.class, closed, () -> new EagerOperationBuilder(session, "Const", "c"));
    assertThrowsMessage(
        IllegalStateException.class, closed, () -> new EagerOperationBuilder(session, "StridedSlice", "s"));
    // Closed first, then the type (TF 1.15 read the session handle before allocating the op).
    assertThrowsMessage(
        IllegalStateException.class, closed, () -> new EagerOperationBuilder(session, "Add", "a"));
  }

  /** After its session closed, every setAttr fails at once, with TF 1.15's freed-op message. */
  @Test
  void setAttrFailsOnceTheSessionIsClosed() {
    EagerSession session = EagerSession.create();
    OperationBuilder b = session.opBuilder("StridedSlice", "s");
    OperationBuilder direct = new EagerOperationBuilder(session, "Const", "c");
    Tensor<Integer> value = Tensor.create(new long[] {1}, IntBuffer.wrap(new int[] {1}));
    EagerSession other = EagerSession.create();
    Output<Integer> open = org.tensorflow.op.core.Constant.create(new Scope(other), 1).asOutput();
    session.close();
    String freed = "Operation has already been built";
    try {
      for (OperationBuilder builder : new OperationBuilder[] {b, direct}) {
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setDevice("cpu"));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.addInput(open));
        assertThrowsMessage(
            IllegalStateException.class, freed, () -> builder.addInputList(new Output<?>[] {open}));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("begin_mask", 1L));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("T", DataType.INT32));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("s", "x"));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("s", new String[] {"x"}));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("b", new byte[] {1}));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("l", new long[] {1}));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("f", 1f));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("f", new float[] {1f}));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("z", true));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("z", new boolean[] {true}));
        assertThrowsMessage(
            IllegalStateException.class, freed, () -> builder.setAttr("t", new DataType[] {DataType.INT32}));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("value", value));
        assertThrowsMessage(IllegalStateException.class, freed, () -> builder.setAttr("shape", Shape.scalar()));
        assertThrowsMessage(
            IllegalStateException.class, freed, () -> builder.setAttr("shapes", new Shape[] {Shape.scalar()}));
      }
    } finally {
      value.close();
      other.close();
    }
  }

  /**
   * An op's output reports its dtype and shape from what the op's one native call returned,
   * whatever the rank (up to four dimensions come back in the call's own array, more in a new one),
   * and its tensor agrees with them.
   */
  @Test
  void outputsOfEveryRankKnowTheirTypeAndShape() {
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);
      long[][] shapes = {{}, {3}, {2, 3}, {1, 2, 1, 3}, {1, 1, 2, 1, 3}, {1, 1, 1, 1, 1, 1, 2, 3}};
      for (long[] shape : shapes) {
        int size = 1;
        for (long d : shape) {
          size *= (int) d;
        }
        try (Tensor<Float> t = Tensor.create(shape, java.nio.FloatBuffer.wrap(new float[size]))) {
          Output<?> c = Constant.create(scope, t).asOutput();
          assertEquals(DataType.FLOAT, c.dataType());
          assertArrayEquals(shape, dims(c.shape()));
          assertEquals(DataType.FLOAT, c.tensor().dataType());
          assertArrayEquals(shape, c.tensor().shape());
        }
      }
      // A slice adding axes to a rank-4 input: rank 6 (x[0:1, ..., newaxis, newaxis]).
      Constant<Integer> x = Constant.create(scope, new int[][][][] {{{{1, 2, 3}}}});
      Output<Integer> y =
          StridedSlice.create(
                  scope,
                  x,
                  Constant.create(scope, new int[] {0, 0, 0, 0}),
                  Constant.create(scope, new int[] {1, 0, 0, 0}),
                  Constant.create(scope, new int[] {1, 1, 1, 1}),
                  StridedSlice.ellipsisMask(2L),
                  StridedSlice.newAxisMask(12L))
              .output();
      long[] expected = {1, 1, 1, 3, 1, 1};
      assertEquals(DataType.INT32, y.dataType());
      assertArrayEquals(expected, dims(y.shape()));
      assertArrayEquals(expected, y.tensor().shape());
      int[][][][][][] values = y.tensor().copyTo(new int[1][1][1][3][1][1]);
      assertEquals(3, values[0][0][0][2][0][0]);
    }
  }

  private static long[] dims(Shape shape) {
    long[] d = new long[shape.numDimensions()];
    for (int i = 0; i < d.length; i++) {
      d[i] = shape.size(i);
    }
    return d;
  }

  /** Only Const and StridedSlice run eagerly, however the builder is made: no fall-through. */
  @Test
  void aBuilderForAnOpThatCannotRunEagerlyFailsAtOnce() {
    try (EagerSession session = EagerSession.create()) {
      for (String type : new String[] {"Add", "const", "Strided_Slice", "", null}) {
        String message =
            "Op type not registered '"
                + type
                + "' in binary running on tensorbridge. Only Const and StridedSlice can be executed"
                + " eagerly by tensorbridge.";
        assertThrowsMessage(TensorFlowException.class, message, () -> session.opBuilder(type, "x"));
        assertThrowsMessage(
            TensorFlowException.class, message, () -> new EagerOperationBuilder(session, type, "x"));
      }
    }
  }

  @Test
  void attributesAndInputsAreValidatedAtBuild() {
    try (EagerSession session = EagerSession.create()) {
      Scope scope = new Scope(session);
      Constant<Integer> c = Constant.create(scope, new int[] {1, 2});
      Tensor<Integer> v = Tensor.create(new long[] {1}, IntBuffer.wrap(new int[] {1}));
      try {
        assertThrows(IllegalArgumentException.class, () -> session.opBuilder("Const", "a").build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("Const", "a").setAttr("value", v).build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("Const", "a").setAttr("value", v).setAttr("dtype", DataType.FLOAT).build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("Const", "a").setAttr("value", v).setAttr("dtype", DataType.INT32)
                .setAttr("extra", 1L).build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("Const", "a").setAttr("value", 3L).setAttr("dtype", DataType.INT32).build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("StridedSlice", "s").addInput(c.asOutput()).addInput(c.asOutput())
                .addInput(c.asOutput()).build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("StridedSlice", "s").addInputList(new Output<?>[] {c.asOutput(), c.asOutput(),
                c.asOutput(), c.asOutput()}).setAttr("begin_mask", "1").build());
        assertThrows(
            IllegalArgumentException.class,
            () -> session.opBuilder("StridedSlice", "s").addInputList(new Output<?>[] {c.asOutput(), c.asOutput(),
                c.asOutput(), c.asOutput()}).setAttr("T", DataType.FLOAT).build());
        // A builder's StridedSlice with explicit, matching type attributes runs.
        Output<?> b = Constant.create(scope, new int[] {1}).asOutput();
        Output<?> e = Constant.create(scope, new int[] {0}).asOutput();
        Output<?> st = Constant.create(scope, new int[] {2}).asOutput();
        Operation s = session.opBuilder("StridedSlice", "s")
            .addInputList(new Output<?>[] {c.asOutput(), b, e, st})
            .setAttr("T", DataType.INT32).setAttr("Index", DataType.INT32).setAttr("end_mask", 1L).build();
        // c[1::2] of [1, 2] -> [2]
        assertArrayEquals(new int[] {2}, s.<Integer>output(0).tensor().copyTo(new int[1]));
      } finally {
        v.close();
      }
    }
  }

  @Test
  void inputsFromAnotherOpenSessionWork() {
    try (EagerSession a = EagerSession.create(); EagerSession b = EagerSession.create()) {
      Constant<Integer> x = Constant.create(new Scope(a), new int[][] {{1, 2}, {3, 4}});
      int[] row = firstRow(new Scope(b), x).output().tensor().copyTo(new int[2]);
      assertArrayEquals(new int[] {1, 2}, row);
    }
  }
}
