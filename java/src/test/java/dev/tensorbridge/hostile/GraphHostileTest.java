package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.DataType;
import org.tensorflow.Graph;
import org.tensorflow.Operation;
import org.tensorflow.Output;
import org.tensorflow.Session;
import org.tensorflow.Shape;
import org.tensorflow.Tensor;
import org.tensorflow.TensorFlowException;
import org.tensorflow.Tensors;

/**
 * {@link Graph#importGraphDef} and the graph builders with hostile input: malformed bytes,
 * cycles, dangling inputs, huge attribute values, wrong attribute kinds. Each fails with a clear
 * exception and leaves the graph unchanged; nothing crashes.
 */
class GraphHostileTest {

  // A minimal protobuf writer for hand-made GraphDefs (field numbers of graph.proto,
  // node_def.proto and attr_value.proto).
  private static final class Proto {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Proto varint(int field, long value) {
      tag(field, 0);
      raw(value);
      return this;
    }

    Proto bytes(int field, byte[] value) {
      tag(field, 2);
      raw(value.length);
      out.write(value, 0, value.length);
      return this;
    }

    Proto string(int field, String value) {
      return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    Proto message(int field, Proto value) {
      return bytes(field, value.toBytes());
    }

    private void tag(int field, int wire) {
      raw(((long) field << 3) | wire);
    }

    private void raw(long v) {
      while ((v & ~0x7FL) != 0) {
        out.write((int) ((v & 0x7F) | 0x80));
        v >>>= 7;
      }
      out.write((int) v);
    }

    byte[] toBytes() {
      return out.toByteArray();
    }
  }

  private static Proto node(String name, String op, String... inputs) {
    Proto n = new Proto().string(1, name).string(2, op);
    for (String i : inputs) {
      n.string(3, i);
    }
    return n;
  }

  /** An attr map entry: key, then the AttrValue message. */
  private static Proto attr(Proto node, String key, Proto value) {
    return node.message(5, new Proto().string(1, key).message(2, value));
  }

  private static byte[] graphDef(Proto... nodes) {
    Proto g = new Proto();
    for (Proto n : nodes) {
      g.message(1, n);
    }
    return g.toBytes();
  }

  private static Proto floatPlaceholder(String name) {
    return attr(node(name, "Placeholder"), "dtype", new Proto().varint(6, 1));
  }

  private static int count(Graph g) {
    int n = 0;
    for (Iterator<Operation> it = g.operations(); it.hasNext(); it.next()) {
      n++;
    }
    return n;
  }

  private static void assertImportFails(Class<? extends Throwable> type, String message, byte[] def) {
    try (Graph g = new Graph()) {
      g.opBuilder("NoOp", "existing").build();
      Throwable t = assertThrows(type, () -> g.importGraphDef(def));
      if (message != null) {
        assertEquals(message, t.getMessage());
      }
      assertEquals(1, count(g), "a failed import changes nothing");
    }
  }

  @Test
  void aHandMadeGraphDefImportsAndRuns() {
    byte[] def = graphDef(floatPlaceholder("x"), attr(node("y", "Identity", "x"), "T", new Proto().varint(6, 1)));
    try (Graph g = new Graph(); Session s = new Session(g); Tensor<Float> in = Tensors.create(2.5f)) {
      g.importGraphDef(def, "imported");
      try (Tensor<?> out = s.runner().feed("imported/x", in).fetch("imported/y").run().get(0)) {
        assertEquals(2.5f, out.floatValue(), 0f);
      }
    }
  }

  @Test
  void malformedBytes() {
    assertImportFails(IllegalArgumentException.class, "Invalid GraphDef", new byte[] {(byte) 0xff, (byte) 0xff, 0x01});
    assertImportFails(IllegalArgumentException.class, "Invalid GraphDef", new byte[] {0x0a, 0x7f, 0x01});
    assertThrows(IllegalArgumentException.class, () -> {
      try (Graph g = new Graph()) {
        g.importGraphDef(null);
      }
    });
    // Random bytes: always a clean outcome.
    Random random = new Random(42);
    try (Graph g = new Graph()) {
      for (int i = 0; i < 2000; i++) {
        byte[] b = new byte[random.nextInt(64)];
        random.nextBytes(b);
        try {
          g.importGraphDef(b, "r" + i);
        } catch (IllegalArgumentException | TensorFlowException expected) {
          assertNotNull(expected.getMessage());
        }
      }
    }
  }

