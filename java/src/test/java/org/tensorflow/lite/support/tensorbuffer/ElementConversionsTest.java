package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tensorbridge.PrivateNatives;
import dev.tensorbridge.internal.NativeLoader;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;

/**
 * The Java checks in front of the natives, and the natives' own checks when called without them:
 * bad arguments become Java exceptions; every buffer kind follows the conversion rules.
 */
class ElementConversionsTest {
  private static final DataType[] NUMERIC = {
    DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };

  @BeforeAll
  static void load() {
    NativeLoader.ensureLoaded();
  }

  @Test
  void javaChecksRejectBadArguments() {
    ByteBuffer direct = ByteBuffer.allocateDirect(16);
    assertThrows(NullPointerException.class, () -> ElementConversions.storeFloats(null, direct, DataType.FLOAT32));
    assertThrows(NullPointerException.class, () -> ElementConversions.storeInts(new int[1], null, DataType.FLOAT32));
    assertThrows(NullPointerException.class, () -> ElementConversions.loadFloats(direct, null, new float[1]));
    assertThrows(NullPointerException.class, () -> ElementConversions.loadInts(direct, DataType.INT8, null));
    assertThrows(IllegalArgumentException.class, () -> ElementConversions.loadInts(direct, DataType.STRING, new int[1]));
    assertThrows(IllegalArgumentException.class, () -> ElementConversions.storeFloats(new float[1], direct, DataType.BOOL));
    assertThrows(ReadOnlyBufferException.class,
        () -> ElementConversions.storeFloats(new float[1], direct.asReadOnlyBuffer(), DataType.FLOAT32));
    assertThrows(BufferOverflowException.class, () -> ElementConversions.storeInts(new int[3], direct, DataType.INT64));
    assertThrows(BufferUnderflowException.class, () -> ElementConversions.loadFloats(direct, DataType.INT32, new float[5]));
    direct.limit(3);
    assertThrows(BufferUnderflowException.class, () -> ElementConversions.loadFloats(direct, DataType.FLOAT32, new float[1]));
    assertThrows(IllegalArgumentException.class,
        () -> ElementConversions.copyElements(direct, ByteBuffer.allocate(8), DataType.INT8, -1));
    assertThrows(BufferUnderflowException.class,
        () -> ElementConversions.copyElements(direct, ByteBuffer.allocate(8), DataType.INT8, 4));
    assertThrows(BufferOverflowException.class,
        () -> ElementConversions.copyElements(ByteBuffer.allocate(8), ByteBuffer.allocate(4), DataType.INT16, 4));
  }

