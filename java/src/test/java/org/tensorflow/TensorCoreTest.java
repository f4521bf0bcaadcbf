package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The handle life cycle and raw creation of {@link Tensor}. */
class TensorCoreTest {
  @Test
  void rawBytesMakeATensorOfTheGivenTypeAndShape() {
    ByteBuffer data = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < 6; i++) {
      data.putFloat(i);
    }
    data.flip();
    try (Tensor<?> t = Tensor.create(DataType.FLOAT, new long[] {2, 3}, data)) {
      assertEquals(DataType.FLOAT, t.dataType());
      assertArrayEquals(new long[] {2, 3}, t.shape());
      assertEquals(2, t.numDimensions());
      assertEquals("FLOAT tensor with shape [2, 3]", t.toString());
      assertEquals(24, data.position());
    }
  }

  @Test
  void directAndReadOnlyBuffersWork() {
    ByteBuffer direct = ByteBuffer.allocateDirect(8);
    direct.putLong(0, 7);
    try (Tensor<?> t = Tensor.create(DataType.INT64, new long[] {1}, direct)) {
      assertArrayEquals(new long[] {1}, t.shape());
    }
    ByteBuffer readOnly = ByteBuffer.allocate(4).asReadOnlyBuffer();
    try (Tensor<?> t = Tensor.create(DataType.INT32, new long[] {}, readOnly)) {
      assertEquals("INT32 tensor with shape []", t.toString());
    }
  }

  @Test
  void aByteCountThatDoesNotFitTheShapeIsRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Tensor.create(DataType.FLOAT, new long[] {2, 3}, ByteBuffer.allocate(20)));
    assertEquals("20 bytes given for a float tensor with shape [2,3], which needs 24", e.getMessage());
  }

  @Test
  void closeIsIdempotentAndUseAfterCloseIsANullPointerException() {
    Tensor<?> t = Tensor.create(DataType.UINT8, new long[] {3}, ByteBuffer.allocate(3));
    t.close();
    t.close();
    NullPointerException e = assertThrows(NullPointerException.class, t::numBytes);
    assertEquals("close() was called on the Tensor", e.getMessage());
    assertEquals("UINT8 tensor with shape [3]", t.toString());
  }

  @Test
  void negativeDimensionsAreRejectedBeforeAnyCopy() {
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, new long[] {-1}, ByteBuffer.allocate(0)));
  }
}
