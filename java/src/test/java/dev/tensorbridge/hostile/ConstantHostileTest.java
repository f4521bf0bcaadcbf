package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;

/**
 * {@link Constant} (docs/contracts/eager.md#constant): data errors come from {@code Tensor.create}
 * before a name is reserved; the session check comes after.
 */
class ConstantHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;

  private static Scope scope() {
    return new Scope(EagerSession.getDefault());
  }

  @TestFactory
  List<DynamicTest> data() {
    Cases c = new Cases();
    c.fails("int[0]", IAE, "cannot create Tensors with a 0 dimension", () -> Constant.create(scope(), new int[0]));
    c.fails("boolean[1][0]", IAE, "cannot create Tensors with a 0 dimension", () -> Constant.create(scope(), new boolean[1][0]));
    c.fails("ragged float[][]", IAE, "mismatched lengths (1 and 2) in dimension 1",
        () -> Constant.create(scope(), new float[][] {{1}, {1, 2}}));
    c.fails("IntBuffer too long", IAE, "buffer with 3 elements is not compatible with a Tensor with shape [2]",
        () -> Constant.create(scope(), new long[] {2}, IntBuffer.allocate(3)));
    c.fails("FloatBuffer for [-1]", IAE, "buffer with 0 elements is not compatible with a Tensor with shape [-1]",
        () -> Constant.create(scope(), new long[] {-1}, FloatBuffer.allocate(0)));
    c.fails("DoubleBuffer with a negative dimension", IAE, "shape [-1, -2] has a negative dimension",
        () -> Constant.create(scope(), new long[] {-1, -2}, DoubleBuffer.allocate(2)));
    c.fails("LongBuffer for a huge shape", IAE, "tensor of shape [4294967296, 4294967296] is too large",
        () -> Constant.create(scope(), new long[] {1L << 32, 1L << 32}, LongBuffer.allocate(0)));
    c.fails("ByteBuffer not a multiple of 4", IAE,
        "ByteBuffer with 6 bytes is not compatible with a FLOAT Tensor (4 bytes/element)",
        () -> Constant.create(scope(), Float.class, new long[] {1}, ByteBuffer.allocate(6)));
    c.fails("Object with a mismatching class", IAE, "DataType of object does not match T (expected BOOL, got DOUBLE)",
        () -> Constant.create(scope(), new double[] {1}, Boolean.class));
    c.fails("null int[]", NullPointerException.class, ANY_MESSAGE, () -> Constant.create(scope(), (int[]) null));
    c.fails("null Charset", NullPointerException.class, ANY_MESSAGE, () -> Constant.create(scope(), "x", (java.nio.charset.Charset) null));
    c.fails("null Scope", NullPointerException.class, ANY_MESSAGE, () -> Constant.create(null, 1));
    c.fails("null value tensor", NullPointerException.class, ANY_MESSAGE, () -> Constant.create(scope(), (Tensor<Integer>) null));
    c.fails("closed value tensor", IllegalStateException.class, "close() has been called on the Tensor", () -> {
      Tensor<Integer> t = Tensor.create(1, Integer.class);
      t.close();
      Constant.create(scope(), t);
    });
    // TF 1.15 failed with a ClassCastException: a Byte reads as STRING, whose scalar is a byte[].
    c.fails("a Byte as a String constant", IllegalArgumentException.class,
        "cannot create Tensors of type java.lang.Byte (a STRING scalar is a byte[]; use UInt8.class"
            + " for a UINT8 scalar)",
        () -> Constant.create(scope(), Byte.valueOf((byte) 5), String.class));
    c.succeeds("a Byte as a UInt8 constant is a UINT8 scalar", () -> {
      Constant<org.tensorflow.types.UInt8> k =
          Constant.create(scope(), Byte.valueOf((byte) -2), org.tensorflow.types.UInt8.class);
      assertEquals(DataType.UINT8, k.asOutput().dataType());
      assertEquals(0xfe, k.asOutput().tensor().tensorData().get(0) & 0xff);
    });
    c.succeeds("a closed session fails after the name is reserved", () -> {
      EagerSession s = EagerSession.create();
      Scope scope = new Scope(s);
      s.close();
      Cases.check(IllegalStateException.class, "Eager session has been closed", () -> Constant.create(scope, 1));
      assertEquals("Const_1", scope.makeOpName("Const"));
    });
    c.succeeds("the value tensor is copied: closing it does not change the constant", () -> {
      try (EagerSession s = EagerSession.create()) {
        Tensor<Integer> t = Tensor.create(new int[] {1, 2, 3}, Integer.class);
        Constant<Integer> k = Constant.create(new Scope(s), t);
        t.close();
        assertArrayEquals(new int[] {1, 2, 3}, k.asOutput().tensor().copyTo(new int[3]));
      }
    });
    c.succeeds("the value tensor may be another session's output", () -> {
      try (EagerSession a = EagerSession.create();
          EagerSession b = EagerSession.create()) {
        Tensor<Integer> fromA = Constant.create(new Scope(a), new int[] {4, 5}).asOutput().tensor();
        Constant<Integer> k = Constant.create(new Scope(b), fromA);
        a.close();
        assertArrayEquals(new int[] {4, 5}, k.asOutput().tensor().copyTo(new int[2]));
      }
    });
    // Dtypes beyond TF 1.x's seven have no Java class (docs/contracts/tensor.md#data-types).
    c.succeeds("a non-Java dtype through the Tensor overload", () -> {
      try (EagerSession s = EagerSession.create();
          Tensor<?> half = Tensor.create(DataType.HALF, new long[] {2}, ByteBuffer.allocate(4))) {
        assertEquals(DataType.HALF, Constant.create(new Scope(s), half).asOutput().dataType());
      }
    });
    return c.build();
  }
}
