package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.Operation;
import org.tensorflow.op.PrimitiveOp;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;

/**
 * {@link PrimitiveOp} (docs/contracts/eager.md#primitiveop-and-op); also covers the {@code Op}
 * marker interface. A caller may subclass it with any operation, including {@code null}.
 */
class PrimitiveOpHostileTest {
  private static final class Wrapper extends PrimitiveOp {
    Wrapper(Operation operation) {
      super(operation);
    }
  }

  @TestFactory
  List<DynamicTest> wrappers() {
    Cases c = new Cases();
    Wrapper empty = new Wrapper(null);
    c.fails("hashCode of a null operation", NullPointerException.class, ANY_MESSAGE, empty::hashCode);
    c.fails("toString of a null operation", NullPointerException.class, ANY_MESSAGE, empty::toString);
    c.fails("equals between two null operations", NullPointerException.class, ANY_MESSAGE,
        () -> empty.equals(new Wrapper(null)));
    c.succeeds("equals on foreign values", () -> {
      assertFalse(empty.equals(null));
      assertFalse(empty.equals("x"));
      assertEquals(empty, empty);
    });
    c.succeeds("any wrapper of an equal operation is equal, whatever its class", () -> {
      Constant<Integer> k = Constant.create(new Scope(EagerSession.getDefault()), 1);
      Wrapper w = new Wrapper(k.op());
      assertEquals(k, w);
      assertEquals(w, k);
      assertEquals(k.hashCode(), w.hashCode());
      assertEquals(k.toString(), w.toString());
      assertNotEquals(k, Constant.create(new Scope(EagerSession.getDefault()), 1));
    });
    return c.build();
  }
}
