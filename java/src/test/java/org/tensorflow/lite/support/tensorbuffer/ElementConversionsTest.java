package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tensorbridge.internal.NativeLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;

/**
 * The codec's natives called without the TensorBuffer fields in front of them (what memory safety
 * depends on is checked natively), and every conversion through every kind of storage a
 * TensorBuffer can hold.
 */
class ElementConversionsTest {
  private static final DataType[] NUMERIC = {
    DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };
  private static final int FLOAT32 = DataType.FLOAT32.ordinal();
  private static final int INT16 = DataType.INT16.ordinal();

  @BeforeAll
  static void load() {
    NativeLoader.ensureLoaded();
  }

  private static int storeFloats(float[] src, ByteBuffer direct, byte[] heap, int offset, int limit, int type) {
    return ElementConversions.writeFloats(src, direct, heap, offset, limit, false, type);
  }

  private static int loadInts(int[] dst, ByteBuffer direct, byte[] heap, int offset, int limit, int type) {
    return ElementConversions.readInts(dst, direct, heap, offset, limit, false, type);
  }

  @Test
  void nativesRefuseWhatTheirCallersWouldHaveCaught() {
    ByteBuffer direct = ByteBuffer.allocateDirect(8);
    assertThrows(NullPointerException.class, () -> storeFloats(null, direct, null, 0, 8, FLOAT32));
    // Neither a direct buffer nor an array.
    assertThrows(NullPointerException.class, () -> loadInts(new int[1], null, null, 0, 8, FLOAT32));
    // Not a TensorBuffer type, and not a DataType at all.
    assertThrows(AssertionError.class, () -> storeFloats(new float[1], direct, null, 0, 8, DataType.STRING.ordinal()));
    assertThrows(IllegalArgumentException.class, () -> loadInts(new int[1], direct, null, 0, 8, 99));
    // A heap buffer passed as direct.
    assertThrows(IllegalArgumentException.class,
        () -> ElementConversions.writeInts(new int[1], ByteBuffer.allocate(8), null, 0, 8, false, FLOAT32));
    // Capacity, not the claimed limit, bounds native access: 3 floats do not fit in 8 bytes.
    assertThrows(IndexOutOfBoundsException.class, () -> storeFloats(new float[3], direct, null, 0, 12, FLOAT32));
    assertThrows(IndexOutOfBoundsException.class, () -> loadInts(new int[3], direct, null, 0, 12, FLOAT32));
    // An array is bounded by its length from the offset; a negative offset is refused.
    assertThrows(IndexOutOfBoundsException.class, () -> storeFloats(new float[2], null, new byte[8], 1, 8, FLOAT32));
    assertThrows(IndexOutOfBoundsException.class, () -> loadInts(new int[1], null, new byte[8], -1, 8, FLOAT32));
    assertThrows(IndexOutOfBoundsException.class, () -> loadInts(new int[1], null, new byte[8], Integer.MAX_VALUE, 8, FLOAT32));
    // Empty transfers touch nothing, even on an empty buffer or array.
    loadInts(new int[0], ByteBuffer.allocateDirect(0), null, 0, 0, FLOAT32);
    storeFloats(new float[0], null, new byte[0], 0, 0, INT16);
    // INT16 into an array from offset 2, big-endian: 1 -> 00 01, 40000 clamps to 32767 -> 7F FF.
    byte[] heap = new byte[7];
    assertEquals(0, ElementConversions.writeInts(new int[] {1, 40000}, null, heap, 2, 4, true, INT16));
    assertArrayEquals(new byte[] {0, 0, 0, 1, 0x7F, (byte) 0xFF, 0}, heap);
    int[] back = new int[2];
    assertEquals(0, ElementConversions.readInts(back, null, heap, 2, 4, true, INT16));
    assertArrayEquals(new int[] {1, 32767}, back);
  }

