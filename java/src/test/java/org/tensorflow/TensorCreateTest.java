package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tensorflow.types.UInt8;

/**
 * The TF 1.x factories of {@link Tensor}: types, shapes, check order, messages
 * (docs/contracts/tensor.md#factories, docs/contracts/tensor.md#message-catalogue,
 * docs/contracts/tensor.md#undefined-inputs-are-rejected).
 */
class TensorCreateTest {

  private static void assertIae(String message, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }

  private static void assertTensor(Tensor<?> t, DataType type, long... shape) {
    try {
      assertEquals(type, t.dataType());
      assertArrayEquals(shape, t.shape());
    } finally {
      t.close();
    }
  }

  @Test
  void boxedScalarsMakeScalarsOfTheirType() {
    assertTensor(Tensor.create(3f), DataType.FLOAT);
    assertTensor(Tensor.create(3.0), DataType.DOUBLE);
    assertTensor(Tensor.create(3), DataType.INT32);
    assertTensor(Tensor.create(7L, Long.class), DataType.INT64);
    assertTensor(Tensor.create(true), DataType.BOOL);
    assertTensor(Tensor.create((byte) 200, UInt8.class), DataType.UINT8);
  }

  @Test
  void scalarValuesRoundTrip() {
    try (Tensor<Float> f = Tensor.create(1.5f, Float.class);
        Tensor<Double> d = Tensor.create(-2.25, Double.class);
        Tensor<Integer> i = Tensor.create(-7, Integer.class);
        Tensor<Long> l = Tensor.create(Long.MIN_VALUE, Long.class);
        Tensor<Boolean> b = Tensor.create(true, Boolean.class)) {
      assertEquals(1.5f, f.floatValue());
      assertEquals(-2.25, d.doubleValue());
      assertEquals(-7, i.intValue());
      assertEquals(Long.MIN_VALUE, l.longValue());
      assertEquals(true, b.booleanValue());
    }
  }

  @Test
  void primitiveArraysGiveRankAndShape() {
    assertTensor(Tensor.create(new float[] {1, 2, 3}), DataType.FLOAT, 3);
    assertTensor(Tensor.create(new double[][] {{1, 2}, {3, 4}, {5, 6}}), DataType.DOUBLE, 3, 2);
    assertTensor(Tensor.create(new int[2][3][4]), DataType.INT32, 2, 3, 4);
    assertTensor(Tensor.create(new long[1][1][1][1][1][1]), DataType.INT64, 1, 1, 1, 1, 1, 1);
    assertTensor(Tensor.create(new boolean[][] {{true}, {false}}), DataType.BOOL, 2, 1);
  }

  @Test
  void nestedArrayValuesAreCopiedRowMajor() {
    int[][] values = {{1, 2, 3}, {4, 5, 6}};
    try (Tensor<Integer> t = Tensor.create(values, Integer.class)) {
      assertEquals(DataType.INT32, t.dataType());
      int[][] out = t.copyTo(new int[2][3]);
      assertArrayEquals(values, out);
      values[0][0] = 99; // the tensor holds a copy
      assertEquals(1, t.copyTo(new int[2][3])[0][0]);
    }
    boolean[][][] bools = {{{true, false}}, {{false, true}}};
    try (Tensor<?> t = Tensor.create(bools)) {
      assertArrayEquals(bools, t.copyTo(new boolean[2][1][2]));
    }
  }

  @Test
  void byteArraysAreStringsByDefault() {
    byte[] hello = "hello".getBytes(StandardCharsets.UTF_8);
    try (Tensor<?> t = Tensor.create(hello)) {
      assertEquals(DataType.STRING, t.dataType());
      assertEquals(0, t.numDimensions());
      assertArrayEquals(hello, t.bytesValue());
    }
    byte[][] words = {"a".getBytes(StandardCharsets.UTF_8), new byte[0], {(byte) 0xff, 0, 1}};
    try (Tensor<String> t = Tensor.create(words, String.class)) {
      assertArrayEquals(new long[] {3}, t.shape());
      assertArrayEquals(words, t.copyTo(new byte[3][]));
    }
    byte[][][] matrix = {{{1}, {2, 2}}, {{3, 3, 3}, {}}};
    try (Tensor<?> t = Tensor.create(matrix)) {
      assertArrayEquals(new long[] {2, 2}, t.shape());
      assertArrayEquals(matrix, t.copyTo(new byte[2][2][]));
    }
  }

