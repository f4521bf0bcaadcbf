package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
 * The checkpoint in front of the natives, and the natives' own checks when called without it:
 * bad arguments become Java exceptions, and the Java and native paths agree on every value.
 */
class TensorBufferKernelsTest {
  private static final DataType[] NUMERIC = {
    DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };

  @BeforeAll
  static void load() {
    NativeLoader.ensureLoaded();
  }

  @Test
  void checkpointRejectsBadArguments() {
    ByteBuffer direct = ByteBuffer.allocateDirect(16);
    assertThrows(NullPointerException.class, () -> TensorBufferKernels.storeFloats(null, direct, DataType.FLOAT32));
    assertThrows(NullPointerException.class, () -> TensorBufferKernels.storeInts(new int[1], null, DataType.FLOAT32));
    assertThrows(NullPointerException.class, () -> TensorBufferKernels.loadFloats(direct, null, new float[1]));
    assertThrows(NullPointerException.class, () -> TensorBufferKernels.loadInts(direct, DataType.INT8, null));
    assertThrows(IllegalArgumentException.class, () -> TensorBufferKernels.loadInts(direct, DataType.STRING, new int[1]));
    assertThrows(IllegalArgumentException.class, () -> TensorBufferKernels.storeFloats(new float[1], direct, DataType.BOOL));
    assertThrows(ReadOnlyBufferException.class,
        () -> TensorBufferKernels.storeFloats(new float[1], direct.asReadOnlyBuffer(), DataType.FLOAT32));
    assertThrows(BufferOverflowException.class, () -> TensorBufferKernels.storeInts(new int[3], direct, DataType.INT64));
    assertThrows(BufferUnderflowException.class, () -> TensorBufferKernels.loadFloats(direct, DataType.INT32, new float[5]));
    direct.limit(3);
    assertThrows(BufferUnderflowException.class, () -> TensorBufferKernels.loadFloats(direct, DataType.FLOAT32, new float[1]));
    assertThrows(IllegalArgumentException.class,
        () -> TensorBufferKernels.storeFloats(new float[1], ByteBuffer.allocate(4), DataType.FLOAT32, TensorBufferKernels.Path.NATIVE));
    assertThrows(IllegalArgumentException.class,
        () -> TensorBufferKernels.copyElements(direct, ByteBuffer.allocate(8), DataType.INT8, -1));
    assertThrows(BufferUnderflowException.class,
        () -> TensorBufferKernels.copyElements(direct, ByteBuffer.allocate(8), DataType.INT8, 4));
    assertThrows(BufferOverflowException.class,
        () -> TensorBufferKernels.copyElements(ByteBuffer.allocate(8), ByteBuffer.allocate(4), DataType.INT16, 4));
  }

  @Test
  void nativesRefuseWhatTheCheckpointWouldHaveCaught() {
    ByteBuffer direct = ByteBuffer.allocateDirect(8);
    assertThrows(NullPointerException.class, () -> NativeTensorBuffer.storeFloats(null, direct, 1, false));
    assertThrows(NullPointerException.class, () -> NativeTensorBuffer.loadInts(null, 1, false, new int[1]));
    assertThrows(IllegalArgumentException.class, () -> NativeTensorBuffer.storeInts(new int[1], ByteBuffer.allocate(8), 2, false));
    assertThrows(IllegalArgumentException.class, () -> NativeTensorBuffer.loadFloats(direct, 5, false, new float[1]));
    // Capacity, not the limit, bounds native access: 3 floats do not fit in 8 bytes.
    assertThrows(IndexOutOfBoundsException.class, () -> NativeTensorBuffer.storeFloats(new float[3], direct, 1, false));
    assertThrows(IndexOutOfBoundsException.class, () -> NativeTensorBuffer.loadInts(direct, 4, true, new int[2]));
    // Empty transfers touch nothing, even on an empty buffer.
    NativeTensorBuffer.loadFloats(ByteBuffer.allocateDirect(0), 1, false, new float[0]);
    // Still alive, and the right size works.
    float[] out = new float[2];
    NativeTensorBuffer.storeFloats(new float[] {1.5f, -2f}, direct, 1, true);
    NativeTensorBuffer.loadFloats(direct, 1, true, out);
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
        TensorBufferKernels.storeFloats(floats, viaJava, type, TensorBufferKernels.Path.JAVA);
        TensorBufferKernels.storeFloats(floats, viaNative, type, TensorBufferKernels.Path.NATIVE);
        assertEquals(viaJava, viaNative, type + " " + order + " storeFloats");
        TensorBufferKernels.storeInts(ints, viaJava, type, TensorBufferKernels.Path.JAVA);
        TensorBufferKernels.storeInts(ints, viaNative, type, TensorBufferKernels.Path.NATIVE);
        assertEquals(viaJava, viaNative, type + " " + order + " storeInts");
        // Reads over arbitrary bytes.
        for (int i = 0; i < bytes; i++) {
          viaJava.put(i, (byte) random.nextInt());
        }
        float[] fJava = new float[n];
        float[] fNative = new float[n];
        TensorBufferKernels.loadFloats(viaJava, type, fJava, TensorBufferKernels.Path.JAVA);
        TensorBufferKernels.loadFloats(viaJava, type, fNative, TensorBufferKernels.Path.NATIVE);
        for (int i = 0; i < n; i++) {
          assertEquals(Float.floatToRawIntBits(fJava[i]), Float.floatToRawIntBits(fNative[i]), type + " " + order);
        }
        int[] iJava = new int[n];
        int[] iNative = new int[n];
        TensorBufferKernels.loadInts(viaJava, type, iJava, TensorBufferKernels.Path.JAVA);
        TensorBufferKernels.loadInts(viaJava, type, iNative, TensorBufferKernels.Path.NATIVE);
        assertArrayEquals(iJava, iNative, type + " " + order);
      }
    }
  }

  @Test
  void copyElementsReencodesAcrossByteOrders() {
    ByteBuffer src = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
    src.putLong(0, 0x0102030405060708L).putLong(8, -2L);
    ByteBuffer dst = ByteBuffer.allocateDirect(16).order(ByteOrder.LITTLE_ENDIAN);
    TensorBufferKernels.copyElements(src, dst, DataType.INT64, 2);
    assertEquals(0x0102030405060708L, dst.getLong(0));
    assertEquals(-2L, dst.getLong(8));
    assertEquals(0x08, dst.get(0));
    ByteBuffer same = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN);
    TensorBufferKernels.copyElements(src, same, DataType.INT16, 8);
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
        TensorBufferKernels.storeFloats(floats, buffer, DataType.FLOAT32);
        assertEquals(40, buffer.position());
        assertEquals(order, buffer.order());
        for (int i = 0; i < 300; i++) {
          assertEquals(floats[i], buffer.getFloat(4 * i));
        }
        float[] back = new float[300];
        TensorBufferKernels.loadFloats(buffer, DataType.FLOAT32, back);
        assertArrayEquals(floats, back);
        TensorBufferKernels.storeInts(ints, buffer, DataType.INT32);
        for (int i = 0; i < 300; i++) {
          assertEquals(ints[i], buffer.getInt(4 * i));
        }
        int[] intsBack = new int[300];
        TensorBufferKernels.loadInts(buffer.asReadOnlyBuffer().order(order), DataType.INT32, intsBack);
        assertArrayEquals(ints, intsBack);
        assertEquals(40, buffer.position());
      }
    }
  }
}
