package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.tensorflow.lite.DataType;

/**
 * Conversions (docs/contracts/tensorbuffer.md#numeric-conversions): edge vectors with literal expectations, and over 100,000
 * random values per conversion checked against {@link ConversionReference}, through every storage
 * kind (direct and heap, both byte orders, unaligned addresses, array offsets, read-only heap
 * buffers for reads).
 */
class TensorBufferConversionTest {
  private static final int RANDOM_COUNT = 100_003;
  /** Many small loads: one native call of a few elements each. */
  private static final int SMALL_CHUNK = 13;

  // ---- edge vectors with literal expectations ----

  private static final float[] EDGE_FLOATS = {
    0.5f, -0.5f, 0.9f, -0.9f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f
  };

  /** Stored values for EDGE_FLOATS followed by {MIN-1, MAX+1, MIN, MAX} of the type, as floats. */
  private static long[] expectedEdgeFloatStores(DataType type) {
    switch (type) {
      case INT8:
        return new long[] {0, 0, 0, 0, 0, 127, -128, 0, -128, 127, -128, 127};
      case INT16:
        return new long[] {0, 0, 0, 0, 0, 32767, -32768, 0, -32768, 32767, -32768, 32767};
      case INT32:
        return new long[] {
          0, 0, 0, 0, 0, Integer.MAX_VALUE, Integer.MIN_VALUE, 0,
          Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE
        };
      case INT64:
        return new long[] {
          0, 0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0,
          Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE
        };
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  private static float[] typeBoundsAsFloats(DataType type) {
    switch (type) {
      case INT8:
        return new float[] {-129f, 128f, -128f, 127f};
      case INT16:
        return new float[] {-32769f, 32768f, -32768f, 32767f};
      case INT32:
        return new float[] {-2147483649f, 2147483648f, -2147483648f, 2147483647f};
      default:
        return new float[] {-9.223372036854775809e18f, 9.223372036854775808e18f, -9.223372036854775808e18f, 9.223372036854775807e18f};
    }
  }

  /** UINT8 is in {@link #uint8Clamping}, the one test of its clamping. */
  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"INT8", "INT16", "INT32", "INT64"})
  void floatEdgesIntoIntegerTypes(DataType type) {
    float[] bounds = typeBoundsAsFloats(type);
    float[] src = new float[EDGE_FLOATS.length + bounds.length];
    System.arraycopy(EDGE_FLOATS, 0, src, 0, EDGE_FLOATS.length);
    System.arraycopy(bounds, 0, src, EDGE_FLOATS.length, bounds.length);
    long[] expected = expectedEdgeFloatStores(type);
    for (Storage storage : Storage.values()) {
      for (int copies : new int[] {1, 40}) { // 12 elements: Java path; 480: native path
        float[] repeated = repeat(src, copies);
        ByteBuffer stored = loadInto(type, storage, repeated);
        for (int i = 0; i < repeated.length; i++) {
          assertEquals(
              expected[i % src.length],
              ConversionReference.rawElement(stored, type, i),
              type + " " + storage + " x" + copies + " value " + repeated[i]);
        }
      }
    }
  }

  /**
   * UINT8 clamping, asserted here and nowhere else: every float or int source value (and an INT8
   * buffer converted with {@code createFrom}) stores the clamped, truncated value (TFLite
   * Support's UINT8 rule; NaN stores 0), through every storage kind, once on the Java path and
   * once on the native path. Expected values are hand-computed from that rule.
   */
  @ParameterizedTest(name = "{0} {1} -> {2}")
  @MethodSource("uint8Rows")
  void uint8Clamping(String source, double value, int expected) {
    for (Storage storage : Storage.values()) {
      for (int n : new int[] {1, 512}) { // 1 element: Java path; 512: native path
        TensorBuffer u = attach(DataType.UINT8, storage, n);
        if (source.equals("float")) {
          float[] src = new float[n];
          java.util.Arrays.fill(src, (float) value);
          u.loadArray(src, new int[] {n});
        } else if (source.equals("int")) {
          int[] src = new int[n];
          java.util.Arrays.fill(src, (int) value);
          u.loadArray(src, new int[] {n});
        } else { // createFrom an INT8 buffer
          TensorBuffer i8 = attach(DataType.INT8, storage, n);
          int[] src = new int[n];
          java.util.Arrays.fill(src, (int) value);
          i8.loadArray(src, new int[] {n});
          u = TensorBuffer.createFrom(i8, DataType.UINT8);
        }
        int[] got = u.getIntArray();
        for (int i = 0; i < n; i++) {
          assertEquals(expected, got[i], storage + " n=" + n + " index " + i);
        }
        assertEquals(expected, u.getIntValue(n - 1), storage + " getIntValue");
        assertEquals((float) expected, u.getFloatValue(0), storage + " getFloatValue");
      }
    }
  }

