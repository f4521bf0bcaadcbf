package org.tensorflow.op;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Collections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/** docs/contracts/eager.md#scope-and-op-names: TF 1.x naming rules, the table of sequences and the name checks. */
class ScopeTest {
  private static final String BAD_NAME =
      "does not match the regular expression [A-Za-z0-9.][A-Za-z0-9_.\\-]*";
  private EagerSession session;
  private Scope root;

  @BeforeEach
  void open() {
    session = EagerSession.create();
    root = new Scope(session);
  }

  @AfterEach
  void close() {
    session.close();
  }

  private String constName(Scope scope) {
    return Constant.create(scope, 1).op().name();
  }

  @Test
  void repeatedDefaultNamesGetSuffixes() {
    assertEquals("Const", constName(root));
    assertEquals("Const_1", constName(root));
    assertEquals("Const_2", constName(root));
    assertSame(session, root.env());
  }

  @Test
  void subScopesPrefixAndAreUnique() {
    assertEquals("layer/Const", constName(root.withSubScope("layer")));
    assertEquals("layer_1/Const", constName(root.withSubScope("layer")));
    assertEquals("a/b/Const", constName(root.withSubScope("a").withSubScope("b")));
  }

  @Test
  void withNameSharesTheCounter() {
    Scope w = root.withName("W");
    assertEquals("W", constName(w));
    assertEquals("W_1", constName(w));
    // withSubScope on a withName scope uses the op name (TF 1.x quirk).
    assertEquals("x/Const", constName(root.withName("x").withSubScope("y")));
  }

  @Test
  void explicitNamesMayDuplicateGeneratedOnes() {
    assertEquals("Const", constName(root));
    assertEquals("Const_1", constName(root.withName("Const_1")));
    assertEquals("Const_1", constName(root));
  }

  @Test
  void aFailedOpStillConsumesItsName() {
    Constant<Integer> x = Constant.create(root, new int[] {1, 2, 3});
    assertThrows(
        IllegalArgumentException.class,
        () ->
            StridedSlice.create(
                root,
                x,
                Constant.create(root, new int[] {0}),
                Constant.create(root, new int[] {1}),
                Constant.create(root, new int[] {0})));
    StridedSlice<Integer> ok =
        StridedSlice.create(
            root,
            x,
            Constant.create(root, new int[] {0}),
            Constant.create(root, new int[] {1}),
            Constant.create(root, new int[] {1}));
    assertEquals("StridedSlice_1", ok.op().name());
  }

  @Test
  void namesAreValidated() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> root.withName("bad/name"));
    assertEquals("invalid name: 'bad/name' " + BAD_NAME, e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> root.withSubScope("_x"));
    assertEquals("invalid name: '_x' " + BAD_NAME, e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> root.withSubScope("-x"));
    assertEquals("invalid name: '-x' " + BAD_NAME, e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> root.makeOpName(""));
    assertEquals("invalid name: '' " + BAD_NAME, e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> root.withName(null));
    assertEquals("Names cannot be null", e.getMessage());
    // The default name is validated even when withName overrides it.
    e = assertThrows(IllegalArgumentException.class, () -> root.withName("ok").makeOpName("a b"));
    assertEquals("invalid name: 'a b' " + BAD_NAME, e.getMessage());
    assertEquals(".x-1_y", root.makeOpName(".x-1_y"));
  }

  @Test
  void controlDependenciesAreUnsupportedEagerlyButConstantIgnoresThem() {
    Constant<Integer> c = Constant.create(root, 1);
    Scope withControls = root.withControlDependencies(Collections.<Operand<?>>singletonList(c));
    // Constant does not apply control dependencies (TF 1.x), and shares the counter.
    assertEquals("Const_1", constName(withControls));
    UnsupportedOperationException e =
        assertThrows(
            UnsupportedOperationException.class,
            () ->
                StridedSlice.create(
                    withControls,
                    c,
                    Constant.create(root, new int[] {0}),
                    Constant.create(root, new int[] {1}),
                    Constant.create(root, new int[] {1})));
    assertEquals(
        "Control inputs are not supported in an eager execution environment", e.getMessage());
  }

  @Test
  void eachOpsInstanceHasItsOwnCounter() {
    Ops a = Ops.create(session);
    Ops b = Ops.create(session);
    assertEquals("Const", a.constant(1).op().name());
    assertEquals("Const", b.constant(1).op().name());
    assertEquals("sub/Const", a.withSubScope("sub").constant(1).op().name());
    assertEquals("n", a.withName("n").constant(1).op().name());
  }
}
