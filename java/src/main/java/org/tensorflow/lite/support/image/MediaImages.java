package org.tensorflow.lite.support.image;

import android.media.Image;
import dev.tensorbridge.internal.ImagePixels;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** {@code android.media.Image} YUV_420_888 frames to RGB (needs Android's classes). */
final class MediaImages {
  private MediaImages() {}

  /**
   * The frame's pixels as a UINT8 RGB buffer of shape (h, w, 3). U and V share their strides, as
   * Android guarantees for YUV_420_888.
   */
  static TensorBuffer toRgb(Object mediaImage, int matrix) {
    Image image = (Image) mediaImage;
    Image.Plane[] planes = image.getPlanes();
    int w = image.getWidth();
    int h = image.getHeight();
    return TensorImage.rgb(
        ImagePixels.yuvToRgb(
            planes[0].getBuffer().duplicate(),
            planes[1].getBuffer().duplicate(),
            planes[2].getBuffer().duplicate(),
            planes[0].getRowStride(),
            planes[1].getRowStride(),
            planes[1].getPixelStride(),
            w,
            h,
            matrix),
        h,
        w);
  }
}
