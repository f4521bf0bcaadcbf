package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** ColorSpaceType's shape and size rules and messages (upstream 0.4.4 behaviour). */
class ColorSpaceTypeContractTest {
  private static final String RGB_INFO = "The shape of a RGB image should be (h, w, c) or (1, h, w,"
      + " c), and channels representing R, G, B in order. ";
  private static final String GRAY_INFO =
      "The shape of a grayscale image should be (h, w) or (1, h, w, 1). ";

  @Test
  void valuesAndCodes() {
    ColorSpaceType[] all = ColorSpaceType.values();
    assertEquals(7, all.length);
    for (int i = 0; i < all.length; i++) {
      assertEquals(i, all[i].getValue());
    }
    assertEquals("YUV_420_888", all[6].name());
  }

  @Test
  void normalizedShapes() {
    assertArrayEquals(new int[] {1, 4, 5, 3}, ColorSpaceType.RGB.getNormalizedShape(new int[] {4, 5, 3}));
    int[] four = {1, 4, 5, 3};
    assertEquals(four, ColorSpaceType.RGB.getNormalizedShape(four));
    assertArrayEquals(new int[] {1, 4, 5, 1}, ColorSpaceType.GRAYSCALE.getNormalizedShape(new int[] {4, 5}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ColorSpaceType.GRAYSCALE.getNormalizedShape(new int[] {1, 4, 5}));
    assertEquals(GRAY_INFO + "The provided image shape is [1, 4, 5]", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ColorSpaceType.RGB.getNormalizedShape(new int[] {4, 5}));
    assertEquals(RGB_INFO + "The provided image shape is [4, 5]", e.getMessage());
    assertThrows(NullPointerException.class, () -> ColorSpaceType.RGB.getNormalizedShape(null));
  }

  @Test
  void assertShapeChecksBatchSizesAndChannels() {
    ColorSpaceType.RGB.assertShape(new int[] {2, 3, 3});
    ColorSpaceType.GRAYSCALE.assertShape(new int[] {1, 2, 3, 1});
    int[][] bad = {{2, 1, 3, 3}, {0, 3, 3}, {3, -1, 3}, {2, 3, 4}, {1, 2, 3, 2}};
    for (int[] shape : bad) {
      ColorSpaceType type = shape.length == 4 && shape[3] == 2 ? ColorSpaceType.GRAYSCALE
          : ColorSpaceType.RGB;
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> type.assertShape(shape));
      String info = type == ColorSpaceType.RGB ? RGB_INFO : GRAY_INFO;
      assertEquals(info + "The provided image shape is " + java.util.Arrays.toString(shape),
          e.getMessage());
    }
  }

