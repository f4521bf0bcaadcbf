package org.tensorflow.lite.support.tensorbuffer;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.hostile.Cases;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@link ElementConversions}, the checked entry points in front of the TensorBuffer natives, with
 * the exceptions its Javadoc documents. Each numeric type is run with a small array (3 elements)
 * and a larger one (1024 elements). Cases already in
 * {@code ElementConversionsTest} are not repeated.
 */
class ElementConversionsHostileTest {
  private static final DataType[] NUMERIC = {
    DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };

  @TestFactory
  List<DynamicTest> perTypeAndSize() {
    Cases c = new Cases();
    for (DataType type : NUMERIC) {
      for (int n : new int[] {3, 1024}) {
        int bytes = n * type.byteSize();
        String at = type + " x" + n + ": ";
        c.fails(at + "storeFloats into one byte too few", BufferOverflowException.class, ANY_MESSAGE,
            () -> ElementConversions.storeFloats(new float[n], ByteBuffer.allocateDirect(bytes).limit(bytes - 1), type));
        c.fails(at + "storeInts into a heap buffer too small", BufferOverflowException.class, ANY_MESSAGE,
            () -> ElementConversions.storeInts(new int[n], ByteBuffer.allocate(bytes - 1), type));
        c.fails(at + "loadInts from one byte too few", BufferUnderflowException.class, ANY_MESSAGE,
            () -> ElementConversions.loadInts(ByteBuffer.allocateDirect(bytes).limit(bytes - 1), type, new int[n]));
        c.fails(at + "loadFloats from a limit-0 buffer", BufferUnderflowException.class, ANY_MESSAGE,
            () -> ElementConversions.loadFloats(ByteBuffer.allocateDirect(bytes).limit(0), type, new float[n]));
        c.fails(at + "storeInts into a read-only direct buffer", ReadOnlyBufferException.class, ANY_MESSAGE,
            () -> ElementConversions.storeInts(new int[n], ByteBuffer.allocateDirect(bytes).asReadOnlyBuffer(), type));
        c.fails(at + "copyElements into a read-only buffer", ReadOnlyBufferException.class, ANY_MESSAGE,
            () -> ElementConversions.copyElements(ByteBuffer.allocate(bytes), ByteBuffer.allocate(bytes).asReadOnlyBuffer(), type, n));
        c.succeeds(at + "big-endian, moved position: elements start at 0, position kept", () -> {
          ByteBuffer b = ByteBuffer.allocateDirect(bytes).order(ByteOrder.BIG_ENDIAN);
          b.position(bytes / 2);
          int[] src = new int[n];
          for (int i = 0; i < n; i++) {
            src[i] = (i % 100) - 50;
          }
          ElementConversions.storeInts(src, b, type);
          assertEquals(bytes / 2, b.position());
          int[] back = new int[n];
          ElementConversions.loadInts(b.asReadOnlyBuffer().order(ByteOrder.BIG_ENDIAN), type, back);
          int[] want = src.clone();
          if (type == DataType.UINT8) {
            for (int i = 0; i < n; i++) {
              want[i] = Math.max(0, want[i]);
            }
          }
          assertArrayEquals(want, back);
        });
      }
      c.fails(type + ": copyElements(MAX_VALUE) reads nothing", BufferUnderflowException.class, ANY_MESSAGE,
          () -> ElementConversions.copyElements(ByteBuffer.allocate(8), ByteBuffer.allocate(8), type, Integer.MAX_VALUE));
      c.fails(type + ": copyElements(MIN_VALUE)", IllegalArgumentException.class, ANY_MESSAGE,
          () -> ElementConversions.copyElements(ByteBuffer.allocate(8), ByteBuffer.allocate(8), type, Integer.MIN_VALUE));
    }
    return c.build();
  }

  @TestFactory
  List<DynamicTest> nullsAndTypes() {
    Cases c = new Cases();
    ByteBuffer b = ByteBuffer.allocateDirect(64);
    c.fails("storeFloats null type", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.storeFloats(new float[1], b, null));
    c.fails("storeInts null src", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.storeInts(null, b, DataType.INT8));
    c.fails("loadFloats null src", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.loadFloats(null, DataType.INT8, new float[1]));
    c.fails("loadFloats null dst", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.loadFloats(b, DataType.INT8, null));
    c.fails("loadInts null type", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.loadInts(b, null, new int[1]));
    c.fails("copyElements null src", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.copyElements(null, b, DataType.INT8, 1));
    c.fails("copyElements null dst", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.copyElements(b, null, DataType.INT8, 1));
    c.fails("copyElements null type", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.copyElements(b, b, null, 1));
    for (DataType type : new DataType[] {DataType.STRING, DataType.BOOL}) {
      c.fails("storeInts " + type, IllegalArgumentException.class, ANY_MESSAGE, () -> ElementConversions.storeInts(new int[1], b, type));
      c.fails("loadFloats " + type, IllegalArgumentException.class, ANY_MESSAGE, () -> ElementConversions.loadFloats(b, type, new float[1]));
      c.fails("copyElements " + type, IllegalArgumentException.class, ANY_MESSAGE, () -> ElementConversions.copyElements(b, b, type, 1));
    }
    c.succeeds("zero-length transfers on zero-capacity buffers", () -> {
      ByteBuffer empty = ByteBuffer.allocateDirect(0);
      ElementConversions.storeFloats(new float[0], empty, DataType.INT64);
      ElementConversions.loadInts(empty.asReadOnlyBuffer(), DataType.FLOAT32, new int[0]);
      ElementConversions.copyElements(empty, empty, DataType.INT16, 0);
    });
    return c.build();
  }
}