  /**
   * Every conversion, through every kind of storage a buffer can be given with {@code loadBuffer}
   * (direct, unaligned direct, heap, heap at an array offset, read-only heap for reads) in both
   * byte orders and at 1, 3 and 1,000 elements, gives the values of the rules in {@link
   * ConversionReference}, for bulk and single-element access; the inputs include arbitrary bit
   * patterns (NaNs, infinities, subnormals) and arbitrary stored bytes.
   */
  @Test
  void everyStorageKindFollowsTheRules() {
    Random random = new Random(42);
    for (int n : new int[] {1, 3, 1000}) {
      float[] floats = new float[n];
      int[] ints = new int[n];
      for (int i = 0; i < n; i++) {
        floats[i] = random.nextBoolean() ? Float.intBitsToFloat(random.nextInt()) : (random.nextFloat() - 0.5f) * 1000f;
        ints[i] = random.nextBoolean() ? random.nextInt() : random.nextInt(100_000) - 50_000;
      }
      int[] shape = {n};
      for (DataType type : NUMERIC) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
          for (int kind = 0; kind < 4; kind++) {
            String at = type + " " + order + " kind " + kind + " n=" + n;
            ByteBuffer b = allocate(kind, n * type.byteSize(), order);
            TensorBuffer tb = TensorBuffer.createFixedSize(shape, type);
            tb.loadBuffer(b);
            tb.loadArray(floats);
            assertEquals(b, tb.getBuffer(), at);
            for (int i = 0; i < n; i++) {
              assertEquals(ConversionReference.storeFloat(type, floats[i]), ConversionReference.rawElement(b, type, i), at);
            }
            tb.loadArray(ints);
            for (int i = 0; i < n; i++) {
              assertEquals(ConversionReference.storeInt(type, ints[i]), ConversionReference.rawElement(b, type, i), at);
            }
            for (int i = 0; i < n * type.byteSize(); i++) {
              b.put(i, (byte) random.nextInt());
            }
            for (ByteBuffer from : new ByteBuffer[] {b, b.asReadOnlyBuffer().order(order)}) {
              TensorBuffer reader = TensorBuffer.createDynamic(type);
              reader.loadBuffer(from, shape);
              float[] f = reader.getFloatArray();
              int[] got = reader.getIntArray();
              for (int i = 0; i < n; i++) {
                long stored = ConversionReference.rawElement(b, type, i);
                float wantFloat = ConversionReference.readFloat(type, stored);
                int wantInt = ConversionReference.readInt(type, stored);
                assertEquals(Float.floatToRawIntBits(wantFloat), Float.floatToRawIntBits(f[i]), at);
                assertEquals(wantInt, got[i], at);
                assertEquals(Float.floatToRawIntBits(wantFloat), Float.floatToRawIntBits(reader.getFloatValue(i)), at);
                assertEquals(wantInt, reader.getIntValue(i), at);
              }
            }
          }
        }
      }
    }
  }

  /** Direct, direct one byte off alignment, heap, heap at array offset 3. */
  private static ByteBuffer allocate(int kind, int bytes, ByteOrder order) {
    ByteBuffer outer;
    switch (kind) {
      case 0:
        return ByteBuffer.allocateDirect(bytes).order(order);
      case 1:
        outer = ByteBuffer.allocateDirect(bytes + 1);
        break;
      case 2:
        return ByteBuffer.allocate(bytes).order(order);
      default:
        outer = ByteBuffer.allocate(bytes + 3);
        outer.position(3);
        return outer.slice().order(order);
    }
    outer.position(1);
    return outer.slice().order(order);
  }

  @Test
  void copyElementsReencodesAcrossByteOrders() {
    ByteBuffer src = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
    src.putLong(0, 0x0102030405060708L).putLong(8, -2L);
    ByteBuffer dst = ByteBuffer.allocateDirect(16).order(ByteOrder.LITTLE_ENDIAN);
    ElementConversions.copyElements(src, dst, 8, 2);
    assertEquals(0x0102030405060708L, dst.getLong(0));
    assertEquals(-2L, dst.getLong(8));
    assertEquals(0x08, dst.get(0));
    ByteBuffer same = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
    ElementConversions.copyElements(src, same, 2, 8);
    assertEquals(src, same);
  }

  /** Element types cross as ordinals; Rust's table decides which are supported, with upstream's message. */
  @Test
  void typesAreRustsTable() {
    for (DataType type : DataType.values()) {
      if (type == DataType.STRING || type == DataType.BOOL) {
        AssertionError e = assertThrows(AssertionError.class, () -> ElementConversions.unsupported(type.ordinal()));
        assertEquals("TensorBuffer does not support data type: " + type.name(), e.getMessage());
      } else {
        assertEquals(type, TensorBuffer.createDynamic(type).getDataType());
        assertEquals(type.byteSize(), TensorBuffer.createDynamic(type).getTypeSize());
      }
    }
  }
}