  @Test
  void nativesRefuseWhatTheJavaChecksWouldHaveCaught() throws Throwable {
    ByteBuffer direct = ByteBuffer.allocateDirect(8);
    Class<?> c = ElementConversions.class;
    assertThrows(NullPointerException.class, () -> PrivateNatives.call(c, "storeFloats", null, direct, null, 0, 1, false));
    // Neither a direct buffer nor an array.
    assertThrows(NullPointerException.class, () -> PrivateNatives.call(c, "loadInts", null, null, 0, 1, false, new int[1]));
    assertThrows(IllegalArgumentException.class, () -> PrivateNatives.call(c, "storeInts", new int[1], ByteBuffer.allocate(8), null, 0, 2, false));
    assertThrows(IllegalArgumentException.class, () -> PrivateNatives.call(c, "loadFloats", direct, null, 0, 5, false, new float[1]));
    // Capacity, not the limit, bounds native access: 3 floats do not fit in 8 bytes.
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(c, "storeFloats", new float[3], direct, null, 0, 1, false));
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(c, "loadInts", direct, null, 0, 4, true, new int[2]));
    // An array is bounded by its length from the offset; a negative offset is refused.
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(c, "storeFloats", new float[2], null, new byte[8], 1, 2, false));
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(c, "loadFloats", null, new byte[8], -1, 9, false, new float[1]));
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(c, "loadInts", null, new byte[8], Integer.MAX_VALUE, 9, false, new int[1]));
    // Empty transfers touch nothing, even on an empty buffer or array.
    PrivateNatives.call(c, "loadFloats", ByteBuffer.allocateDirect(0), null, 0, 1, false, new float[0]);
    PrivateNatives.call(c, "storeInts", new int[0], null, new byte[0], 0, 9, false);
    // Still alive, and the right sizes work: big-endian 1.5f is 3F C0 00 00.
    float[] out = new float[2];
    PrivateNatives.call(c, "storeFloats", new float[] {1.5f, -2f}, direct, null, 0, 1, true);
    PrivateNatives.call(c, "loadFloats", direct, null, 0, 1, true, out);
    assertArrayEquals(new float[] {1.5f, -2f}, out);
    assertEquals(0x3FC00000, direct.order(ByteOrder.BIG_ENDIAN).getInt(0));
    // INT16 into an array from offset 2, big-endian: 1 -> 00 01, 40000 clamps to 32767 -> 7F FF.
    byte[] heap = new byte[7];
    PrivateNatives.call(c, "storeInts", new int[] {1, 40000}, null, heap, 2, 7, true);
    assertArrayEquals(new byte[] {0, 0, 0, 1, 0x7F, (byte) 0xFF, 0}, heap);
    int[] back = new int[2];
    PrivateNatives.call(c, "loadInts", null, heap, 2, 7, true, back);
    assertArrayEquals(new int[] {1, 32767}, back);
  }

  /**
   * Every conversion, through every kind of buffer (direct, unaligned direct, heap, heap at an
   * array offset, read-only heap for reads) in both byte orders and at 1, 3 and 1,000 elements,
   * gives the values of the rules in {@link ConversionReference}; the inputs include arbitrary bit
   * patterns (NaNs, infinities, subnormals) and arbitrary stored bytes.
   */
  @Test
  void everyBufferKindFollowsTheRules() {
    Random random = new Random(42);
    for (int n : new int[] {1, 3, 1000}) {
      float[] floats = new float[n];
      int[] ints = new int[n];
      for (int i = 0; i < n; i++) {
        floats[i] = random.nextBoolean() ? Float.intBitsToFloat(random.nextInt()) : (random.nextFloat() - 0.5f) * 1000f;
        ints[i] = random.nextBoolean() ? random.nextInt() : random.nextInt(100_000) - 50_000;
      }
      for (DataType type : NUMERIC) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
          for (int kind = 0; kind < 4; kind++) {
            String at = type + " " + order + " kind " + kind + " n=" + n;
            ByteBuffer b = allocate(kind, n * type.byteSize(), order);
            ElementConversions.storeFloats(floats, b, type);
            for (int i = 0; i < n; i++) {
              assertEquals(ConversionReference.storeFloat(type, floats[i]), ConversionReference.rawElement(b, type, i), at);
            }
            ElementConversions.storeInts(ints, b, type);
            for (int i = 0; i < n; i++) {
              assertEquals(ConversionReference.storeInt(type, ints[i]), ConversionReference.rawElement(b, type, i), at);
            }
            for (int i = 0; i < n * type.byteSize(); i++) {
              b.put(i, (byte) random.nextInt());
            }
            for (ByteBuffer from : new ByteBuffer[] {b, b.asReadOnlyBuffer().order(order)}) {
              float[] f = new float[n];
              int[] got = new int[n];
              ElementConversions.loadFloats(from, type, f);
              ElementConversions.loadInts(from, type, got);
              for (int i = 0; i < n; i++) {
                long stored = ConversionReference.rawElement(b, type, i);
                assertEquals(Float.floatToRawIntBits(ConversionReference.readFloat(type, stored)), Float.floatToRawIntBits(f[i]), at);
                assertEquals(ConversionReference.readInt(type, stored), got[i], at);
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
    ElementConversions.copyElements(src, dst, DataType.INT64, 2);
    assertEquals(0x0102030405060708L, dst.getLong(0));
    assertEquals(-2L, dst.getLong(8));
    assertEquals(0x08, dst.get(0));
    ByteBuffer same = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
    ElementConversions.copyElements(src, same, DataType.INT16, 8);
    assertEquals(src, same);
  }

  /** The same-type bulk path starts at element 0 whatever the position, and leaves it alone. */
  @Test
  void sameTypeTransfersIgnoreAndKeepThePosition() {
    float[] floats = new float[300];
    int[] ints = new int[300];
    for (int i = 0; i < 300; i++) {
      floats[i] = i * 1.25f - 7f;
      ints[i] = i * 100_003 - 5;
    }
    for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
      for (boolean direct : new boolean[] {true, false}) {
        ByteBuffer buffer = (direct ? ByteBuffer.allocateDirect(1200) : ByteBuffer.allocate(1200)).order(order);
        buffer.position(40);
        ElementConversions.storeFloats(floats, buffer, DataType.FLOAT32);
        assertEquals(40, buffer.position());
        assertEquals(order, buffer.order());
        for (int i = 0; i < 300; i++) {
          assertEquals(floats[i], buffer.getFloat(4 * i));
        }
        float[] back = new float[300];
        ElementConversions.loadFloats(buffer, DataType.FLOAT32, back);
        assertArrayEquals(floats, back);
        ElementConversions.storeInts(ints, buffer, DataType.INT32);
        for (int i = 0; i < 300; i++) {
          assertEquals(ints[i], buffer.getInt(4 * i));
        }
        int[] intsBack = new int[300];
        ElementConversions.loadInts(buffer.asReadOnlyBuffer().order(order), DataType.INT32, intsBack);
        assertArrayEquals(ints, intsBack);
        assertEquals(40, buffer.position());
      }
    }
  }

  /**
   * {@code typeCode} is a Java copy of the codes the Rust conversions accept: the same set, with
   * the same codes, and every other type refused in Java.
   */
  @Test
  void typeCodesMatchTheNativeTable() throws Throwable {
    int[] rust = (int[]) PrivateNatives.call(Class.forName("dev.tensorbridge.internal.TestNatives"), "tfliteTable");
    java.lang.reflect.Method typeCode = ElementConversions.class.getDeclaredMethod("typeCode", DataType.class);
    typeCode.setAccessible(true);
    java.util.Set<Integer> accepted = new java.util.HashSet<Integer>();
    for (int i = 2 * DataType.values().length; i < rust.length; i += 2) {
      accepted.add(rust[i]);
    }
    int javaAccepted = 0;
    for (DataType t : DataType.values()) {
      Integer code;
      try {
        code = (Integer) typeCode.invoke(null, t);
      } catch (java.lang.reflect.InvocationTargetException refused) {
        assertEquals(IllegalArgumentException.class, refused.getCause().getClass(), t.toString());
        continue;
      }
      javaAccepted++;
      assertEquals(true, accepted.contains(code), t + " -> " + code);
      assertEquals(t.byteSize(), ElementConversions.elementSize(t), t.toString());
    }
    assertEquals(accepted.size(), javaAccepted);
  }
}
