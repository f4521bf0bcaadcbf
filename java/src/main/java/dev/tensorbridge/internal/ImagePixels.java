package dev.tensorbridge.internal;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * The pixel conversions of the image classes, in Rust ({@code src/lite/image}, natives in {@code
 * src/jni/image_pixels.rs}): Android's packed ARGB ints and RGB bytes, and YUV 4:2:0 frames to
 * RGB bytes (BT.601 limited range by default, or another matrix; the rule is written down in {@code src/lite/image/yuv.rs} and
 * docs/contracts/image.md). Each conversion is one native call; results go to fresh direct
 * storage ({@link ResultStorage}).
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class ImagePixels {
  /** Matrix code of the default YUV conversion (BT.601, limited range). */
  public static final int BT601_LIMITED = 0;

  /** Layout code of {@link #packedYuvToRgb} for NV12 (Y plane, then interleaved U, V). */
  public static final int NV12 = 0;
  /** Layout code of {@link #packedYuvToRgb} for NV21 (Y plane, then interleaved V, U). */
  public static final int NV21 = 1;
  /** Layout code of {@link #packedYuvToRgb} for YV12 (Y plane, then the V plane, then U). */
  public static final int YV12 = 2;
  /** Layout code of {@link #packedYuvToRgb} for YV21 (Y plane, then the U plane, then V). */
  public static final int YV21 = 3;

  static {
    NativeLoader.ensureLoaded();
  }

  private ImagePixels() {}

  /**
   * RGB bytes of the first {@code count} ARGB pixels (alpha dropped).
   *
   * @param argb packed ARGB pixels (as {@code Bitmap.getPixels} gives them)
   * @param count the number of pixels
   * @return new direct storage of {@code 3 * count} bytes
   */
  public static ByteBuffer argbToRgb(int[] argb, int count) {
    ByteBuffer out = ResultStorage.allocate(rgbBytes(count));
    argbToRgb(argb, count, out);
    return out;
  }

  /**
   * Opaque ARGB pixels of {@code count} RGB bytes triples stored from byte 0 of {@code rgb}
   * (direct or heap, read-only or not; its position is ignored).
   *
   * @param rgb RGB values, three per pixel
   * @param count the number of pixels
   * @param argb receives the packed ARGB pixels
   */
  public static void rgbBytesToArgb(ByteBuffer rgb, int count, int[] argb) {
    int bytes = rgbBytes(count);
    if (rgb.isDirect()) {
      rgbBytesToArgb(rgb, null, 0, count, argb);
    } else if (rgb.hasArray()) {
      rgbBytesToArgb(null, rgb.array(), rgb.arrayOffset(), count, argb);
    } else {
      rgbBytesToArgb(null, copy(rgb, 0, Math.min(bytes, rgb.limit())), 0, count, argb);
    }
  }

  /**
   * {@code Color.rgb(r, g, b)} of {@code count} int triples, unclamped as on Android.
   *
   * @param rgb RGB values, three per pixel
   * @param count the number of pixels
   * @param argb receives the packed ARGB pixels
   */
  public static void rgbIntsToArgb(int[] rgb, int count, int[] argb) {
    packRgbInts(rgb, count, argb);
  }

  /**
   * RGB bytes of a packed YUV 4:2:0 frame stored from byte 0 of {@code src}.
   *
   * @param src the packed frame
   * @param layout {@link #NV12}, {@link #NV21}, {@link #YV12} or {@link #YV21}
   * @param width the width in pixels
   * @param height the height in pixels
   * @return new direct storage of {@code 3 * width * height} bytes
   * @throws IllegalArgumentException if {@code src} (up to its limit) is too short
   */
  public static ByteBuffer packedYuvToRgb(ByteBuffer src, int layout, int width, int height) {
    return packedYuvToRgb(src, layout, width, height, BT601_LIMITED);
  }

  /**
   * {@link #packedYuvToRgb(ByteBuffer, int, int, int)} with the matrix of code {@code matrix}.
   *
   * @param src the packed frame
   * @param layout {@link #NV12}, {@link #NV21}, {@link #YV12} or {@link #YV21}
   * @param width the width in pixels
   * @param height the height in pixels
   * @param matrix a {@code YuvColorMatrix} ordinal
   * @return new direct storage of {@code 3 * width * height} bytes
   */
  public static ByteBuffer packedYuvToRgb(
      ByteBuffer src, int layout, int width, int height, int matrix) {
    ByteBuffer out = ResultStorage.allocate(rgbBytes(pixels(width, height)));
    int len = src.limit();
    if (src.isDirect()) {
      packedYuvToRgb(src, null, 0, len, layout, width, height, matrix, out);
    } else if (src.hasArray()) {
      packedYuvToRgb(
          null, src.array(), src.arrayOffset(), len, layout, width, height, matrix, out);
    } else {
      packedYuvToRgb(null, copy(src, 0, len), 0, len, layout, width, height, matrix, out);
    }
    return out;
  }

  /**
   * RGB bytes of a frame given as three planes, each read from its position to its limit.
   *
   * @param y the Y plane
   * @param u the U plane
   * @param v the V plane
   * @param yRowStride bytes between rows of the Y plane
   * @param uvRowStride bytes between rows of the U and V planes
   * @param uvPixelStride bytes between pixels of a U or V row
   * @param width the width in pixels
   * @param height the height in pixels
   * @param matrix a {@code YuvColorMatrix} ordinal ({@link #BT601_LIMITED} by default)
   * @return new direct storage of {@code 3 * width * height} bytes
   * @throws IllegalArgumentException for negative or inconsistent strides or sizes, or planes too
   *     short for them
   */
  public static ByteBuffer yuvToRgb(
      ByteBuffer y,
      ByteBuffer u,
      ByteBuffer v,
      int yRowStride,
      int uvRowStride,
      int uvPixelStride,
      int width,
      int height,
      int matrix) {
    ByteBuffer out = ResultStorage.allocate(rgbBytes(pixels(width, height)));
    Plane py = new Plane(y);
    Plane pu = new Plane(u);
    Plane pv = new Plane(v);
    yuvToRgb(py.direct, py.heap, py.offset, py.length, pu.direct, pu.heap, pu.offset, pu.length,
        pv.direct, pv.heap, pv.offset, pv.length, yRowStride, uvRowStride, uvPixelStride, width,
        height, matrix, out);
    return out;
  }

  /** One plane as the natives take it: a direct buffer, or a byte[] and an offset. */
  private static final class Plane {
    final ByteBuffer direct;
    final byte[] heap;
    final int offset;
    final int length;

    Plane(ByteBuffer plane) {
      int position = plane.position();
      length = plane.remaining();
      if (plane.isDirect()) {
        direct = plane;
        heap = null;
        offset = position;
      } else if (plane.hasArray()) {
        direct = null;
        heap = plane.array();
        offset = plane.arrayOffset() + position;
      } else {
        direct = null;
        heap = copy(plane, position, length);
        offset = 0;
      }
    }
  }

  private static int pixels(int width, int height) {
    if (width < 0 || height < 0) {
      throw new IllegalArgumentException(
          "image size must not be negative: " + width + " x " + height);
    }
    long n = (long) width * height;
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("image too large: " + width + " x " + height);
    }
    return (int) n;
  }

  private static int rgbBytes(int pixels) {
    if (pixels < 0 || (long) pixels * 3 > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("RGB image of " + pixels + " pixels is too large");
    }
    return pixels * 3;
  }

  /** A read-only heap buffer's bytes [from, from + length). */
  private static byte[] copy(ByteBuffer buffer, int from, int length) {
    byte[] bytes = new byte[length];
    ByteBuffer view = buffer.duplicate();
    ((Buffer) view).position(from);
    view.get(bytes);
    return bytes;
  }

  private static native void argbToRgb(int[] argb, int count, ByteBuffer dst);

  private static native void rgbBytesToArgb(
      ByteBuffer srcDirect, byte[] srcHeap, int srcOffset, int count, int[] argb);

  private static native void packRgbInts(int[] rgb, int count, int[] argb);

  private static native void packedYuvToRgb(
      ByteBuffer srcDirect,
      byte[] srcHeap,
      int srcOffset,
      int srcLength,
      int layout,
      int width,
      int height,
      int matrix,
      ByteBuffer dst);

  private static native void yuvToRgb(
      ByteBuffer yDirect,
      byte[] yHeap,
      int yOffset,
      int yLength,
      ByteBuffer uDirect,
      byte[] uHeap,
      int uOffset,
      int uLength,
      ByteBuffer vDirect,
      byte[] vHeap,
      int vOffset,
      int vLength,
      int yRowStride,
      int uvRowStride,
      int uvPixelStride,
      int width,
      int height,
      int matrix,
      ByteBuffer dst);
}