  static Stream<Arguments> uint8Rows() {
    return Stream.of(
        Arguments.of("float", (double) Float.NaN, 0),
        Arguments.of("float", (double) Float.POSITIVE_INFINITY, 255),
        Arguments.of("float", (double) Float.NEGATIVE_INFINITY, 0),
        Arguments.of("float", -0.0, 0),
        Arguments.of("float", -0.9, 0),
        Arguments.of("float", 0.9, 0),
        Arguments.of("float", 1.5, 1),
        Arguments.of("float", 2.5, 2),
        Arguments.of("float", 4.2, 4),
        Arguments.of("float", 127.5, 127),
        Arguments.of("float", 254.99, 254),
        Arguments.of("float", 255.0, 255),
        Arguments.of("float", 255.5, 255),
        Arguments.of("float", 256.0, 255),
        Arguments.of("float", 500.1, 255),
        Arguments.of("float", -1.0, 0),
        Arguments.of("float", 1e10, 255),
        Arguments.of("float", -1e10, 0),
        Arguments.of("int", (double) Integer.MIN_VALUE, 0),
        Arguments.of("int", -32769.0, 0),
        Arguments.of("int", -129.0, 0),
        Arguments.of("int", -1.0, 0),
        Arguments.of("int", 0.0, 0),
        Arguments.of("int", 128.0, 128),
        Arguments.of("int", 255.0, 255),
        Arguments.of("int", 256.0, 255),
        Arguments.of("int", 500.0, 255),
        Arguments.of("int", 32768.0, 255),
        Arguments.of("int", 16777217.0, 255),
        Arguments.of("int", (double) Integer.MAX_VALUE, 255),
        Arguments.of("INT8 createFrom", -128.0, 0),
        Arguments.of("INT8 createFrom", -5.0, 0),
        Arguments.of("INT8 createFrom", 100.0, 100),
        Arguments.of("INT8 createFrom", 127.0, 127));
  }

  @Test
  void intRowsIntoFloat32() {
    int[] src = {Integer.MIN_VALUE, -1, 0, 255, 256, 500, Integer.MAX_VALUE, 16777217};
    float[] float32 = {-2147483648f, -1f, 0f, 255f, 256f, 500f, 2147483648f, 16777216f};
    for (Storage storage : Storage.values()) {
      for (int copies : new int[] {1, 40}) { // Java path, then native path
        int[] repeated = repeatInts(src, copies);
        TensorBuffer f = attach(DataType.FLOAT32, storage, repeated.length);
        f.loadArray(repeated, new int[] {repeated.length});
        float[] gotF = f.getFloatArray();
        for (int i = 0; i < repeated.length; i++) {
          assertEquals(float32[i % src.length], gotF[i], storage + " " + repeated[i]);
        }
      }
    }
  }

  @Test
  void spec13Float32ToIntRows() {
    float[] src = {400.32f, 255.5f, 500.1f, -2.7f, 1e10f, -1e10f, Float.NaN, -0.0f};
    int[] want = {400, 255, 500, -2, Integer.MAX_VALUE, Integer.MIN_VALUE, 0, 0};
    for (Storage storage : Storage.values()) {
      for (int copies : new int[] {1, 40}) { // Java path, then native path
        float[] repeated = repeat(src, copies);
        TensorBuffer tb = attach(DataType.FLOAT32, storage, repeated.length);
        tb.loadArray(repeated, new int[] {repeated.length});
        int[] got = tb.getIntArray();
        float[] back = tb.getFloatArray();
        for (int i = 0; i < repeated.length; i++) {
          assertEquals(want[i % src.length], got[i]);
          assertEquals(want[i % src.length], tb.getIntValue(i));
          assertEquals(Float.floatToRawIntBits(repeated[i]), Float.floatToRawIntBits(back[i]));
        }
      }
    }
  }

