package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * Hostile input to every native path of {@link Tensor}: each case must end in its documented Java
 * exception, never a JVM crash (the whole class runs under {@code -Xcheck:jni}).
 */
class TensorHostileInputTest {

  // --- a tiny TensorProto writer (field numbers from tensor.md §10.1) -------------------------

  private static void varint(ByteArrayOutputStream out, long v) {
    while ((v & ~0x7fL) != 0) {
      out.write((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
  }

  private static void bytesField(ByteArrayOutputStream out, int field, byte[] value) {
    varint(out, (field << 3) | 2);
    varint(out, value.length);
    out.write(value, 0, value.length);
  }

  /** TensorProto{dtype, tensor_shape{dim{size}...}, tensor_content?, extra bytes}. */
  private static byte[] proto(int dtype, long[] dims, byte[] content, byte[] extra) {
    ByteArrayOutputStream shape = new ByteArrayOutputStream();
    for (long d : dims) {
      ByteArrayOutputStream dim = new ByteArrayOutputStream();
      varint(dim, 1 << 3);
      varint(dim, d);
      bytesField(shape, 2, dim.toByteArray());
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    varint(out, 1 << 3);
    varint(out, dtype);
    bytesField(out, 2, shape.toByteArray());
    if (content != null) {
      bytesField(out, 4, content);
    }
    if (extra != null) {
      out.write(extra, 0, extra.length);
    }
    return out.toByteArray();
  }

  private static DynamicTest rejected(String name, final byte[] serialized) {
    return DynamicTest.dynamicTest(
        name,
        new Executable() {
          @Override
          public void execute() {
            IllegalArgumentException e =
                assertThrows(
                    IllegalArgumentException.class,
                    new Executable() {
                      @Override
                      public void execute() {
                        Tensor.fromProto(serialized).close();
                      }
                    });
            assertTrue(e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
          }
        });
  }

  @TestFactory
  List<DynamicTest> malformedProtosAreRejected() {
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    tests.add(rejected("dtype 0", proto(0, new long[] {1}, new byte[4], null)));
    tests.add(rejected("dtype 99", proto(99, new long[] {1}, new byte[4], null)));
    tests.add(rejected("dtype 99, no elements", proto(99, new long[] {0}, null, null)));
    tests.add(rejected("reference dtype 101", proto(101, new long[] {0}, null, null)));
    tests.add(rejected("negative dtype", proto(-1, new long[] {1}, null, null)));
    tests.add(rejected("dim -1", proto(1, new long[] {-1}, null, null)));
    tests.add(rejected("dim -2^63", proto(1, new long[] {Long.MIN_VALUE}, null, null)));
    tests.add(rejected("prefix overflow", proto(1, new long[] {1L << 62, 4}, null, null)));
    tests.add(rejected("prefix overflow then 0", proto(1, new long[] {1L << 62, 4, 0}, null, null)));
    long[] rank255 = new long[255];
    Arrays.fill(rank255, 1);
    tests.add(rejected("255 dims", proto(1, rank255, null, null)));
    for (int length : new int[] {1, 3, 5, 8, 1000}) {
      tests.add(rejected("float[1] content of " + length, proto(1, new long[] {1}, new byte[length], null)));
    }
    for (int dtype : new int[] {2, 3, 4, 5, 6, 8, 9, 14, 17, 18, 19, 22, 23}) {
      tests.add(rejected("dtype " + dtype + " one byte short", proto(dtype, new long[] {2}, new byte[1], null)));
    }
    for (int b : new int[] {2, 3, 0x10, 0x7f, 0x80, 0xff}) {
      tests.add(rejected("bool byte " + b, proto(10, new long[] {2}, new byte[] {1, (byte) b}, null)));
    }
    tests.add(rejected("string truncated varint", proto(7, new long[] {1}, new byte[] {(byte) 0x80}, null)));
    tests.add(rejected("string lengths too long", proto(7, new long[] {2}, new byte[] {1, 5, 'a'}, null)));
    tests.add(rejected("string lengths too short", proto(7, new long[] {1}, new byte[] {1, 'a', 'b'}, null)));
    tests.add(rejected("string huge length", proto(7, new long[] {1}, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, null)));
    tests.add(rejected("resource garbage", proto(20, new long[] {1}, new byte[] {3, (byte) 0xff, (byte) 0xff, (byte) 0xff}, null)));
    tests.add(rejected("variant garbage", proto(21, new long[] {1}, new byte[] {2, (byte) 0xff, 0x01}, null)));
    tests.add(rejected("truncated varint", new byte[] {0x08}));
    tests.add(rejected("truncated length", new byte[] {0x12, 0x05, 0x12}));
    tests.add(rejected("wire type 7", new byte[] {0x0f, 0x00}));
    tests.add(rejected("field 0", new byte[] {0x00, 0x01}));
    tests.add(rejected("ff ff", new byte[] {(byte) 0xff, (byte) 0xff}));
    tests.add(rejected("end group only", new byte[] {0x0c}));
    tests.add(rejected("overlong varint", new byte[] {0x08, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01}));
    // Allocation bombs: a few bytes asking for petabytes fail cleanly (fallible allocation).
    tests.add(rejected("2^48 floats, no data", proto(1, new long[] {1L << 48}, null, null)));
    tests.add(rejected("2^60 bytes of int8, no data", proto(6, new long[] {1L << 30, 1L << 30}, null, null)));
    tests.add(rejected("2^40 strings, no data", proto(7, new long[] {1L << 40}, null, null)));
    return tests;
  }

  @Test
  void aSizeLimitRejectsLargeRequestsBeforeAllocating() {
    byte[] bomb = proto(1, new long[] {1 << 20}, null, null); // 4 MiB of zeros, no data
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tensor.fromProto(bomb, 1024));
    assertTrue(e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
    try (Tensor<?> t = Tensor.fromProto(bomb)) { // no limit: TensorFlow parity
      assertEquals(1 << 20, t.numElements());
    }
  }

  @TestFactory
  List<DynamicTest> randomBytesNeverCrash() {
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    final Random random = new Random(20261122);
    byte[] valid = proto(1, new long[] {2, 2}, new byte[16], null);
    for (int i = 0; i < 150; i++) {
      final byte[] input;
      if (i % 2 == 0) {
        input = new byte[random.nextInt(40)];
        random.nextBytes(input);
      } else { // mutate a valid proto
        input = valid.clone();
        for (int k = 0; k <= random.nextInt(3); k++) {
          input[random.nextInt(input.length)] = (byte) random.nextInt(256);
        }
      }
      tests.add(
          DynamicTest.dynamicTest(
              "random #" + i,
              new Executable() {
                @Override
                public void execute() {
                  try {
                    Tensor<?> t = Tensor.fromProto(input, 1 << 20);
                    try {
                      t.summarizeValue(10, true);
                      t.debugString();
                      if (t.dataType() == DataType.STRING) {
                        t.asProtoField();
                      } else {
                        t.asProtoTensorContent();
                      }
                    } finally {
                      t.close();
                    }
                  } catch (IllegalArgumentException e) {
                    assertTrue(
                        e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
                  }
                }
              }));
    }
    return tests;
  }

  @Test
  void hostileShapes() {
    long[] rank255 = new long[255];
    Arrays.fill(rank255, 1);
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, rank255, ByteBuffer.allocate(4)));
    assertThrows(
        IllegalArgumentException.class, () -> Tensor.create(rank255, IntBuffer.allocate(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, new long[] {Long.MAX_VALUE, 2, 0}, ByteBuffer.allocate(0)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, new long[] {Long.MIN_VALUE}, ByteBuffer.allocate(0)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.RESOURCE, new long[] {1}, ByteBuffer.allocate(8)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.VARIANT, new long[] {0}, ByteBuffer.allocate(1)));
    assertThrows(NullPointerException.class, () -> Tensor.create((DataType) null, new long[] {1}, ByteBuffer.allocate(4)));
    assertThrows(NullPointerException.class, () -> Tensor.create(DataType.FLOAT, null, ByteBuffer.allocate(4)));
  }

  @Test
  void hostileSlicesAndViews() {
    try (Tensor<?> t = Tensor.create(new float[][] {{1, 2}, {3, 4}})) {
      long[] bad = {Long.MIN_VALUE, -1, 3, Long.MAX_VALUE};
      for (long a : bad) {
        assertThrows(IllegalArgumentException.class, () -> t.subSlice(a));
        assertThrows(IllegalArgumentException.class, () -> t.slice(a, 2));
        assertThrows(IllegalArgumentException.class, () -> t.slice(0, a == 3 ? 3 : a));
      }
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, new long[] {Long.MAX_VALUE, Long.MAX_VALUE}));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, new long[] {-16}));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, new long[255]));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.RESOURCE, new long[] {1}));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.COMPLEX128, new long[] {2}));
      assertThrows(IllegalArgumentException.class, () -> t.copyFrom(t, new long[] {Long.MAX_VALUE, 2}));
      assertEquals(false, t.copyFrom(t, new long[] {1L << 40}));
      assertThrows(NullPointerException.class, () -> Tensor.bitcastFrom(null, DataType.INT8, new long[] {16}));
      assertThrows(NullPointerException.class, () -> Tensor.bitcastFrom(t, null, new long[] {16}));
      assertThrows(NullPointerException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, null));
      assertThrows(NullPointerException.class, () -> t.copyFrom(null, new long[] {4}));
      assertThrows(NullPointerException.class, () -> t.copyFrom(t, null));
      assertThrows(NullPointerException.class, () -> t.sharesBufferWith(null));
      assertThrows(NullPointerException.class, () -> t.isSameSize(null));
      assertThrows(NullPointerException.class, () -> t.copyTo(null));
      assertThrows(NullPointerException.class, () -> t.writeTo((ByteBuffer) null));
      assertThrows(ReadOnlyBufferException.class, () -> t.writeTo(ByteBuffer.allocate(16).asReadOnlyBuffer()));
      assertThrows(NullPointerException.class, () -> Tensor.fromProto(null));
      // A bit cast to a larger element keeps reading inside the buffer.
      try (Tensor<?> wide = Tensor.bitcastFrom(t, DataType.COMPLEX128, new long[] {1})) {
        assertEquals(16, wide.tensorData().remaining());
        assertEquals("?", wide.summarizeValue(-1, false));
      }
    }
  }

  @Test
  void hostileJavaObjects() {
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new Object[] {new int[] {1}}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new Number[] {1}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new int[][] {{1, 2}, {3}}));
    assertThrows(NullPointerException.class, () -> Tensor.create(new int[][] {{1, 2}, null}));
    assertThrows(NullPointerException.class, () -> Tensor.create(new byte[][][] {{{1}, null}}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new char[2][2]));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new short[] {1}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new Boolean[][] {{true}}));
    try (Tensor<?> t = Tensor.create(new int[] {1, 2})) {
      assertThrows(IllegalArgumentException.class, () -> t.copyTo(new Object()));
      assertThrows(IllegalArgumentException.class, () -> t.copyTo(new Integer[2]));
      assertThrows(IllegalArgumentException.class, () -> t.copyTo(new int[][] {{1}}));
    }
    try (Tensor<?> s = Tensor.create(new byte[][] {{1}, {2}})) {
      assertThrows(IllegalArgumentException.class, () -> s.copyTo(new byte[2]));
      byte[][] out = s.copyTo(new byte[2][7]); // leaves are replaced, whatever their length
      assertEquals(1, out[0].length);
      assertEquals(2, out[1][0]);
    }
  }
}
