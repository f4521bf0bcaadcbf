package dev.tensorbridge.image;

import dev.tensorbridge.internal.ImageAccess;
import dev.tensorbridge.internal.ImagePixels;
import java.nio.ByteBuffer;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * YUV 4:2:0 camera frames to RGB {@link TensorImage}s, in Rust, on Android and on a plain JVM (not
 * in upstream, whose {@code TensorImage} holds YUV frames but cannot convert them).
 *
 * <p>One rule for every layout: by default ITU-R BT.601, limited range (Y 16..235, U/V 16..240),
 * coefficients 255/219, 1.402·255/224, 0.344136·255/224, 0.714136·255/224, 1.772·255/224 in 16-bit
 * fixed point, each channel rounded half up and clamped to 0..255; chroma is taken once per 2×2
 * block, not interpolated. The forms with a {@link YuvColorMatrix} use that matrix's coefficients
 * under the same rule (full-range BT.601 for JFIF frames, BT.709). Details in
 * docs/contracts/image.md.
 */
public final class YuvImages {
  private YuvImages() {}

  /**
   * The RGB UINT8 image of a YUV image: NV12, NV21, YV12 or YV21 loaded with {@link
   * TensorImage#load(TensorBuffer, org.tensorflow.lite.support.image.ImageProperties)} (or a
   * {@code ByteBuffer}), or a YUV_420_888 {@code android.media.Image}.
   *
   * @param image a loaded YUV image
   * @return a new UINT8 RGB image of the same size, shape (h, w, 3)
   * @throws IllegalArgumentException if the image is RGB or GRAYSCALE
   * @throws IllegalStateException if nothing is loaded
   */
  public static TensorImage toRgb(TensorImage image) {
    return toRgb(image, YuvColorMatrix.BT601_LIMITED);
  }

  /**
   * {@link #toRgb(TensorImage)} with {@code matrix} instead of the default BT.601 limited range.
   *
   * @param image a loaded YUV image
   * @param matrix how its values map to RGB
   * @return a new UINT8 RGB image of the same size, shape (h, w, 3)
   * @throws NullPointerException if {@code matrix} is null
   * @throws IllegalArgumentException if the image is RGB or GRAYSCALE
   * @throws IllegalStateException if nothing is loaded
   */
  public static TensorImage toRgb(TensorImage image, YuvColorMatrix matrix) {
    int code = matrix.code();
    ColorSpaceType type = image.getColorSpaceType();
    if (type == ColorSpaceType.RGB || type == ColorSpaceType.GRAYSCALE) {
      throw new IllegalArgumentException("toRgb() converts YUV images, but this image is " + type);
    }
    return rgbImage(ImageAccess.images().pixels(image, code));
  }

  /**
   * The RGB UINT8 image of a frame given as three planes (as {@code android.media.Image} gives a
   * YUV_420_888 frame); each plane is read from its position to its limit and not changed.
   *
   * @param y the luma plane
   * @param u the Cb plane
   * @param v the Cr plane (same strides as {@code u})
   * @param yRowStride bytes between luma rows, at least {@code width}
   * @param uvRowStride bytes between chroma rows
   * @param uvPixelStride bytes between chroma samples of a row (1 planar, 2 semi-planar)
   * @param width the width in pixels
   * @param height the height in pixels
   * @return a new UINT8 RGB image, shape (h, w, 3)
   * @throws IllegalArgumentException for negative or inconsistent sizes and strides, or planes
   *     shorter than they say
   * @throws NullPointerException if a plane is null
   */
  public static TensorImage fromPlanes(
      ByteBuffer y,
      ByteBuffer u,
      ByteBuffer v,
      int yRowStride,
      int uvRowStride,
      int uvPixelStride,
      int width,
      int height) {
    return fromPlanes(
        y, u, v, yRowStride, uvRowStride, uvPixelStride, width, height,
        YuvColorMatrix.BT601_LIMITED);
  }

  /**
   * {@link #fromPlanes(ByteBuffer, ByteBuffer, ByteBuffer, int, int, int, int, int)} with {@code
   * matrix} instead of the default BT.601 limited range.
   *
   * @param y the luma plane
   * @param u the Cb plane
   * @param v the Cr plane (same strides as {@code u})
   * @param yRowStride bytes between luma rows, at least {@code width}
   * @param uvRowStride bytes between chroma rows
   * @param uvPixelStride bytes between chroma samples of a row (1 planar, 2 semi-planar)
   * @param width the width in pixels
   * @param height the height in pixels
   * @param matrix how the values map to RGB
   * @return a new UINT8 RGB image, shape (h, w, 3)
   * @throws IllegalArgumentException for negative or inconsistent sizes and strides, or planes
   *     shorter than they say
   * @throws NullPointerException if a plane or {@code matrix} is null
   */
  public static TensorImage fromPlanes(
      ByteBuffer y,
      ByteBuffer u,
      ByteBuffer v,
      int yRowStride,
      int uvRowStride,
      int uvPixelStride,
      int width,
      int height,
      YuvColorMatrix matrix) {
    int code = matrix.code();
    ByteBuffer rgb =
        ImagePixels.yuvToRgb(
            y, u, v, yRowStride, uvRowStride, uvPixelStride, width, height, code);
    TensorBuffer pixels = TensorBuffer.createDynamic(DataType.UINT8);
    pixels.loadBuffer(rgb, new int[] {height, width, 3});
    return rgbImage(pixels);
  }

  private static TensorImage rgbImage(TensorBuffer pixels) {
    TensorImage out = new TensorImage(DataType.UINT8);
    out.load(pixels, ColorSpaceType.RGB);
    return out;
  }
}
