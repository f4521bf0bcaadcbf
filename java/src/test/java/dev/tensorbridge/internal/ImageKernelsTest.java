package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;

/** The boundary of {@link ImageKernels}: every argument checked, errors as documented. */
class ImageKernelsTest {
  private static final int[] NONE = new int[0];
  private static final float[] NO_PARAMS = new float[0];

  @Test
  void outputShapeFollowsTheProgram() {
    int[] g = new ImageKernels.Geometry().rot90(-1).cropOrPad(5, 9).grayscale().toArray();
    assertArrayEquals(new int[] {5, 9, 1}, ImageKernels.outputShape(4, 7, 3, g));
    assertArrayEquals(new int[] {7, 4, 3},
        ImageKernels.outputShape(4, 7, 3, new ImageKernels.Geometry().rot90(3).toArray()));
  }

  @Test
  void heapAndReadOnlySourcesGiveTheDirectResult() {
    byte[] pixels = {1, 2, 3, 4, 5, 6};
    int[] g = new ImageKernels.Geometry().rot90(1).toArray();
    ByteBuffer direct = ByteBuffer.allocateDirect(6);
    direct.put(pixels);
    ByteBuffer[] sources = {direct, ByteBuffer.wrap(pixels), ByteBuffer.wrap(pixels).asReadOnlyBuffer()};
    for (ByteBuffer src : sources) {
      ByteBuffer out = ImageKernels.run(src, DataType.UINT8, 2, 3, 1, g, NONE, NO_PARAMS, DataType.UINT8);
      byte[] got = new byte[6];
      out.get(got);
      assertArrayEquals(new byte[] {3, 6, 2, 5, 1, 4}, got);
    }
  }

  @Test
  void hostileArgumentsAreRefused() {
    ByteBuffer src = ByteBuffer.allocateDirect(12);
    int[] g = new ImageKernels.Geometry().resize(2, 2, true).toArray();
    assertThrows(NullPointerException.class,
        () -> ImageKernels.run(null, DataType.UINT8, 2, 2, 3, g, NONE, NO_PARAMS, DataType.UINT8));
    assertThrows(NullPointerException.class,
        () -> ImageKernels.run(src, DataType.UINT8, 2, 2, 3, null, NONE, NO_PARAMS, DataType.UINT8));
    assertThrows(NullPointerException.class, () -> ImageKernels.outputShape(1, 1, 1, null));
    // Too short a source.
    assertThrows(IllegalArgumentException.class,
        () -> ImageKernels.run(src, DataType.FLOAT32, 2, 2, 3, g, NONE, NO_PARAMS, DataType.FLOAT32));
    // Sizes.
    for (int[] hwc : new int[][] {{0, 2, 3}, {2, -1, 3}, {2, 2, 0}, {Integer.MIN_VALUE, 2, 3},
        {65536, 65536, 3}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ImageKernels.outputShape(hwc[0], hwc[1], hwc[2], g));
      assertTrue(e.getMessage().contains("must be positive") || e.getMessage().contains("too large"),
          e.getMessage());
    }
    // Malformed programs.
    assertEquals("unknown geometry opcode 9",
        assertThrows(IllegalArgumentException.class,
            () -> ImageKernels.outputShape(2, 2, 3, new int[] {9, 0, 0})).getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> ImageKernels.outputShape(2, 2, 3, new int[] {0, 1}));
    assertThrows(IllegalArgumentException.class,
        () -> ImageKernels.outputShape(2, 2, 3, new int[] {0, 0, 5}));
    assertThrows(IllegalArgumentException.class,
        () -> ImageKernels.outputShape(2, 2, 4, new ImageKernels.Geometry().grayscale().toArray()));
    assertThrows(IllegalArgumentException.class,
        () -> ImageKernels.run(src, DataType.UINT8, 2, 2, 3, g, new int[] {0, 3}, NO_PARAMS,
            DataType.FLOAT32));
    // An output larger than a Java buffer.
    assertThrows(IllegalArgumentException.class,
        () -> ImageKernels.run(src, DataType.UINT8, 2, 2, 3,
            new ImageKernels.Geometry().resize(30000, 30000, false).toArray(), NONE, NO_PARAMS,
            DataType.FLOAT32));
    // Grayscale on a type TensorFlow's conversion is not provided for.
    ByteBuffer shorts = ByteBuffer.allocateDirect(2 * 2 * 3 * 2);
    assertThrows(UnsupportedOperationException.class,
        () -> ImageKernels.run(shorts, DataType.INT16, 2, 2, 3,
            new ImageKernels.Geometry().grayscale().toArray(), NONE, NO_PARAMS, DataType.INT16));
  }
}
