package org.tensorflow.lite.support.tensorbuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.common.ops.ToChannelsFirstOp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.image.ops.ResizeOp;

/**
 * What runtimes that wrap a buffer's storage without copying rely on (ONNX Runtime's
 * createTensor, LiteRT's host memory, TensorFlow Lite's Interpreter.run): direct, native byte
 * order, 64-byte aligned, position 0 and limit the elements' bytes; and the one-copy read into a
 * caller's array.
 */
class TensorBufferStorageTest {

  private static void assertRuntimeReady(TensorBuffer b, String what) {
    ByteBuffer s = b.getBuffer();
    int bytes = b.getFlatSize() * b.getTypeSize();
    assertTrue(s.isDirect(), what + ": direct");
    assertEquals(ByteOrder.nativeOrder(), s.order(), what + ": order");
    assertEquals(0, s.alignmentOffset(0, 64), what + ": 64-byte aligned");
    assertEquals(0, s.position(), what + ": position");
    assertEquals(bytes, s.limit(), what + ": limit");
    if (b.getDataType() == DataType.FLOAT32) {
      // What OnnxTensor.createTensor(env, FloatBuffer, shape) counts.
      assertEquals(b.getFlatSize(), s.asFloatBuffer().remaining(), what + ": floats");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = DataType.class,
      names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void everyNewStorageIsReadyForARuntime(DataType type) {
    for (int[] shape : new int[][] {{1}, {3, 5}, {1, 224, 224, 3}, {7, 1, 13}, {0}}) {
      assertRuntimeReady(TensorBuffer.createFixedSize(shape, type), type + " fixed");
      TensorBuffer dynamic = TensorBuffer.createDynamic(type);
      dynamic.loadArray(new float[shape.length == 1 ? shape[0] : 15], new int[] {shape.length == 1 ? shape[0] : 15});
      if (type == DataType.UINT8) {
        // Upstream's rule: a UINT8 storage written or read in bulk is left at the element count;
        // a runtime that reads from the position needs it rewound.
        assertEquals(dynamic.getFlatSize(), dynamic.getBuffer().position(), "UINT8 after a load");
        dynamic.getBuffer().rewind();
      }
      assertRuntimeReady(dynamic, type + " dynamic");
    }
  }

  @Test
  void opResultsAreReadyForARuntimeSmallOrLarge() {
    for (int side : new int[] {2, 8, 64, 300}) {
      TensorBuffer input = TensorBuffer.createFixedSize(new int[] {side, side, 3}, DataType.FLOAT32);
      TensorBuffer normalized = new NormalizeOp(127.5f, 127.5f).apply(input);
      assertRuntimeReady(normalized, "normalize " + side);
      assertRuntimeReady(new ToChannelsFirstOp().apply(normalized), "planes " + side);
      TensorImage image = new TensorImage(DataType.UINT8);
      image.load(new int[side * side * 3], new int[] {side, side, 3});
      TensorImage resized = new ResizeOp(side + 1, side, ResizeOp.ResizeMethod.BILINEAR).apply(image);
      assertRuntimeReady(resized.getTensorBuffer(), "resize " + side);
    }
  }

  @Test
  void copyToFillsACallersArrayWithTheStoredBytes() {
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {2, 3}, DataType.INT16);
    b.loadArray(new int[] {1, -2, 300, 4, 5, -32768});
    byte[] dst = new byte[12];
    assertSame(dst, b.copyTo(dst));
    ByteBuffer expected = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
    for (short v : new short[] {1, -2, 300, 4, 5, -32768}) {
      expected.putShort(v);
    }
    assertArrayEquals(expected.array(), dst);
    b.getBuffer().position(4);
    b.copyTo(dst);
    assertArrayEquals(expected.array(), dst, "from the storage's start, whatever its position");
    assertEquals(4, b.getBuffer().position(), "position left alone");

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> b.copyTo(new byte[11]));
    assertEquals("dst holds 11 bytes but the elements take 12", e.getMessage());
    assertThrows(NullPointerException.class, () -> b.copyTo((byte[]) null));
    b.getBuffer().limit(10); // the storage no longer matches the shape
    assertThrows(IllegalStateException.class, () -> b.copyTo(dst));
  }

  @Test
  void theFloatAndIntFillInsAreTheOtherOneCopyReads() {
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {4}, DataType.FLOAT32);
    b.loadArray(new float[] {1.5f, -2f, 3.25f, 0f});
    float[] floats = new float[4];
    assertSame(floats, b.getFloatArray(floats));
    assertArrayEquals(new float[] {1.5f, -2f, 3.25f, 0f}, floats);
    int[] ints = new int[4];
    assertSame(ints, b.getIntArray(ints));
    assertArrayEquals(new int[] {1, -2, 3, 0}, ints);
  }
}
