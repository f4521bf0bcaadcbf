package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.ndarray.Shape;

/**
 * {@link Shape} (pure Java) against careless callers (docs/contracts/shape.md#behaviour-kept).
 * JVM-generated exceptions are checked by class only
 * (docs/contracts/shape.md#exceptions-and-messages).
 */
class ShapeHostileTest {
  private static final Class<ArrayIndexOutOfBoundsException> AIOOBE =
      ArrayIndexOutOfBoundsException.class;

  @TestFactory
  List<DynamicTest> indexing() {
    Cases c = new Cases();
    Shape s = Shape.of(2, 3, 4);
    for (int i : new int[] {3, 4, 1000, Integer.MAX_VALUE, -4, -5, Integer.MIN_VALUE}) {
      c.fails("get(" + i + ")", AIOOBE, ANY_MESSAGE, () -> s.get(i));
      c.fails("size(" + i + ")", AIOOBE, ANY_MESSAGE, () -> s.size(i));
    }
    c.fails("scalar get(0)", AIOOBE, ANY_MESSAGE, () -> Shape.scalar().get(0));
    c.fails("scalar get(-1)", AIOOBE, ANY_MESSAGE, () -> Shape.scalar().get(-1));
    for (int i : new int[] {Integer.MIN_VALUE, -100, 100, Integer.MAX_VALUE}) {
      c.succeeds("unknown get(" + i + ") is -1", () -> assertEquals(-1, Shape.unknown().get(i)));
    }
    return c.build();
  }

  @TestFactory
  List<DynamicTest> derivation() {
    Cases c = new Cases();
    Shape s = Shape.of(2, 3);
    Shape u = Shape.unknown();
    c.fails("take(3)", AIOOBE, "Cannot take 3 dimensions, shape has only 2.", () -> s.take(3));
    c.fails("take(MAX)", AIOOBE, "Cannot take 2147483647 dimensions, shape has only 2.",
        () -> s.take(Integer.MAX_VALUE));
    c.fails("take(-1)", NegativeArraySizeException.class, ANY_MESSAGE, () -> s.take(-1));
    c.fails("take(MIN)", NegativeArraySizeException.class, ANY_MESSAGE, () -> s.take(Integer.MIN_VALUE));
    c.fails("unknown take(0)", AIOOBE, "Cannot take 0 dimensions, shape has only -1.", () -> u.take(0));
    c.fails("unknown take(-1)", NegativeArraySizeException.class, ANY_MESSAGE, () -> u.take(-1));
    c.fails("takeLast(3)", AIOOBE, "Cannot take last 3 dimensions, shape has only 2.", () -> s.takeLast(3));
    c.fails("takeLast(-2)", NegativeArraySizeException.class, ANY_MESSAGE, () -> s.takeLast(-2));
    c.fails("unknown takeLast(0)", AIOOBE, "Cannot take last 0 dimensions, shape has only -1.",
        () -> u.takeLast(0));
    c.fails("scalar head()", AIOOBE, "Cannot take 1 dimensions, shape has only 0.", () -> Shape.scalar().head());
    c.fails("unknown head()", AIOOBE, "Cannot take 1 dimensions, shape has only -1.", () -> u.head());
    c.fails("subShape(0, 3)", AIOOBE, "End index 3 out of bounds: shape only has 2 dimensions.",
        () -> s.subShape(0, 3));
    c.fails("subShape(MIN, MAX): end first", AIOOBE,
        "End index 2147483647 out of bounds: shape only has 2 dimensions.",
        () -> s.subShape(Integer.MIN_VALUE, Integer.MAX_VALUE));
    c.fails("subShape(MIN, 1)", AIOOBE, "Begin index -2147483648 out of bounds: cannot be less than 0.",
        () -> s.subShape(Integer.MIN_VALUE, 1));
    c.fails("subShape(2, 1)", NegativeArraySizeException.class, ANY_MESSAGE, () -> s.subShape(2, 1));
    c.fails("subShape(0, MIN)", NegativeArraySizeException.class, ANY_MESSAGE,
        () -> s.subShape(0, Integer.MIN_VALUE));
    c.fails("unknown subShape(0, 0)", AIOOBE, "End index 0 out of bounds: shape only has -1 dimensions.",
        () -> u.subShape(0, 0));
    c.fails("unknown tail()", NullPointerException.class, ANY_MESSAGE, () -> u.tail());
    c.fails("unknown prepend(1)", NullPointerException.class, ANY_MESSAGE, () -> u.prepend(1));
    c.fails("unknown append(1)", NullPointerException.class, ANY_MESSAGE, () -> u.append(1));
    c.fails("append(null)", NullPointerException.class, ANY_MESSAGE, () -> s.append((Shape) null));
    c.fails("prepend(null)", NullPointerException.class, ANY_MESSAGE, () -> s.prepend((Shape) null));
    c.fails("append(unknown)", NullPointerException.class, ANY_MESSAGE, () -> s.append(u));
    c.fails("prepend(unknown)", NullPointerException.class, ANY_MESSAGE, () -> s.prepend(u));
    c.fails("unknown append(shape)", NullPointerException.class, ANY_MESSAGE, () -> u.append(s));
    c.fails("isCompatibleWith(null)", NullPointerException.class, ANY_MESSAGE, () -> s.isCompatibleWith(null));
    c.succeeds("unknown isCompatibleWith(null) short-circuits", () -> assertTrue(u.isCompatibleWith(null)));
    c.succeeds("append/prepend accept any long", () -> assertArrayEquals(
        new long[] {Long.MIN_VALUE, 2, 3, Long.MAX_VALUE},
        s.prepend(Long.MIN_VALUE).append(Long.MAX_VALUE).asArray()));
    return c.build();
  }

