package org.tensorflow.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The rules of docs/contracts/shape.md: edge cases observed with the upstream class, every
 * class-controlled message and the JVM-generated exception classes, the {@code equals}/{@code
 * hashCode}/{@code toString} rules, the run-time reading of {@code UNKNOWN_SIZE}, the one deviation
 * (the factory copies the caller's array) and the public surface.
 */
class ShapeBehaviourTest {

  /** Asserts that running {@code body} throws exactly {@code type} (not a subclass). */
  private static <T extends Throwable> T assertThrowsExactly(Class<T> type, Executable body) {
    T thrown = assertThrows(type, body);
    assertSame(type, thrown.getClass(), "exception class");
    return thrown;
  }

  /** Asserts an ArrayIndexOutOfBoundsException with exactly this (class-controlled) message. */
  private static void assertIndexError(String message, Executable body) {
    assertEquals(message, assertThrowsExactly(ArrayIndexOutOfBoundsException.class, body).getMessage());
  }

  private static void assertDims(Shape shape, long... expected) {
    assertFalse(shape.isUnknown(), "rank must be known");
    assertArrayEquals(expected, shape.asArray());
  }

  // ---- size and indexing ----

  @Test
  void sizeOfFiveFourFive() {
    assertEquals(100L, Shape.of(5, 4, 5).size());
  }

  @Test
  void getWithPositiveAndNegativeIndices() {
    Shape shape = Shape.of(5, 4, 5);
    assertEquals(5L, shape.get(0));
    assertEquals(4L, shape.get(1));
    assertEquals(5L, shape.get(2));
    assertEquals(5L, shape.get(-1));
    assertEquals(4L, shape.get(-2));
    assertEquals(5L, shape.get(-3));
  }

  @Test
  void unknownRankReadsUnknownAtAnyIndex() {
    assertEquals(-1L, Shape.unknown().get(100));
    assertEquals(-1L, Shape.unknown().get(-100));
    assertEquals(-1L, Shape.unknown().size(100));
    assertEquals(-1L, Shape.unknown().size(-100));
  }

  @Test
  void sizeOfUnknownRankAndScalar() {
    assertEquals(-1L, Shape.unknown().size());
    assertEquals(1L, Shape.scalar().size());
  }

  @Test
  void unknownDimensionWinsOverZeroInAnyPosition() {
    assertEquals(-1L, Shape.of(0, -1).size());
    assertEquals(-1L, Shape.of(-1, 0).size());
  }

  @Test
  void zeroDimensionGivesZeroSize() {
    assertEquals(0L, Shape.of(3, 0, 2).size());
  }

  @Test
  void otherNegativeDimensionsAreMultipliedIn() {
    assertEquals(-6L, Shape.of(-2, 3).size());
  }

  @Test
  void sizeWrapsOnOverflow() {
    assertEquals(0L, Shape.of(1L << 32, 1L << 32).size());
    assertEquals(-2L, Shape.of(Long.MAX_VALUE, 2).size());
  }

  @Test
  void sizeIsStableAcrossCalls() {
    Shape shape = Shape.of(2, 3);
    assertEquals(6L, shape.size());
    assertEquals(6L, shape.size());
  }

  // ---- factories, kind predicates, export ----

  @Test
  void nullArrayGivesScalar() {
    Shape shape = Shape.of((long[]) null);
    assertTrue(shape.isScalar());
    assertEquals(0, shape.numDimensions());
    assertEquals(Shape.scalar(), shape);
  }

  @Test
  void toStringRows() {
    assertEquals("[]", Shape.of().toString());
    assertEquals("null", Shape.unknown().toString());
    assertEquals("[-1, 4]", Shape.of(-1, 4).toString());
    assertEquals("[5, 4, 5]", Shape.of(5, 4, 5).toString());
    assertEquals("[]", Shape.scalar().toString());
  }

  @Test
  void unknownRankKind() {
    Shape unknown = Shape.unknown();
    assertEquals(-1, unknown.numDimensions());
    assertFalse(unknown.isScalar());
    assertFalse(unknown.isVector());
    assertFalse(unknown.isMatrix());
    assertTrue(unknown.isUnknown());
    assertTrue(unknown.hasUnknownDimension());
  }

  @Test
  void rankPredicates() {
    assertTrue(Shape.scalar().isScalar());
    assertFalse(Shape.scalar().isVector());
    assertTrue(Shape.of(3).isVector());
    assertFalse(Shape.of(3).isMatrix());
    assertTrue(Shape.of(3, 4).isMatrix());
    assertFalse(Shape.of(3, 4, 5).isMatrix());
    assertFalse(Shape.scalar().hasUnknownDimension());
  }

  @Test
  void onlyMinusOneIsAnUnknownDimension() {
    assertFalse(Shape.of(-2).hasUnknownDimension());
    assertTrue(Shape.of(3, -1).hasUnknownDimension());
  }

  @Test
  void exportOfUnknownRankIsNull() {
    assertNull(Shape.unknown().asArray());
    assertNull(Shape.unknown().toListOrNull());
  }

  @Test
  void toListOrNullRows() {
    assertEquals(Collections.<Long>emptyList(), Shape.scalar().toListOrNull());
    assertEquals(Arrays.asList(2L, 3L), Shape.of(2, 3).toListOrNull());
  }

  @Test
  void toListOrNullIsAFreshMutableArrayList() {
    Shape shape = Shape.of(2, 3);
    List<Long> first = shape.toListOrNull();
    assertSame(ArrayList.class, first.getClass());
    first.add(9L);
    first.set(0, 7L);
    assertEquals(Arrays.asList(2L, 3L), shape.toListOrNull());
    assertNotSame(first, shape.toListOrNull());
  }

  @Test
  void asArrayIsAFreshCopyEveryCall() {
    Shape shape = Shape.of(2, 3);
    long[] first = shape.asArray();
    assertNotSame(first, shape.asArray());
    first[1] = 99;
    assertDims(shape, 2, 3);
    assertArrayEquals(new long[0], Shape.scalar().asArray());
  }

  // ---- derivation ----

  @Test
  void headAndTailRows() {
    assertDims(Shape.of(2, 4, 6, 8).head(), 2);
    assertDims(Shape.of(2, 4, 6, 8).tail(), 4, 6, 8);
    assertDims(Shape.of(7).tail());
    assertDims(Shape.scalar().tail());
  }

  @Test
  void takeAndTakeLastRows() {
    Shape shape = Shape.of(2, 4, 6);
    assertDims(shape.take(2), 2, 4);
    assertDims(shape.take(0));
    assertDims(shape.takeLast(2), 4, 6);
    assertDims(shape.takeLast(0));
  }

  @Test
  void subShapeRows() {
    assertDims(Shape.of(2, 3, 4).subShape(1, 3), 3, 4);
    assertDims(Shape.of(2, 3).subShape(1, 1));
  }

  @Test
  void subShapeEndCheckedFirst() {
    assertIndexError(
        "End index 3 out of bounds: shape only has 2 dimensions.",
        () -> Shape.of(2, 3).subShape(0, 3));
    assertIndexError(
        "End index 3 out of bounds: shape only has 2 dimensions.",
        () -> Shape.of(2, 3).subShape(-1, 3));
  }

  @Test
  void subShapeBeginCheckedSecond() {
    assertIndexError(
        "Begin index -1 out of bounds: cannot be less than 0.",
        () -> Shape.of(2, 3).subShape(-1, 1));
  }

  @Test
  void subShapeBeginAfterEndIsNegativeArraySize() {
    assertThrowsExactly(NegativeArraySizeException.class, () -> Shape.of(2, 3).subShape(2, 1));
  }

  @Test
  void subShapeWithAWrappedLengthFailsLikeUpstreamsAllocation() {
    // Upstream allocates new long[end - begin] in int arithmetic: MIN_VALUE - 1 wraps to
    // MAX_VALUE, beyond HotSpot's array limit, so the JVM throws OutOfMemoryError ...
    assertThrowsExactly(OutOfMemoryError.class, () -> Shape.of(2, 3).subShape(1, Integer.MIN_VALUE));
    assertThrowsExactly(OutOfMemoryError.class, () -> Shape.unknown().subShape(1, Integer.MIN_VALUE));
    // ... while MIN_VALUE - MAX_VALUE wraps to 1: allocated, then the copy from index MAX_VALUE
    // fails (known rank) or dereferences the missing array (unknown rank).
    assertThrowsExactly(
        ArrayIndexOutOfBoundsException.class,
        () -> Shape.of(2, 3).subShape(Integer.MAX_VALUE, Integer.MIN_VALUE));
    assertThrowsExactly(
        NullPointerException.class,
        () -> Shape.unknown().subShape(Integer.MAX_VALUE, Integer.MIN_VALUE));
  }

  @Test
  void subShapeOnUnknownRank() {
    assertIndexError(
        "End index 0 out of bounds: shape only has -1 dimensions.",
        () -> Shape.unknown().subShape(0, 0));
    assertThrowsExactly(NegativeArraySizeException.class, () -> Shape.unknown().subShape(0, -1));
    assertIndexError(
        "Begin index -1 out of bounds: cannot be less than 0.",
        () -> Shape.unknown().subShape(-1, -1));
  }

  @Test
  void takeMessages() {
    assertIndexError(
        "Cannot take 3 dimensions, shape has only 2.", () -> Shape.of(2, 3).take(3));
    assertIndexError(
        "Cannot take last 3 dimensions, shape has only 2.", () -> Shape.of(2, 3).takeLast(3));
    assertIndexError(
        "Cannot take 0 dimensions, shape has only -1.", () -> Shape.unknown().take(0));
    assertIndexError(
        "Cannot take last 0 dimensions, shape has only -1.", () -> Shape.unknown().takeLast(0));
  }

  @Test
  void negativeTakeIsNegativeArraySize() {
    assertThrowsExactly(NegativeArraySizeException.class, () -> Shape.of(2, 3).take(-1));
    assertThrowsExactly(NegativeArraySizeException.class, () -> Shape.of(2, 3).takeLast(-2));
    assertThrowsExactly(NegativeArraySizeException.class, () -> Shape.unknown().take(-1));
  }

  @Test
  void headMessages() {
    assertIndexError(
        "Cannot take 1 dimensions, shape has only -1.", () -> Shape.unknown().head());
    assertIndexError("Cannot take 1 dimensions, shape has only 0.", () -> Shape.scalar().head());
  }

  @Test
  void structuralOperationsOnUnknownRankThrowNullPointer() {
    assertThrowsExactly(NullPointerException.class, () -> Shape.unknown().tail());
    assertThrowsExactly(NullPointerException.class, () -> Shape.unknown().prepend(1));
    assertThrowsExactly(NullPointerException.class, () -> Shape.unknown().append(1));
    assertThrowsExactly(NullPointerException.class, () -> Shape.unknown().append(Shape.of(1, 2)));
    assertThrowsExactly(NullPointerException.class, () -> Shape.unknown().prepend(Shape.of(1, 2)));
  }

  @Test
  void nullOrUnknownShapeOperandThrowsNullPointer() {
    assertThrowsExactly(NullPointerException.class, () -> Shape.of(1).append((Shape) null));
    assertThrowsExactly(NullPointerException.class, () -> Shape.of(1).append(Shape.unknown()));
    assertThrowsExactly(NullPointerException.class, () -> Shape.of(1).prepend((Shape) null));
    assertThrowsExactly(NullPointerException.class, () -> Shape.of(1).prepend(Shape.unknown()));
  }

  @Test
  void appendAndPrependRows() {
    assertDims(Shape.scalar().append(-1), -1);
    assertDims(Shape.of(5).append(Shape.of(2, 4, 6)), 5, 2, 4, 6);
    assertDims(Shape.of(5).prepend(Shape.of(2, 4, 6)), 2, 4, 6, 5);
    assertDims(Shape.of(1, 2, 3, 4).append(Shape.scalar()), 1, 2, 3, 4);
  }

  // ---- index errors (JVM-generated messages: class only) ----

  @Test
  void outOfRangeIndexIsArrayIndexOutOfBounds() {
    Shape shape = Shape.of(5, 4, 5);
    assertThrowsExactly(ArrayIndexOutOfBoundsException.class, () -> shape.get(3));
    assertThrowsExactly(ArrayIndexOutOfBoundsException.class, () -> shape.get(-4));
    assertThrowsExactly(ArrayIndexOutOfBoundsException.class, () -> shape.size(3));
    assertThrowsExactly(ArrayIndexOutOfBoundsException.class, () -> shape.size(-4));
    assertThrowsExactly(ArrayIndexOutOfBoundsException.class, () -> Shape.scalar().get(0));
  }

  // ---- compatibility ----

  @Test
  void compatibilityWithNull() {
    assertThrowsExactly(NullPointerException.class, () -> Shape.of(2, 3).isCompatibleWith(null));
    assertTrue(Shape.unknown().isCompatibleWith(null));
  }

  @Test
  void scalarCompatibility() {
    assertTrue(Shape.scalar().isCompatibleWith(Shape.scalar()));
    assertFalse(Shape.scalar().isCompatibleWith(Shape.of(1)));
  }

  @Test
  void staticIsCompatible() {
    assertFalse(Shape.isCompatible(-2, 3));
    assertTrue(Shape.isCompatible(-1, 3));
    assertTrue(Shape.isCompatible(3, 3));
    assertTrue(Shape.isCompatible(3, -1));
  }

  // ---- hash codes and the equals table ----

  @Test
  void hashVectors() {
    assertEquals(34725, Shape.of(5, 4, 5).hashCode());
    assertEquals(1076481, Shape.of(5, 4, 5, 6).hashCode());
    assertEquals(34721, Shape.of(5, 4, 1).hashCode());
    assertEquals(1, Shape.scalar().hashCode());
  }

  @Test
  void unknownDimensionsStillHashByContent() {
    // 31 * (31 * 1 + hash(-1) = 0) + 4
    assertEquals(965, Shape.of(-1, 4).hashCode());
    assertEquals(Shape.of(-1, 4).hashCode(), Shape.of(-1, 4).hashCode());
  }

  @Test
  void unknownRankHashesByIdentity() {
    Shape unknown = Shape.unknown();
    assertEquals(System.identityHashCode(unknown), unknown.hashCode());
  }

  @Test
  void equalsTable() {
    assertTrue(Shape.of(5, 4, 5).equals(Shape.of(5, 4, 5)));
    assertFalse(Shape.unknown().equals(Shape.unknown()));
    Shape u = Shape.unknown();
    assertTrue(u.equals(u));
    assertFalse(Shape.of(-1, 4, 5).equals(Shape.of(-1, 4, 5)));
    Shape x = Shape.of(-1, 4, 5);
    assertTrue(x.equals(x));
    assertFalse(Shape.of(2, 3).equals(Shape.of(2, -1)));
    assertFalse(Shape.of(2, -1).equals(Shape.of(2, 3)));
    assertTrue(Shape.scalar().equals(Shape.of()));
    assertTrue(Shape.of(-2).equals(Shape.of(-2)));
    assertFalse(Shape.unknown().equals(Shape.of(2)));
    assertFalse(Shape.of(2, 3).equals(Arrays.asList(2L, 3L)));
    assertFalse(Shape.of(2, 3).equals(null));
  }

  // ---- UNKNOWN_SIZE is a non-final field read at run time ----

  @Test
  void unknownSizeIsMinusOneAndNotFinal() throws NoSuchFieldException {
    assertEquals(-1L, Shape.UNKNOWN_SIZE);
    Field field = Shape.class.getField("UNKNOWN_SIZE");
    int modifiers = field.getModifiers();
    assertTrue(Modifier.isPublic(modifiers));
    assertTrue(Modifier.isStatic(modifiers));
    assertFalse(Modifier.isFinal(modifiers));
    assertSame(long.class, field.getType());
  }

  @Test
  void unknownSizeIsReadAtRunTime() {
    long saved = Shape.UNKNOWN_SIZE;
    try {
      Shape.UNKNOWN_SIZE = -7L;
      assertEquals(-7L, Shape.unknown().get(3));
      assertEquals(-7L, Shape.unknown().size(-3));
      assertEquals(-7L, Shape.unknown().size());
      assertEquals(-7L, Shape.of(-7, 2).size());
      assertEquals(-2L, Shape.of(-1, 2).size());
      assertTrue(Shape.of(2, -7).hasUnknownDimension());
      assertFalse(Shape.of(2, -1).hasUnknownDimension());
      assertTrue(Shape.isCompatible(-7, 3));
      assertFalse(Shape.isCompatible(-1, 3));
      assertTrue(Shape.of(-1).equals(Shape.of(-1)));
      assertFalse(Shape.of(-7).equals(Shape.of(-7)));
    } finally {
      Shape.UNKNOWN_SIZE = saved;
    }
    assertEquals(-1L, Shape.UNKNOWN_SIZE);
  }

  // ---- deviation: of(long...) copies the caller's array ----

  @Test
  void ofCopiesTheCallersArray() {
    long[] dims = {2, 3};
    Shape shape = Shape.of(dims);
    dims[0] = 7;
    assertEquals("[2, 3]", shape.toString());
    assertEquals(6L, shape.size());
    dims[0] = 10;
    assertEquals(2L, shape.get(0));
    assertEquals(6L, shape.size());
  }

  @Test
  void derivedShapesAreIndependentOfTheirSource() {
    long[] dims = {2, 3, 4};
    Shape shape = Shape.of(dims);
    Shape taken = shape.take(2);
    dims[0] = 9;
    assertDims(taken, 2, 3);
    assertDims(shape, 2, 3, 4);
  }

  // ---- the public surface ----

  @Test
  void classIsFinalWithoutPublicConstructorsOrInterfaces() {
    assertTrue(Modifier.isFinal(Shape.class.getModifiers()));
    assertTrue(Modifier.isPublic(Shape.class.getModifiers()));
    assertSame(Object.class, Shape.class.getSuperclass());
    assertEquals(0, Shape.class.getInterfaces().length);
    for (Constructor<?> constructor : Shape.class.getDeclaredConstructors()) {
      assertTrue(Modifier.isPrivate(constructor.getModifiers()), constructor.toString());
    }
  }

  @Test
  void ranksBeyondTheNativeStackBufferWork() {
    // 40 dimensions of 2: more than the native side keeps on its stack (16), so the heap path.
    long[] twos = new long[40];
    Arrays.fill(twos, 2L);
    Shape shape = Shape.of(twos);
    assertEquals(1L << 40, shape.size());
    Shape appended = shape.append(3);
    assertEquals(41, appended.numDimensions());
    assertEquals(3L, appended.get(-1));
    assertEquals(3L << 40, appended.size());
    assertEquals(1L << 17, shape.takeLast(17).size());
    assertEquals(1L << 20, shape.subShape(10, 30).size());
    assertEquals(80, shape.append(shape).numDimensions());
    long[] unknowns = new long[40];
    Arrays.fill(unknowns, -1L);
    assertTrue(shape.isCompatibleWith(Shape.of(unknowns)));
    assertFalse(shape.isCompatibleWith(appended));
    assertEquals(Arrays.hashCode(twos), shape.hashCode());
    assertEquals(Arrays.toString(twos), shape.toString());
  }

  @Test
  void theRulesAreNativesOfTheClassItself() {
    int natives = 0;
    for (Method method : Shape.class.getDeclaredMethods()) {
      int modifiers = method.getModifiers();
      if (Modifier.isNative(modifiers)) {
        natives++;
        assertTrue(Modifier.isPrivate(modifiers) && Modifier.isStatic(modifiers), method.toString());
      }
    }
    assertTrue(natives > 0, "Shape declares no native method");
  }

  @Test
  void publicMembersAreExactlyTheSpecifiedOnes() {
    TreeSet<String> actual = new TreeSet<String>();
    for (Method method : Shape.class.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers())) {
        String signature =
            (Modifier.isStatic(method.getModifiers()) ? "static " : "")
                + method.getReturnType().getSimpleName()
                + " "
                + method.getName()
                + Arrays.toString(method.getParameterTypes());
        actual.add(signature.replace("class ", ""));
      }
    }
    for (Field field : Shape.class.getDeclaredFields()) {
      if (Modifier.isPublic(field.getModifiers())) {
        actual.add("field " + field.getName());
      }
    }
    TreeSet<String> expected =
        new TreeSet<String>(
            Arrays.asList(
                "field UNKNOWN_SIZE",
                "static Shape unknown[]",
                "static Shape scalar[]",
                "static Shape of[[J]",
                "long size[]",
                "long size[int]",
                "long get[int]",
                "int numDimensions[]",
                "boolean hasUnknownDimension[]",
                "boolean isScalar[]",
                "boolean isVector[]",
                "boolean isMatrix[]",
                "boolean isUnknown[]",
                "long[] asArray[]",
                "List toListOrNull[]",
                "Shape head[]",
                "Shape take[int]",
                "Shape tail[]",
                "Shape takeLast[int]",
                "Shape subShape[int, int]",
                "Shape prepend[long]",
                "Shape append[long]",
                "Shape prepend[org.tensorflow.ndarray.Shape]",
                "Shape append[org.tensorflow.ndarray.Shape]",
                "boolean isCompatibleWith[org.tensorflow.ndarray.Shape]",
                "static boolean isCompatible[long, long]",
                "int hashCode[]",
                "boolean equals[java.lang.Object]",
                "String toString[]"));
    assertEquals(expected, actual);
  }

  @Test
  void ofIsVarargs() throws NoSuchMethodException {
    assertTrue(Shape.class.getMethod("of", long[].class).isVarArgs());
  }

  @Test
  void factoriesReturnNewInstances() {
    assertNotSame(Shape.unknown(), Shape.unknown());
    assertNotSame(Shape.scalar(), Shape.scalar());
    assertNotNull(Shape.of());
  }
}
