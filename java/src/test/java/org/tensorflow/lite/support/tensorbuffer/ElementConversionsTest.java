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
 * bad arguments become Java exceptions, and the Java and native paths agree on every value.
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
        () -> ElementConversions.storeFloats(new float[1], ByteBuffer.allocate(4), DataType.FLOAT32, ElementConversions.Path.NATIVE));
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
    assertThrows(NullPointerException.class, () -> PrivateNatives.call(ElementConversions.class, "storeFloats", null, direct, 1, false));
    assertThrows(NullPointerException.class, () -> PrivateNatives.call(ElementConversions.class, "loadInts", null, 1, false, new int[1]));
    assertThrows(IllegalArgumentException.class, () -> PrivateNatives.call(ElementConversions.class, "storeInts", new int[1], ByteBuffer.allocate(8), 2, false));
    assertThrows(IllegalArgumentException.class, () -> PrivateNatives.call(ElementConversions.class, "loadFloats", direct, 5, false, new float[1]));
    // Capacity, not the limit, bounds native access: 3 floats do not fit in 8 bytes.
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(ElementConversions.class, "storeFloats", new float[3], direct, 1, false));
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(ElementConversions.class, "loadInts", direct, 4, true, new int[2]));
    // Empty transfers touch nothing, even on an empty buffer.
    PrivateNatives.call(ElementConversions.class, "loadFloats", ByteBuffer.allocateDirect(0), 1, false, new float[0]);
    // Still alive, and the right size works.
    float[] out = new float[2];
    PrivateNatives.call(ElementConversions.class, "storeFloats", new float[] {1.5f, -2f}, direct, 1, true);
    PrivateNatives.call(ElementConversions.class, "loadFloats", direct, 1, true, out);
    assertArrayEquals(new float[] {1.5f, -2f}, out);
    assertEquals(0x3FC00000, direct.order(ByteOrder.BIG_ENDIAN).getInt(0));
  }

  @Test
  void javaAndNativePathsAgree() {
    Random random = new Random(42);
    int n = 4099;
    float[] floats = new float[n];
    int[] ints = new int[n];
    for (int i = 0; i < n; i++) {
      floats[i] = random.nextBoolean() ? Float.intBitsToFloat(random.nextInt()) : (random.nextFloat() - 0.5f) * 1000f;
      ints[i] = random.nextBoolean() ? random.nextInt() : random.nextInt(100_000) - 50_000;
    }
    for (DataType type : NUMERIC) {
      for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
        int bytes = n * type.byteSize();
        ByteBuffer viaJava = ByteBuffer.allocateDirect(bytes).order(order);
        ByteBuffer viaNative = ByteBuffer.allocateDirect(bytes).order(order);
        ElementConversions.storeFloats(floats, viaJava, type, ElementConversions.Path.JAVA);
        ElementConversions.storeFloats(floats, viaNative, type, ElementConversions.Path.NATIVE);
        assertEquals(viaJava, viaNative, type + " " + order + " storeFloats");
        ElementConversions.storeInts(ints, viaJava, type, ElementConversions.Path.JAVA);
        ElementConversions.storeInts(ints, viaNative, type, ElementConversions.Path.NATIVE);
        assertEquals(viaJava, viaNative, type + " " + order + " storeInts");
        // Reads over arbitrary bytes.
        for (int i = 0; i < bytes; i++) {
          viaJava.put(i, (byte) random.nextInt());
        }
        float[] fJava = new float[n];
        float[] fNative = new float[n];
        ElementConversions.loadFloats(viaJava, type, fJava, ElementConversions.Path.JAVA);
        ElementConversions.loadFloats(viaJava, type, fNative, ElementConversions.Path.NATIVE);
        for (int i = 0; i < n; i++) {
          assertEquals(Float.floatToRawIntBits(fJava[i]), Float.floatToRawIntBits(fNative[i]), type + " " + order);
        }
        int[] iJava = new int[n];
        int[] iNative = new int[n];
        ElementConversions.loadInts(viaJava, type, iJava, ElementConversions.Path.JAVA);
        ElementConversions.loadInts(viaJava, type, iNative, ElementConversions.Path.NATIVE);
        assertArrayEquals(iJava, iNative, type + " " + order);
      }
    }
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
    int[] rust = (int[]) PrivateNatives.call(Class.forName("dev.tensorbridge.internal.NativeDiagnostics"), "tfliteTable");
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
