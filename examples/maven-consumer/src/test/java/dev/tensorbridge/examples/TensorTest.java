package dev.tensorbridge.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;
import org.tensorflow.DataType;
import org.tensorflow.Tensor;

/**
 * {@code org.tensorflow.Tensor} as TF 1.x Java code uses it, plus the C++ slicing methods.
 * Expected messages are the TF 1.15 texts (tensorbridge's
 * docs/contracts/tensor.md#message-catalogue).
 */
class TensorTest {

  @Test
  void createFromANestedArrayAndCopyBack() {
    float[][] rows = {{1f, 2f, 3f}, {4f, 5f, 6f}};
    try (Tensor<Float> tensor = Tensor.create(rows, Float.class)) {
      assertEquals(DataType.FLOAT, tensor.dataType());
      assertEquals(2, tensor.numDimensions());
      assertArrayEquals(new long[] {2, 3}, tensor.shape());
      assertEquals(6, tensor.numElements());
      assertEquals(24, tensor.numBytes()); // 6 floats × 4 bytes
      assertEquals("FLOAT tensor with shape [2, 3]", tensor.toString());
      assertArrayEquals(rows, tensor.copyTo(new float[2][3]));
    }
  }

  @Test
  void createFromABufferConsumesIt() {
    FloatBuffer data = FloatBuffer.wrap(new float[] {0.5f, 1.5f, 2.5f, 3.5f});
    try (Tensor<Float> tensor = Tensor.create(new long[] {2, 2}, data)) {
      assertEquals(4, data.position());
      assertArrayEquals(new float[][] {{0.5f, 1.5f}, {2.5f, 3.5f}}, tensor.copyTo(new float[2][2]));
    }
  }

  @Test
  void scalarsUseTheScalarAccessors() {
    try (Tensor<?> scalar = Tensor.create(3.25f)) {
      assertEquals(0, scalar.numDimensions());
      assertEquals(3.25f, scalar.floatValue());
      IllegalStateException wrongKind = assertThrows(IllegalStateException.class, scalar::intValue);
      assertEquals("Tensor is not a Int scalar", wrongKind.getMessage());
    }
  }

  @Test
  void copyToAnArrayOfAnotherShapeIsRejected() {
    try (Tensor<Integer> tensor = Tensor.create(new int[][] {{1, 2, 3}, {4, 5, 6}}, Integer.class)) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> tensor.copyTo(new int[3][2]));
      assertEquals("cannot copy Tensor with shape [2, 3] into object with shape [3, 2]", e.getMessage());
    }
  }

  @Test
  void sliceSharesRowsAndOutlivesItsParent() {
    Tensor<Integer> batch = Tensor.create(new int[][] {{0, 1}, {2, 3}, {4, 5}, {6, 7}}, Integer.class);
    Tensor<Integer> middle = batch.slice(1, 3);
    Tensor<Integer> last = batch.subSlice(3);
    assertTrue(middle.sharesBufferWith(batch));
    assertArrayEquals(new long[] {2, 2}, middle.shape());
    assertArrayEquals(new long[] {2}, last.shape());

    batch.close();

    // The slices keep the shared memory alive; the parent's data is gone.
    assertArrayEquals(new int[][] {{2, 3}, {4, 5}}, middle.copyTo(new int[2][2]));
    assertArrayEquals(new int[] {6, 7}, last.copyTo(new int[2]));
    NullPointerException closed = assertThrows(NullPointerException.class, batch::numBytes);
    assertEquals("close() was called on the Tensor", closed.getMessage());
    // Metadata stays readable after close().
    assertArrayEquals(new long[] {4, 2}, batch.shape());
    middle.close();
    last.close();
  }

  @Test
  void closeIsIdempotent() {
    Tensor<?> tensor = Tensor.create(new long[] {1L, 2L});
    tensor.close();
    tensor.close();
    assertThrows(NullPointerException.class, () -> tensor.copyTo(new long[2]));
  }
}
