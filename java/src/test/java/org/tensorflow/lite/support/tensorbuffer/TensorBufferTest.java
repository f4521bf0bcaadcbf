package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;

/**
 * What TFLite Support's TensorBufferTest asserts, one numbered item per method (in upstream's
 * order), for FLOAT32 and UINT8. Expected values are upstream's fixtures.
 */
class TensorBufferTest {
  private static final float[] FLOAT_ARRAY1 = {500.1f, 4.2f, 3.3f, 2.4f, 1.5f, 6.1f};
  private static final int[] INT_ARRAY1 = {500, 4, 3, 2, 1, 6};
  private static final float[] FLOAT_ARRAY1_TRUNCATED = {500, 4, 3, 2, 1, 6};
  private static final int[] INT_ARRAY1_CAPPED = {255, 4, 3, 2, 1, 6};
  private static final float[] FLOAT_ARRAY1_CAPPED = {255, 4, 3, 2, 1, 6};
  private static final float[] FLOAT_ARRAY2 = {6.7f, 7.6f};
  private static final int[] INT_ARRAY2 = {6, 7};
  private static final float[] FLOAT_ARRAY3 = {8.2f, 9.9f};
  private static final int[] INT_ARRAY3 = {8, 9};
  private static final int[] SHAPE_2_3 = {2, 3};
  private static final int[] SHAPE_2_1 = {2, 1};
  private static final DataType[] UPSTREAM = {DataType.FLOAT32, DataType.UINT8};

  /** Upstream's static fixture: a default (big-endian) direct buffer filled via its float view. */
  private static ByteBuffer bigEndianFloatBuffer() {
    ByteBuffer b = ByteBuffer.allocateDirect(24);
    b.asFloatBuffer().put(FLOAT_ARRAY1);
    return b;
  }

  /**
   * Checks in the upstream helper's order: int array, float array, shape, flat size, then every
   * single value (for UINT8 the position is at the limit by then).
   */
  static void assertHolds(TensorBuffer tb, int[] ints, float[] floats, int[] shape) {
    assertArrayEquals(ints, tb.getIntArray());
    assertArrayEquals(floats, tb.getFloatArray());
    assertArrayEquals(shape, tb.getShape());
    assertEquals(ints.length, tb.getFlatSize());
    for (int i = 0; i < ints.length; i++) {
      assertEquals(floats[i], tb.getFloatValue(i), "float at " + i);
      assertEquals(ints[i], tb.getIntValue(i), "int at " + i);
    }
  }