  @Test
  void integerEdgesIntoEveryType() {
    int[] src = {-129, -128, 127, 128, -32769, -32768, 32767, 32768, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1};
    long[][] want = {
      {-128, -128, 127, 127, -128, -128, 127, 127, -128, 127, 0, -1}, // INT8
      {-129, -128, 127, 128, -32768, -32768, 32767, 32767, -32768, 32767, 0, -1}, // INT16
      {-129, -128, 127, 128, -32769, -32768, 32767, 32768, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1},
      {-129, -128, 127, 128, -32769, -32768, 32767, 32768, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1},
    };
    DataType[] types = {DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64};
    for (int t = 0; t < types.length; t++) {
      for (Storage storage : Storage.values()) {
        for (int copies : new int[] {1, 40}) { // Java path, then native path
          int[] repeated = repeatInts(src, copies);
          ByteBuffer stored = loadInto(types[t], storage, repeated);
          for (int i = 0; i < repeated.length; i++) {
            assertEquals(want[t][i % src.length], ConversionReference.rawElement(stored, types[t], i),
                types[t] + " " + storage + " " + repeated[i]);
          }
        }
      }
    }
  }

  @Test
  void wideIntegerReadsRoundOrSaturate() {
    // INT32 -> float rounds to nearest even; INT64 -> int saturates, -> float rounds.
    TensorBuffer i32 = TensorBuffer.createFixedSize(new int[] {3}, DataType.INT32);
    i32.loadArray(new int[] {16777217, 16777219, Integer.MAX_VALUE});
    assertEquals(16777216f, i32.getFloatValue(0));
    assertEquals(16777220f, i32.getFloatArray()[1]);
    assertEquals(2147483648f, i32.getFloatValue(2));
    TensorBuffer i64 = TensorBuffer.createFixedSize(new int[] {3}, DataType.INT64);
    i64.getBuffer().putLong(0, Long.MAX_VALUE).putLong(8, Long.MIN_VALUE).putLong(16, 1L << 40);
    assertEquals(Integer.MAX_VALUE, i64.getIntValue(0));
    assertEquals(Integer.MIN_VALUE, i64.getIntArray()[1]);
    assertEquals(Integer.MAX_VALUE, i64.getIntArray()[2]);
    assertEquals(9.223372e18f, i64.getFloatValue(0));
    assertEquals(1.09951163E12f, i64.getFloatArray()[2]);
  }