  @Test
  void byteArraysWithUInt8AreUInt8OfFullRank() {
    try (Tensor<UInt8> t = Tensor.create(new byte[][] {{1, (byte) 255}}, UInt8.class)) {
      assertEquals(DataType.UINT8, t.dataType());
      assertArrayEquals(new long[] {1, 2}, t.shape());
      assertArrayEquals(new byte[][] {{1, (byte) 255}}, t.copyTo(new byte[1][2]));
    }
  }

  @Test
  void createWithClassChecksInTf1Order() {
    // (1) the type tag
    assertIae(
        "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(new Object(), Short.class));
    assertIae(
        "float objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(new float[] {1}, float.class));
    // (2) the element class
    assertIae(
        "cannot create Tensors of type java.lang.String",
        () -> Tensor.create(new String[] {"x"}, String.class));
    assertIae("cannot create Tensors of type java.lang.Short", () -> Tensor.create((short) 1, Float.class));
    // (3) boxed arrays
    assertIae(
        "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Float[] {1f}, Float.class));
    assertIae(
        "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Integer[][] {{1}}, Float.class));
    // (4) type match
    assertIae(
        "DataType of object does not match T (expected FLOAT, got INT32)",
        () -> Tensor.create(new int[] {1}, Float.class));
    assertIae(
        "DataType of object does not match T (expected INT32, got STRING)",
        () -> Tensor.create(new byte[] {1}, Integer.class));
    assertIae(
        "DataType of object does not match T (expected STRING, got FLOAT)",
        () -> Tensor.create(1f, String.class));
    // (5) shape discovery
    assertIae("cannot create Tensors with a 0 dimension", () -> Tensor.create(new float[0], Float.class));
    assertIae(
        "mismatched lengths (2 and 3) in dimension 1",
        () -> Tensor.create(new float[][] {{1, 2}, {1, 2, 3}}, Float.class));
  }

  @Test
  void createWithoutClassChecksTheElementClass() {
    assertIae("cannot create Tensors of type java.lang.Object", () -> Tensor.create(new Object()));
    assertIae("cannot create Tensors of type java.lang.String", () -> Tensor.create("text"));
    assertIae("cannot create Tensors of type char", () -> Tensor.create(new char[] {'a'}));
    assertIae("cannot create Tensors of type java.lang.Object", () -> Tensor.create(new Object[] {new float[] {1}}));
    // Boxed arrays reached native code with undefined results in TF 1.x
    // (docs/contracts/tensor.md#undefined-inputs-are-rejected).
    assertIae(
        "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Double[] {1.0}));
    assertIae(
        "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Byte[] {1}));
  }

  @Test
  void zeroLengthArraysAreRejectedAtAnyLevel() {
    assertIae("cannot create Tensors with a 0 dimension", () -> Tensor.create(new int[0][3]));
    assertIae("cannot create Tensors with a 0 dimension", () -> Tensor.create(new int[3][0]));
    assertIae("cannot create Tensors with a 0 dimension", () -> Tensor.create(new byte[0][]));
    assertIae(
        "cannot create Tensors with a 0 dimension",
        () -> Tensor.create(new double[][] {{1, 2}, {}}));
  }

  @Test
  void raggedArrays() {
    assertIae(
        "mismatched lengths (1 and 2) in dimension 1",
        () -> Tensor.create(new long[][] {{1}, {2, 3}}));
    assertIae(
        "mismatched lengths (2 and 1) in dimension 2",
        () -> Tensor.create(new int[][][] {{{1, 2}, {3, 4}}, {{5, 6}, {7}}}));
    assertIae(
        "mismatched lengths (2 and 3) in dimension 1",
        () -> Tensor.create(new byte[][][] {{{1}, {2}}, {{1}, {2}, {3}}}));
  }

  @Test
  void nullsAreNullPointerExceptions() {
    assertThrows(NullPointerException.class, () -> Tensor.create(null));
    assertThrows(NullPointerException.class, () -> Tensor.create(null, Float.class));
    assertThrows(NullPointerException.class, () -> Tensor.create(new float[][] {{1}, null}));
    assertThrows(NullPointerException.class, () -> Tensor.create(new byte[][] {{1}, null}));
    assertThrows(NullPointerException.class, () -> Tensor.create(new long[] {1}, (IntBuffer) null));
    assertThrows(NullPointerException.class, () -> Tensor.create(null, IntBuffer.allocate(1)));
    assertThrows(
        NullPointerException.class, () -> Tensor.create(Float.class, new long[] {1}, null));
  }

  @Test
  void aBoxedByteIsNotAByteString() {
    // TF 1.x cast the object to byte[] for a STRING scalar (a ClassCastException); the message
    // and the decision: docs/contracts/tensor.md#factories.
    assertThrows(IllegalArgumentException.class, () -> Tensor.create((byte) 1));
  }

  @Test
  void typedBuffersCopyTheirRemainingValuesAndAdvance() {
    IntBuffer ints = IntBuffer.wrap(new int[] {9, 1, 2, 3, 4, 5, 6});
    ints.position(1);
    try (Tensor<Integer> t = Tensor.create(new long[] {2, 3}, ints)) {
      assertEquals(7, ints.position());
      assertArrayEquals(new int[][] {{1, 2, 3}, {4, 5, 6}}, t.copyTo(new int[2][3]));
    }
    FloatBuffer floats = ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN).asFloatBuffer();
    floats.put(0, 1.5f).put(1, -2f);
    try (Tensor<Float> t = Tensor.create(new long[] {2}, floats)) {
      assertEquals(2, floats.position());
      assertArrayEquals(new float[] {1.5f, -2f}, t.copyTo(new float[2]));
    }
    DoubleBuffer doubles = DoubleBuffer.wrap(new double[] {0.5, 0.25, 8}, 1, 2).slice();
    try (Tensor<Double> t = Tensor.create(new long[] {1, 2}, doubles)) {
      assertArrayEquals(new double[][] {{0.25, 8}}, t.copyTo(new double[1][2]));
    }
    LongBuffer longs = LongBuffer.wrap(new long[] {Long.MAX_VALUE}).asReadOnlyBuffer();
    try (Tensor<Long> t = Tensor.create(new long[] {}, longs)) {
      assertEquals(Long.MAX_VALUE, t.longValue());
      assertEquals(1, longs.position());
    }
  }

  @Test
  void bufferFactoriesRejectMismatchedCounts() {
    assertIae(
        "buffer with 5 elements is not compatible with a Tensor with shape [2, 3]",
        () -> Tensor.create(new long[] {2, 3}, IntBuffer.allocate(5)));
  }

  @Test
  void bufferMismatchMessages() {
    assertIae(
        "buffer with 0 elements is not compatible with a Tensor with shape []",
        () -> Tensor.create(new long[] {}, LongBuffer.allocate(0)));
    assertIae(
        "buffer with 4 elements is not compatible with a Tensor with shape [5]",
        () -> Tensor.create(new long[] {5}, DoubleBuffer.allocate(4)));
    assertIae(
        "buffer with 3 elements is not compatible with a Tensor with shape [-1]",
        () -> Tensor.create(new long[] {-1}, FloatBuffer.allocate(3)));
  }

  @Test
  void bufferFactoriesAcceptZeroSizeShapes() {
    assertTensor(Tensor.create(new long[] {0}, IntBuffer.allocate(0)), DataType.INT32, 0);
    assertTensor(Tensor.create(new long[] {2, 0}, FloatBuffer.allocate(0)), DataType.FLOAT, 2, 0);
    assertTensor(
        Tensor.create(Boolean.class, new long[] {0, 3}, ByteBuffer.allocate(0)), DataType.BOOL, 0, 3);
    try (Tensor<?> t = Tensor.create(new long[] {3, 0, 2}, DoubleBuffer.allocate(0))) {
      assertEquals(0, t.numElements());
      assertEquals(0, t.numBytes());
    }
  }

  @Test
  void negativeAndTooLargeShapesAreRejectedBeforeNativeCode() {
    // TF 1.x's wrapping element count matches, so TF 1.x would have gone on to native code
    // (docs/contracts/tensor.md#undefined-inputs-are-rejected).
    assertIae(
        "shape [-2, -3] has a negative dimension",
        () -> Tensor.create(new long[] {-2, -3}, IntBuffer.allocate(6)));
    assertIae(
        "shape [-1, -1] has a negative dimension",
        () -> Tensor.create(new long[] {-1, -1}, LongBuffer.allocate(1)));
    assertIae(
        "tensor of shape [4294967298] is too large",
        () -> Tensor.create(new long[] {4294967298L}, IntBuffer.allocate(2)));
    assertIae(
        "tensor of shape [65536, 65536] is too large",
        () -> Tensor.create(new long[] {65536, 65536}, FloatBuffer.allocate(0)));
    assertIae(
        "tensor of shape [4294967296, 4294967296, 4294967296] is too large",
        () -> Tensor.create(new long[] {1L << 32, 1L << 32, 1L << 32}, DoubleBuffer.allocate(0)));
    assertIae(
        "tensor of shape [2147483648, 2] is too large",
        () -> Tensor.create(Float.class, new long[] {1L << 31, 2}, ByteBuffer.allocate(0)));
  }

  @Test
  void tooLargeMeansMoreBytesThanAnIntCounts() {
    // 2^28 floats are 2^30 bytes: allowed by count, so only the bytes decide; use a zero-wrapping
    // shape so no real allocation is attempted.
    assertIae(
        "tensor of shape [536870912, 8] is too large",
        () -> Tensor.create(new long[] {1L << 29, 8}, LongBuffer.allocate(0)));
  }

  @Test
  void rawByteBuffersCheckBytesPerElementThenElementCount() {
    assertIae(
        "ByteBuffer with 10 bytes is not compatible with a FLOAT Tensor (4 bytes/element)",
        () -> Tensor.create(Float.class, new long[] {2}, ByteBuffer.allocate(10)));
    assertIae(
        "ByteBuffer with 7 bytes is not compatible with a INT64 Tensor (8 bytes/element)",
        () -> Tensor.create(Long.class, new long[] {1}, ByteBuffer.allocate(7)));
    assertIae(
        "buffer with 2 elements is not compatible with a Tensor with shape [3]",
        () -> Tensor.create(Integer.class, new long[] {3}, ByteBuffer.allocate(8)));
    assertIae(
        "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(Short.class, new long[] {3}, ByteBuffer.allocate(8)));
  }

  @Test
  void rawByteBuffersAreCopiedInNativeOrderWhateverTheirOrder() {
    ByteBuffer big = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN);
    big.put(new byte[] {1, 0, 0, 0, 0, 0, (byte) 0x80, 0x3f}).flip();
    try (Tensor<Integer> t = Tensor.create(Integer.class, new long[] {2}, big)) {
      assertEquals(8, big.position());
      int[] out = t.copyTo(new int[2]);
      assertEquals(1, out[0]);
      assertEquals(Float.floatToIntBits(1f), out[1]);
    }
    ByteBuffer direct = ByteBuffer.allocateDirect(3);
    direct.put(new byte[] {1, 0, 1}).flip();
    try (Tensor<Boolean> t = Tensor.create(Boolean.class, new long[] {3}, direct)) {
      assertArrayEquals(new boolean[] {true, false, true}, t.copyTo(new boolean[3]));
    }
  }

  @Test
  void stringByteBuffersUseTheTfStringEncoding() {
    ByteBuffer encoded = ByteBuffer.allocate(8 * 2 + 3 + 1).order(ByteOrder.LITTLE_ENDIAN);
    encoded.putLong(0).putLong(3).put(new byte[] {2, 'h', 'i', 0}).flip();
    try (Tensor<String> t = Tensor.create(String.class, new long[] {2}, encoded)) {
      assertEquals(20, encoded.position());
      byte[][] out = t.copyTo(new byte[2][]);
      assertArrayEquals(new byte[] {'h', 'i'}, out[0]);
      assertArrayEquals(new byte[0], out[1]);
      assertEquals(20, t.numBytes());
    }
    assertIae(
        "Malformed TF_STRING tensor; too short to hold number of elements",
        () -> Tensor.create(String.class, new long[] {2}, ByteBuffer.allocate(15)));
    ByteBuffer badOffset = ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN);
    badOffset.putLong(1).put((byte) 0).flip();
    assertIae(
        "Malformed TF_STRING tensor; element 0 out of range",
        () -> Tensor.create(String.class, new long[] {1}, badOffset));
    ByteBuffer truncated = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    truncated.putLong(0).put(new byte[] {5, 'a'}).flip();
    assertIae(
        "invalid string encoding or truncated src buffer",
        () -> Tensor.create(String.class, new long[] {1}, truncated));
  }

  @Test
  void extensionFactoryMakesAnyMemcpyableType() {
    ByteBuffer halfs = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
    halfs.putShort((short) 0x3c00).putShort((short) 0xc000).flip();
    try (Tensor<?> t = Tensor.create(DataType.HALF, new long[] {2}, halfs)) {
      assertEquals(DataType.HALF, t.dataType());
      assertEquals("[1 -2]", t.summarizeValue(10, true));
    }
    assertIae(
        "shape [-1] has a negative dimension",
        () -> Tensor.create(DataType.INT8, new long[] {-1}, ByteBuffer.allocate(0)));
  }
}
