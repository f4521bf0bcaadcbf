package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.InvalidMarkException;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;

/**
 * The behaviour of docs/contracts/tensorbuffer.md, one behaviour per test, for every supported
 * type (so INT8/16/32/64 run the same assertions as FLOAT32 and UINT8).
 */
class TensorBufferBehaviourTest {
  private static final String NON_NEGATIVE = "Values in TensorBuffer shape should be non-negative.";

  /** Position after a bulk operation over n elements: UINT8 ends at n, every other type at 0. */
  private static int positionAfterBulk(DataType type, int n) {
    return type == DataType.UINT8 ? n : 0;
  }

  // ---- factories ----

  @Test
  void unsupportedTypesThrowAssertionErrorBeforeLookingAtTheShape() {
    for (DataType type : new DataType[] {DataType.STRING, DataType.BOOL}) {
      AssertionError e =
          assertThrows(AssertionError.class, () -> TensorBuffer.createFixedSize(null, type));
      assertEquals("TensorBuffer does not support data type: " + type.name(), e.getMessage());
      e = assertThrows(AssertionError.class, () -> TensorBuffer.createDynamic(type));
      assertEquals("TensorBuffer does not support data type: " + type.name(), e.getMessage());
      TensorBuffer source = TensorBuffer.createDynamic(DataType.FLOAT32);
      e = assertThrows(AssertionError.class, () -> TensorBuffer.createFrom(source, type));
      assertEquals("TensorBuffer does not support data type: " + type.name(), e.getMessage());
    }
  }

  @Test
  void nullDataTypeThrowsNpe() {
    assertThrows(NullPointerException.class, () -> TensorBuffer.createFixedSize(new int[] {1}, null));
    assertThrows(NullPointerException.class, () -> TensorBuffer.createDynamic(null));
  }

