package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.DataType;
import org.tensorflow.Tensor;
import org.tensorflow.types.UInt8;

/**
 * {@link UInt8} is a non-instantiable type tag (docs/contracts/tensor.md#data-types): its
 * inputs are the tensors created with it.
 */
class UInt8HostileTest {
  @TestFactory
  List<DynamicTest> asATypeTag() {
    Cases c = new Cases();
    c.fails("int[] as UInt8", IllegalArgumentException.class,
        "DataType of object does not match T (expected UINT8, got INT32)",
        () -> Tensor.create(new int[] {1}, UInt8.class));
    c.fails("float scalar as UInt8", IllegalArgumentException.class,
        "DataType of object does not match T (expected UINT8, got FLOAT)", () -> Tensor.create(1f, UInt8.class));
    c.fails("empty byte[] as UInt8", IllegalArgumentException.class, "cannot create Tensors with a 0 dimension",
        () -> Tensor.create(new byte[0], UInt8.class));
    c.fails("ragged byte[][] as UInt8", IllegalArgumentException.class, "mismatched lengths (2 and 3) in dimension 1",
        () -> Tensor.create(new byte[][] {{1, 2}, {1, 2, 3}}, UInt8.class));
    c.fails("intValue of a UINT8 scalar", IllegalStateException.class, "Tensor is not a Int scalar", () -> {
      try (Tensor<UInt8> t = Tensor.create(UInt8.class, new long[0], ByteBuffer.wrap(new byte[] {5}))) {
        t.intValue();
      }
    });
    c.fails("expect(UInt8) of an INT32 tensor", IllegalArgumentException.class,
        "Cannot cast from tensor of INT32 to tensor of UINT8", () -> {
          try (Tensor<Integer> t = Tensor.create(1, Integer.class)) {
            t.expect(UInt8.class);
          }
        });
    c.fails("no public constructor", NoSuchMethodException.class, ANY_MESSAGE, () -> UInt8.class.getConstructor());
    c.succeeds("bytes 0x80..0xff survive as unsigned values", () -> {
      try (Tensor<UInt8> t = Tensor.create(new byte[] {(byte) 0x80, (byte) 0xff}, UInt8.class)) {
        assertEquals(DataType.UINT8, t.dataType());
        assertArrayEquals(new byte[] {(byte) 0x80, (byte) 0xff}, t.copyTo(new byte[2]));
        assertEquals("128 255", t.summarizeValue(10, false)); // v1: no brackets for rank 1
      }
    });
    return c.build();
  }
}
