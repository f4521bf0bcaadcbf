package org.tensorflow.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Everything upstream's {@code ShapeTest} relies on, in both of its versions (0.3.x reads
 * dimensions with {@code size(i)}, ≥ 0.4 with {@code get(i)}). Each item that reads a dimension
 * runs once per accessor.
 */
class ShapeChecklistTest {

  /** One way of reading a dimension: {@code size(int)} or {@code get(int)}. */
  private interface Accessor {
    long read(Shape shape, int i);
  }

  private static final Accessor SIZE =
      new Accessor() {
        @Override
        public long read(Shape shape, int i) {
          return shape.size(i);
        }
      };

  private static final Accessor GET =
      new Accessor() {
        @Override
        public long read(Shape shape, int i) {
          return shape.get(i);
        }
      };

  // ---- Test 1: all dimensions known (5 x 4 x 5) ----

  @Test
  void knownShapeHasRankThree() {
    assertEquals(3, Shape.of(5, 4, 5).numDimensions());
  }

  @Test
  void knownShapeDimensionsReadBackWithSize() {
    dimensionsReadBack(SIZE);
  }

  @Test
  void knownShapeDimensionsReadBackWithGet() {
    dimensionsReadBack(GET);
  }

  private static void dimensionsReadBack(Accessor accessor) {
    Shape shape = Shape.of(5, 4, 5);
    // int literal vs long result: resolves to assertEquals(long, long), as in upstream's test.
    assertEquals(5, accessor.read(shape, 0));
    assertEquals(4, accessor.read(shape, 1));
    assertEquals(5, accessor.read(shape, 2));
  }

  @Test
  void knownShapeTotalSizeIsHundred() {
    assertEquals(100, Shape.of(5, 4, 5).size());
  }

  @Test
  void knownShapeAsArray() {
    assertArrayEquals(new long[] {5, 4, 5}, Shape.of(5, 4, 5).asArray());
  }

  @Test
  void readingDimensionThreeThrowsWithSize() {
    assertThrows(IndexOutOfBoundsException.class, () -> SIZE.read(Shape.of(5, 4, 5), 3));
  }

  @Test
  void readingDimensionThreeThrowsWithGet() {
    assertThrows(IndexOutOfBoundsException.class, () -> GET.read(Shape.of(5, 4, 5), 3));
  }

  @Test
  void negativeIndicesCountFromTheEndWithSize() {
    negativeIndicesCountFromTheEnd(SIZE);
  }

  @Test
  void negativeIndicesCountFromTheEndWithGet() {
    negativeIndicesCountFromTheEnd(GET);
  }

  private static void negativeIndicesCountFromTheEnd(Accessor accessor) {
    Shape shape = Shape.of(5, 4, 5);
    assertEquals(5, accessor.read(shape, -1));
    assertEquals(4, accessor.read(shape, -2));
    assertEquals(5, accessor.read(shape, -3));
  }

  @Test
  void indexMinusFourThrowsWithSize() {
    assertThrows(IndexOutOfBoundsException.class, () -> SIZE.read(Shape.of(5, 4, 5), -4));
  }

  @Test
  void indexMinusFourThrowsWithGet() {
    assertThrows(IndexOutOfBoundsException.class, () -> GET.read(Shape.of(5, 4, 5), -4));
  }

  @Test
  void knownShapeIsNotUnknownNotScalarAndHasNoUnknownDimension() {
    Shape shape = Shape.of(5, 4, 5);
    assertFalse(shape.isUnknown());
    assertFalse(shape.hasUnknownDimension());
    assertFalse(shape.isScalar());
  }

  // ---- Test 2: equality and hash codes ----