  @Test
  void createFromNullSourceIsCheckedFirst() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> TensorBuffer.createFrom(null, DataType.STRING));
    assertEquals("Cannot create a buffer from null", e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void factoriesReturnTheTypesClass(DataType type) {
    assertSame(Buffers.classOf(type), TensorBuffer.createDynamic(type).getClass());
    TensorBuffer fixed = TensorBuffer.createFixedSize(new int[] {2, 3}, type);
    assertSame(Buffers.classOf(type), fixed.getClass());
    ByteBuffer b = fixed.getBuffer();
    assertTrue(b.isDirect());
    assertEquals(ByteOrder.nativeOrder(), b.order());
    assertEquals(0, b.position());
    assertEquals(6 * type.byteSize(), b.limit());
    assertEquals(6 * type.byteSize(), b.capacity());
    assertArrayEquals(new int[6], fixed.getIntArray());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void createFromGivesFreshNativeStorageAndKeepsFixedness(DataType type) {
    ByteBuffer big = ByteBuffer.allocate(3 * type.byteSize()).order(ByteOrder.BIG_ENDIAN);
    TensorBuffer source = Buffers.dynamic(type);
    source.loadBuffer(big.asReadOnlyBuffer(), new int[] {3});
    for (DataType target : Buffers.SUPPORTED) {
      TensorBuffer copy = TensorBuffer.createFrom(source, target);
      assertTrue(copy.isDynamic());
      assertTrue(copy.getBuffer().isDirect());
      assertFalse(copy.getBuffer().isReadOnly());
      assertEquals(ByteOrder.nativeOrder(), copy.getBuffer().order());
      assertArrayEquals(new int[] {3}, copy.getShape());
      assertEquals(positionAfterBulk(type, 3), source.getBuffer().position());
    }
    TensorBuffer fixed = Buffers.fixed(type, new int[] {1, 3});
    for (DataType target : Buffers.SUPPORTED) {
      TensorBuffer copy = TensorBuffer.createFrom(fixed, target);
      assertFalse(copy.isDynamic());
      assertArrayEquals(new int[] {1, 3}, copy.getShape());
    }
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void createFromAShrunkenSourceUnderflows(DataType type) {
    TensorBuffer source = Buffers.fixed(type, new int[] {4});
    source.getBuffer().limit(type.byteSize());
    for (DataType target : Buffers.SUPPORTED) {
      assertThrows(BufferUnderflowException.class, () -> TensorBuffer.createFrom(source, target));
    }
  }

  @Test
  void createFromBetweenNewTypesFollowsTheProjectRules() {
    // Same type: exact, even for values no float or int can carry.
    TensorBuffer i64 = TensorBuffer.createFixedSize(new int[] {2}, DataType.INT64);
    i64.getBuffer().putLong(0, Long.MAX_VALUE - 1).putLong(8, Long.MIN_VALUE + 1);
    TensorBuffer copy = TensorBuffer.createFrom(i64, DataType.INT64);
    assertEquals(Long.MAX_VALUE - 1, copy.getBuffer().getLong(0));
    assertEquals(Long.MIN_VALUE + 1, copy.getBuffer().getLong(8));
    // Same type from a big-endian source: values, not bytes, are copied.
    TensorBuffer i16 = TensorBuffer.createDynamic(DataType.INT16);
    i16.loadBuffer(ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN).putShort(0, (short) -2).putShort(2, (short) 300), new int[] {2});
    assertArrayEquals(new int[] {-2, 300}, TensorBuffer.createFrom(i16, DataType.INT16).getIntArray());
    // Either side FLOAT32: through float.
    TensorBuffer f = TensorBuffer.createFixedSize(new int[] {2}, DataType.FLOAT32);
    f.loadArray(new float[] {3e9f, -7.9f});
    TensorBuffer fromFloat = TensorBuffer.createFrom(f, DataType.INT64);
    assertEquals(3_000_000_000L, fromFloat.getBuffer().getLong(0));
    assertEquals(-7L, fromFloat.getBuffer().getLong(8));
    assertArrayEquals(new float[] {9.223372e18f, -9.223372e18f}, TensorBuffer.createFrom(i64, DataType.FLOAT32).getFloatArray());
    // Otherwise through int: clamps of the target apply.
    TensorBuffer u8 = TensorBuffer.createFixedSize(new int[] {2}, DataType.UINT8);
    u8.loadArray(new int[] {200, 5});
    assertArrayEquals(new int[] {127, 5}, TensorBuffer.createFrom(u8, DataType.INT8).getIntArray());
    // INT8 into UINT8 is in TensorBufferConversionTest.uint8Clamping.
    assertArrayEquals(new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}, TensorBuffer.createFrom(i64, DataType.INT32).getIntArray());
    TensorBuffer i32 = TensorBuffer.createFixedSize(new int[] {2}, DataType.INT32);
    i32.loadArray(new int[] {40000, -40000});
    assertArrayEquals(new int[] {32767, -32768}, TensorBuffer.createFrom(i32, DataType.INT16).getIntArray());
  }

  // ---- flat size, overflowing shapes, consistency check ----

  @Test
  void wrappedFlatSizeZeroIsAccepted() {
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {65536, 65536}, DataType.UINT8);
    assertEquals(0, tb.getFlatSize());
  }

  @Test
  void wrappedNegativeByteCountFailsInAllocateDirect() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TensorBuffer.createFixedSize(new int[] {65536, 32768}, DataType.UINT8));
    assertEquals("capacity < 0: (-2147483648 < 0)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> TensorBuffer.createFixedSize(new int[] {536870912}, DataType.FLOAT32));
    assertEquals("capacity < 0: (-2147483648 < 0)", e.getMessage());
    // Beyond upstream, same arithmetic: 8 * 2^28 and 2 * 2^30 wrap to -2^31.
    assertThrows(IllegalArgumentException.class,
        () -> TensorBuffer.createFixedSize(new int[] {268435456}, DataType.INT64));
    assertThrows(IllegalArgumentException.class,
        () -> TensorBuffer.createFixedSize(new int[] {1073741824}, DataType.INT16));
  }

  @Test
  void flatSizeWrappingToMinusOneLeavesNoStorage() {
    // 3 * 1431655765 wraps to -1, the field's initial value: allocation returns early.
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {3, 1431655765}, DataType.UINT8);
    assertNull(tb.getBuffer());
    assertThrows(NullPointerException.class, tb::getFlatSize);
    assertThrows(NullPointerException.class, tb::getShape);
    assertThrows(NullPointerException.class, tb::getFloatArray);
    assertThrows(NullPointerException.class, tb::getIntArray);
    assertThrows(NullPointerException.class, () -> tb.getFloatValue(0));
    assertThrows(NullPointerException.class, () -> tb.getIntValue(0));
    // The length check (-1) fails first for any array.
    assertThrows(IllegalArgumentException.class, () -> tb.loadArray(new int[3]));
    // A matching length reaches the copy-on-write check, which dereferences the missing storage.
    assertThrows(NullPointerException.class, () -> tb.loadArray(new int[0], new int[] {0}));
  }

  @Test
  void floatByteCountWrappingToZero() {
    // 4 * 2^30 wraps to 0: a 0-byte buffer whose consistency check passes in wrapped arithmetic.
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1073741824}, DataType.FLOAT32);
    assertEquals(0, tb.getBuffer().capacity());
    assertEquals(1073741824, tb.getFlatSize());
    assertArrayEquals(new int[] {1073741824}, tb.getShape());
    // Upstream allocates a 4 GiB float[] before failing (OutOfMemoryError on small heaps); we
    // fail with the same BufferUnderflowException without allocating.
    assertThrows(BufferUnderflowException.class, tb::getFloatArray);
    assertThrows(BufferUnderflowException.class, tb::getIntArray);
    assertThrows(IndexOutOfBoundsException.class, () -> tb.getFloatValue(0));
  }

  @Test
  void consistencyMessageUsesTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.forLanguageTag("ar-EG"));
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {2, 4}, DataType.FLOAT32);
      tb.getBuffer().limit(24);
      IllegalStateException e = assertThrows(IllegalStateException.class, tb::getShape);
      assertEquals(
          "The size of underlying ByteBuffer (\u0662\u0664) and the shape ([2, 4]) do not match."
              + " The ByteBuffer may have been changed.",
          e.getMessage());
    } finally {
      Locale.setDefault(saved);
    }
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void limitIsReadLiveByShapeAndFlatSizeOnly(DataType type) {
    TensorBuffer tb = Buffers.fixed(type, new int[] {3, 2});
    tb.getBuffer().limit(5);
    String message = "The size of underlying ByteBuffer (5) and the shape ([3, 2]) do not match."
        + " The ByteBuffer may have been changed.";
    assertEquals(message, assertThrows(IllegalStateException.class, tb::getShape).getMessage());
    assertEquals(message, assertThrows(IllegalStateException.class, tb::getFlatSize).getMessage());
    assertThrows(BufferUnderflowException.class, tb::getFloatArray);
    assertThrows(BufferUnderflowException.class, tb::getIntArray);
    assertThrows(BufferOverflowException.class, () -> tb.loadArray(new int[6]));
    assertThrows(BufferOverflowException.class, () -> tb.loadArray(new float[6]));
    tb.getBuffer().limit(6 * type.byteSize());
    assertEquals(6, tb.getFlatSize());
  }

  @Test
  void getShapeReturnsACopyAndConstructorsCopyTheirArgument() {
    int[] shape = {2, 3};
    TensorBuffer tb = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    shape[0] = 9;
    int[] got = tb.getShape();
    got[1] = 9;
    assertArrayEquals(new int[] {2, 3}, tb.getShape());
    int[] loadShape = {6};
    TensorBuffer dyn = TensorBuffer.createDynamic(DataType.UINT8);
    dyn.loadArray(new int[6], loadShape);
    loadShape[0] = 1;
    assertArrayEquals(new int[] {6}, dyn.getShape());
  }

  @Test
  void computeFlatSizeWrapsAndRejectsNull() {
    assertEquals(1, TensorBuffer.computeFlatSize(new int[] {}));
    assertEquals(0, TensorBuffer.computeFlatSize(new int[] {65536, 65536}));
    assertEquals(-1, TensorBuffer.computeFlatSize(new int[] {3, 1431655765}));
    assertEquals(6, TensorBuffer.computeFlatSize(new int[] {-2, -3}));
    NullPointerException e = assertThrows(NullPointerException.class, () -> TensorBuffer.computeFlatSize(null));
    assertEquals("Shape cannot be null.", e.getMessage());
  }

  // ---- resize ----

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void fixedResizeNeedsTheIdenticalShape(DataType type) {
    TensorBuffer tb = Buffers.fixed(type, new int[] {2, 3});
    ByteBuffer before = tb.getBuffer();
    tb.resize(new int[] {2, 3});
    assertSame(before, tb.getBuffer());
    for (int[] other : new int[][] {{6}, {3, 2}, null}) {
      assertNull(assertThrows(IllegalArgumentException.class, () -> tb.resize(other)).getMessage());
    }
    TensorBuffer scalar = Buffers.fixed(type, new int[] {});
    assertNull(assertThrows(IllegalArgumentException.class, () -> scalar.resize(new int[] {1})).getMessage());
    // Through loadArray: shape mismatch including negative shapes, null message.
    TensorBuffer two = Buffers.fixed(type, new int[] {2});
    assertNull(assertThrows(IllegalArgumentException.class,
        () -> two.loadArray(new int[2], new int[] {-1, -2})).getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void dynamicResizeReallocatesOnlyWhenTheCountChanges(DataType type) {
    TensorBuffer tb = Buffers.dynamic(type);
    tb.loadArray(new int[] {1, 2, 3, 4, 5, 6}, new int[] {2, 3});
    ByteBuffer six = tb.getBuffer();
    tb.loadArray(new int[] {6, 5, 4, 3, 2, 1}, new int[] {3, 2});
    assertSame(six, tb.getBuffer());
    assertArrayEquals(new int[] {3, 2}, tb.getShape());
    tb.loadArray(new int[7], new int[] {7});
    ByteBuffer seven = tb.getBuffer();
    assertNotSame(six, seven);
    assertEquals(7 * type.byteSize(), seven.capacity());
    assertEquals(seven.capacity(), seven.limit());
    tb.loadArray(new int[6], new int[] {6});
    assertNotSame(seven, tb.getBuffer());
    // Storage dropped by a reallocation keeps its last data: later writes do not reach it.
    assertEquals(6, ConversionReference.readInt(type, ConversionReference.rawElement(six, type, 0)));
    assertEquals(NON_NEGATIVE, assertThrows(IllegalArgumentException.class,
        () -> tb.loadArray(new int[2], new int[] {-1, -2})).getMessage());
    assertEquals("TensorBuffer shape cannot be null.",
        assertThrows(NullPointerException.class, () -> tb.resize(null)).getMessage());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void shapelessLoadOnFreshDynamicBufferFails(DataType type) {
    TensorBuffer tb = Buffers.dynamic(type);
    assertEquals("The size of the array to be loaded does not match the specified shape.",
        assertThrows(IllegalArgumentException.class, () -> tb.loadArray(new float[] {1})).getMessage());
    tb.loadArray(new float[0]);
    assertEquals(0, tb.getFlatSize());
  }

  // ---- loadBuffer ----

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void loadBufferChecksInOrder(DataType type) {
    TensorBuffer dyn = Buffers.dynamic(type);
    int size = type.byteSize();
    assertThrows(NullPointerException.class, () -> dyn.loadBuffer(ByteBuffer.allocate(size), null));
    assertEquals(NON_NEGATIVE, assertThrows(IllegalArgumentException.class,
        () -> dyn.loadBuffer(ByteBuffer.allocate(size), new int[] {-1})).getMessage());
    assertEquals("The size of byte buffer and the shape do not match. Expected: " + 2 * size + " Actual: 17",
        assertThrows(IllegalArgumentException.class,
            () -> dyn.loadBuffer(ByteBuffer.allocate(17), new int[] {2})).getMessage());
    ByteBuffer limited = ByteBuffer.allocate(64);
    limited.limit(3);
    assertEquals("The size of byte buffer and the shape do not match. Expected: " + 2 * size + " Actual: 3",
        assertThrows(IllegalArgumentException.class, () -> dyn.loadBuffer(limited, new int[] {2})).getMessage());
    assertEquals("The size of byte buffer and the shape do not match. Expected: 0 Actual: " + 6 * size,
        assertThrows(IllegalArgumentException.class,
            () -> dyn.loadBuffer(ByteBuffer.allocate(6 * size))).getMessage());
    TensorBuffer fixed = Buffers.fixed(type, new int[] {2, 3});
    assertNull(assertThrows(IllegalArgumentException.class,
        () -> fixed.loadBuffer(ByteBuffer.allocate(6 * size), new int[] {6})).getMessage());
    fixed.loadBuffer(ByteBuffer.allocate(6 * size));
    assertEquals(6, fixed.getFlatSize());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void loadBufferKeepsTheCallersObjectRewoundAndWritesIntoIt(DataType type) {
    int size = type.byteSize();
    ByteBuffer mine = ByteBuffer.allocateDirect(2 * size);
    mine.position(size);
    mine.mark();
    TensorBuffer tb = Buffers.dynamic(type);
    tb.loadBuffer(mine, new int[] {2});
    assertSame(mine, tb.getBuffer());
    assertEquals(0, mine.position());
    assertThrows(InvalidMarkException.class, mine::reset);
    tb.loadArray(new int[] {7, 8});
    assertSame(mine, tb.getBuffer());
    assertEquals(7, ConversionReference.readInt(type, ConversionReference.rawElement(mine, type, 0)));
    assertEquals(8, ConversionReference.readInt(type, ConversionReference.rawElement(mine, type, 1)));
    assertEquals(ByteOrder.BIG_ENDIAN, mine.order());
    tb.loadArray(new int[] {1, 2, 3}, new int[] {3});
    assertNotSame(mine, tb.getBuffer());
    assertEquals(7, ConversionReference.readInt(type, ConversionReference.rawElement(mine, type, 0)));
    // Fixed buffers write into an attached buffer too.
    ByteBuffer heap = ByteBuffer.allocate(2 * size);
    TensorBuffer fixed = Buffers.fixed(type, new int[] {2});
    fixed.loadBuffer(heap);
    fixed.loadArray(new float[] {3.7f, 4.2f});
    assertSame(heap, fixed.getBuffer());
    assertArrayEquals(new int[] {3, 4}, fixed.getIntArray());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void readOnlyHeapBuffersAreReadableWithoutACopy(DataType type) {
    ByteBuffer heap = ByteBuffer.allocate(3 * type.byteSize());
    for (int i = 0; i < 3; i++) {
      ConversionReference.putRaw(heap, type, i, ConversionReference.storeInt(type, i + 1));
    }
    ByteBuffer readOnly = heap.asReadOnlyBuffer();
    TensorBuffer tb = Buffers.dynamic(type);
    tb.loadBuffer(readOnly, new int[] {3});
    assertArrayEquals(new int[] {1, 2, 3}, tb.getIntArray());
    assertArrayEquals(new float[] {1, 2, 3}, tb.getFloatArray());
    assertEquals(2, tb.getIntValue(1));
    assertSame(readOnly, tb.getBuffer());
  }

  // ---- copy-on-write ----

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void copyOnWriteHappensBeforeTheShapeCheck(DataType type) {
    ByteBuffer readOnly = ByteBuffer.allocateDirect(2 * type.byteSize()).asReadOnlyBuffer();
    TensorBuffer fixed = Buffers.fixed(type, new int[] {2});
    fixed.loadBuffer(readOnly);
    assertNull(assertThrows(IllegalArgumentException.class,
        () -> fixed.loadArray(new int[2], new int[] {1, 2})).getMessage());
    assertNotSame(readOnly, fixed.getBuffer());
    assertFalse(fixed.getBuffer().isReadOnly());
    assertEquals(readOnly.order(), fixed.getBuffer().order());
    // The copy advanced the read-only buffer's position to its limit.
    assertEquals(readOnly.limit(), readOnly.position());
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void copyOnWriteKeepsCapacityAndOrder(DataType type) {
    int size = type.byteSize();
    ByteBuffer backing = ByteBuffer.allocateDirect(10 * size).order(Storage.SWAPPED);
    ConversionReference.putRaw(backing, type, 1, ConversionReference.storeInt(type, 42));
    ByteBuffer view = backing.asReadOnlyBuffer().order(Storage.SWAPPED);
    view.limit(2 * size);
    TensorBuffer tb = Buffers.dynamic(type);
    tb.loadBuffer(view, new int[] {2});
    tb.loadArray(new int[] {5}, new int[] {1});
    // Different count (1 vs 2): resize allocated fresh native storage after the copy.
    assertEquals(ByteOrder.nativeOrder(), tb.getBuffer().order());

    TensorBuffer same = Buffers.dynamic(type);
    view.rewind();
    same.loadBuffer(view, new int[] {2});
    same.loadArray(new int[] {5, 6}, new int[] {2});
    ByteBuffer copy = same.getBuffer();
    assertNotSame(view, copy);
    assertEquals(10 * size, copy.capacity());
    assertEquals(10 * size, copy.limit());
    assertEquals(Storage.SWAPPED, copy.order());
    assertEquals(5, same.getIntValue(0));
    assertEquals(6, same.getIntValue(1));
    assertEquals(42, ConversionReference.readInt(type, ConversionReference.rawElement(backing, type, 1)));
    String message = "The size of underlying ByteBuffer (" + 10 * size
        + ") and the shape ([2]) do not match. The ByteBuffer may have been changed.";
    assertEquals(message, assertThrows(IllegalStateException.class, same::getShape).getMessage());
  }

  // ---- getters and positions ----

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void positionsAfterEachOperation(DataType type) {
    for (int n : new int[] {5, 500}) { // Java and native paths
      TensorBuffer tb = Buffers.fixed(type, new int[] {n});
      assertEquals(0, tb.getBuffer().position());
      tb.getBuffer().position(3);
      tb.loadArray(new float[n]);
      assertEquals(positionAfterBulk(type, n), tb.getBuffer().position());
      tb.getBuffer().position(2);
      tb.loadArray(new int[n]);
      assertEquals(positionAfterBulk(type, n), tb.getBuffer().position());
      tb.getBuffer().position(1);
      tb.getFloatArray();
      assertEquals(positionAfterBulk(type, n), tb.getBuffer().position());
      tb.getBuffer().position(1);
      tb.getIntArray();
      assertEquals(positionAfterBulk(type, n), tb.getBuffer().position());
      tb.getBuffer().position(3);
      tb.getFloatValue(1);
      tb.getIntValue(2);
      assertEquals(3, tb.getBuffer().position());
      assertEquals(n * type.byteSize(), tb.getBuffer().limit());
    }
  }

  @Test
  void hugeIndexWrapsLikeUpstream() {
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1}, DataType.FLOAT32);
    tb.loadArray(new float[] {3.5f});
    // (1 << 30) << 2 wraps to 0: upstream returns element 0 instead of throwing.
    assertEquals(3.5f, tb.getFloatValue(1 << 30));
    assertEquals(3, tb.getIntValue(1 << 30));
    assertThrows(IndexOutOfBoundsException.class, () -> tb.getFloatValue(Integer.MAX_VALUE));
    assertThrows(IndexOutOfBoundsException.class, () -> tb.getIntValue(Integer.MIN_VALUE + 1));
    TensorBuffer u = TensorBuffer.createFixedSize(new int[] {1}, DataType.UINT8);
    assertThrows(IndexOutOfBoundsException.class, () -> u.getFloatValue(1 << 30));
    assertThrows(IndexOutOfBoundsException.class, () -> u.getIntValue(Integer.MAX_VALUE));
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void singleValueGettersAreBoundedByTheLimitOnly(DataType type) {
    TensorBuffer tb = Buffers.fixed(type, new int[] {2, 3});
    tb.loadArray(new int[] {1, 2, 3, 4, 5, 6});
    for (int bad : new int[] {-1, 6, 7, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      if (type.byteSize() > 1 && (bad << (31 - Integer.numberOfLeadingZeros(type.byteSize()))) == 0) {
        continue;
      }
      assertThrows(IndexOutOfBoundsException.class, () -> tb.getFloatValue(bad));
      assertThrows(IndexOutOfBoundsException.class, () -> tb.getIntValue(bad));
    }
    TensorBuffer scalar = Buffers.fixed(type, new int[] {});
    scalar.loadArray(new int[] {9});
    assertEquals(9, scalar.getIntValue(0));
    assertEquals(9f, scalar.getFloatValue(0));
    assertThrows(IndexOutOfBoundsException.class, () -> scalar.getIntValue(1));
    assertThrows(IndexOutOfBoundsException.class, () -> scalar.getFloatValue(-1));
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void slicesShareStorageInBothDirections(DataType type) {
    int size = type.byteSize();
    TensorBuffer whole = Buffers.fixed(type, new int[] {6});
    whole.loadArray(new int[] {1, 2, 3, 4, 5, 6});
    ByteBuffer b = whole.getBuffer();
    b.position(2 * size);
    ByteBuffer slice = b.slice().order(b.order());
    slice.limit(2 * size);
    TensorBuffer part = Buffers.dynamic(type);
    part.loadBuffer(slice, new int[] {2});
    assertArrayEquals(new int[] {3, 4}, part.getIntArray());
    part.loadArray(new int[] {30, 40});
    assertArrayEquals(new int[] {1, 2, 30, 40, 5, 6}, whole.getIntArray());
    ConversionReference.putRaw(whole.getBuffer(), type, 3, ConversionReference.storeInt(type, 77));
    assertEquals(77, part.getIntValue(1));
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void emptyAndScalarShapes(DataType type) {
    for (boolean dynamic : new boolean[] {false, true}) {
      TensorBuffer scalar = dynamic ? Buffers.dynamic(type) : Buffers.fixed(type, new int[] {});
      scalar.loadArray(new float[] {7.9f}, new int[] {});
      TensorBufferTest.assertHolds(scalar, new int[] {7}, new float[] {type == DataType.FLOAT32 ? 7.9f : 7f}, new int[] {});
      TensorBuffer empty = dynamic ? Buffers.dynamic(type) : Buffers.fixed(type, new int[] {2, 0});
      empty.loadArray(new int[0], new int[] {2, 0});
      TensorBufferTest.assertHolds(empty, new int[0], new float[0], new int[] {2, 0});
    }
  }
}
