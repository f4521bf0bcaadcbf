package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.TensorFlowException;

/**
 * {@link TensorFlowException} has no public constructor; callers meet it for op types the
 * project cannot run, with a message that starts with {@code Op type not registered '{type}'}
 * (docs/contracts/eager.md#execution-model).
 */
class TensorFlowExceptionHostileTest {
  @TestFactory
  List<DynamicTest> unregisteredOpTypes() {
    Cases c = new Cases();
    String[] types = {"Foo", "const", "Const ", " StridedSlice", "StridedSliceGrad", "", "Const\u0000",
        "\u00e9t\u00e9", "Add", "MatMul", "null-ish", "Const/StridedSlice", String.valueOf(new char[4096]).replace('\0', 'A')};
    for (String type : types) {
      c.failsWithPrefix("opBuilder(\"" + (type.length() > 20 ? type.substring(0, 20) + "…" : type) + "\")",
          TensorFlowException.class, "Op type not registered '" + type + "'", () -> {
            try (EagerSession s = EagerSession.create()) {
              s.opBuilder(type, "x");
            }
          });
    }
    c.failsWithPrefix("opBuilder(null)", TensorFlowException.class, "Op type not registered 'null'", () -> {
      try (EagerSession s = EagerSession.create()) {
        s.opBuilder(null, "x");
      }
    });
    c.succeeds("no public constructor; final; unchecked", () -> {
      assertEquals(0, TensorFlowException.class.getConstructors().length);
      assertEquals(true, java.lang.reflect.Modifier.isFinal(TensorFlowException.class.getModifiers()));
      assertEquals(RuntimeException.class, TensorFlowException.class.getSuperclass());
    });
    return c.build();
  }
}