  @Test
  void separatelyBuiltEqualShapesAreEqualWithEqualHashes() {
    Shape a = Shape.of(5, 4, 5);
    Shape b = Shape.of(5, 4, 5);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  @Test
  void extraDimensionMakesShapesAndHashesDiffer() {
    Shape a = Shape.of(5, 4, 5);
    Shape b = Shape.of(5, 4, 5, 6);
    assertNotEquals(a, b);
    assertNotEquals(a.hashCode(), b.hashCode());
  }

  @Test
  void differentLastDimensionMakesShapesAndHashesDiffer() {
    Shape a = Shape.of(5, 4, 5);
    Shape b = Shape.of(5, 4, 1);
    assertNotEquals(a, b);
    assertNotEquals(a.hashCode(), b.hashCode());
  }

  @Test
  void emptyShapesAreEqualAndDifferFromKnownShape() {
    assertEquals(Shape.of(), Shape.of());
    assertNotEquals(Shape.of(), Shape.of(5, 4, 5));
  }

  @Test
  void shapesWithUnknownDimensionEqualOnlyThemselves() {
    Shape a = Shape.of(-1, 4, 5);
    Shape b = Shape.of(-1, 4, 5);
    assertNotEquals(a, b);
    assertNotEquals(a, Shape.of(5, 4, 5));
    assertEquals(a, a);
  }

  @Test
  void unknownShapesEqualOnlyThemselves() {
    Shape a = Shape.unknown();
    Shape b = Shape.unknown();
    assertNotEquals(a, b);
    assertEquals(a, a);
  }

  // ---- Test 3: derivation ----

  @Test
  void headAndTailOfFourDimensions() {
    Shape shape = Shape.of(2, 4, 6, 8);
    assertEquals(Shape.of(2), shape.head());
    assertEquals(Shape.of(4, 6, 8), shape.tail());
  }

  @Test
  void headAndTailOfVector() {
    Shape shape = Shape.of(5);
    assertEquals(Shape.of(5), shape.head());
    assertEquals(Shape.of(), shape.tail());
  }

  @Test
  void headOfEmptyShapeThrows() {
    assertThrows(IndexOutOfBoundsException.class, () -> Shape.of().head());
  }

  @Test
  void tailOfEmptyShapeIsEmpty() {
    assertEquals(Shape.of(), Shape.of().tail());
  }

  @Test
  void prependLong() {
    assertEquals(Shape.of(5, 2, 4, 6), Shape.of(2, 4, 6).prepend(5));
  }

  @Test
  void appendAndPrependShapeToVector() {
    assertEquals(Shape.of(5, 2, 4, 6), Shape.of(5).append(Shape.of(2, 4, 6)));
    assertEquals(Shape.of(2, 4, 6, 5), Shape.of(5).prepend(Shape.of(2, 4, 6)));
  }

  @Test
  void appendShapeLongAndScalar() {
    assertEquals(Shape.of(1, 2, 3, 4), Shape.of(1, 2).append(Shape.of(3, 4)));
    assertEquals(Shape.of(1, 2, 3, 4), Shape.of(1, 2, 3).append(4));
    assertEquals(Shape.of(1, 2, 3, 4), Shape.of(1, 2, 3, 4).append(Shape.scalar()));
  }

  @Test
  void prependShape() {
    assertEquals(Shape.of(3, 4, 1, 2), Shape.of(1, 2).prepend(Shape.of(3, 4)));
  }

  @Test
  void takeAndTakeLast() {
    Shape shape = Shape.of(2, 4, 6);
    assertEquals(Shape.of(4, 6), shape.takeLast(2));
    assertEquals(Shape.scalar(), shape.takeLast(0));
    assertEquals(Shape.of(2, 4), shape.take(2));
    assertEquals(Shape.scalar(), shape.take(0));
  }

  @Test
  void appendingOrPrependingToUnknownThrowsNullPointer() {
    assertThrows(NullPointerException.class, () -> Shape.unknown().append(Shape.of(1, 2)));
    assertThrows(NullPointerException.class, () -> Shape.unknown().prepend(Shape.of(1, 2)));
  }

  @Test
  void asArrayCopyCannotChangeTheShapeWithSize() {
    asArrayCopyCannotChangeTheShape(SIZE);
  }

  @Test
  void asArrayCopyCannotChangeTheShapeWithGet() {
    asArrayCopyCannotChangeTheShape(GET);
  }

  private static void asArrayCopyCannotChangeTheShape(Accessor accessor) {
    Shape shape = Shape.of(2, 4, 6);
    long[] copy = shape.asArray();
    copy[0] = 99;
    assertEquals(2, accessor.read(shape, 0));
  }

  // ---- Test 4: compatibility ----

  @Test
  void unknownIsCompatibleWithKnownBothWays() {
    assertTrue(Shape.unknown().isCompatibleWith(Shape.of(2, 2)));
    assertTrue(Shape.of(2, 2).isCompatibleWith(Shape.unknown()));
  }

  @Test
  void unknownDimensionsAreCompatibleBothWays() {
    Shape known = Shape.of(2, 2);
    assertTrue(known.isCompatibleWith(Shape.of(2, 2)));
    Shape[] partial = {Shape.of(2, -1), Shape.of(-1, 2), Shape.of(-1, -1)};
    for (Shape shape : partial) {
      assertTrue(shape.isCompatibleWith(known), shape.toString());
      assertTrue(known.isCompatibleWith(shape), shape.toString());
    }
  }

  @Test
  void differentKnownDimensionIsIncompatibleBothWays() {
    assertFalse(Shape.of(1, 2).isCompatibleWith(Shape.of(2, 2)));
    assertFalse(Shape.of(2, 2).isCompatibleWith(Shape.of(1, 2)));
  }

  @Test
  void differentRankIsIncompatibleBothWays() {
    assertFalse(Shape.of(1, 2, 3).isCompatibleWith(Shape.of(2, 2)));
    assertFalse(Shape.of(2, 2).isCompatibleWith(Shape.of(1, 2, 3)));
  }
}
