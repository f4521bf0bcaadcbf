package dev.tensorbridge.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The preprocessing pipeline of an image app, end to end. Every expected value below was worked out
 * by hand from the pixel values (see the comments), not taken from a run.
 */
class ImagePreprocessorTest {

  /** A 4×4 RGB image whose pixel (y, x) channel c holds 12·y + 3·x + c (0..47). */
  private static int[] gradient() {
    int[] values = new int[4 * 4 * 3];
    for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 4; x++) {
        for (int c = 0; c < 3; c++) {
          values[(y * 4 + x) * 3 + c] = 12 * y + 3 * x + c;
        }
      }
    }
    return values;
  }

  @Test
  void normalizeMapsBytesOntoMinusOneToOne() {
    TensorBuffer image = ImagePreprocessor.pixels(new int[] {0, 51, 102, 153, 204, 255}, 1, 2, 3);

    TensorBuffer input = ImagePreprocessor.normalize(image, 127.5f, 127.5f);

    assertEquals(DataType.FLOAT32, input.getDataType());
    assertArrayEquals(new int[] {1, 2, 3}, input.getShape());
    // (v - 127.5) / 127.5: 0 → -1, 51 → -76.5/127.5 = -0.6, 102 → -0.2, 153 → 0.2, 204 → 0.6,
    // 255 → 1. Each quotient is exact in decimal, so float division gives exactly these floats.
    assertArrayEquals(new float[] {-1f, -0.6f, -0.2f, 0.2f, 0.6f, 1f}, input.getFloatArray());
  }

  @Test
  void cameraValuesOutsideTheByteRangeAreClampedWhenLoaded() {
    TensorBuffer image = ImagePreprocessor.pixels(new int[] {-20, 0, 128, 255, 256, 1000}, 1, 2, 3);

    assertArrayEquals(new int[] {0, 0, 128, 255, 255, 255}, image.getIntArray());
    assertArrayEquals(new float[] {0f, 0f, 128f, 255f, 255f, 255f}, image.getFloatArray());
  }

  @Test
  void centerCropKeepsTheMiddleTwoByTwoPixels() {
    TensorBuffer image = ImagePreprocessor.normalize(ImagePreprocessor.pixels(gradient(), 4, 4, 3), 0f, 1f);

    float[][][] crop = ImagePreprocessor.crop(image, 1, 1, 2, 2);

    // Rows 1..2, columns 1..2: (1,1) → 12+3 = 15, (1,2) → 18, (2,1) → 27, (2,2) → 30, plus c.
    float[][][] expected = {
      {{15, 16, 17}, {18, 19, 20}},
      {{27, 28, 29}, {30, 31, 32}},
    };
    assertArrayEquals(expected, crop);
  }

  @Test
  void cropAtTheBottomRightCorner() {
    TensorBuffer image = ImagePreprocessor.normalize(ImagePreprocessor.pixels(gradient(), 4, 4, 3), 0f, 1f);

    float[][][] crop = ImagePreprocessor.crop(image, 3, 2, 1, 2);

    // Row 3, columns 2..3: 36+6 = 42 and 36+9 = 45.
    assertArrayEquals(new float[][][] {{{42, 43, 44}, {45, 46, 47}}}, crop);
  }

  @Test
  void rgbToBgrReversesEachPixelsChannels() {
    TensorBuffer image =
        ImagePreprocessor.normalize(ImagePreprocessor.pixels(new int[] {10, 20, 30, 40, 50, 60}, 1, 2, 3), 0f, 1f);

    float[][][] bgr = ImagePreprocessor.rgbToBgr(image);

    assertArrayEquals(new float[][][] {{{30, 20, 10}, {60, 50, 40}}}, bgr);
  }

  @Test
  void greenChannelAsAPlane() {
    TensorBuffer image = ImagePreprocessor.normalize(ImagePreprocessor.pixels(gradient(), 4, 4, 3), 0f, 1f);

    float[][] green = ImagePreprocessor.channel(image, 1);

    // Channel 1 of pixel (y, x) is 12·y + 3·x + 1.
    float[][] expected = {
      {1, 4, 7, 10},
      {13, 16, 19, 22},
      {25, 28, 31, 34},
      {37, 40, 43, 46},
    };
    assertArrayEquals(expected, green);
  }
}
