package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/** {@link Scope} names and control dependencies (docs/contracts/eager.md#scope-and-op-names). */
class ScopeHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final String[] INVALID = {"", "_a", "-a", "a/b", "/a", "a/", "a b", " a", "a\n", "\u00e4",
      "a\u0000", "a:0", "a*", "\ud83d\ude00", "a\\b"};

  private static String invalid(String name) {
    return "invalid name: '" + name + "' does not match the regular expression [A-Za-z0-9.][A-Za-z0-9_.\\-]*";
  }

  @TestFactory
  List<DynamicTest> names() {
    Cases c = new Cases();
    Scope root = new Scope(EagerSession.getDefault());
    c.fails("withSubScope(null)", IAE, "Names cannot be null", () -> root.withSubScope(null));
    c.fails("withName(null)", IAE, "Names cannot be null", () -> root.withName(null));
    c.fails("makeOpName(null)", IAE, "Names cannot be null", () -> root.makeOpName(null));
    for (String name : INVALID) {
      c.fails("withSubScope(\"" + name + "\")", IAE, invalid(name), () -> root.withSubScope(name));
      c.fails("withName(\"" + name + "\")", IAE, invalid(name), () -> root.withName(name));
      c.fails("makeOpName(\"" + name + "\")", IAE, invalid(name), () -> root.makeOpName(name));
    }
    c.fails("makeOpName validates the default even under withName", IAE, invalid("bad/x"),
        () -> root.withName("ok").makeOpName("bad/x"));
    c.succeeds("odd but valid names", () -> {
      Scope s = new Scope(EagerSession.getDefault());
      assertEquals(".", s.makeOpName("."));
      assertEquals("..", s.makeOpName(".."));
      assertEquals("9-_.", s.makeOpName("9-_."));
      assertEquals("._1", s.withName("._1").makeOpName("Const"));
    });
    c.succeeds("names are reserved before a failing create", () -> {
      try (EagerSession session = EagerSession.create()) {
        Scope s = new Scope(session);
        Constant<Integer> x = Constant.create(s, new int[] {1, 2});
        Constant<Integer> i = Constant.create(s, new int[] {9});
        Cases.check(IAE, "slice index 9 of dimension 0 out of bounds.",
            () -> StridedSlice.create(s, x, i, i, i, StridedSlice.shrinkAxisMask(1L)));
        assertEquals("StridedSlice_1", s.makeOpName("StridedSlice"));
      }
    });
    c.succeeds("a data error in Constant reserves no name", () -> {
      try (EagerSession session = EagerSession.create()) {
        Scope s = new Scope(session);
        Cases.check(IAE, "cannot create Tensors with a 0 dimension", () -> Constant.create(s, new int[0]));
        assertEquals("Const", Constant.create(s, 1).op().name());
      }
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> environmentsAndControls() {
    Cases c = new Cases();
    c.fails("withControlDependencies(null)", NullPointerException.class, ANY_MESSAGE,
        () -> new Scope(EagerSession.getDefault()).withControlDependencies(null));
    c.fails("a null control fails when applied", NullPointerException.class, ANY_MESSAGE, () -> {
      try (EagerSession session = EagerSession.create()) {
        Scope s = new Scope(session).withControlDependencies(Collections.<Operand<?>>singletonList(null));
        s.applyControlDependencies(session.opBuilder("Const", "c"));
      }
    });
    c.fails("a non-empty control list", UnsupportedOperationException.class,
        "Control inputs are not supported in an eager execution environment", () -> {
          try (EagerSession session = EagerSession.create()) {
            Scope s = new Scope(session);
            Constant<Integer> x = Constant.create(s, 1);
            s.withControlDependencies(Arrays.<Operand<?>>asList(x)).applyControlDependencies(session.opBuilder("Const", "c"));
          }
        });
    c.fails("applyControlDependencies(null) with controls", NullPointerException.class, ANY_MESSAGE, () -> {
      try (EagerSession session = EagerSession.create()) {
        Scope s = new Scope(session);
        Constant<Integer> x = Constant.create(s, 1);
        s.withControlDependencies(Arrays.<Operand<?>>asList(x)).applyControlDependencies(null);
      }
    });
    c.fails("a scope without an environment", NullPointerException.class, ANY_MESSAGE,
        () -> Constant.create(new Scope(null), 1));
    c.succeeds("the control list is copied when the scope is made", () -> {
      try (EagerSession session = EagerSession.create()) {
        Scope s = new Scope(session);
        java.util.List<Operand<?>> controls = new java.util.ArrayList<Operand<?>>();
        Scope withNone = s.withControlDependencies(controls);
        controls.add(Constant.create(s, 1));
        Constant<Integer> x = Constant.create(withNone, new int[] {1, 2});
        Constant<Integer> zero = Constant.create(withNone, new int[] {0});
        Constant<Integer> one = Constant.create(withNone, new int[] {1});
        assertEquals(1, StridedSlice.create(withNone, x, zero, one, one).output().shape().size(0));
      }
    });
    return c.build();
  }
}
