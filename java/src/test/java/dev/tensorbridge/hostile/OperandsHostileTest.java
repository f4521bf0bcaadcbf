package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Operands;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;

/** {@link Operands#asOutputs}. */
class OperandsHostileTest {
  @TestFactory
  List<DynamicTest> asOutputs() {
    Cases c = new Cases();
    c.fails("null iterable", NullPointerException.class, ANY_MESSAGE, () -> Operands.asOutputs(null));
    c.fails("null element", NullPointerException.class, ANY_MESSAGE,
        () -> Operands.asOutputs(Collections.<Operand<?>>singletonList(null)));
    c.fails("an operand whose asOutput throws", IllegalStateException.class, "no output", () -> Operands.asOutputs(
        Collections.<Operand<?>>singletonList(() -> {
          throw new IllegalStateException("no output");
        })));
    c.succeeds("empty", () -> assertEquals(0, Operands.asOutputs(Collections.<Operand<?>>emptyList()).length));
    c.succeeds("operands of a closed session are only listed, not touched", () -> {
      EagerSession s = EagerSession.create();
      Constant<Integer> k = Constant.create(new Scope(s), 1);
      s.close();
      Output<?>[] outs = Operands.asOutputs(Arrays.<Operand<?>>asList(k, k));
      assertSame(k.asOutput(), outs[0]);
      assertEquals(2, outs.length);
    });
    return c.build();
  }
}