  @Test
  void cyclesAndDanglingInputs() {
    Proto t = new Proto().varint(6, 1);
    assertImportFails(IllegalArgumentException.class,
        "Graph is invalid, contains a cycle with 2 nodes, including: a, b",
        graphDef(attr(node("a", "Identity", "b"), "T", t), attr(node("b", "Identity", "a"), "T", t)));
    assertImportFails(IllegalArgumentException.class,
        "Graph is invalid, contains a cycle with 1 nodes, including: a",
        graphDef(attr(node("a", "Identity", "a"), "T", t)));
    assertImportFails(IllegalArgumentException.class, "Node 'a': Unknown input node 'nowhere'",
        graphDef(attr(node("a", "Identity", "nowhere"), "T", t)));
    assertImportFails(IllegalArgumentException.class, "Node 'a': Unknown input node '^nowhere'",
        graphDef(node("a", "NoOp", "^nowhere")));
    assertImportFails(IllegalArgumentException.class,
        "Node 'a': Connecting to invalid output 3 of source node x which has 1 outputs",
        graphDef(floatPlaceholder("x"), attr(node("a", "Identity", "x:3"), "T", t)));
    assertImportFails(IllegalArgumentException.class, "Node 'x' is not unique",
        graphDef(floatPlaceholder("x"), floatPlaceholder("x")));
    assertImportFails(TensorFlowException.class, null, graphDef(node("m", "MatMul")));
  }

  @Test
  void hugeAndIllTypedAttributes() {
    // A Const whose TensorProto claims 2^40 floats in a few bytes.
    Proto shape = new Proto().message(2, new Proto().varint(1, 1L << 40));
    Proto tensor = new Proto().varint(1, 1).message(2, shape);
    Proto huge = attr(attr(node("c", "Const"), "dtype", new Proto().varint(6, 1)), "value", new Proto().message(8, tensor));
    assertImportFails(IllegalArgumentException.class, null, graphDef(huge));
    // A Placeholder shape with 100,000 dimensions.
    Proto manyDims = new Proto();
    for (int i = 0; i < 100_000; i++) {
      manyDims.message(2, new Proto().varint(1, 1));
    }
    assertImportFails(IllegalArgumentException.class, null,
        graphDef(attr(floatPlaceholder("p"), "shape", new Proto().message(7, manyDims))));
    // A 16 MiB string attribute on an op that has no such attribute.
    assertImportFails(IllegalArgumentException.class, null,
        graphDef(attr(node("n", "NoOp"), "blob", new Proto().bytes(2, new byte[16 << 20]))));
    // Wrong kinds and values.
    assertImportFails(IllegalArgumentException.class, null,
        graphDef(attr(node("p", "Placeholder"), "dtype", new Proto().varint(3, 1))));
    assertImportFails(IllegalArgumentException.class, null,
        graphDef(attr(node("p", "Placeholder"), "dtype", new Proto().varint(6, 9999))));
    assertImportFails(IllegalArgumentException.class, null, graphDef(node("p", "Placeholder")));
    assertImportFails(IllegalArgumentException.class, null,
        graphDef(attr(floatPlaceholder("p"), "shape", new Proto().message(7, new Proto().message(2, new Proto().varint(1, -7))))));
  }

  @Test
  void buildersRefuseHostileValues() {
    try (Graph g = new Graph()) {
      Output<Float> x = g.opBuilder("Placeholder", "x").setAttr("dtype", DataType.FLOAT)
          .setAttr("shape", Shape.make(2, 3)).build().output(0);
      assertThrows(IllegalArgumentException.class, () -> g.opBuilder("NoOp", "bad name!").build());
      assertThrows(IllegalArgumentException.class, () -> g.opBuilder("NoOp", "").build());
      assertThrows(IllegalArgumentException.class,
          () -> g.opBuilder("Placeholder", "p").setAttr("dtype", DataType.FLOAT).setAttr("dtype", DataType.INT32).build());
      assertThrows(IllegalArgumentException.class,
          () -> g.opBuilder("Placeholder", "p").setAttr("dtype", DataType.FLOAT).setAttr("shape", Shape.make(-5)).build());
      assertThrows(IllegalArgumentException.class,
          () -> g.opBuilder("Identity", "i").addInput(x).setAttr("T", DataType.INT32).build());
      assertThrows(IndexOutOfBoundsException.class, () -> x.op().output(1));
      try (Tensor<Integer> idx = Tensors.create(new int[] {0})) {
        Output<Integer> c = g.opBuilder("Const", "c").setAttr("dtype", DataType.INT32).setAttr("value", idx).build().output(0);
        // Masks beyond 32 bits fail with the kernel's wording at build().
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> g.opBuilder("StridedSlice", "s").addInput(x).addInput(c).addInput(c).addInput(c)
                .setAttr("begin_mask", 1L << 40).build());
        assertEquals("Attr begin_mask has value 1099511627776 out of range for an int32", e.getMessage());
        // A dtype attribute that disagrees with the value.
        assertThrows(IllegalArgumentException.class,
            () -> g.opBuilder("Const", "c2").setAttr("dtype", DataType.FLOAT).setAttr("value", idx).build());
      }
      assertTrue(count(g) >= 2);
    }
  }
}
