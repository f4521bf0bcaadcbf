package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tensorflow.types.UInt8;

/**
 * Reading a {@link Tensor}: accessors, scalar values, copyTo and writeTo
 * (docs/contracts/tensor.md#tf-1x-java-surface).
 */
class TensorReadTest {

  private static void assertThrowsWith(Class<? extends Throwable> type, String message, Executable call) {
    Throwable e = assertThrows(type, call);
    assertEquals(type, e.getClass());
    assertEquals(message, e.getMessage());
  }

  @Test
  void metadataAccessors() {
    try (Tensor<Float> t = Tensor.create(new float[2][3], Float.class)) {
      assertEquals(DataType.FLOAT, t.dataType());
      assertEquals(2, t.numDimensions());
      assertArrayEquals(new long[] {2, 3}, t.shape());
      assertEquals(6, t.numElements());
      assertEquals(24, t.numBytes());
      assertEquals("FLOAT tensor with shape [2, 3]", t.toString());
    }
    try (Tensor<Integer> t = Tensor.create(5, Integer.class)) {
      assertEquals("INT32 tensor with shape []", t.toString());
      assertEquals(1, t.numElements());
      assertEquals(4, t.numBytes());
    }
  }

  @Test
  void shapeReturnsACopy() {
    try (Tensor<?> t = Tensor.create(new int[] {1, 2})) {
      t.shape()[0] = 99; // docs/contracts/tensor.md#shape-returns-a-copy
      assertArrayEquals(new long[] {2}, t.shape());
    }
  }

  @Test
  void numElementsWrapsInIntArithmeticLikeTf1() {
    // 2^16 x 2^16 x 0 is a valid empty tensor: exact count 0, TF 1.x int product 0 as well.
    ByteBuffer none = ByteBuffer.allocate(0);
    try (Tensor<?> t = Tensor.create(DataType.FLOAT, new long[] {0, 3}, none)) {
      assertEquals(0, t.numElements());
      assertEquals(0L, t.numElementsLong());
    }
    // A bitcast view can be larger than int: [2^31] bytes cannot be allocated here, so wrap is
    // shown with the pure int arithmetic: each dimension cast to int, product wraps.
    assertEquals(0, TensorArrays.wrappedElementCount(new long[] {1L << 31, 2}));
    assertEquals(-2147483648, TensorArrays.wrappedElementCount(new long[] {1L << 16, 1L << 15}));
    assertEquals(5, TensorArrays.wrappedElementCount(new long[] {(1L << 32) + 5}));
  }