  @TestFactory
  List<DynamicTest> storedValuesAndAliasing() {
    Cases c = new Cases();
    c.succeeds("of(null) is a scalar", () -> assertTrue(Shape.of((long[]) null).isScalar()));
    c.succeeds("size wraps: 2^32 * 2^32", () -> assertEquals(0, Shape.of(1L << 32, 1L << 32).size()));
    c.succeeds("size wraps: MAX * 2", () -> assertEquals(-2, Shape.of(Long.MAX_VALUE, 2).size()));
    c.succeeds("negative dims multiply in", () -> assertEquals(-6, Shape.of(-2, 3).size()));
    c.succeeds("MIN_VALUE dim stored", () -> assertEquals("[-9223372036854775808]", Shape.of(Long.MIN_VALUE).toString()));
    // A deliberate deviation: docs/contracts/shape.md#the-factory-copies-the-callers-array
    c.succeeds("caller's array is copied", () -> {
      long[] dims = {2, 3};
      Shape s = Shape.of(dims);
      dims[0] = 7;
      assertEquals("[2, 3]", s.toString());
      assertEquals(6, s.size());
    });
    c.succeeds("asArray is a defensive copy", () -> {
      Shape s = Shape.of(2, 3);
      s.asArray()[0] = 99;
      assertArrayEquals(new long[] {2, 3}, s.asArray());
    });
    c.succeeds("toListOrNull is a fresh list", () -> {
      Shape s = Shape.of(2, 3);
      s.toListOrNull().clear();
      assertEquals(2, s.toListOrNull().size());
    });
    c.succeeds("unknown exports null", () -> {
      assertNull(Shape.unknown().asArray());
      assertNull(Shape.unknown().toListOrNull());
    });
    c.succeeds("equals(null) and foreign types are false", () -> {
      assertFalse(Shape.of(1).equals(null));
      assertFalse(Shape.of(2L, 3L).equals(java.util.Arrays.asList(2L, 3L)));
    });
    c.succeeds("a million dimensions", () -> {
      long[] dims = new long[1_000_000];
      java.util.Arrays.fill(dims, 1);
      Shape s = Shape.of(dims);
      assertEquals(1, s.size());
      assertEquals(999_999, s.tail().numDimensions());
    });
    return c.build();
  }
}
