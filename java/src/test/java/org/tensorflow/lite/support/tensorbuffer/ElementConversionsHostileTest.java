package org.tensorflow.lite.support.tensorbuffer;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.tensorbridge.hostile.Cases;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * The codec behind the TensorBuffer classes, driven through attached storage that is too small,
 * read-only or positioned elsewhere, for each numeric type with a small array (3 elements) and a
 * larger one (1024 elements), plus the codec's natives given what no TensorBuffer passes.
 */
class ElementConversionsHostileTest {
  private static final DataType[] NUMERIC = {
    DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };

  /** A fixed-size buffer of {@code n} elements whose storage is {@code storage}, limit then set. */
  private static TensorBuffer attached(DataType type, int n, ByteBuffer storage, int limit) {
    TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {n}, type);
    tb.loadBuffer(storage);
    storage.limit(limit);
    return tb;
  }

  @TestFactory
  List<DynamicTest> perTypeAndSize() {
    Cases c = new Cases();
    for (DataType type : NUMERIC) {
      for (int n : new int[] {3, 1024}) {
        int bytes = n * type.byteSize();
        String at = type + " x" + n + ": ";
        c.fails(at + "loadArray(float[]) into one byte too few", BufferOverflowException.class, ANY_MESSAGE,
            () -> attached(type, n, ByteBuffer.allocateDirect(bytes), bytes - 1).loadArray(new float[n]));
        c.fails(at + "loadArray(int[]) into a heap buffer too small", BufferOverflowException.class, ANY_MESSAGE,
            () -> attached(type, n, ByteBuffer.allocate(bytes), bytes - 1).loadArray(new int[n]));
        c.fails(at + "getIntArray from one byte too few", BufferUnderflowException.class, ANY_MESSAGE,
            () -> attached(type, n, ByteBuffer.allocateDirect(bytes), bytes - 1).getIntArray());
        c.fails(at + "getFloatArray from a limit-0 buffer", BufferUnderflowException.class, ANY_MESSAGE,
            () -> attached(type, n, ByteBuffer.allocateDirect(bytes), 0).getFloatArray());
        c.succeeds(at + "loadArray into read-only storage writes a copy", () -> {
          ByteBuffer readOnly = ByteBuffer.allocateDirect(bytes).asReadOnlyBuffer();
          TensorBuffer tb = attached(type, n, readOnly, bytes);
          tb.loadArray(new int[n]);
          assertNotSame(readOnly, tb.getBuffer());
        });
        c.succeeds(at + "big-endian, moved position: elements start at 0", () -> {
          ByteBuffer b = ByteBuffer.allocateDirect(bytes).order(ByteOrder.BIG_ENDIAN);
          TensorBuffer tb = attached(type, n, b, bytes);
          b.position(bytes / 2);
          int[] src = new int[n];
          for (int i = 0; i < n; i++) {
            src[i] = (i % 100) - 50;
          }
          tb.loadArray(src);
          assertEquals(type == DataType.UINT8 ? n : 0, b.position());
          TensorBuffer reader = TensorBuffer.createDynamic(type);
          reader.loadBuffer(b.asReadOnlyBuffer().order(ByteOrder.BIG_ENDIAN), new int[] {n});
          int[] want = src.clone();
          if (type == DataType.UINT8) {
            for (int i = 0; i < n; i++) {
              want[i] = Math.max(0, want[i]);
            }
          }
          assertArrayEquals(want, reader.getIntArray());
        });
      }
      int ordinal = type.ordinal();
      c.fails(type + ": requireReadable(MAX_VALUE) reads nothing", BufferUnderflowException.class, ANY_MESSAGE,
          () -> ElementConversions.requireReadable(Integer.MAX_VALUE, 8, ordinal));
      c.fails(type + ": requireReadable(MIN_VALUE)", NegativeArraySizeException.class, ANY_MESSAGE,
          () -> ElementConversions.requireReadable(Integer.MIN_VALUE, 8, ordinal));
      c.fails(type + ": planLoad(-1)", org.tensorflow.TensorFlowException.class, ANY_MESSAGE,
          () -> ElementConversions.planLoad(-1, new int[] {1}, new int[] {1}, 1, false, false, ordinal));
    }
    return c.build();
  }

  @TestFactory
  List<DynamicTest> nullsAndTypes() {
    Cases c = new Cases();
    ByteBuffer b = ByteBuffer.allocateDirect(64);
    int int8 = DataType.INT8.ordinal();
    c.fails("inspect null shape", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.inspect(null, 1, 8, false, int8));
    c.fails("plan null out", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.plan(new int[] {1}, null, -1, true, int8, null));
    c.fails("attach null current shape", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.attach(true, new int[] {1}, null, true, 1, int8));
    c.fails("loadFloats null dst", NullPointerException.class, ANY_MESSAGE,
        () -> ElementConversions.loadFloats(null, false, true, '0', null, 1, b, null, 0, 64, false, int8));
    c.fails("requireConsistent null shape", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.requireConsistent(null, 8, '0', int8));
    for (DataType type : new DataType[] {DataType.STRING, DataType.BOOL}) {
      c.fails("inspect " + type, AssertionError.class, ANY_MESSAGE, () -> ElementConversions.inspect(new int[] {1}, 1, 1, false, type.ordinal()));
      c.fails("route to " + type + " from " + type, AssertionError.class, ANY_MESSAGE, () -> ElementConversions.route(true, type.ordinal(), int8));
    }
    c.fails("unknown ordinal", IllegalArgumentException.class, ANY_MESSAGE, () -> ElementConversions.requireReadable(1, 8, 99));
    c.fails("flatSize null", NullPointerException.class, ANY_MESSAGE, () -> ElementConversions.flatSize(null));
    c.succeeds("zero-length transfers on zero-capacity buffers", () -> {
      ByteBuffer empty = ByteBuffer.allocateDirect(0);
      TensorBuffer tb = TensorBuffer.createDynamic(DataType.INT64);
      tb.loadBuffer(empty, new int[] {0});
      tb.loadArray(new float[0]);
      assertEquals(0, tb.getIntArray().length);
      TensorBuffer reader = TensorBuffer.createDynamic(DataType.FLOAT32);
      reader.loadBuffer(empty.asReadOnlyBuffer(), new int[] {0, 5});
      assertEquals(0, reader.getIntArray().length);
      ElementConversions.copyElements(empty, empty, 2, 0);
    });
    return c.build();
  }
}