  // ---- 100,000+ random values per conversion, against the reference ----

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void randomFloatLoads(DataType type) {
    Random random = new Random(0x5EED0000L + type.ordinal());
    float[] src = new float[RANDOM_COUNT];
    for (int i = 0; i < src.length; i++) {
      src[i] = randomFloat(random, type);
    }
    for (Storage storage : Storage.values()) {
      ByteBuffer stored = loadInto(type, storage, src);
      for (int i = 0; i < src.length; i++) {
        long want = ConversionReference.storeFloat(type, src[i]);
        long got = ConversionReference.rawElement(stored, type, i);
        if (want != got) {
          fail(type + " " + storage + ": loadArray(float) of " + src[i] + " stored " + got + ", want " + want);
        }
      }
    }
    checkSmallChunks(type, src, null);
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void randomIntLoads(DataType type) {
    Random random = new Random(0x1A700000L + type.ordinal());
    int[] src = new int[RANDOM_COUNT];
    for (int i = 0; i < src.length; i++) {
      src[i] = random.nextBoolean() ? random.nextInt() : random.nextInt(140_001) - 70_000;
    }
    for (Storage storage : Storage.values()) {
      ByteBuffer stored = loadInto(type, storage, src);
      for (int i = 0; i < src.length; i++) {
        long want = ConversionReference.storeInt(type, src[i]);
        long got = ConversionReference.rawElement(stored, type, i);
        if (want != got) {
          fail(type + " " + storage + ": loadArray(int) of " + src[i] + " stored " + got + ", want " + want);
        }
      }
    }
    checkSmallChunks(type, null, src);
  }

  @ParameterizedTest
  @EnumSource(value = DataType.class, names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void randomReads(DataType type) {
    Random random = new Random(0x4EAD0000L + type.ordinal());
    long[] raw = new long[RANDOM_COUNT];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = random.nextInt(4) == 0 ? random.nextInt(1 << 20) - (1 << 19) : random.nextLong();
      if (type == DataType.FLOAT32 && random.nextBoolean()) {
        raw[i] = Float.floatToRawIntBits(randomFloat(random, type));
      }
    }
    for (Storage storage : Storage.values()) {
      ByteBuffer b = storage.allocate(raw.length * type.byteSize());
      for (int i = 0; i < raw.length; i++) {
        ConversionReference.putRaw(b, type, i, raw[i]);
      }
      for (ByteBuffer attached : new ByteBuffer[] {b, b.asReadOnlyBuffer().order(b.order())}) {
        TensorBuffer tb = Buffers.dynamic(type);
        tb.loadBuffer(attached, new int[] {raw.length});
        float[] floats = tb.getFloatArray();
        int[] ints = tb.getIntArray();
        for (int i = 0; i < raw.length; i++) {
          long stored = ConversionReference.rawElement(b, type, i);
          float wantF = ConversionReference.readFloat(type, stored);
          int wantI = ConversionReference.readInt(type, stored);
          if (Float.floatToRawIntBits(wantF) != Float.floatToRawIntBits(floats[i])
              || Float.floatToRawIntBits(wantF) != Float.floatToRawIntBits(tb.getFloatValue(i))) {
            fail(type + " " + storage + ": float read of " + stored + " gave " + floats[i] + ", want " + wantF);
          }
          if (wantI != ints[i] || wantI != tb.getIntValue(i)) {
            fail(type + " " + storage + ": int read of " + stored + " gave " + ints[i] + ", want " + wantI);
          }
        }
      }
    }
  }

  /** The same values through small arrays, in a direct buffer. */
  private static void checkSmallChunks(DataType type, float[] floats, int[] ints) {
    int n = floats != null ? floats.length : ints.length;
    TensorBuffer tb = Buffers.fixed(type, new int[] {SMALL_CHUNK});
    for (int start = 0; start + SMALL_CHUNK <= n; start += SMALL_CHUNK) {
      if (floats != null) {
        float[] part = new float[SMALL_CHUNK];
        System.arraycopy(floats, start, part, 0, SMALL_CHUNK);
        tb.loadArray(part);
        for (int i = 0; i < SMALL_CHUNK; i++) {
          assertEquals(ConversionReference.storeFloat(type, part[i]), ConversionReference.rawElement(tb.getBuffer(), type, i));
        }
      } else {
        int[] part = new int[SMALL_CHUNK];
        System.arraycopy(ints, start, part, 0, SMALL_CHUNK);
        tb.loadArray(part);
        for (int i = 0; i < SMALL_CHUNK; i++) {
          assertEquals(ConversionReference.storeInt(type, part[i]), ConversionReference.rawElement(tb.getBuffer(), type, i));
        }
      }
    }
  }

  /** A mix: any bit pattern, small values, values near the type's bounds, halves. */
  static float randomFloat(Random random, DataType type) {
    switch (random.nextInt(5)) {
      case 0:
        return Float.intBitsToFloat(random.nextInt());
      case 1:
        return (random.nextFloat() - 0.5f) * 600f;
      case 2:
        float[] bounds = type == DataType.FLOAT32 ? new float[] {0f, 255f} : typeBoundsAsFloats(type);
        float edge = bounds[random.nextInt(bounds.length)];
        return edge + (random.nextFloat() - 0.5f) * 4f;
      case 3:
        return (random.nextInt(2001) - 1000) + (random.nextBoolean() ? 0.5f : 0.9f);
      default:
        return (float) (random.nextGaussian() * 1e12);
    }
  }

  // ---- helpers ----

  /** A dynamic buffer whose storage is a caller buffer of {@code storage} kind for n elements. */
  static TensorBuffer attach(DataType type, Storage storage, int n) {
    TensorBuffer tb = Buffers.dynamic(type);
    ByteBuffer b = storage.allocate(n * type.byteSize());
    tb.loadBuffer(b, new int[] {n});
    return tb;
  }

  private static ByteBuffer loadInto(DataType type, Storage storage, float[] src) {
    TensorBuffer tb = attach(type, storage, src.length);
    ByteBuffer b = tb.getBuffer();
    tb.loadArray(src, new int[] {src.length});
    assertSame(b, tb.getBuffer(), "same element count: the attached buffer is written");
    return b;
  }

  private static ByteBuffer loadInto(DataType type, Storage storage, int[] src) {
    TensorBuffer tb = attach(type, storage, src.length);
    ByteBuffer b = tb.getBuffer();
    tb.loadArray(src, new int[] {src.length});
    assertSame(b, tb.getBuffer());
    return b;
  }

  private static float[] repeat(float[] src, int copies) {
    float[] out = new float[src.length * copies];
    for (int i = 0; i < out.length; i++) {
      out[i] = src[i % src.length];
    }
    return out;
  }

  private static int[] repeatInts(int[] src, int copies) {
    int[] out = new int[src.length * copies];
    for (int i = 0; i < out.length; i++) {
      out[i] = src[i % src.length];
    }
    return out;
  }
}
