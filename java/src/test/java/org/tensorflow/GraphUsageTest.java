package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.Identity;
import org.tensorflow.op.core.NoOp;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.StridedSlice;

/** TensorFlow 1.15-style graph mode: build, infer shapes, run, export, import, fail. */
class GraphUsageTest {

  /** The README example, run with its output captured. */
  @Test
  void theReadmeExamplePrintsThePartialShapeThenTheSlice() {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(captured, true));
    try {
      try (Graph g = new Graph()) {
        Ops tf = Ops.create(g);
        Placeholder<Float> x = tf.placeholder(Float.class, Placeholder.shape(Shape.make(-1, 4)));
        StridedSlice<Float> y = tf.stridedSlice(x, tf.constant(new int[] {0, 1}), tf.constant(new int[] {0, 3}),
            tf.constant(new int[] {1, 1}), StridedSlice.beginMask(1L), StridedSlice.endMask(1L));
        System.out.println(y.asOutput().shape());
        try (Session s = new Session(g);
             Tensor<Float> in = Tensors.create(new float[][] {{1, 2, 3, 4}, {5, 6, 7, 8}});
             Tensor<?> out = s.runner().feed(x, in).fetch(y).run().get(0)) {
          System.out.println(java.util.Arrays.deepToString(out.copyTo(new float[2][2])));
        }
      }
    } finally {
      System.setOut(original);
    }
    String[] lines = new String(captured.toByteArray(), StandardCharsets.UTF_8).split("\\R");
    assertArrayEquals(new String[] {"[?, 2]", "[[2.0, 3.0], [6.0, 7.0]]"}, lines);
  }

  /** x: float [?, 4]; y = x[:, 1:3]; built through the raw builders. */
  private static Output<Float> buildSlice(Graph g, Output<Float> x) {
    Output<Integer> b = constant(g, "begin", new int[] {0, 1});
    Output<Integer> e = constant(g, "end", new int[] {0, 3});
    Output<Integer> s = constant(g, "strides", new int[] {1, 1});
    return g.opBuilder("StridedSlice", "y")
        .addInput(x).addInput(b).addInput(e).addInput(s)
        .setAttr("begin_mask", 1L).setAttr("end_mask", 1L)
        .build().output(0);
  }

  private static Output<Integer> constant(Graph g, String name, int[] value) {
    try (Tensor<Integer> t = Tensors.create(value)) {
      return g.opBuilder("Const", name).setAttr("dtype", t.dataType()).setAttr("value", t).build().output(0);
    }
  }

  private static Output<Float> placeholder(Graph g, String name, Shape shape) {
    return g.opBuilder("Placeholder", name).setAttr("dtype", DataType.FLOAT).setAttr("shape", shape)
        .build().output(0);
  }

  private static float[][] fetch2x2(Session s, String feed, String fetch, float[][] in) {
    try (Tensor<Float> t = Tensors.create(in);
         Tensor<?> out = s.runner().feed(feed, t).fetch(fetch).run().get(0)) {
      return out.copyTo(new float[in.length][2]);
    }
  }

  @Test
  void rawBuildersInferShapesAndTypes() {
    try (Graph g = new Graph()) {
      Output<Float> x = placeholder(g, "x", Shape.make(-1, 4));
      Output<Float> y = buildSlice(g, x);
      assertEquals("[?, 4]", x.shape().toString());
      assertEquals("[?, 2]", y.shape().toString());
      assertEquals(2, y.shape().numDimensions());
      assertEquals(-1, y.shape().size(0));
      assertEquals(2, y.shape().size(1));
      assertEquals(DataType.FLOAT, y.dataType());
      assertEquals("<StridedSlice 'y:0' shape=[?, 2] dtype=FLOAT>", y.toString());
      assertEquals("StridedSlice", y.op().type());
      assertEquals("y", y.op().name());
      assertEquals(1, y.op().numOutputs());
      assertEquals(1, y.op().inputListLength("begin"));
      assertEquals(1, y.op().outputListLength("output"));
      assertThrows(IllegalArgumentException.class, () -> y.op().inputListLength("nope"));
      assertEquals(y.op(), g.operation("y"));
      assertNull(g.operation("nope"));
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> y.tensor());
      assertEquals("Graph tensors must be fetched by running a session", e.getMessage());
      // A placeholder without a shape has an unknown rank; so has a slice of it.
      Output<Float> z = g.opBuilder("Placeholder", "z").setAttr("dtype", DataType.FLOAT).build().output(0);
      assertEquals("<unknown>", z.shape().toString());
      assertEquals(-1, z.shape().numDimensions());
    }
  }

  @Test
  void sessionRunsFeedsFetchesAndTargets() {
    try (Graph g = new Graph()) {
      Ops tf = Ops.create(g);
      Placeholder<Float> x = tf.placeholder(Float.class, Placeholder.shape(Shape.make(-1, 4)));
      Identity<Float> id = tf.identity(x);
      NoOp noop = tf.noOp();
      Constant<Integer> c = tf.constant(new int[] {7, 8});
      try (Session s = new Session(g);
           Tensor<Float> in = Tensors.create(new float[][] {{1, 2, 3, 4}})) {
        List<Tensor<?>> out = s.runner().feed(x, in).fetch(id).fetch(c).addTarget(noop.op()).run();
        assertEquals(2, out.size());
        assertArrayEquals(new float[][] {{1, 2, 3, 4}}, out.get(0).copyTo(new float[1][4]));
        assertArrayEquals(new int[] {7, 8}, out.get(1).copyTo(new int[2]));
        for (Tensor<?> t : out) {
          t.close();
        }
        // Fetching by name: "name" is output 0, "name:0" too.
        try (Tensor<?> t = s.runner().fetch(c.op().name() + ":0").run().get(0)) {
          assertArrayEquals(new int[] {7, 8}, t.copyTo(new int[2]));
        }
        // A fed constant: the feed wins over the computed value.
        try (Tensor<Integer> other = Tensors.create(new int[] {1, 2});
             Tensor<?> t = s.runner().feed(c, other).fetch(c).run().get(0)) {
          assertArrayEquals(new int[] {1, 2}, t.copyTo(new int[2]));
        }
        Session.Run run = s.runner().fetch(c).runAndFetchMetadata();
        assertEquals(1, run.outputs.size());
        run.outputs.get(0).close();
        // Targets only: nothing fetched, the unfed placeholder is not needed.
        assertTrue(s.runner().addTarget(noop.op()).run().isEmpty());
      }
    }
  }

  @Test
  void theSameGraphExportedAndReimportedRunsTheSame() {
    byte[] def;
    try (Graph g = new Graph()) {
      buildSlice(g, placeholder(g, "x", Shape.make(-1, 4)));
      def = g.toGraphDef();
    }
    float[][] in = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    float[][] expected = {{2, 3}, {6, 7}};
    try (Graph g = new Graph()) {
      g.importGraphDef(def);
      g.importGraphDef(def, "copy");
      assertEquals("[?, 2]", g.operation("copy/y").output(0).shape().toString());
      assertEquals("Placeholder", g.operation("copy/x").type());
      int count = 0;
      for (Iterator<Operation> it = g.operations(); it.hasNext(); it.next()) {
        count++;
      }
      assertEquals(10, count);
      try (Session s = new Session(g)) {
        assertArrayEquals(expected, fetch2x2(s, "x", "y", in));
        assertArrayEquals(expected, fetch2x2(s, "copy/x", "copy/y", in));
      }
      // The export of the imported graph holds both copies and imports again elsewhere.
      try (Graph h = new Graph()) {
        h.importGraphDef(g.toGraphDef(), "again");
        assertEquals("StridedSlice", h.operation("again/copy/y").type());
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.importGraphDef(def));
      assertEquals("Node name 'x' already exists in the Graph", e.getMessage());
      assertEquals(10, countOps(g), "a failed import changes nothing");
    }
  }

  private static int countOps(Graph g) {
    int count = 0;
    for (Iterator<Operation> it = g.operations(); it.hasNext(); it.next()) {
      count++;
    }
    return count;
  }

  @Test
  void runErrorsHaveTensorFlowsMessages() {
    try (Graph g = new Graph()) {
      Output<Float> x = placeholder(g, "x", Shape.make(-1, 4));
      Output<Float> y = buildSlice(g, x);
      Output<Float> u = g.opBuilder("Placeholder", "u").setAttr("dtype", DataType.FLOAT).build().output(0);
      try (Session s = new Session(g)) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.runner().fetch(y).run());
        assertEquals(
            "You must feed a value for placeholder tensor 'x' with dtype float and shape [?,4]\n\t [[{{node x}}]]",
            e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.runner().fetch(u).run());
        assertEquals("You must feed a value for placeholder tensor 'u' with dtype float\n\t [[{{node u}}]]",
            e.getMessage());
        try (Tensor<Integer> wrong = Tensors.create(new int[][] {{1, 2, 3, 4}})) {
          e = assertThrows(IllegalArgumentException.class, () -> s.runner().feed(x, wrong).fetch(y).run());
          assertEquals("Expects arg[0] to be float but int32 is provided", e.getMessage());
        }
        e = assertThrows(IllegalArgumentException.class, () -> s.runner().fetch("nope"));
        assertEquals("No Operation named [nope] in the Graph", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.runner().addTarget("nope"));
        assertEquals("No Operation named [nope] in the Graph", e.getMessage());
        // A fed tensor that is already closed.
        Tensor<Float> closed = Tensors.create(new float[][] {{1, 2, 3, 4}});
        closed.close();
        assertThrows(IllegalStateException.class, () -> s.runner().feed(x, closed).fetch(y).run());
      }
    }
  }

  @Test
  void buildErrorsHaveTensorFlowsMessages() {
    try (Graph g = new Graph()) {
      TensorFlowException t = assertThrows(TensorFlowException.class, () -> g.opBuilder("MatMul", "m").build());
      assertTrue(t.getMessage().startsWith("Op type not registered 'MatMul' in binary running on "), t.getMessage());
      Output<Float> x = placeholder(g, "x", Shape.make(3));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> placeholder(g, "x", Shape.make(3)));
      assertEquals("Duplicate node name in graph: 'x'", e.getMessage());
      // An out-of-bounds constant slice of a known shape fails when added, with the kernel's text.
      Ops tf = Ops.create(g);
      e = assertThrows(IllegalArgumentException.class, () -> tf.stridedSlice(x, tf.constant(new int[] {5}),
          tf.constant(new int[] {6}), tf.constant(new int[] {1}), StridedSlice.shrinkAxisMask(1L)));
      assertTrue(e.getMessage().startsWith("slice index 5 of dimension 0 out of bounds."), e.getMessage());
      e = assertThrows(IllegalArgumentException.class,
          () -> g.opBuilder("Placeholder", "p").setAttr("dtype", 3L).build());
      assertTrue(e.getMessage().startsWith("AttrValue had value with type 'int' when 'type' expected"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> g.opBuilder("Placeholder", "p").build());
      assertTrue(e.getMessage().startsWith("NodeDef missing attr 'dtype' from Op<name=Placeholder>"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> g.opBuilder("Identity", "i").build());
      assertTrue(e.getMessage().startsWith("NodeDef expected inputs 'T' do not match 0 inputs specified"), e.getMessage());
      e = assertThrows(IllegalArgumentException.class,
          () -> g.opBuilder("StridedSlice", "s").addInput(x).addInput(x).addInput(x).addInput(x).build());
      assertTrue(e.getMessage().startsWith("Value for attr 'Index' of float is not in the list of allowed values: int32, int64"),
          e.getMessage());
      GraphOperationBuilder b = g.opBuilder("NoOp", "n");
      b.build();
      IllegalStateException s = assertThrows(IllegalStateException.class, b::build);
      assertEquals("Operation has already been built", s.getMessage());
      // Inputs from another graph or from an eager session are refused.
      try (Graph other = new Graph(); EagerSession eager = EagerSession.create()) {
        Output<Float> foreign = placeholder(other, "f", Shape.scalar());
        assertThrows(IllegalArgumentException.class, () -> g.opBuilder("Identity", "i").addInput(foreign));
        Output<Integer> eagerOut = Ops.create(eager).constant(1).asOutput();
        assertThrows(IllegalArgumentException.class, () -> g.opBuilder("Identity", "i").addInput(eagerOut));
        assertThrows(IllegalArgumentException.class, () -> Ops.create(eager).stridedSlice(foreign,
            Ops.create(eager).constant(new int[] {0}), Ops.create(eager).constant(new int[] {1}),
            Ops.create(eager).constant(new int[] {1})));
      }
    }
  }

  @Test
  void closedGraphsAndSessions() {
    Graph g = new Graph();
    Output<Float> x = placeholder(g, "x", Shape.scalar());
    Session s = new Session(g);
    s.close();
    s.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.runner().fetch(x).run());
    assertEquals("run() cannot be called on the Session after close()", e.getMessage());
    g.close();
    g.close();
    e = assertThrows(IllegalStateException.class, () -> g.opBuilder("NoOp", "n"));
    assertEquals("close() has been called on the Graph", e.getMessage());
    assertThrows(IllegalStateException.class, () -> x.shape());
    assertThrows(IllegalStateException.class, g::toGraphDef);
    assertThrows(IllegalStateException.class, () -> new Session(g));
  }

  @Test
  void graphCloseWaitsForItsSessions() throws Exception {
    Graph g = new Graph();
    Session s = new Session(g);
    Thread closer = new Thread(g::close);
    closer.start();
    closer.join(200);
    assertTrue(closer.isAlive(), "the graph must wait for its open session");
    s.close();
    closer.join(10_000);
    assertTrue(!closer.isAlive());
  }

  @Test
  void sessionsRunFromManyThreadsAtOnce() throws Exception {
    try (Graph g = new Graph()) {
      Output<Float> x = placeholder(g, "x", Shape.make(-1, 4));
      buildSlice(g, x);
      try (Session s = new Session(g)) {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
          List<Future<Boolean>> results = new ArrayList<Future<Boolean>>();
          for (int t = 0; t < 8; t++) {
            final float base = t * 10;
            results.add(pool.submit(new Callable<Boolean>() {
              @Override
              public Boolean call() {
                for (int i = 0; i < 200; i++) {
                  float[][] in = {{base, base + 1, base + 2, base + 3}};
                  float[][] out = fetch2x2(s, "x", "y", in);
                  if (out[0][0] != base + 1 || out[0][1] != base + 2) {
                    return false;
                  }
                }
                return true;
              }
            }));
          }
          for (Future<Boolean> r : results) {
            assertTrue(r.get());
          }
        } finally {
          pool.shutdown();
        }
      }
    }
  }

  @Test
  void tf1ShapeSemantics() {
    assertEquals("<unknown>", Shape.unknown().toString());
    assertEquals("[]", Shape.scalar().toString());
    assertEquals("[2, ?, 3]", Shape.make(2, -1, 3).toString());
    assertEquals(0, Shape.scalar().numDimensions());
    assertEquals(Shape.make(2, 3), Shape.make(2, 3));
    assertEquals(Shape.make(2, 3).hashCode(), Shape.make(2, 3).hashCode());
    assertNotEquals(Shape.make(2, -1), Shape.make(2, -1), "unknown sizes are never equal");
    assertNotEquals(Shape.unknown(), Shape.unknown());
    Shape u = Shape.unknown();
    assertEquals(u, u);
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> Shape.make(1).size(1));
    assertThrows(NullPointerException.class, () -> Shape.unknown().size(0));
    // The conversion to and from the ndarray Shape.
    assertArrayEquals(new long[] {2, -1}, dev.tensorbridge.Shapes.toNdarray(Shape.make(2, -1)).asArray());
    assertTrue(dev.tensorbridge.Shapes.toNdarray(Shape.unknown()).isUnknown());
    assertEquals("[2, ?]", dev.tensorbridge.Shapes.fromNdarray(org.tensorflow.ndarray.Shape.of(2, -1)).toString());
    assertEquals("[]", dev.tensorbridge.Shapes.fromNdarray(org.tensorflow.ndarray.Shape.scalar()).toString());
    assertEquals(-1, dev.tensorbridge.Shapes.fromNdarray(org.tensorflow.ndarray.Shape.unknown()).numDimensions());
  }

  @Test
  void eagerOutputsReportTheTf1Shape() {
    try (EagerSession s = EagerSession.create()) {
      Output<Integer> c = Ops.create(s).constant(new int[][] {{1, 2, 3}}).asOutput();
      Shape shape = c.shape();
      assertEquals(Shape.make(1, 3), shape);
      assertSame(Shape.class, shape.getClass());
    }
  }
}
