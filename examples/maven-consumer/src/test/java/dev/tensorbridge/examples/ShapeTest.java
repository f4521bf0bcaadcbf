package dev.tensorbridge.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.tensorflow.ndarray.Shape;

/** Checking a model's input signature with {@code org.tensorflow.ndarray.Shape} (spec shape.md). */
class ShapeTest {

  private static final Shape MODEL_INPUT = Shape.of(224, 224, 3).prepend(Shape.UNKNOWN_SIZE);

  @Test
  void batchDimensionIsUnknown() {
    assertEquals("[-1, 224, 224, 3]", MODEL_INPUT.toString());
    assertEquals(4, MODEL_INPUT.numDimensions());
    assertTrue(MODEL_INPUT.hasUnknownDimension());
    assertEquals(-1, MODEL_INPUT.size()); // any unknown dimension makes the size unknown
    assertEquals(Shape.of(224, 224, 3), MODEL_INPUT.tail());
    assertEquals(224L * 224L * 3L, MODEL_INPUT.tail().size());
  }

  @Test
  void concreteBatchesAreCompatibleOnlyWithTheRightImageSize() {
    assertTrue(MODEL_INPUT.isCompatibleWith(Shape.of(8, 224, 224, 3)));
    assertFalse(MODEL_INPUT.isCompatibleWith(Shape.of(8, 224, 224, 1)));
    assertFalse(MODEL_INPUT.isCompatibleWith(Shape.of(224, 224, 3)));
    assertTrue(MODEL_INPUT.isCompatibleWith(Shape.unknown()));
  }

  @Test
  void dimensionsByIndexAndAsList() {
    assertEquals(-1, MODEL_INPUT.get(0));
    assertEquals(3, MODEL_INPUT.get(-1)); // negative indices count from the end
    assertEquals(224, MODEL_INPUT.size(1));
    assertArrayEquals(new long[] {-1, 224, 224, 3}, MODEL_INPUT.asArray());
    assertEquals(Arrays.asList(-1L, 224L, 224L, 3L), MODEL_INPUT.toListOrNull());
    assertNull(Shape.unknown().toListOrNull());
    assertEquals("null", Shape.unknown().toString());
  }

  @Test
  void scalarsAndSubShapes() {
    assertEquals(1, Shape.scalar().size());
    assertTrue(Shape.scalar().isScalar());
    assertArrayEquals(new long[] {-1}, MODEL_INPUT.take(1).asArray());
    // Upstream rule kept: a shape with an unknown dimension equals only itself.
    assertNotEquals(Shape.of(-1), MODEL_INPUT.take(1));
    assertEquals(Shape.of(224, 3), MODEL_INPUT.takeLast(2).subShape(1, 2).prepend(224));
    assertEquals(Shape.of(2, 3, 4), Shape.of(2).append(Shape.of(3, 4)));
  }
}
