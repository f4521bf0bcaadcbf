package dev.tensorbridge.internal;

import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * What the image ops (package {@code org.tensorflow.lite.support.image.ops}) need from {@link
 * TensorImage} beyond its public API: its pixels as they are stored, without a type conversion or
 * a {@code Bitmap}, and a way to replace them. {@link TensorImage} registers its side once, from
 * its static initialiser.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class ImageAccess {
  private ImageAccess() {}

  /** What {@link TensorImage} offers. */
  public interface Images {
    /**
     * The image's pixels: for RGB and GRAYSCALE images the stored buffer in its stored type (no
     * copy), viewed with shape (h, w, 3) or (h, w, 1), an RGB image's h and w being those of its
     * buffer's shape, which must be an RGB one (as upstream's ops read the image's bitmap, made
     * from that shape); for YUV images (NV12, NV21, YV12, YV21,
     * an {@code android.media.Image}) a new UINT8 RGB buffer of shape (h, w, 3), converted in
     * Rust. Read it, do not write it.
     *
     * @param image the image
     * @return the pixels
     * @throws IllegalStateException if no image has been loaded ("No image has been loaded yet.")
     * @throws IllegalArgumentException if an RGB image's buffer has no RGB shape ("The shape of
     *     a RGB image should be …")
     */
    TensorBuffer pixels(TensorImage image);

    /**
     * As {@link #pixels(TensorImage)}, a YUV image converted with the matrix of code {@code
     * yuvMatrix} (a {@code YuvColorMatrix} ordinal).
     *
     * @param image the image
     * @param yuvMatrix the matrix code
     * @return the pixels
     */
    TensorBuffer pixels(TensorImage image, int yuvMatrix);

    /**
     * The color space of {@link #pixels}: RGB for every YUV layout, else the image's own.
     *
     * @param image the image
     * @return RGB or GRAYSCALE
     * @throws IllegalStateException if no image has been loaded
     */
    ColorSpaceType pixelColorSpace(TensorImage image);

    /**
     * Replaces the image's content by {@code pixels} (shape (h, w, 3) for RGB, (h, w) or (1, h,
     * w, 1) for GRAYSCALE), keeping the image's data type; the buffer is kept by reference.
     *
     * @param image the image to update
     * @param pixels the new pixels
     * @param colorSpace RGB or GRAYSCALE
     * @throws IllegalArgumentException as {@link TensorImage#load(TensorBuffer, ColorSpaceType)}
     */
    void setPixels(TensorImage image, TensorBuffer pixels, ColorSpaceType colorSpace);
  }

  private static volatile Images images;

  /**
   * Called once by {@link TensorImage}'s static initialiser; nobody else can register.
   *
   * @param side the operations
   * @throws IllegalStateException on a second call, or for operations not declared in {@link
   *     TensorImage}
   */
  public static synchronized void register(Images side) {
    Class<?> c = side == null ? null : side.getClass();
    while (c != null && c != TensorImage.class) {
      c = c.getEnclosingClass();
    }
    if (c == null) {
      throw new IllegalStateException("only " + TensorImage.class.getName()
          + " registers its operations");
    }
    if (images != null) {
      throw new IllegalStateException("TensorImage operations are registered already");
    }
    images = side;
  }

  /**
   * {@link TensorImage}'s side, initialising that class first if nobody has yet.
   *
   * @return the registered operations
   */
  public static Images images() {
    Images side = images;
    if (side == null) {
      try {
        Class.forName(TensorImage.class.getName(), true, ImageAccess.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("tensorbridge class missing: TensorImage", e);
      }
      side = images;
    }
    return side;
  }
}
