package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The boundary of {@link ImageRules}: results, and hostile arguments reaching the natives (null
 * arrays, negative and overflowing sizes, unknown ordinals, index entries out of range, storage
 * shorter than the shape) fail with the documented Java exception, never a crash.
 */
class ImageRulesTest {
  private static final int RGB = 0;
  private static final int GRAYSCALE = 1;
  private static final int NV21 = 3;
  private static final int BOUNDARIES = 0;
  private static final int UPPER_LEFT = 1;
  private static final int CENTER = 2;
  private static final int RATIO = 0;
  private static final int PIXEL = 1;
  private static final int[] IDENTITY = {0, 1, 2, 3};

  private static TensorBuffer floats(float[] values, int... shape) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    b.loadArray(values);
    return b;
  }

  @Test
  void colorSpaceRules() {
    int[] four = {1, 2, 3, 3};
    assertSame(four, ImageRules.normalizedShape(RGB, four));
    assertArrayEquals(new int[] {1, 2, 3, 1}, ImageRules.normalizedShape(GRAYSCALE, new int[] {2, 3}));
    assertEquals(3, ImageRules.width(RGB, new int[] {2, 3, 3}));
    assertEquals(2, ImageRules.height(GRAYSCALE, new int[] {1, 2, 3, 1}));
    assertEquals(3, ImageRules.channelValue(RGB));
    assertEquals(32, ImageRules.numElements(NV21, 4, 5));
    assertEquals("The shape of a grayscale image should be (h, w) or (1, h, w, 1). ",
        ImageRules.shapeInfo(GRAYSCALE));
    ImageRules.requireRgbOrGrayscale(RGB, ImageRules.TO_BITMAP_CONFIG);
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
        () -> ImageRules.requireRgbOrGrayscale(NV21, ImageRules.CONVERT_TENSOR_BUFFER_TO_BITMAP));
    assertEquals("convertTensorBufferToBitmap() is unsupported for the color space type NV21",
        e.getMessage());
  }

  @Test
  void hostileColorSpaceArguments() {
    for (int bad : new int[] {-1, 7, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
      assertThrows(IllegalArgumentException.class, () -> ImageRules.channelValue(bad));
      assertThrows(IllegalArgumentException.class, () -> ImageRules.numElements(bad, 1, 1));
      assertThrows(IllegalArgumentException.class, () -> ImageRules.shapeInfo(bad));
      assertThrows(IllegalArgumentException.class, () -> ImageRules.assertShape(bad, new int[] {1, 1, 3}));
      assertThrows(IllegalArgumentException.class,
          () -> ImageRules.requireRgbOrGrayscale(RGB, bad));
    }
    assertThrows(NullPointerException.class, () -> ImageRules.assertShape(RGB, null));
    assertThrows(NullPointerException.class, () -> ImageRules.normalizedShape(GRAYSCALE, null));
    assertThrows(NullPointerException.class, () -> ImageRules.width(RGB, null));
    // A YUV layout fails on the layout before the null shape is looked at.
    assertThrows(UnsupportedOperationException.class, () -> ImageRules.height(NV21, null));
    assertThrows(IllegalArgumentException.class,
        () -> ImageRules.assertShape(RGB, new int[] {Integer.MIN_VALUE, -1, 3}));
    assertThrows(IllegalArgumentException.class,
        () -> ImageRules.width(RGB, new int[] {1, Integer.MAX_VALUE, -5, 3}));
    assertThrows(IllegalArgumentException.class, () -> ImageRules.height(GRAYSCALE, new int[0]));
    // Products that overflow int wrap, as the Java API's arithmetic did.
    assertEquals(Integer.MIN_VALUE, ImageRules.numElements(GRAYSCALE, 32768, 65536));
    assertEquals(1, ImageRules.numElements(NV21, Integer.MAX_VALUE, Integer.MAX_VALUE));
    assertEquals(-30, ImageRules.numElements(RGB, -2, 5));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ImageRules.assertNumElements(RGB, -200000, 65536, 65535));
    assertEquals("The given number of elements (-200000) does not match the image (RGB) in"
        + " 65536 x 65535. The expected number of elements should be at least -196608.",
        e.getMessage());
    ImageRules.assertNumElements(NV21, -5, -1000, 3);
  }

  @Test
  void numbersInMessagesUseTheDefaultLocalesDigits() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.forLanguageTag("ar-EG-u-nu-arab"));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ImageRules.assertNumElements(RGB, 5, 1, 2));
      assertEquals(String.format("The given number of elements (%d) does not match the image"
          + " (%s) in %d x %d. The expected number of elements should be at least %d.", 5, "RGB",
          1, 2, 6), e.getMessage());
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void boxesFromEveryKindOfStorage() {
    float[] v = {0.25f, -1.5f, 3e7f, 7f, 1f, 2f, 3f, 4f};
    float[] expected = {0.25f, -1.5f, 3e7f, 7f, 1f, 2f, 3f, 4f};
    assertArrayEquals(expected, ImageRules.boxes(floats(v, 2, 4), IDENTITY, 1, BOUNDARIES, PIXEL, 1, 1));
    for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
      ByteBuffer heap = ByteBuffer.allocate(32).order(order);
      heap.asFloatBuffer().put(v);
      ByteBuffer direct = ByteBuffer.allocateDirect(32).order(order);
      direct.asFloatBuffer().put(v);
      for (ByteBuffer storage : new ByteBuffer[] {heap, heap.asReadOnlyBuffer().order(order), direct}) {
        TensorBuffer t = TensorBuffer.createDynamic(DataType.FLOAT32);
        t.loadBuffer(storage, new int[] {2, 4});
        assertArrayEquals(expected, ImageRules.boxes(t, IDENTITY, -1, BOUNDARIES, PIXEL, 1, 1),
            order + " " + storage);
      }
    }
  }

  @Test
  void boxArithmeticIsJavasFloatArithmetic() {
    float[] v = {0.1f, 0.7f, 0.3f, 0.9f, 1e8f, 3f, 3f, 1e-3f};
    int h = 16_777_219;
    int w = 333;
    float[] got = ImageRules.boxes(floats(v, 2, 4), IDENTITY, 1, CENTER, RATIO, h, w);
    for (int b = 0; b < 2; b++) {
      float x = v[4 * b];
      float y = v[4 * b + 1];
      float bw = v[4 * b + 2];
      float bh = v[4 * b + 3];
      float[] want = {(x - bw / 2) * w, (y - bh / 2) * h, (x + bw / 2) * w, (y + bh / 2) * h};
      for (int k = 0; k < 4; k++) {
        assertEquals(Float.floatToRawIntBits(want[k]), Float.floatToRawIntBits(got[4 * b + k]));
      }
    }
    got = ImageRules.boxes(floats(v, 2, 4), new int[] {1, 0, 3, 2}, 1, UPPER_LEFT, PIXEL, 1, 1);
    assertArrayEquals(new float[] {0.7f, 0.1f, 0.7f + 0.9f, 0.1f + 0.3f, 3f, 1e8f, 3f + 1e-3f,
        1e8f + 3f}, got);
  }

  @Test
  void hostileBoxArguments() {
    TensorBuffer t = floats(new float[8], 2, 4);
    for (int[] index : new int[][] {{0, 1, 2, 4}, {-1, 0, 0, 0}, {0, 0, 0, Integer.MIN_VALUE}}) {
      ArrayIndexOutOfBoundsException e = assertThrows(ArrayIndexOutOfBoundsException.class,
          () -> ImageRules.boxes(t, index, 1, BOUNDARIES, PIXEL, 1, 1));
      int bad = index[0] == 0 ? index[3] : index[0];
      assertEquals("Index " + bad + " out of bounds for length 4", e.getMessage());
    }
    assertThrows(NullPointerException.class,
        () -> ImageRules.boxes(t, null, 1, BOUNDARIES, PIXEL, 1, 1));
    assertThrows(NullPointerException.class, () -> ImageRules.boxes(t, IDENTITY, 1, -1, PIXEL, 1, 1));
    assertThrows(IllegalArgumentException.class,
        () -> ImageRules.boxes(t, IDENTITY, 1, BOUNDARIES, -1, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> ImageRules.boxes(t, IDENTITY, 1, 3, PIXEL, 1, 1));
    assertThrows(IllegalArgumentException.class,
        () -> ImageRules.boxes(t, IDENTITY, 1, BOUNDARIES, 2, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> ImageRules.boxes(t, IDENTITY,
        Integer.MIN_VALUE, BOUNDARIES, PIXEL, 1, 1));
    // Negative and huge image sizes are plain numbers to the RATIO arithmetic.
    float[] got = ImageRules.boxes(floats(new float[] {1, 1, 1, 1}, 4), IDENTITY, 0, BOUNDARIES,
        RATIO, Integer.MIN_VALUE, -3);
    assertArrayEquals(new float[] {-3f, -2147483648f, -3f, -2147483648f}, got);
    // No box: the index entries and enums are never used.
    assertEquals(0, ImageRules.boxes(TensorBuffer.createFixedSize(new int[] {0, 4},
        DataType.FLOAT32), new int[] {9, 9, 9, 9}, 1, -1, -1, 1, 1).length);
  }

  @Test
  void hostileArgumentsOnThePrivateNatives() throws Exception {
    Method boxes = native_("boxesNative", int[].class, int.class, int[].class, int.class, int.class,
        int.class, int.class, int.class, char.class, ByteBuffer.class, byte[].class, int.class,
        int.class, boolean.class);
    ByteBuffer direct = ByteBuffer.allocateDirect(16);
    byte[] heap = new byte[16];
    int f32 = DataType.FLOAT32.ordinal();
    // Null shape, unknown data type, negative and overflowing dimensions.
    expect(NullPointerException.class, boxes, null, f32, IDENTITY, 0, 0, 1, 1, 1, '0', direct,
        null, 0, 16, false);
    expect(IllegalArgumentException.class, boxes, new int[] {4}, 99, IDENTITY, 0, 0, 1, 1, 1, '0',
        direct, null, 0, 16, false);
    expect(IllegalArgumentException.class, boxes, new int[] {-4, 4}, f32, IDENTITY, 1, 0, 1, 1, 1,
        '0', direct, null, 0, 16, false);
    expect(IllegalArgumentException.class, boxes,
        new int[] {Integer.MAX_VALUE, 4, Integer.MAX_VALUE}, f32, IDENTITY, 1, 0, 1, 1, 1, '0',
        direct, null, 0, 16, false);
    // Storage: more bytes claimed than the buffer or array holds, negative lengths and offsets,
    // neither storage given, a heap buffer passed as direct.
    expect(IndexOutOfBoundsException.class, boxes, new int[] {2, 4}, f32, IDENTITY, 1, 0, 1, 1, 1,
        '0', direct, null, 0, 32, false);
    expect(IndexOutOfBoundsException.class, boxes, new int[] {2, 4}, f32, IDENTITY, 1, 0, 1, 1, 1,
        '0', direct, null, 0, 16, false);
    expect(IllegalArgumentException.class, boxes, new int[] {4}, f32, IDENTITY, 0, 0, 1, 1, 1,
        '0', direct, null, 0, -1, false);
    expect(IndexOutOfBoundsException.class, boxes, new int[] {4}, f32, IDENTITY, 0, 0, 1, 1, 1,
        '0', null, heap, 8, 16, false);
    expect(IndexOutOfBoundsException.class, boxes, new int[] {4}, f32, IDENTITY, 0, 0, 1, 1, 1,
        '0', null, heap, -4, 16, false);
    expect(NullPointerException.class, boxes, new int[] {4}, f32, IDENTITY, 0, 0, 1, 1, 1, '0',
        null, null, 0, 16, false);
    expect(IllegalArgumentException.class, boxes, new int[] {4}, f32, IDENTITY, 0, 0, 1, 1, 1,
        '0', ByteBuffer.allocate(16), null, 0, 16, false);

    Method normalize = native_("normalizeShape", int.class, int[].class, int[].class);
    expect(NullPointerException.class, normalize, RGB, new int[] {1, 2, 3}, null);
    expect(IllegalArgumentException.class, normalize, RGB, new int[] {1, 2, 3}, new int[3]);
    Method dimension = native_("dimension", int.class, int[].class, boolean.class);
    expect(NullPointerException.class, dimension, GRAYSCALE, null, true);
  }

  private static Method native_(String name, Class<?>... types) throws Exception {
    Method m = ImageRules.class.getDeclaredMethod(name, types);
    m.setAccessible(true);
    return m;
  }

  private static void expect(Class<? extends Throwable> type, Method m, Object... args) {
    InvocationTargetException e =
        assertThrows(InvocationTargetException.class, () -> m.invoke(null, args));
    assertEquals(type, e.getCause().getClass(), String.valueOf(e.getCause()));
  }
}
