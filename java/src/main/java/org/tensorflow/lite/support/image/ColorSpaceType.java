package org.tensorflow.lite.support.image;

import android.graphics.Bitmap;
import android.graphics.Bitmap.Config;
import dev.tensorbridge.internal.ImageRules;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The color layout of an image's pixels. RGB and GRAYSCALE images are stored as tensors of shape
 * (h, w, 3) / (1, h, w, 3) and (h, w) / (1, h, w, 1); the YUV 4:2:0 layouts as flat byte arrays
 * whose size {@link #getNumElements} gives (their shape is not checked).
 *
 * <p>The shape and size rules and their messages are Rust's ({@link ImageRules}); this enum keeps
 * the constants and the mapping to Android's bitmap configurations and image formats. The methods
 * that name {@code Bitmap} need Android's classes at run time; the others work on a plain JVM.
 */
public enum ColorSpaceType {
  /** Three channels, R, G, B in that order. */
  RGB(0),
  /** One channel. */
  GRAYSCALE(1),
  /** YUV 4:2:0: the Y plane, then one plane of interleaved U, V samples. */
  NV12(2),
  /** YUV 4:2:0: the Y plane, then one plane of interleaved V, U samples (Android's camera). */
  NV21(3),
  /** YUV 4:2:0: the Y plane, then the V plane, then the U plane. */
  YV12(4),
  /** YUV 4:2:0: the Y plane, then the U plane, then the V plane (I420). */
  YV21(5),
  /**
   * Android's generic YUV 4:2:0 with three planes of any row and pixel strides; only for {@code
   * android.media.Image} (or tensorbridge's plane-based YUV conversion).
   */
  YUV_420_888(6);

  private final int value;

  ColorSpaceType(int value) {
    this.value = value;
  }

  /** The color space of a bitmap configuration: ARGB_8888 is RGB, ALPHA_8 is GRAYSCALE. */
  static ColorSpaceType fromBitmapConfig(Config config) {
    if (config == null) {
      throw new NullPointerException();
    }
    if (config == Config.ARGB_8888) {
      return RGB;
    }
    if (config == Config.ALPHA_8) {
      return GRAYSCALE;
    }
    throw new IllegalArgumentException(
        "Bitmap configuration: " + config + ", is not supported yet.");
  }

  /** The color space of an {@code android.graphics.ImageFormat} constant (NV21, YV12, YUV_420_888). */
  static ColorSpaceType fromImageFormat(int imageFormat) {
    // ImageFormat's values, which are compile-time constants of the Android API.
    switch (imageFormat) {
      case 0x11: // NV21
        return NV21;
      case 0x32315659: // YV12
        return YV12;
      case 0x23: // YUV_420_888
        return YUV_420_888;
      default:
        throw new IllegalArgumentException(
            "ImageFormat: " + imageFormat + ", is not supported yet.");
    }
  }

  /** @return the numeric code of this color space */
  public int getValue() {
    return value;
  }

  /** Checks that {@code shape} is a valid shape of this color space (RGB and GRAYSCALE only). */
  void assertShape(int[] shape) {
    ImageRules.assertShape(ordinal(), shape);
  }

  /**
   * Whether a normalized shape (1, h, w, c) has batch 1, positive height and width and this color
   * space's channel count (RGB and GRAYSCALE only: the others have no channel count).
   *
   * @param shape the normalized shape
   * @return whether it is valid
   */
  protected boolean isValidNormalizedShape(int[] shape) {
    return ImageRules.isValidNormalizedShape(ordinal(), shape);
  }

  /** Checks that {@code numElements} values are enough for an image of this size. */
  void assertNumElements(int numElements, int height, int width) {
    ImageRules.assertNumElements(ordinal(), numElements, height, width);
  }

  /** A bitmap of the buffer's pixels (RGB: ARGB_8888, GRAYSCALE: ALPHA_8). */
  Bitmap convertTensorBufferToBitmap(TensorBuffer buffer) {
    ImageRules.requireRgbOrGrayscale(ordinal(), ImageRules.CONVERT_TENSOR_BUFFER_TO_BITMAP);
    return this == RGB
        ? ImageConversions.convertRgbTensorBufferToBitmap(buffer)
        : ImageConversions.convertGrayscaleTensorBufferToBitmap(buffer);
  }

  /** The width of an image of this (valid) shape. */
  int getWidth(int[] shape) {
    return ImageRules.width(ordinal(), shape);
  }

  /** The height of an image of this (valid) shape. */
  int getHeight(int[] shape) {
    return ImageRules.height(ordinal(), shape);
  }

  /** The channel count (RGB: 3, GRAYSCALE: 1). */
  int getChannelValue() {
    return ImageRules.channelValue(ordinal());
  }

  /** The shape as (1, h, w, c); a four-dimensional shape is returned as it is. */
  int[] getNormalizedShape(int[] shape) {
    return ImageRules.normalizedShape(ordinal(), shape);
  }

  /** The first sentence of this color space's shape errors. */
  String getShapeInfoMessage() {
    return ImageRules.shapeInfo(ordinal());
  }

  /** The bitmap configuration of this color space. */
  Config toBitmapConfig() {
    ImageRules.requireRgbOrGrayscale(ordinal(), ImageRules.TO_BITMAP_CONFIG);
    return this == RGB ? Config.ARGB_8888 : Config.ALPHA_8;
  }

  /**
   * The number of values an image of this size holds; the YUV 4:2:0 layouts have two chroma
   * planes of ceil(h/2) x ceil(w/2). Int arithmetic, wrapping like upstream's.
   */
  int getNumElements(int height, int width) {
    return ImageRules.numElements(ordinal(), height, width);
  }
}
