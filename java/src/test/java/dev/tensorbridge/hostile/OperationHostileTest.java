package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.Operation;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * The {@link Operation} interface, through its eager implementation
 * (docs/contracts/eager.md#operation). Unknown list names are {@code IllegalArgumentException}
 * with a project-defined message.
 */
class OperationHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final Class<IndexOutOfBoundsException> IOOBE = IndexOutOfBoundsException.class;

  private static final EagerSession SESSION = EagerSession.create();
  private static final Scope SCOPE = new Scope(SESSION);

  @org.junit.jupiter.api.AfterAll
  static void close() {
    SESSION.close();
  }

  private static Operation constOp() {
    return Constant.create(SCOPE, new int[] {1, 2, 3}).op();
  }

  private static Operation sliceOp() {
    Constant<Integer> x = Constant.create(SCOPE, new int[] {1, 2, 3});
    Constant<Integer> i = Constant.create(SCOPE, new int[] {0});
    return StridedSlice.create(SCOPE, x, i, i, i).op();
  }

  private static Operation closedOp() {
    EagerSession s = EagerSession.create();
    Operation op = Constant.create(new Scope(s), 1).op();
    s.close();
    return op;
  }

  @TestFactory
  List<DynamicTest> namedLists() {
    Cases c = new Cases();
    for (String name : new String[] {"bogus", "", "Output", "output ", "input"}) {
      c.fails("Const outputListLength(\"" + name + "\")", IAE, ANY_MESSAGE, () -> constOp().outputListLength(name));
    }
    c.fails("outputListLength(null)", IAE, ANY_MESSAGE, () -> constOp().outputListLength(null));
    for (String name : new String[] {"input", "begin", "value", ""}) {
      c.fails("Const inputListLength(\"" + name + "\")", IAE, ANY_MESSAGE, () -> constOp().inputListLength(name));
    }
    for (String name : new String[] {"output", "Input", "begin_mask", "T"}) {
      c.fails("StridedSlice inputListLength(\"" + name + "\")", IAE, ANY_MESSAGE, () -> sliceOp().inputListLength(name));
    }
    c.fails("inputListLength(null)", IAE, ANY_MESSAGE, () -> sliceOp().inputListLength(null));
    c.fails("outputListLength after close", IllegalStateException.class, "Eager session has been closed",
        () -> closedOp().outputListLength("output"));
    c.fails("inputListLength after close", IllegalStateException.class, "Eager session has been closed",
        () -> closedOp().inputListLength("input"));
    c.succeeds("name, type and numOutputs work after close", () -> {
      Operation op = closedOp();
      assertEquals("Const", op.type());
      assertEquals("Const", op.name());
      assertEquals(1, op.numOutputs());
      assertEquals("<Const 'Const'>", op.toString());
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> outputIndices() {
    Cases c = new Cases();
    int[][] lists = {{0, 2}, {-1, 1}, {1, 1}, {0, -1}, {Integer.MAX_VALUE, 1}, {Integer.MIN_VALUE, 0},
        {1, Integer.MAX_VALUE}, {-1, Integer.MIN_VALUE}};
    for (int[] l : lists) {
      c.fails("outputList(" + l[0] + ", " + l[1] + ")", IOOBE, ANY_MESSAGE, () -> constOp().outputList(l[0], l[1]));
    }
    for (int idx : new int[] {-1, 1, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      c.fails("output(" + idx + ") at first use", IOOBE, ANY_MESSAGE, () -> constOp().output(idx).dataType());
    }
    c.succeeds("outputList(1, 0) and outputList(0, 0) are empty", () -> {
      assertEquals(0, constOp().outputList(1, 0).length);
      assertEquals(0, constOp().outputList(0, 0).length);
      assertEquals(1, constOp().outputList(0, 1).length);
    });
    return c.build();
  }
}
