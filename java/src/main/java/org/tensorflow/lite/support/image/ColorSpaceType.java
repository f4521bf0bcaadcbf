package org.tensorflow.lite.support.image;

import static org.tensorflow.lite.support.common.internal.SupportPreconditions.checkArgument;

import android.graphics.Bitmap;
import android.graphics.Bitmap.Config;
import java.util.Arrays;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The color layout of an image's pixels. RGB and GRAYSCALE images are stored as tensors of shape
 * (h, w, 3) / (1, h, w, 3) and (h, w) / (1, h, w, 1); the YUV 4:2:0 layouts as flat byte arrays
 * whose size {@link #getNumElements} gives (their shape is not checked).
 *
 * <p>The methods that name {@code Bitmap} need Android's classes at run time; the others work on a
 * plain JVM.
 */
public enum ColorSpaceType {
  /** Three channels, R, G, B in that order. */
  RGB(0, 3, "The shape of a RGB image should be (h, w, c) or (1, h, w, c), and channels"
      + " representing R, G, B in order. ") {
    @Override
    Bitmap convertTensorBufferToBitmap(TensorBuffer buffer) {
      return ImageConversions.convertRgbTensorBufferToBitmap(buffer);
    }

    @Override
    int[] getNormalizedShape(int[] shape) {
      if (shape.length == 4) {
        return shape;
      }
      if (shape.length == 3) {
        return new int[] {1, shape[0], shape[1], shape[2]};
      }
      throw new IllegalArgumentException(shapeError(shape));
    }

    @Override
    int getNumElements(int height, int width) {
      return height * width * 3;
    }

    @Override
    Config toBitmapConfig() {
      return Config.ARGB_8888;
    }
  },

  /** One channel. */
  GRAYSCALE(1, 1, "The shape of a grayscale image should be (h, w) or (1, h, w, 1). ") {
    @Override
    Bitmap convertTensorBufferToBitmap(TensorBuffer buffer) {
      return ImageConversions.convertGrayscaleTensorBufferToBitmap(buffer);
    }

    @Override
    int[] getNormalizedShape(int[] shape) {
      if (shape.length == 4) {
        return shape;
      }
      // (1, h, w) and (h, w, 1) would be ambiguous, so three dimensions are refused.
      if (shape.length == 2) {
        return new int[] {1, shape[0], shape[1], 1};
      }
      throw new IllegalArgumentException(shapeError(shape));
    }

    @Override
    int getNumElements(int height, int width) {
      return height * width;
    }

    @Override
    Config toBitmapConfig() {
      return Config.ALPHA_8;
    }
  },

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
  private final int channels;
  private final String shapeInfo;

  ColorSpaceType(int value) {
    this(value, 0, null);
  }

  ColorSpaceType(int value, int channels, String shapeInfo) {
    this.value = value;
    this.channels = channels;
    this.shapeInfo = shapeInfo;
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
    requireRgbOrGrayscale("assertShape()");
    int[] normalized = getNormalizedShape(shape);
    checkArgument(
        normalized[0] == 1
            && normalized[1] > 0
            && normalized[2] > 0
            && normalized[3] == getChannelValue(),
        shapeError(shape));
  }

  /** Checks that {@code numElements} values are enough for an image of this size. */
  void assertNumElements(int numElements, int height, int width) {
    int needed = getNumElements(height, width);
    checkArgument(
        numElements >= needed,
        String.format(
            "The given number of elements (%d) does not match the image (%s) in %d x %d. The"
                + " expected number of elements should be at least %d.",
            numElements, name(), height, width, needed));
  }

  /** A bitmap of the buffer's pixels (RGB: ARGB_8888, GRAYSCALE: ALPHA_8). */
  Bitmap convertTensorBufferToBitmap(TensorBuffer buffer) {
    throw unsupported("convertTensorBufferToBitmap()");
  }

  /** The width of an image of this (valid) shape. */
  int getWidth(int[] shape) {
    requireRgbOrGrayscale("getWidth()");
    assertShape(shape);
    return getNormalizedShape(shape)[2];
  }

  /** The height of an image of this (valid) shape. */
  int getHeight(int[] shape) {
    requireRgbOrGrayscale("getHeight()");
    assertShape(shape);
    return getNormalizedShape(shape)[1];
  }

  /** The channel count (RGB: 3, GRAYSCALE: 1). */
  int getChannelValue() {
    if (channels == 0) {
      throw unsupported("getChannelValue()");
    }
    return channels;
  }

  /** The shape as (1, h, w, c). */
  int[] getNormalizedShape(int[] shape) {
    throw unsupported("getNormalizedShape()");
  }

  /** The first sentence of this color space's shape errors. */
  String getShapeInfoMessage() {
    if (shapeInfo == null) {
      throw unsupported("getShapeInfoMessage()");
    }
    return shapeInfo;
  }

  /** The bitmap configuration of this color space. */
  Config toBitmapConfig() {
    throw unsupported("toBitmapConfig()");
  }

  /**
   * The number of values an image of this size holds; the YUV 4:2:0 layouts have two chroma
   * planes of ceil(h/2) x ceil(w/2). Int arithmetic, wrapping like upstream's.
   */
  int getNumElements(int height, int width) {
    return height * width + ((height + 1) / 2) * ((width + 1) / 2) * 2;
  }

  String shapeError(int[] shape) {
    return getShapeInfoMessage() + "The provided image shape is " + Arrays.toString(shape);
  }

  private UnsupportedOperationException unsupported(String method) {
    return new UnsupportedOperationException(
        method + " is unsupported for the color space type " + name());
  }

  private void requireRgbOrGrayscale(String method) {
    if (this != RGB && this != GRAYSCALE) {
      throw new UnsupportedOperationException(
          method + " only supports RGB and GRAYSCALE formats, but not " + name());
    }
  }
}
