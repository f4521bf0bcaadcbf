package org.tensorflow.lite.support.image;

import android.graphics.Bitmap;
import dev.tensorbridge.internal.ImagePixels;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Bitmaps ⇄ tensor buffers, the edge where Android's pixels meet tensorbridge's (needs Android's
 * classes). The per-pixel packing and unpacking runs in Rust ({@link ImagePixels}); Android is
 * asked only for the bitmap's ARGB ints ({@code getPixels}/{@code setPixels}) or, for ALPHA_8, its
 * bytes ({@code copyPixelsFromBuffer}).
 */
class ImageConversions {
  private ImageConversions() {}

  /**
   * An ARGB_8888 bitmap of an RGB buffer (shape (h, w, 3) or (1, h, w, 3)). Values are taken as
   * ints and packed as {@code Color.rgb} packs them, so out-of-range values spill into the
   * neighbouring channels exactly as upstream's do.
   */
  static Bitmap convertRgbTensorBufferToBitmap(TensorBuffer buffer) {
    int[] shape = buffer.getShape();
    ColorSpaceType rgb = ColorSpaceType.RGB;
    rgb.assertShape(shape);
    int h = rgb.getHeight(shape);
    int w = rgb.getWidth(shape);
    Bitmap bitmap = Bitmap.createBitmap(w, h, rgb.toBitmapConfig());
    int[] argb = new int[w * h];
    if (buffer.getDataType() == DataType.UINT8) {
      ImagePixels.rgbBytesToArgb(buffer.getBuffer(), w * h, argb);
    } else {
      ImagePixels.rgbIntsToArgb(buffer.getIntArray(), w * h, argb);
    }
    bitmap.setPixels(argb, 0, w, 0, 0, w, h);
    return bitmap;
  }

  /** An ALPHA_8 bitmap of a GRAYSCALE buffer (shape (h, w) or (1, h, w, 1)), values as UINT8. */
  static Bitmap convertGrayscaleTensorBufferToBitmap(TensorBuffer buffer) {
    TensorBuffer bytes = buffer.getDataType() == DataType.UINT8
        ? buffer : TensorBuffer.createFrom(buffer, DataType.UINT8);
    int[] shape = bytes.getShape();
    ColorSpaceType gray = ColorSpaceType.GRAYSCALE;
    gray.assertShape(shape);
    // ALPHA_8 pixels can only be set reliably through copyPixelsFromBuffer (getPixels/setPixels
    // do not work for that configuration on devices).
    Bitmap bitmap = Bitmap.createBitmap(gray.getWidth(shape), gray.getHeight(shape),
        gray.toBitmapConfig());
    ByteBuffer storage = bytes.getBuffer();
    ((Buffer) storage).rewind();
    bitmap.copyPixelsFromBuffer(storage);
    return bitmap;
  }

  /**
   * Loads the bitmap's pixels into {@code buffer} as RGB values of shape (h, w, 3), converted to
   * the buffer's type.
   */
  static void convertBitmapToTensorBuffer(Bitmap bitmap, TensorBuffer buffer) {
    int[] shape = new int[] {bitmap.getHeight(), bitmap.getWidth(), 3};
    ByteBuffer rgb = bitmapToRgbBytes(bitmap);
    if (buffer.getDataType() == DataType.UINT8) {
      buffer.loadBuffer(rgb, shape);
      return;
    }
    TensorBuffer bytes = TensorBuffer.createDynamic(DataType.UINT8);
    bytes.loadBuffer(rgb, shape);
    if (buffer.getDataType() == DataType.FLOAT32) {
      buffer.loadArray(bytes.getFloatArray(), shape);
    } else {
      buffer.loadArray(bytes.getIntArray(), shape);
    }
  }

  /** The RGB bytes of a bitmap's pixels, in new direct storage (alpha dropped). */
  static ByteBuffer bitmapToRgbBytes(Bitmap bitmap) {
    int w = bitmap.getWidth();
    int h = bitmap.getHeight();
    int[] argb = new int[w * h];
    bitmap.getPixels(argb, 0, w, 0, 0, w, h);
    return ImagePixels.argbToRgb(argb, argb.length);
  }
}
