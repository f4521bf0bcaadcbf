package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static dev.tensorbridge.hostile.Cases.NULL_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The hostile cases every {@code TensorBuffer} element type must pass in the same way: checks,
 * messages, loads, byte order and copy-on-write are FLOAT32's with the type size substituted
 * (docs/contracts/tensorbuffer.md#extra-element-types). Each per-type test class runs them for its
 * own type.
 */
final class BufferCases {
  static final String NEGATIVE = "Values in TensorBuffer shape should be non-negative.";
  static final String LOAD_SIZE = "The size of the array to be loaded does not match the specified shape.";

  private BufferCases() {}

  /** Writes {@code values} as elements of {@code type} into a direct buffer of {@code order}. */
  static ByteBuffer encode(DataType type, ByteOrder order, long... values) {
    ByteBuffer b = ByteBuffer.allocateDirect(values.length * type.byteSize()).order(order);
    for (int i = 0; i < values.length; i++) {
      put(b, type, i, values[i]);
    }
    return b;
  }

  static void put(ByteBuffer b, DataType type, int i, long v) {
    switch (type.byteSize()) {
      case 1:
        b.put(i, (byte) v);
        break;
      case 2:
        b.putShort(2 * i, (short) v);
        break;
      case 8:
        b.putLong(8 * i, v);
        break;
      default:
        if (type == DataType.FLOAT32) {
          b.putFloat(4 * i, v);
        } else {
          b.putInt(4 * i, (int) v);
        }
    }
  }

  static Cases common(final DataType type) {
    final int size = type.byteSize();
    Cases c = new Cases();
    c.fails("fixed, null shape", NullPointerException.class, "TensorBuffer shape cannot be null.",
        () -> TensorBuffer.createFixedSize(null, type));
    c.fails("fixed {1,-1,2}", IllegalArgumentException.class, NEGATIVE,
        () -> TensorBuffer.createFixedSize(new int[] {1, -1, 2}, type));
    c.fails("fixed {MIN_VALUE}", IllegalArgumentException.class, NEGATIVE,
        () -> TensorBuffer.createFixedSize(new int[] {Integer.MIN_VALUE}, type));
    c.succeeds("fixed {3, 1431655765}: flat size wraps to -1, no storage", () -> {
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {3, 1431655765}, type);
      assertNull(tb.getBuffer());
      Cases.check(NullPointerException.class, ANY_MESSAGE, tb::getFlatSize);
      Cases.check(NullPointerException.class, ANY_MESSAGE, tb::getIntArray);
      Cases.check(NullPointerException.class, ANY_MESSAGE, () -> tb.getFloatValue(0));
    });
    c.succeeds("shape array is copied in and out", () -> {
      int[] shape = {2, 3};
      TensorBuffer tb = TensorBuffer.createFixedSize(shape, type);
      shape[0] = 100;
      tb.getShape()[1] = 100;
      assertArrayEquals(new int[] {2, 3}, tb.getShape());
    });
    c.fails("loadArray(null int[], null)", NullPointerException.class, "The array to be loaded cannot be null.",
        () -> TensorBuffer.createDynamic(type).loadArray((int[]) null, null));
    c.fails("loadArray(null float[], shape)", NullPointerException.class, "The array to be loaded cannot be null.",
        () -> TensorBuffer.createDynamic(type).loadArray((float[]) null, new int[] {1}));
    c.fails("loadArray(int[], null shape)", NullPointerException.class, "Shape cannot be null.",
        () -> TensorBuffer.createDynamic(type).loadArray(new int[1], null));
    c.fails("loadArray(float[], null shape)", NullPointerException.class, "Shape cannot be null.",
        () -> TensorBuffer.createDynamic(type).loadArray(new float[1], null));
    c.fails("loadArray length 3 for {2}", IllegalArgumentException.class, LOAD_SIZE,
        () -> TensorBuffer.createDynamic(type).loadArray(new int[3], new int[] {2}));
    c.fails("loadArray on a fresh dynamic buffer (shape {0})", IllegalArgumentException.class, LOAD_SIZE,
        () -> TensorBuffer.createDynamic(type).loadArray(new float[] {1}));
    c.fails("dynamic loadArray with shape {-1,-2}", IllegalArgumentException.class, NEGATIVE,
        () -> TensorBuffer.createDynamic(type).loadArray(new int[2], new int[] {-1, -2}));
    c.fails("fixed loadArray, same count, other shape", IllegalArgumentException.class, NULL_MESSAGE,
        () -> TensorBuffer.createFixedSize(new int[] {2, 3}, type).loadArray(new float[6], new int[] {6}));
    c.fails("fixed loadArray with shape {-1,-6}", IllegalArgumentException.class, NULL_MESSAGE,
        () -> TensorBuffer.createFixedSize(new int[] {6}, type).loadArray(new int[6], new int[] {-1, -6}));
    c.fails("loadBuffer(null)", NullPointerException.class, "Byte buffer cannot be null.",
        () -> TensorBuffer.createDynamic(type).loadBuffer(null, new int[] {1}));
    c.fails("loadBuffer(buffer, null)", NullPointerException.class, ANY_MESSAGE,
        () -> TensorBuffer.createDynamic(type).loadBuffer(ByteBuffer.allocate(size), null));
    c.fails("loadBuffer with shape {-1}", IllegalArgumentException.class, NEGATIVE,
        () -> TensorBuffer.createDynamic(type).loadBuffer(ByteBuffer.allocate(size), new int[] {-1}));
    c.fails("loadBuffer one byte short", IllegalArgumentException.class,
        "The size of byte buffer and the shape do not match. Expected: " + 3 * size + " Actual: " + (3 * size - 1),
        () -> TensorBuffer.createDynamic(type).loadBuffer(ByteBuffer.allocateDirect(3 * size - 1), new int[] {3}));
    c.fails("loadBuffer uses the limit, not the capacity", IllegalArgumentException.class,
        "The size of byte buffer and the shape do not match. Expected: " + 2 * size + " Actual: " + size,
        () -> TensorBuffer.createDynamic(type).loadBuffer(ByteBuffer.allocate(4 * size).limit(size),
            new int[] {2}));
    c.fails("fixed loadBuffer, right size, other shape", IllegalArgumentException.class, NULL_MESSAGE,
        () -> TensorBuffer.createFixedSize(new int[] {2, 2}, type).loadBuffer(ByteBuffer.allocate(4 * size), new int[] {4}));
    c.fails("shape-less loadBuffer on a fresh dynamic buffer", IllegalArgumentException.class,
        "The size of byte buffer and the shape do not match. Expected: 0 Actual: " + 6 * size,
        () -> TensorBuffer.createDynamic(type).loadBuffer(ByteBuffer.allocateDirect(6 * size)));
    c.fails("getShape after the limit was shrunk", IllegalStateException.class,
        "The size of underlying ByteBuffer (" + (6 * size - 1) + ") and the shape ([3, 2]) do not match."
            + " The ByteBuffer may have been changed.",
        () -> {
          TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {3, 2}, type);
          tb.getBuffer().limit(6 * size - 1);
          tb.getShape();
        });
    c.fails("getFlatSize after the limit was zeroed", IllegalStateException.class,
        "The size of underlying ByteBuffer (0) and the shape ([3, 2]) do not match. The ByteBuffer may have been changed.",
        () -> {
          TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {3, 2}, type);
          tb.getBuffer().limit(0);
          tb.getFlatSize();
        });
    for (int index : new int[] {-1, 6, 1000, Integer.MAX_VALUE}) {
      c.fails("getIntValue(" + index + ")", IndexOutOfBoundsException.class, ANY_MESSAGE,
          () -> TensorBuffer.createFixedSize(new int[] {6}, type).getIntValue(index));
      c.fails("getFloatValue(" + index + ")", IndexOutOfBoundsException.class, ANY_MESSAGE,
          () -> TensorBuffer.createFixedSize(new int[] {6}, type).getFloatValue(index));
    }
    c.fails("getFloatValue(1) on a scalar", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> TensorBuffer.createFixedSize(new int[0], type).getFloatValue(1));
    if (size > 1) {
      // The byte offset index * size wraps to 0, for every element type
      // (docs/contracts/tensorbuffer.md#getters-and-byte-order).
      final int wrapping = 1 << (32 - Integer.numberOfTrailingZeros(size));
      c.succeeds("getIntValue(" + wrapping + ") wraps to element 0", () -> {
        TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1}, type);
        tb.loadArray(new int[] {7});
        assertEquals(7, tb.getIntValue(wrapping));
        assertEquals(7f, tb.getFloatValue(wrapping));
      });
      c.succeeds("getIntValue(MIN_VALUE + 1) wraps to element 1", () -> {
        TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {2}, type);
        tb.loadArray(new int[] {7, 8});
        assertEquals(8, tb.getIntValue(Integer.MIN_VALUE + 1));
      });
    } else {
      c.fails("getIntValue(MIN_VALUE) of a 1-byte type", IndexOutOfBoundsException.class, ANY_MESSAGE,
          () -> TensorBuffer.createFixedSize(new int[] {1}, type).getIntValue(Integer.MIN_VALUE));
    }
    c.fails("getIntArray(dst) of the wrong length", IllegalArgumentException.class, ANY_MESSAGE,
        () -> TensorBuffer.createFixedSize(new int[] {3}, type).getIntArray(new int[2]));
    c.fails("getFloatArray(null dst)", NullPointerException.class, "The destination array cannot be null.",
        () -> TensorBuffer.createFixedSize(new int[] {3}, type).getFloatArray((float[]) null));
    c.fails("createFrom(buffer, null)", NullPointerException.class, ANY_MESSAGE,
        () -> TensorBuffer.createFrom(TensorBuffer.createFixedSize(new int[] {1}, type), null));
    c.fails("createFrom(buffer, STRING)", AssertionError.class, "TensorBuffer does not support data type: STRING",
        () -> TensorBuffer.createFrom(TensorBuffer.createFixedSize(new int[] {1}, type), DataType.STRING));
    c.succeeds("big-endian direct buffer is honoured for reads and writes", () -> {
      ByteBuffer big = encode(type, ByteOrder.BIG_ENDIAN, 1, 2, 3);
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      tb.loadBuffer(big, new int[] {3});
      assertSame(big, tb.getBuffer());
      assertArrayEquals(new int[] {1, 2, 3}, tb.getIntArray());
      tb.loadArray(new int[] {4, 5, 6});
      assertEquals(ByteOrder.BIG_ENDIAN, tb.getBuffer().order());
      assertArrayEquals(new float[] {4, 5, 6}, tb.getFloatArray());
      assertEquals(5, tb.getIntValue(1));
      // and createFrom gives native-order storage with the same values
      TensorBuffer copy = TensorBuffer.createFrom(tb, type);
      assertEquals(ByteOrder.nativeOrder(), copy.getBuffer().order());
      assertArrayEquals(new int[] {4, 5, 6}, copy.getIntArray());
    });
    c.succeeds("heap slice with an array offset and a moved position", () -> {
      ByteBuffer whole = ByteBuffer.allocate(8 * size).order(ByteOrder.nativeOrder());
      whole.position(3 * size);
      ByteBuffer slice = whole.slice().order(ByteOrder.nativeOrder());
      slice.limit(2 * size);
      put(slice, type, 0, 9);
      put(slice, type, 1, 10);
      slice.position(size);
      TensorBuffer tb = TensorBuffer.createDynamic(type);
      tb.loadBuffer(slice, new int[] {2});
      assertEquals(0, slice.position());
      assertArrayEquals(new int[] {9, 10}, tb.getIntArray());
      tb.loadArray(new int[] {11, 12});
      assertEquals(11, tb.getIntValue(0));
    });
    c.succeeds("read-only heap buffer: read in place, copied on write", () -> {
      ByteBuffer original = encode(type, ByteOrder.nativeOrder(), 20, 21);
      ByteBuffer ro = original.asReadOnlyBuffer().order(ByteOrder.nativeOrder());
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {2}, type);
      tb.loadBuffer(ro);
      assertSame(ro, tb.getBuffer());
      assertArrayEquals(new int[] {20, 21}, tb.getIntArray());
      tb.loadArray(new int[] {30, 31});
      assertNotSame(ro, tb.getBuffer());
      assertFalse(tb.getBuffer().isReadOnly());
      assertArrayEquals(new int[] {30, 31}, tb.getIntArray());
      assertEquals(20, readBack(original, type, 0)); // the caller's storage is untouched
    });
    c.succeeds("copy-on-write happens before the failing fixed-shape check", () -> {
      ByteBuffer ro = encode(type, ByteOrder.nativeOrder(), 1, 2).asReadOnlyBuffer();
      TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {2}, type);
      tb.loadBuffer(ro);
      Cases.check(IllegalArgumentException.class, NULL_MESSAGE, () -> tb.loadArray(new int[2], new int[] {1, 2}));
      assertNotSame(ro, tb.getBuffer());
    });
    return c;
  }

  static long readBack(ByteBuffer b, DataType type, int i) {
    switch (type.byteSize()) {
      case 1:
        return b.get(i);
      case 2:
        return b.getShort(2 * i);
      case 8:
        return b.getLong(8 * i);
      default:
        return type == DataType.FLOAT32 ? (long) b.getFloat(4 * i) : b.getInt(4 * i);
    }
  }

  /** The float inputs every buffer type meets in {@link #conversionEdges}. */
  private static final float[] EDGE_FLOATS = {
    Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.9f, 0.9f, -0f, 1e10f, -1e10f
  };

  /** The int inputs every buffer type meets in {@link #conversionEdges}. */
  private static final int[] EDGE_INTS = {
    Integer.MIN_VALUE, -129, -1, 128, 256, 32768, -32769, Integer.MAX_VALUE
  };

  /**
   * The conversion edges of docs/contracts/tensorbuffer.md#numeric-conversions: the same inputs
   * for every type, read back as ints; {@code fromFloats} and {@code fromInts} are the type's
   * expected values.
   */
  static List<DynamicTest> conversionEdges(DataType type, int[] fromFloats, int[] fromInts) {
    Cases c = new Cases();
    floatsToInts(c, type, EDGE_FLOATS, fromFloats);
    intsToInts(c, type, EDGE_INTS, fromInts);
    return c.build();
  }

  /** {@code loadArray(float[])} of each input gives {@code getIntArray()} of {@code expected}. */
  static void floatsToInts(Cases c, DataType type, float[] inputs, int[] expected) {
    for (int i = 0; i < inputs.length; i++) {
      final float in = inputs[i];
      final int want = expected[i];
      c.succeeds("float " + in + " -> " + want, () -> {
        TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1}, type);
        tb.loadArray(new float[] {in});
        assertEquals(want, tb.getIntArray()[0]);
        assertEquals(want, tb.getIntValue(0));
      });
    }
  }

  /** {@code loadArray(int[])} of each input gives {@code getIntArray()} of {@code expected}. */
  static void intsToInts(Cases c, DataType type, int[] inputs, int[] expected) {
    for (int i = 0; i < inputs.length; i++) {
      final int in = inputs[i];
      final int want = expected[i];
      c.succeeds("int " + in + " -> " + want, () -> {
        TensorBuffer tb = TensorBuffer.createFixedSize(new int[] {1}, type);
        tb.loadArray(new int[] {in});
        assertEquals(want, tb.getIntArray()[0]);
        assertEquals((float) want, tb.getFloatValue(0));
      });
    }
  }
}