  @Test
  void heightAndWidth() {
    assertEquals(4, ColorSpaceType.RGB.getHeight(new int[] {1, 4, 5, 3}));
    assertEquals(5, ColorSpaceType.RGB.getWidth(new int[] {4, 5, 3}));
    assertEquals(4, ColorSpaceType.GRAYSCALE.getHeight(new int[] {4, 5}));
    assertEquals(5, ColorSpaceType.GRAYSCALE.getWidth(new int[] {4, 5}));
    for (ColorSpaceType yuv : new ColorSpaceType[] {ColorSpaceType.NV12, ColorSpaceType.NV21,
        ColorSpaceType.YV12, ColorSpaceType.YV21, ColorSpaceType.YUV_420_888}) {
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> yuv.getHeight(new int[] {4, 5}));
      assertEquals("getHeight() only supports RGB and GRAYSCALE formats, but not " + yuv.name(),
          e.getMessage());
      e = assertThrows(UnsupportedOperationException.class, () -> yuv.getWidth(new int[] {4, 5}));
      assertEquals("getWidth() only supports RGB and GRAYSCALE formats, but not " + yuv.name(),
          e.getMessage());
      e = assertThrows(UnsupportedOperationException.class, () -> yuv.assertShape(new int[] {4}));
      assertEquals("assertShape() only supports RGB and GRAYSCALE formats, but not " + yuv.name(),
          e.getMessage());
      e = assertThrows(UnsupportedOperationException.class, yuv::getChannelValue);
      assertEquals("getChannelValue() is unsupported for the color space type " + yuv.name(),
          e.getMessage());
      e = assertThrows(UnsupportedOperationException.class,
          () -> yuv.getNormalizedShape(new int[] {1}));
      assertEquals("getNormalizedShape() is unsupported for the color space type " + yuv.name(),
          e.getMessage());
      e = assertThrows(UnsupportedOperationException.class, yuv::getShapeInfoMessage);
      assertEquals("getShapeInfoMessage() is unsupported for the color space type " + yuv.name(),
          e.getMessage());
    }
  }

  @Test
  void numberOfElements() {
    assertEquals(60, ColorSpaceType.RGB.getNumElements(4, 5));
    assertEquals(20, ColorSpaceType.GRAYSCALE.getNumElements(4, 5));
    // 4 × 5 luma plus two 2 × 3 chroma planes.
    assertEquals(32, ColorSpaceType.NV21.getNumElements(4, 5));
    assertEquals(9 + 2 * 4, ColorSpaceType.YV12.getNumElements(3, 3));
    assertEquals(3, ColorSpaceType.YUV_420_888.getNumElements(1, 1));
    // Int arithmetic wraps, as upstream's.
    assertEquals(0, ColorSpaceType.RGB.getNumElements(65536, 65536)); // 2^32 · 3 wraps to 0
    assertEquals(-2147483648, ColorSpaceType.GRAYSCALE.getNumElements(32768, 65536));
    assertEquals(3, ColorSpaceType.RGB.getChannelValue());
    assertEquals(1, ColorSpaceType.GRAYSCALE.getChannelValue());
  }

  @Test
  void assertNumElementsMessage() {
    ColorSpaceType.NV12.assertNumElements(32, 4, 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ColorSpaceType.NV12.assertNumElements(31, 4, 5));
    assertEquals("The given number of elements (31) does not match the image (NV12) in 4 x 5."
        + " The expected number of elements should be at least 32.", e.getMessage());
  }

  @Test
  void imageFormats() {
    assertEquals(ColorSpaceType.NV21, ColorSpaceType.fromImageFormat(0x11));
    assertEquals(ColorSpaceType.YV12, ColorSpaceType.fromImageFormat(0x32315659));
    assertEquals(ColorSpaceType.YUV_420_888, ColorSpaceType.fromImageFormat(0x23));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ColorSpaceType.fromImageFormat(0x27));
    assertEquals("ImageFormat: 39, is not supported yet.", e.getMessage());
  }

  @Test
  void isValidNormalizedShapeIsProtectedAndAnswersAsUpstreams() throws Throwable {
    java.lang.reflect.Method ours =
        ColorSpaceType.class.getDeclaredMethod("isValidNormalizedShape", int[].class);
    Class<?> upstreamType =
        org.tensorflow.lite.support.common.Upstream.type("org.tensorflow.lite.support.image.ColorSpaceType");
    java.lang.reflect.Method theirs = upstreamType.getDeclaredMethod("isValidNormalizedShape", int[].class);
    assertEquals(theirs.getModifiers(), ours.getModifiers());
    ours.setAccessible(true);
    theirs.setAccessible(true);
    int[][] shapes = {
      {1, 2, 3, 3}, {1, 2, 3, 1}, {2, 2, 3, 3}, {1, 0, 3, 3}, {1, 2, -1, 3}, {1, 2, 3},
      {1, 2}, {1}, {}, {0}, {1, 5, 5, 4, 9}, null
    };
    for (Object[] constants : new Object[][] {ColorSpaceType.values(), upstreamType.getEnumConstants()}) {
      assertEquals(ColorSpaceType.values().length, constants.length);
    }
    for (int c = 0; c < ColorSpaceType.values().length; c++) {
      for (int[] shape : shapes) {
        String expected = outcome(theirs, upstreamType.getEnumConstants()[c], shape);
        String actual = outcome(ours, ColorSpaceType.values()[c], shape);
        if (shape == null) {
          // HotSpot words the NullPointerException after the bytecode; the class is the contract.
          expected = expected.split(":")[0];
          actual = actual.split(":")[0];
        }
        assertEquals(expected, actual, ColorSpaceType.values()[c] + " " + java.util.Arrays.toString(shape));
      }
    }
  }

  private static String outcome(java.lang.reflect.Method method, Object target, int[] shape) {
    try {
      return String.valueOf(method.invoke(target, (Object) shape));
    } catch (java.lang.reflect.InvocationTargetException e) {
      return e.getCause().getClass().getName() + ": " + e.getCause().getMessage();
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }
}