  @Test
  void t01_02_createFixedSize() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1, 2, 3}, type);
      assertNotNull(tb);
      assertEquals(6, tb.getFlatSize());
      assertEquals(type, tb.getDataType());
    }
  }

  @Test
  void t03_04_createDynamic() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      assertNotNull(tb);
      assertTrue(tb.isDynamic());
      assertArrayEquals(new int[] {0}, tb.getShape());
      assertEquals(0, tb.getBuffer().capacity());
      assertTrue(tb.getBuffer().isDirect());
      assertEquals(ByteOrder.nativeOrder(), tb.getBuffer().order());
    }
  }

  @Test
  void t05_createFromKeepsFixedShape() {
    TensorBuffer src = TensorBuffer.createFixedSize(new int[] {1, 2, 3}, DataType.UINT8);
    TensorBuffer dst = TensorBuffer.createFrom(src, DataType.FLOAT32);
    assertArrayEquals(new int[] {1, 2, 3}, dst.getShape());
    assertFalse(dst.isDynamic());
  }

  @Test
  void t06_createFromResizedDynamic() {
    TensorBuffer src = TensorBuffer.createDynamic(DataType.UINT8);
    src.resize(new int[] {1, 2, 3});
    TensorBuffer dst = TensorBuffer.createFrom(src, DataType.FLOAT32);
    assertArrayEquals(new int[] {1, 2, 3}, dst.getShape());
    assertTrue(dst.isDynamic());
  }

  @Test
  void t07_createFromUint8ToUint8() {
    TensorBuffer src = TensorBuffer.createFixedSize(new int[] {6}, DataType.UINT8);
    src.loadArray(INT_ARRAY1);
    assertArrayEquals(INT_ARRAY1_CAPPED, TensorBuffer.createFrom(src, DataType.UINT8).getIntArray());
  }

  @Test
  void t08_createFromFloatToUint8() {
    TensorBuffer src = TensorBuffer.createDynamic(DataType.FLOAT32);
    src.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    TensorBuffer dst = TensorBuffer.createFrom(src, DataType.UINT8);
    assertArrayEquals(INT_ARRAY1_CAPPED, dst.getIntArray());
    assertArrayEquals(SHAPE_2_3, dst.getShape());
  }

  @Test
  void t09_createFromUint8ToFloat() {
    TensorBuffer src = TensorBuffer.createDynamic(DataType.UINT8);
    src.loadArray(INT_ARRAY1, SHAPE_2_3);
    assertArrayEquals(
        FLOAT_ARRAY1_CAPPED, TensorBuffer.createFrom(src, DataType.FLOAT32).getFloatArray());
  }

  @Test
  void t10_createFromFloatToFloatIsExact() {
    TensorBuffer src = TensorBuffer.createFixedSize(new int[] {6}, DataType.FLOAT32);
    src.loadArray(FLOAT_ARRAY1);
    TensorBuffer dst = TensorBuffer.createFrom(src, DataType.FLOAT32);
    assertArrayEquals(FLOAT_ARRAY1, dst.getFloatArray());
    assertNotSame(src.getBuffer(), dst.getBuffer());
  }

  @Test
  void t11_getBufferIsNotNull() {
    assertNotNull(TensorBuffer.createFixedSize(new int[] {1, 2, 3}, DataType.UINT8).getBuffer());
  }

  @Test
  void t12_scalarFromInt() {
    TensorBuffer f = TensorBuffer.createFixedSize(new int[] {}, DataType.FLOAT32);
    f.loadArray(new int[] {800}, new int[] {});
    assertHolds(f, new int[] {800}, new float[] {800f}, new int[] {});
    TensorBuffer u = TensorBuffer.createFixedSize(new int[] {}, DataType.UINT8);
    u.loadArray(new int[] {800}, new int[] {});
    assertHolds(u, new int[] {255}, new float[] {255f}, new int[] {});
  }

  @Test
  void t13_scalarFromFloat() {
    TensorBuffer f = TensorBuffer.createFixedSize(new int[] {}, DataType.FLOAT32);
    f.loadArray(new float[] {800.2f}, new int[] {});
    assertHolds(f, new int[] {800}, new float[] {800.2f}, new int[] {});
    TensorBuffer u = TensorBuffer.createFixedSize(new int[] {}, DataType.UINT8);
    u.loadArray(new float[] {800.2f}, new int[] {});
    assertHolds(u, new int[] {255}, new float[] {255f}, new int[] {});
  }

  @Test
  void t14_fixedIntLoad() {
    TensorBuffer f = TensorBuffer.createFixedSize(SHAPE_2_3, DataType.FLOAT32);
    f.loadArray(INT_ARRAY1, SHAPE_2_3);
    assertHolds(f, INT_ARRAY1, FLOAT_ARRAY1_TRUNCATED, SHAPE_2_3);
    TensorBuffer u = TensorBuffer.createFixedSize(SHAPE_2_3, DataType.UINT8);
    u.loadArray(INT_ARRAY1, SHAPE_2_3);
    assertHolds(u, INT_ARRAY1_CAPPED, FLOAT_ARRAY1_CAPPED, SHAPE_2_3);
  }

  @Test
  void t15_fixedFloatLoad() {
    TensorBuffer f = TensorBuffer.createFixedSize(SHAPE_2_3, DataType.FLOAT32);
    f.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    assertHolds(f, INT_ARRAY1, FLOAT_ARRAY1, SHAPE_2_3);
    TensorBuffer u = TensorBuffer.createFixedSize(SHAPE_2_3, DataType.UINT8);
    u.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    assertHolds(u, INT_ARRAY1_CAPPED, FLOAT_ARRAY1_CAPPED, SHAPE_2_3);
  }

  @Test
  void t16_fixedLastIntLoadWins() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createFixedSize(SHAPE_2_1, type);
      tb.loadArray(INT_ARRAY2, SHAPE_2_1);
      tb.loadArray(INT_ARRAY3, SHAPE_2_1);
      assertHolds(tb, INT_ARRAY3, new float[] {8, 9}, SHAPE_2_1);
    }
  }

  @Test
  void t17_fixedLastFloatLoadWins() {
    TensorBuffer f = TensorBuffer.createFixedSize(SHAPE_2_1, DataType.FLOAT32);
    f.loadArray(FLOAT_ARRAY2, SHAPE_2_1);
    f.loadArray(FLOAT_ARRAY3, SHAPE_2_1);
    assertHolds(f, INT_ARRAY3, FLOAT_ARRAY3, SHAPE_2_1);
    TensorBuffer u = TensorBuffer.createFixedSize(SHAPE_2_1, DataType.UINT8);
    u.loadArray(FLOAT_ARRAY2, SHAPE_2_1);
    u.loadArray(FLOAT_ARRAY3, SHAPE_2_1);
    assertHolds(u, INT_ARRAY3, new float[] {8, 9}, SHAPE_2_1);
  }

  @Test
  void t18_19_fixedRejectsOtherShape() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {6}, type);
      tb.loadArray(INT_ARRAY1);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> tb.loadArray(INT_ARRAY2, new int[] {2}));
      assertNull(e.getMessage());
      e = assertThrows(
          IllegalArgumentException.class, () -> tb.loadArray(FLOAT_ARRAY2, new int[] {2}));
      assertNull(e.getMessage());
    }
  }

  @Test
  void t20_21_dynamicLoads() {
    TensorBuffer f = TensorBuffer.createDynamic(DataType.FLOAT32);
    f.loadArray(INT_ARRAY1, SHAPE_2_3);
    assertHolds(f, INT_ARRAY1, FLOAT_ARRAY1_TRUNCATED, SHAPE_2_3);
    f = TensorBuffer.createDynamic(DataType.FLOAT32);
    f.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    assertHolds(f, INT_ARRAY1, FLOAT_ARRAY1, SHAPE_2_3);
    TensorBuffer u = TensorBuffer.createDynamic(DataType.UINT8);
    u.loadArray(INT_ARRAY1, SHAPE_2_3);
    assertHolds(u, INT_ARRAY1_CAPPED, FLOAT_ARRAY1_CAPPED, SHAPE_2_3);
    u = TensorBuffer.createDynamic(DataType.UINT8);
    u.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    assertHolds(u, INT_ARRAY1_CAPPED, FLOAT_ARRAY1_CAPPED, SHAPE_2_3);
  }

  @Test
  void t22_23_dynamicSecondLoadWins() {
    TensorBuffer f = TensorBuffer.createDynamic(DataType.FLOAT32);
    f.loadArray(INT_ARRAY1, SHAPE_2_3);
    f.loadArray(INT_ARRAY2, SHAPE_2_1);
    assertHolds(f, INT_ARRAY2, new float[] {6, 7}, SHAPE_2_1);
    f.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    f.loadArray(FLOAT_ARRAY2, SHAPE_2_1);
    assertHolds(f, INT_ARRAY2, FLOAT_ARRAY2, SHAPE_2_1);
    TensorBuffer u = TensorBuffer.createDynamic(DataType.UINT8);
    u.loadArray(INT_ARRAY1, SHAPE_2_3);
    u.loadArray(INT_ARRAY2, SHAPE_2_1);
    assertHolds(u, INT_ARRAY2, new float[] {6, 7}, SHAPE_2_1);
    u.loadArray(FLOAT_ARRAY1, SHAPE_2_3);
    u.loadArray(FLOAT_ARRAY2, SHAPE_2_1);
    assertHolds(u, INT_ARRAY2, new float[] {6, 7}, SHAPE_2_1);
  }

  @Test
  void t24_fixedEmpty() {
    for (DataType type : UPSTREAM) {
      assertHolds(
          TensorBuffer.createFixedSize(new int[] {0}, type), new int[0], new float[0], new int[] {0});
    }
  }

  @Test
  void t25_dynamicNothingLoaded() {
    for (DataType type : UPSTREAM) {
      assertHolds(TensorBuffer.createDynamic(type), new int[0], new float[0], new int[] {0});
    }
  }

  @Test
  void t26_dynamicEmptyAfterNonEmpty() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      tb.loadArray(new int[0], new int[] {0});
      tb.loadArray(FLOAT_ARRAY2, SHAPE_2_1);
      tb.loadArray(new float[0], new int[] {0});
      assertHolds(tb, new int[0], new float[0], new int[] {0});
    }
  }

  @Test
  void t27_28_nullArray() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      NullPointerException e =
          assertThrows(NullPointerException.class, () -> tb.loadArray((int[]) null, new int[] {}));
      assertEquals("The array to be loaded cannot be null.", e.getMessage());
      e = assertThrows(NullPointerException.class, () -> tb.loadArray((float[]) null, new int[] {}));
      assertEquals("The array to be loaded cannot be null.", e.getMessage());
      // The array is checked before the shape.
      e = assertThrows(NullPointerException.class, () -> tb.loadArray((float[]) null, null));
      assertEquals("The array to be loaded cannot be null.", e.getMessage());
    }
  }

  @Test
  void t29_30_nullShape() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      NullPointerException e =
          assertThrows(NullPointerException.class, () -> tb.loadArray(INT_ARRAY1, null));
      assertEquals("Shape cannot be null.", e.getMessage());
      e = assertThrows(NullPointerException.class, () -> tb.loadArray(FLOAT_ARRAY1, null));
      assertEquals("Shape cannot be null.", e.getMessage());
    }
  }

  @Test
  void t31_32_fixedShapelessLoadOfWrongLength() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createFixedSize(SHAPE_2_3, type);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> tb.loadArray(INT_ARRAY2));
      assertEquals("The size of the array to be loaded does not match the specified shape.", e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> tb.loadArray(FLOAT_ARRAY2));
      assertEquals("The size of the array to be loaded does not match the specified shape.", e.getMessage());
    }
  }

  @Test
  void t33_loadNullBuffer() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      NullPointerException e =
          assertThrows(NullPointerException.class, () -> tb.loadBuffer(null, new int[] {}));
      assertEquals("Byte buffer cannot be null.", e.getMessage());
    }
  }

  @Test
  void t34_loadEmptyBuffer() {
    for (DataType type : UPSTREAM) {
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      tb.loadBuffer(ByteBuffer.allocateDirect(0), new int[] {0});
      assertEquals(0, tb.getFlatSize());
    }
  }

  @Test
  void t35_fixedLoadBufferRightSizeWrongShape() {
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {2}, DataType.FLOAT32);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> tb.loadBuffer(bigEndianFloatBuffer(), SHAPE_2_3));
    // Size check passes (24 == 4 * 6), so the failure is the null-message shape check.
    assertNull(e.getMessage());
  }

  @Test
  void t36_dynamicLoadBufferSizeMismatch() {
    TensorBuffer tb = TensorBuffer.createDynamic(DataType.FLOAT32);
    ByteBuffer two = ByteBuffer.allocateDirect(2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> tb.loadBuffer(two, new int[] {1}));
    assertEquals("The size of byte buffer and the shape do not match. Expected: 4 Actual: 2", e.getMessage());
  }

  @Test
  void t37_bigEndianBufferIsHonoured() {
    TensorBuffer tb = TensorBuffer.createDynamic(DataType.FLOAT32);
    ByteBuffer big = bigEndianFloatBuffer();
    tb.loadBuffer(big, SHAPE_2_3);
    assertArrayEquals(FLOAT_ARRAY1, tb.getFloatArray());
    assertArrayEquals(SHAPE_2_3, tb.getShape());
    assertSame(big, tb.getBuffer());
    assertEquals(ByteOrder.BIG_ENDIAN, tb.getBuffer().order());
  }

  @Test
  void t38_uint8Buffer() {
    ByteBuffer bytes = ByteBuffer.allocateDirect(2);
    bytes.put(new byte[] {6, 7});
    TensorBuffer tb = TensorBuffer.createDynamic(DataType.UINT8);
    tb.loadBuffer(bytes, SHAPE_2_1);
    assertEquals(0, bytes.position());
    assertArrayEquals(INT_ARRAY2, tb.getIntArray());
    assertArrayEquals(SHAPE_2_1, tb.getShape());
  }

  @Test
  void t39_42_singleValueIndexErrors() {
    for (DataType type : UPSTREAM) {
      TensorBuffer six = TensorBuffer.createFixedSize(SHAPE_2_3, type);
      six.loadArray(INT_ARRAY1);
      TensorBuffer scalar = TensorBuffer.createFixedSize(new int[] {}, type);
      for (int bad : new int[] {-1, 7}) {
        assertThrows(IndexOutOfBoundsException.class, () -> six.getFloatValue(bad));
        assertThrows(IndexOutOfBoundsException.class, () -> six.getIntValue(bad));
      }
      for (int bad : new int[] {-1, 1}) {
        assertThrows(IndexOutOfBoundsException.class, () -> scalar.getFloatValue(bad));
        assertThrows(IndexOutOfBoundsException.class, () -> scalar.getIntValue(bad));
      }
    }
  }

  @Test
  void t43_floatSlicesShareStorage() {
    TensorBuffer whole = TensorBuffer.createFixedSize(SHAPE_2_3, DataType.FLOAT32);
    whole.loadArray(new float[] {1, 2, 3, 4, 5, 6});
    for (int i = 0; i < 3; i++) {
      ByteBuffer b = whole.getBuffer();
      b.position(i * 8);
      ByteBuffer slice = b.slice().order(b.order());
      slice.limit(8);
      TensorBuffer part = TensorBuffer.createDynamic(DataType.FLOAT32);
      part.loadBuffer(slice, new int[] {2});
      float[] got = part.getFloatArray();
      assertEquals(2, got.length);
      assertEquals(2 * i + 1, (int) got[0]);
      assertEquals(2 * i + 2, (int) got[1]);
      assertEquals(2 * i + 1f, got[0]);
    }
  }

  @Test
  void t44_uint8SlicesShareStorage() {
    TensorBuffer whole = TensorBuffer.createFixedSize(SHAPE_2_3, DataType.UINT8);
    whole.loadArray(new int[] {1, 2, 3, 4, 5, 6});
    for (int i = 0; i < 3; i++) {
      ByteBuffer b = whole.getBuffer();
      b.position(i * 2);
      ByteBuffer slice = b.slice().order(b.order());
      slice.limit(2);
      TensorBuffer part = TensorBuffer.createDynamic(DataType.UINT8);
      part.loadBuffer(slice, new int[] {2});
      assertArrayEquals(new int[] {2 * i + 1, 2 * i + 2}, part.getIntArray());
    }
  }

  @Test
  void t45_46_shrunkenLimitFailsShapeAndFlatSize() {
    String message =
        "The size of underlying ByteBuffer (5) and the shape ([3, 2]) do not match. The ByteBuffer"
            + " may have been changed.";
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {3, 2}, DataType.FLOAT32);
    tb.getBuffer().limit(5);
    IllegalStateException e = assertThrows(IllegalStateException.class, tb::getShape);
    assertTrue(e.getMessage().contains(message), e.getMessage());
    e = assertThrows(IllegalStateException.class, tb::getFlatSize);
    assertEquals(message, e.getMessage());
  }

  @Test
  void t47_readOnlyBufferIsCopiedOnWrite() {
    ByteBuffer original = ByteBuffer.allocateDirect(1);
    original.put(0, (byte) 99);
    ByteBuffer readOnly = original.asReadOnlyBuffer();
    TensorBuffer tb = TensorBuffer.createDynamic(DataType.UINT8);
    tb.loadBuffer(readOnly, new int[] {1});
    assertSame(readOnly, tb.getBuffer());
    tb.loadArray(new int[] {42});
    assertNotSame(readOnly, tb.getBuffer());
    assertEquals(42, tb.getBuffer().get(0));
    assertFalse(tb.getBuffer().isReadOnly());
    assertEquals(99, original.get(0));
  }
}