  @Test
  void numBytesOfStringsIsTheTfStringEncodingSize() {
    // 2 offsets (16 bytes) + (1 + 3) + (1 + 0)
    try (Tensor<?> t = Tensor.create(new byte[][] {{'a', 'b', 'c'}, {}})) {
      assertEquals(21, t.numBytes());
      ByteBuffer out = ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN);
      t.writeTo(out);
      assertEquals(21, out.position());
      assertEquals(0, out.getLong(0));
      assertEquals(4, out.getLong(8));
      assertEquals(3, out.get(16));
      assertEquals('c', out.get(19));
      assertEquals(0, out.get(20));
    }
  }

  @Test
  void expectRetypesOrNamesBothTypes() {
    try (Tensor<?> t = Tensor.create(1f)) {
      Tensor<Float> f = t.expect(Float.class);
      assertSame(t, f);
      assertThrowsWith(
          IllegalArgumentException.class,
          "Cannot cast from tensor of FLOAT to tensor of INT32",
          () -> t.expect(Integer.class));
      assertThrowsWith(
          IllegalArgumentException.class,
          "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
          () -> t.expect(Short.class));
    }
    try (Tensor<?> t = Tensor.create(new byte[] {1}, UInt8.class)) {
      assertThrowsWith(
          IllegalArgumentException.class,
          "Cannot cast from tensor of UINT8 to tensor of STRING",
          () -> t.expect(String.class));
      assertSame(t, t.expect(UInt8.class));
    }
  }

  @Test
  void scalarAccessorsCheckRankThenType() {
    try (Tensor<?> vector = Tensor.create(new float[] {1});
        Tensor<?> f = Tensor.create(1f);
        Tensor<?> u8 = Tensor.create((byte) 3, UInt8.class);
        Tensor<?> s = Tensor.create(new byte[] {1})) {
      for (Executable call :
          new Executable[] {
            vector::floatValue, vector::doubleValue, vector::intValue, vector::longValue,
            vector::booleanValue
          }) {
        assertThrowsWith(IllegalStateException.class, "Tensor is not a scalar", call);
      }
      assertThrowsWith(IllegalStateException.class, "Tensor is not a scalar", vector::bytesValue);
      assertThrowsWith(IllegalStateException.class, "Tensor is not a Double scalar", f::doubleValue);
      assertThrowsWith(IllegalStateException.class, "Tensor is not a Int scalar", f::intValue);
      assertThrowsWith(IllegalStateException.class, "Tensor is not a Long scalar", f::longValue);
      assertThrowsWith(IllegalStateException.class, "Tensor is not a Boolean scalar", f::booleanValue);
      assertThrowsWith(IllegalStateException.class, "Tensor is not a Float scalar", s::floatValue);
      assertThrowsWith(IllegalStateException.class, "Tensor is not a Int scalar", u8::intValue);
      assertThrowsWith(
          IllegalArgumentException.class, "Tensor is not a string/bytes scalar", f::bytesValue);
      assertThrowsWith(
          IllegalArgumentException.class, "Tensor is not a string/bytes scalar", u8::bytesValue);
    }
  }

  @Test
  void scalarValuesOfEveryAccessor() {
    try (Tensor<?> d = Tensor.create(Double.MIN_VALUE);
        Tensor<?> n = Tensor.create(Float.NaN);
        Tensor<?> i = Tensor.create(Integer.MIN_VALUE);
        Tensor<?> b = Tensor.create(false);
        Tensor<?> s = Tensor.create(new byte[0])) {
      assertEquals(Double.MIN_VALUE, d.doubleValue());
      assertEquals(Float.floatToRawIntBits(Float.NaN), Float.floatToRawIntBits(n.floatValue()));
      assertEquals(Integer.MIN_VALUE, i.intValue());
      assertEquals(false, b.booleanValue());
      assertArrayEquals(new byte[0], s.bytesValue());
    }
  }

  @Test
  void copyToChecksInTf1Order() {
    try (Tensor<?> t = Tensor.create(new float[][] {{1, 2, 3}, {4, 5, 6}})) {
      // 1. rank
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with 2 dimensions into an object with 1",
          () -> t.copyTo(new float[6]));
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with 2 dimensions into an object with 0",
          () -> t.copyTo(1f));
      // 2. element class / boxed arrays
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot create Tensors of type short",
          () -> t.copyTo(new short[2][3]));
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot create non-scalar Tensors from arrays of boxed values",
          () -> t.copyTo(new Float[2][3]));
      // 3. element type
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with DataType FLOAT into an object of type [[I",
          () -> t.copyTo(new int[2][3]));
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with DataType FLOAT into an object of type [[D",
          () -> t.copyTo(new double[2][3]));
      // 4. shape discovery
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot create Tensors with a 0 dimension",
          () -> t.copyTo(new float[2][0]));
      assertThrowsWith(
          IllegalArgumentException.class,
          "mismatched lengths (3 and 2) in dimension 1",
          () -> t.copyTo(new float[][] {new float[3], new float[2]}));
      // 5. shape
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with shape [2, 3] into object with shape [3, 2]",
          () -> t.copyTo(new float[3][2]));
      float[][] out = t.copyTo(new float[2][3]);
      assertArrayEquals(new float[][] {{1, 2, 3}, {4, 5, 6}}, out);
    }
  }

  @Test
  void copyToOfAScalarNamesTheScalarAccessors() {
    try (Tensor<?> t = Tensor.create(2f)) {
      assertThrowsWith(
          IllegalArgumentException.class,
          "copyTo() is not meant for scalar Tensors, use the scalar accessor (floatValue(),"
              + " intValue() etc.) instead",
          () -> t.copyTo(Float.valueOf(0)));
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with DataType FLOAT into an object of type java.lang.Integer",
          () -> t.copyTo(Integer.valueOf(0)));
    }
  }

  @Test
  void copyToOfEmptyTensorsIsRejectedByShapeDiscovery() {
    try (Tensor<Integer> t = Tensor.create(new long[] {0}, IntBuffer.allocate(0))) {
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot create Tensors with a 0 dimension",
          () -> t.copyTo(new int[0]));
      IntBuffer out = IntBuffer.allocate(0);
      t.writeTo(out);
      assertEquals(0, out.position());
    }
  }

  @Test
  void copyToSupportsEveryTf1Type() {
    try (Tensor<?> d = Tensor.create(new double[][] {{0.5}, {1.5}});
        Tensor<?> l = Tensor.create(new long[] {Long.MIN_VALUE, -1});
        Tensor<?> b = Tensor.create(new boolean[][][] {{{true, false, true}}});
        Tensor<?> u = Tensor.create(new byte[] {(byte) 255, 0}, UInt8.class)) {
      assertArrayEquals(new double[][] {{0.5}, {1.5}}, d.copyTo(new double[2][1]));
      assertArrayEquals(new long[] {Long.MIN_VALUE, -1}, l.copyTo(new long[2]));
      assertArrayEquals(
          new boolean[][][] {{{true, false, true}}}, b.copyTo(new boolean[1][1][3]));
      assertArrayEquals(new byte[] {(byte) 255, 0}, u.copyTo(new byte[2]));
      // byte[] into a STRING tensor's rank: a byte[][] is rank 1 for STRING
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot copy Tensor with DataType UINT8 into an object of type [J",
          () -> u.copyTo(new long[2]));
    }
  }

  @Test
  void writeToTypedBuffersChecksTheTypeAndAdvances() {
    try (Tensor<?> t = Tensor.create(new int[] {7, 8, 9})) {
      IntBuffer out = IntBuffer.allocate(5);
      out.put(42);
      t.writeTo(out);
      assertEquals(4, out.position());
      assertArrayEquals(new int[] {42, 7, 8, 9, 0}, out.array());
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot use java.nio.HeapFloatBuffer with Tensor of type INT32",
          () -> t.writeTo(FloatBuffer.allocate(3)));
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot use java.nio.HeapDoubleBuffer with Tensor of type INT32",
          () -> t.writeTo(DoubleBuffer.allocate(3)));
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot use java.nio.HeapLongBuffer with Tensor of type INT32",
          () -> t.writeTo(LongBuffer.allocate(3)));
      IntBuffer small = IntBuffer.allocate(2);
      assertThrows(BufferOverflowException.class, () -> t.writeTo(small));
      assertEquals(0, small.position());
      assertThrows(ReadOnlyBufferException.class, () -> t.writeTo(IntBuffer.allocate(3).asReadOnlyBuffer()));
    }
    try (Tensor<?> t = Tensor.create(new float[] {1.5f})) {
      assertThrowsWith(
          IllegalArgumentException.class,
          "cannot use java.nio.HeapIntBuffer with Tensor of type FLOAT",
          () -> t.writeTo(IntBuffer.allocate(1)));
      FloatBuffer direct = ByteBuffer.allocateDirect(4).order(ByteOrder.BIG_ENDIAN).asFloatBuffer();
      t.writeTo(direct);
      assertEquals(1.5f, direct.get(0));
    }
    try (Tensor<?> d = Tensor.create(new double[] {2.5});
        Tensor<?> l = Tensor.create(new long[] {-3})) {
      DoubleBuffer doubles = DoubleBuffer.allocate(1);
      d.writeTo(doubles);
      assertEquals(2.5, doubles.get(0));
      LongBuffer longs = LongBuffer.allocate(1);
      l.writeTo(longs);
      assertEquals(-3, longs.get(0));
    }
  }

  @Test
  void writeToByteBufferCopiesRawLittleEndianBytes() {
    try (Tensor<?> t = Tensor.create(new int[] {1, 0x01020304})) {
      ByteBuffer out = ByteBuffer.allocate(9);
      out.put((byte) 7);
      t.writeTo(out);
      assertEquals(9, out.position());
      assertArrayEquals(new byte[] {7, 1, 0, 0, 0, 4, 3, 2, 1}, out.array());
      assertThrows(BufferOverflowException.class, () -> t.writeTo(ByteBuffer.allocate(7)));
    }
    try (Tensor<?> t = Tensor.create(new boolean[] {true, false})) {
      ByteBuffer out = ByteBuffer.allocateDirect(2);
      t.writeTo(out);
      assertEquals(1, out.get(0));
      assertEquals(0, out.get(1));
    }
  }
}
