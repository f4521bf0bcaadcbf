package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The rules of {@code ColorSpaceType} (shapes, sizes, their messages) and {@code
 * BoundingBoxUtil.convert}, in Rust ({@code src/lite/image/color_space.rs} and {@code boxes.rs};
 * natives in {@code src/jni/image_rules.rs}). Color spaces and the box enums cross as ordinals,
 * -1 for null; errors arrive as the exceptions and messages of the Java API.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class ImageRules {
  /** Method code of {@link #requireRgbOrGrayscale}: {@code getChannelValue()}. */
  public static final int CHANNEL_VALUE = 0;
  /** Method code of {@link #requireRgbOrGrayscale}: {@code getNormalizedShape()}. */
  public static final int NORMALIZED_SHAPE = 1;
  /** Method code of {@link #requireRgbOrGrayscale}: {@code getShapeInfoMessage()}. */
  public static final int SHAPE_INFO_MESSAGE = 2;
  /** Method code of {@link #requireRgbOrGrayscale}: {@code toBitmapConfig()}. */
  public static final int TO_BITMAP_CONFIG = 3;
  /** Method code of {@link #requireRgbOrGrayscale}: {@code convertTensorBufferToBitmap()}. */
  public static final int CONVERT_TENSOR_BUFFER_TO_BITMAP = 4;

  static {
    NativeLoader.ensureLoaded();
  }

  private ImageRules() {}

  /**
   * Throws the {@code UnsupportedOperationException} of a YUV layout for a method only RGB and
   * GRAYSCALE have; returns for those two.
   *
   * @param colorSpace the color space's ordinal
   * @param method {@link #CHANNEL_VALUE} … {@link #CONVERT_TENSOR_BUFFER_TO_BITMAP}
   */
  public static void requireRgbOrGrayscale(int colorSpace, int method) {
    requireRgbOrGrayscaleNative(colorSpace, method);
  }

  /**
   * {@code getChannelValue()}.
   *
   * @param colorSpace the color space's ordinal
   * @return 3 for RGB, 1 for GRAYSCALE
   */
  public static int channelValue(int colorSpace) {
    return channelValueNative(colorSpace);
  }

  /**
   * {@code getShapeInfoMessage()}.
   *
   * @param colorSpace the color space's ordinal
   * @return the first sentence of the color space's shape errors
   */
  public static String shapeInfo(int colorSpace) {
    return shapeInfoNative(colorSpace);
  }

  /**
   * {@code getNormalizedShape(shape)}: (1, h, w, c), or {@code shape} itself when it has four
   * dimensions.
   *
   * @param colorSpace the color space's ordinal
   * @param shape the shape
   * @return the normalized shape
   */
  public static int[] normalizedShape(int colorSpace, int[] shape) {
    int[] out = new int[4];
    return normalizeShape(colorSpace, shape, out) ? shape : out;
  }

  /**
   * {@code assertShape(shape)}.
   *
   * @param colorSpace the color space's ordinal
   * @param shape the shape
   */
  public static void assertShape(int colorSpace, int[] shape) {
    assertShapeNative(colorSpace, shape);
  }

  /**
   * {@code isValidNormalizedShape(shape)}.
   *
   * @param colorSpace the color space's ordinal
   * @param shape a normalized shape (four dimensions expected)
   * @return whether it has batch 1, positive height and width and the channel count
   */
  public static boolean isValidNormalizedShape(int colorSpace, int[] shape) {
    return isValidNormalizedShapeNative(colorSpace, shape);
  }

  /**
   * {@code getWidth(shape)}.
   *
   * @param colorSpace the color space's ordinal
   * @param shape a valid shape of the color space
   * @return its width
   */
  public static int width(int colorSpace, int[] shape) {
    return dimension(colorSpace, shape, true);
  }

  /**
   * {@code getHeight(shape)}.
   *
   * @param colorSpace the color space's ordinal
   * @param shape a valid shape of the color space
   * @return its height
   */
  public static int height(int colorSpace, int[] shape) {
    return dimension(colorSpace, shape, false);
  }

  /**
   * {@code getNumElements(height, width)}, in wrapping int arithmetic.
   *
   * @param colorSpace the color space's ordinal
   * @param height the image height
   * @param width the image width
   * @return the number of values of such an image
   */
  public static int numElements(int colorSpace, int height, int width) {
    return numElementsNative(colorSpace, height, width);
  }

  /**
   * {@code assertNumElements(numElements, height, width)}.
   *
   * @param colorSpace the color space's ordinal
   * @param numElements the values available
   * @param height the image height
   * @param width the image width
   */
  public static void assertNumElements(int colorSpace, int numElements, int height, int width) {
    assertNumElementsNative(colorSpace, numElements, height, width, zeroDigit());
  }

  /**
   * {@code BoundingBoxUtil.convert}: left, top, right, bottom of each box, in row-major order of
   * the tensor's other axes.
   *
   * @param tensor the boxes' tensor (its shape, type and storage from byte 0 are read)
   * @param valueIndex where each of the type's four values sits along the axis
   * @param axis the axis of the four values; negative counts from the end
   * @param type the ordinal of the {@code BoundingBoxUtil.Type}, -1 for null
   * @param coordinateType the ordinal of the {@code BoundingBoxUtil.CoordinateType}, -1 for null
   * @param height the image height (for RATIO)
   * @param width the image width (for RATIO)
   * @return four values per box
   */
  public static float[] boxes(
      TensorBuffer tensor,
      int[] valueIndex,
      int axis,
      int type,
      int coordinateType,
      int height,
      int width) {
    int[] shape = tensor.getShape();
    int dataType = tensor.getDataType().ordinal();
    ByteBuffer storage = tensor.getBuffer();
    int length = storage.limit();
    boolean bigEndian = storage.order() == ByteOrder.BIG_ENDIAN;
    char zero = zeroDigit();
    if (storage.isDirect()) {
      return boxesNative(shape, dataType, valueIndex, axis, type, coordinateType, height, width,
          zero, storage, null, 0, length, bigEndian);
    }
    if (storage.hasArray()) {
      return boxesNative(shape, dataType, valueIndex, axis, type, coordinateType, height, width,
          zero, null, storage.array(), storage.arrayOffset(), length, bigEndian);
    }
    // Read-only heap storage does not hand out its array: copy its bytes.
    byte[] copy = new byte[length];
    ByteBuffer from = storage.duplicate();
    from.clear();
    from.get(copy);
    return boxesNative(shape, dataType, valueIndex, axis, type, coordinateType, height, width,
        zero, null, copy, 0, length, bigEndian);
  }

  /** The zero digit {@code String.format("%d")} uses in the default locale. */
  private static char zeroDigit() {
    return DecimalFormatSymbols.getInstance(Locale.getDefault()).getZeroDigit();
  }

  // src/jni/image_rules.rs
  private static native void requireRgbOrGrayscaleNative(int colorSpace, int method);

  private static native int channelValueNative(int colorSpace);

  private static native String shapeInfoNative(int colorSpace);

  private static native boolean normalizeShape(int colorSpace, int[] shape, int[] out);

  private static native void assertShapeNative(int colorSpace, int[] shape);

  private static native boolean isValidNormalizedShapeNative(int colorSpace, int[] shape);

  private static native int dimension(int colorSpace, int[] shape, boolean width);

  private static native int numElementsNative(int colorSpace, int height, int width);

  private static native void assertNumElementsNative(
      int colorSpace, int numElements, int height, int width, char zeroDigit);

  private static native float[] boxesNative(
      int[] shape,
      int dataType,
      int[] valueIndex,
      int axis,
      int type,
      int coordinateType,
      int height,
      int width,
      char zeroDigit,
      ByteBuffer direct,
      byte[] heap,
      int heapOffset,
      int length,
      boolean bigEndian);
}
