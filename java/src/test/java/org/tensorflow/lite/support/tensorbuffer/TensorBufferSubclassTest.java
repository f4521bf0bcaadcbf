package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;

/**
 * What TFLite Support's per-class tests of TensorBufferFloat/TensorBufferUint8 assert, and the
 * class shapes, run for every supported type (the extra types must pass the same:
 * docs/contracts/tensorbuffer.md#extra-element-types).
 */
class TensorBufferSubclassTest {
  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void dynamicConstructorGivesAnObject(DataType type) {
    TensorBuffer buffer = Buffers.dynamic(type);
    assertNotNull(buffer);
    assertTrue(buffer.isDynamic());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void fixedShapeReportsItsFlatSize(DataType type) {
    assertEquals(6, Buffers.fixed(type, new int[] {1, 2, 3}).getFlatSize());
    assertEquals(1, Buffers.fixed(type, new int[] {}).getFlatSize());
    assertEquals(0, Buffers.fixed(type, new int[] {1, 0, 2}).getFlatSize());
    assertFalse(Buffers.fixed(type, new int[] {1}).isDynamic());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void nullShapeThrowsNpe(DataType type) {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> Buffers.fixed(type, null));
    assertEquals("TensorBuffer shape cannot be null.", e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void negativeDimensionThrowsIae(DataType type) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Buffers.fixed(type, new int[] {1, -1, 2}));
    assertEquals("Values in TensorBuffer shape should be non-negative.", e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void dataTypeAndTypeSize(DataType type) {
    TensorBuffer buffer = Buffers.dynamic(type);
    assertEquals(type, buffer.getDataType());
    assertEquals(type.byteSize(), buffer.getTypeSize());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void classIsPublicFinalWithPackagePrivateConstructors(DataType type) throws Exception {
    Class<?> c = Buffers.classOf(type);
    assertTrue(Modifier.isPublic(c.getModifiers()));
    assertTrue(Modifier.isFinal(c.getModifiers()));
    assertEquals(TensorBuffer.class, c.getSuperclass());
    Constructor<?>[] ctors = c.getDeclaredConstructors();
    // Upstream's two (fixed-size, dynamic) and the one that wraps an op result's storage.
    assertEquals(3, ctors.length);
    for (Constructor<?> ctor : ctors) {
      int m = ctor.getModifiers();
      assertFalse(Modifier.isPublic(m) || Modifier.isProtected(m) || Modifier.isPrivate(m));
    }
    assertTrue(Modifier.isPrivate(c.getDeclaredField("DATA_TYPE").getModifiers()));
  }

  @org.junit.jupiter.api.Test
  void baseClassShape() throws Exception {
    Class<TensorBuffer> c = TensorBuffer.class;
    assertTrue(Modifier.isAbstract(c.getModifiers()) && Modifier.isPublic(c.getModifiers()));
    assertTrue(Modifier.isProtected(c.getDeclaredField("buffer").getModifiers()));
    assertTrue(Modifier.isProtected(c.getDeclaredField("shape").getModifiers()));
    assertTrue(Modifier.isProtected(c.getDeclaredField("flatSize").getModifiers()));
    int dynamic = c.getDeclaredField("isDynamic").getModifiers();
    assertTrue(Modifier.isProtected(dynamic) && Modifier.isFinal(dynamic));
    assertTrue(Modifier.isProtected(c.getDeclaredMethod("resize", int[].class).getModifiers()));
    int cow = c.getDeclaredMethod("copyByteBufferIfReadOnly").getModifiers();
    assertTrue(Modifier.isProtected(cow) && Modifier.isSynchronized(cow));
    int flat = c.getDeclaredMethod("computeFlatSize", int[].class).getModifiers();
    assertTrue(Modifier.isProtected(flat) && Modifier.isStatic(flat));
    assertTrue(Modifier.isProtected(c.getDeclaredConstructor().getModifiers()));
    assertTrue(Modifier.isProtected(c.getDeclaredConstructor(int[].class).getModifiers()));
  }
}
