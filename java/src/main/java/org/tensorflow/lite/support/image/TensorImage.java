package org.tensorflow.lite.support.image;

import static org.tensorflow.lite.support.common.internal.SupportPreconditions.checkArgument;
import static org.tensorflow.lite.support.common.internal.SupportPreconditions.checkNotNull;

import android.graphics.Bitmap;
import android.media.Image;
import dev.tensorbridge.internal.BridgeAccess;
import dev.tensorbridge.internal.ImageAccess;
import dev.tensorbridge.internal.ImagePixels;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * An image as TFLite Support sees it: pixels in a {@link TensorBuffer} (RGB, GRAYSCALE, or a YUV
 * 4:2:0 layout) plus the data type its {@link #getTensorBuffer()} answers in.
 *
 * <p>Unlike upstream, the pixels always live in a {@link TensorBuffer} (direct memory), never in
 * a {@code Bitmap}: {@link #load(Bitmap)} converts the bitmap's pixels to RGB bytes right away
 * (and keeps the bitmap only to hand it back from {@link #getBitmap()} until the next load), and
 * {@link #getBitmap()} builds a bitmap from the buffer. The conversions run in Rust. So every
 * method except those naming {@code Bitmap} or {@code android.media.Image} works on a plain JVM.
 *
 * <p>Data types: FLOAT32 and UINT8 as upstream, plus INT8, INT16, INT32 and INT64 (a tensorbridge
 * extension, as for {@link TensorBuffer}). Not thread-safe, like upstream.
 */
public class TensorImage {
  private static final String NOTHING_LOADED = "No image has been loaded yet.";
  private static final int IMAGE_FORMAT_YUV_420_888 = 0x23;

  static {
    ImageAccess.register(new Access());
  }

  private final DataType dataType;
  /** The pixels; null before the first load and for an {@code android.media.Image}. */
  private TensorBuffer buffer;
  private ColorSpaceType colorSpaceType;
  private int height;
  private int width;
  /** The {@code android.graphics.Bitmap} of the last {@link #load(Bitmap)}, or null. */
  private Object sourceBitmap;
  /** The {@code android.media.Image} of the last {@link #load(Image)}, or null. */
  private Object mediaImage;

  /** An image of type UINT8. */
  public TensorImage() {
    this(DataType.UINT8);
  }

  /**
   * An image whose {@link #getTensorBuffer()} answers in {@code dataType}.
   *
   * @param dataType FLOAT32, UINT8, or (extension) INT8, INT16, INT32, INT64
   * @throws IllegalArgumentException for any other type
   */
  public TensorImage(DataType dataType) {
    checkArgument(
        dataType == DataType.UINT8
            || dataType == DataType.FLOAT32
            || dataType == DataType.INT8
            || dataType == DataType.INT16
            || dataType == DataType.INT32
            || dataType == DataType.INT64,
        "Illegal data type for TensorImage: Only FLOAT32 and UINT8 are accepted");
    this.dataType = dataType;
  }

  /**
   * A UINT8 image of an ARGB_8888 bitmap (needs Android's classes).
   *
   * @param bitmap the bitmap
   * @return the new image
   */
  public static TensorImage fromBitmap(Bitmap bitmap) {
    TensorImage image = new TensorImage();
    image.load(bitmap);
    return image;
  }

  /**
   * A deep copy of {@code src} whose data type is {@code dataType}; the pixels keep their stored
   * type.
   *
   * @param src the image to convert
   * @param dataType the element type of the new image
   * @return a new image holding the converted pixels
   * @throws IllegalArgumentException for an unsupported {@code dataType}
   * @throws NullPointerException if {@code src} has no image
   * @throws UnsupportedOperationException if {@code src} holds an {@code android.media.Image}
   */
  public static TensorImage createFrom(TensorImage src, DataType dataType) {
    TensorImage dst = new TensorImage(dataType);
    if (src.mediaImage != null) {
      throw new UnsupportedOperationException(
          "android.media.Image is an abstract class and cannot be cloned.");
    }
    if (src.buffer == null) {
      throw new NullPointerException();
    }
    dst.buffer = TensorBuffer.createFrom(src.buffer, src.buffer.getDataType());
    dst.colorSpaceType = src.colorSpaceType;
    dst.height = src.height;
    dst.width = src.width;
    return dst;
  }

  /**
   * Loads an ARGB_8888 bitmap: its pixels are converted to UINT8 RGB at once (alpha dropped).
   *
   * @param bitmap an ARGB_8888 bitmap
   * @throws NullPointerException if {@code bitmap} is null ("Cannot load null bitmap.")
   * @throws IllegalArgumentException if it is not ARGB_8888
   */
  public void load(Bitmap bitmap) {
    checkNotNull(bitmap, "Cannot load null bitmap.");
    checkArgument(
        bitmap.getConfig() == Bitmap.Config.ARGB_8888, "Only supports loading ARGB_8888 bitmaps.");
    int w = bitmap.getWidth();
    int h = bitmap.getHeight();
    TensorBuffer pixels = TensorBuffer.createDynamic(DataType.UINT8);
    pixels.loadBuffer(ImageConversions.bitmapToRgbBytes(bitmap), new int[] {h, w, 3});
    set(pixels, ColorSpaceType.RGB, h, w);
    sourceBitmap = bitmap;
  }

  /**
   * Loads RGB pixels of shape (h, w, 3) or (1, h, w, 3), converted to this image's data type.
   *
   * @param pixels the pixel values, row by row, channels last
   * @param shape the shape: {@code [h, w, 3]} or {@code [1, h, w, 3]} (RGB)
   * @throws IllegalArgumentException for another shape, or a size that does not match
   */
  public void load(float[] pixels, int[] shape) {
    TensorBuffer values = TensorBuffer.createDynamic(dataType);
    values.loadArray(pixels, shape);
    load(values);
  }

  /**
   * Loads RGB pixels of shape (h, w, 3) or (1, h, w, 3), converted to this image's data type.
   *
   * @param pixels the pixel values, row by row, channels last
   * @param shape the shape: {@code [h, w, 3]} or {@code [1, h, w, 3]} (RGB)
   * @throws IllegalArgumentException for another shape, or a size that does not match
   */
  public void load(int[] pixels, int[] shape) {
    TensorBuffer values = TensorBuffer.createDynamic(dataType);
    values.loadArray(pixels, shape);
    load(values);
  }

  /**
   * Loads RGB pixels (shape (h, w, 3) or (1, h, w, 3)); the buffer is kept by reference.
   *
   * @param buffer the pixel values
   * @throws IllegalArgumentException for another shape
   */
  public void load(TensorBuffer buffer) {
    load(buffer, ColorSpaceType.RGB);
  }

  /**
   * Loads RGB or GRAYSCALE pixels; the buffer is kept by reference.
   *
   * @param buffer the pixel values
   * @param colorSpaceType the color space of the values
   * @throws IllegalArgumentException for another color space, or a shape that does not fit it
   */
  public void load(TensorBuffer buffer, ColorSpaceType colorSpaceType) {
    checkArgument(
        colorSpaceType == ColorSpaceType.RGB || colorSpaceType == ColorSpaceType.GRAYSCALE,
        "Only ColorSpaceType.RGB and ColorSpaceType.GRAYSCALE are supported. Use"
            + " `load(TensorBuffer, ImageProperties)` for other color space types.");
    int[] shape = buffer.getShape();
    int h = colorSpaceType.getHeight(shape);
    int w = colorSpaceType.getWidth(shape);
    checkAndSet(buffer, colorSpaceType, h, w);
  }

  /**
   * Loads pixels of any color space (YUV_420_888 excepted) whose size the properties give; the
   * buffer's shape is not used.
   *
   * @param buffer the pixel values
   * @param imageProperties the color space and size of the image
   * @throws IllegalArgumentException if the buffer holds fewer values than the image needs, or
   *     the color space is YUV_420_888
   */
  public void load(TensorBuffer buffer, ImageProperties imageProperties) {
    checkAndSet(
        buffer,
        imageProperties.getColorSpaceType(),
        imageProperties.getHeight(),
        imageProperties.getWidth());
  }

  /**
   * Loads the bytes of {@code buffer} up to its limit as UINT8 pixels described by the
   * properties; the bytes are kept by reference.
   *
   * @param buffer the pixel values
   * @param imageProperties the color space and size of the image
   * @throws IllegalArgumentException as {@link #load(TensorBuffer, ImageProperties)}
   */
  public void load(ByteBuffer buffer, ImageProperties imageProperties) {
    TensorBuffer bytes = TensorBuffer.createDynamic(DataType.UINT8);
    bytes.loadBuffer(buffer, new int[] {buffer.limit()});
    load(bytes, imageProperties);
  }

  /**
   * Loads a YUV_420_888 {@code android.media.Image}, by reference (needs Android's classes). Its
   * {@link #getTensorBuffer()} and {@link #getBitmap()} are unsupported, as upstream; the image
   * ops and tensorbridge's {@code dev.tensorbridge.image.YuvImages} convert it to RGB.
   *
   * @param image a YUV_420_888 camera image
   * @throws NullPointerException if {@code image} is null ("Cannot load null Image.")
   * @throws IllegalArgumentException if its format is not YUV_420_888
   */
  public void load(Image image) {
    checkNotNull(image, "Cannot load null Image.");
    checkArgument(
        image.getFormat() == IMAGE_FORMAT_YUV_420_888, "Only supports loading YUV_420_888 Image.");
    buffer = null;
    colorSpaceType = ColorSpaceType.YUV_420_888;
    sourceBitmap = null;
    mediaImage = image;
  }

  /**
   * A bitmap of the pixels (needs Android's classes): the loaded bitmap itself after {@link
   * #load(Bitmap)}, else a new ARGB_8888 (RGB) or ALPHA_8 (GRAYSCALE) bitmap; values that are not
   * UINT8 are converted first.
   *
   * @return the image as an ARGB_8888 bitmap
   * @throws IllegalStateException if nothing is loaded
   * @throws UnsupportedOperationException for YUV images
   */
  public Bitmap getBitmap() {
    requireLoaded();
    if (mediaImage != null) {
      throw new UnsupportedOperationException(
          "Converting an android.media.Image to Bitmap is not supported.");
    }
    if (sourceBitmap != null) {
      return (Bitmap) sourceBitmap;
    }
    return colorSpaceType.convertTensorBufferToBitmap(buffer);
  }

  /**
   * {@code getTensorBuffer().getBuffer()}.
   *
   * @return the storage of the pixel values
   * @throws IllegalStateException if nothing is loaded
   */
  public ByteBuffer getBuffer() {
    return getTensorBuffer().getBuffer();
  }

  /**
   * The pixels in this image's data type: the loaded buffer itself when the types match, else a
   * converted copy (a copy too after {@link #load(Bitmap)}, as upstream builds one each time).
   *
   * @return the pixel values as a tensor buffer
   * @throws IllegalStateException if nothing is loaded
   * @throws UnsupportedOperationException for an {@code android.media.Image}
   */
  public TensorBuffer getTensorBuffer() {
    requireLoaded();
    if (mediaImage != null) {
      throw new UnsupportedOperationException(
          "Converting an android.media.Image to TesorBuffer is not supported.");
    }
    if (sourceBitmap == null && buffer.getDataType() == dataType) {
      return buffer;
    }
    return TensorBuffer.createFrom(buffer, dataType);
  }

  /**
   * The loaded {@code android.media.Image} (needs Android's classes).
   *
   * @return the loaded camera image
   * @throws IllegalStateException if nothing is loaded
   * @throws UnsupportedOperationException if the image holds a bitmap or a buffer
   */
  public Image getMediaImage() {
    requireLoaded();
    if (mediaImage == null) {
      throw new UnsupportedOperationException(
          sourceBitmap != null
              ? "Converting from Bitmap to android.media.Image is unsupported."
              : "Converting from TensorBuffer to android.media.Image is unsupported.");
    }
    return (Image) mediaImage;
  }

  /** @return the data type given at construction */
  public DataType getDataType() {
    return dataType;
  }

  /**
   * @return the color space of the loaded pixels
   * @throws IllegalStateException if nothing is loaded
   */
  public ColorSpaceType getColorSpaceType() {
    requireLoaded();
    return colorSpaceType;
  }

  /**
   * @return the width
   * @throws IllegalStateException if nothing is loaded
   * @throws IllegalArgumentException if the buffer now holds fewer values than the image needs
   */
  public int getWidth() {
    requireLoaded();
    if (mediaImage != null) {
      return ((Image) mediaImage).getWidth();
    }
    colorSpaceType.assertNumElements(buffer.getFlatSize(), height, width);
    return width;
  }

  /**
   * @return the height
   * @throws IllegalStateException if nothing is loaded
   * @throws IllegalArgumentException if the buffer now holds fewer values than the image needs
   */
  public int getHeight() {
    requireLoaded();
    if (mediaImage != null) {
      return ((Image) mediaImage).getHeight();
    }
    colorSpaceType.assertNumElements(buffer.getFlatSize(), height, width);
    return height;
  }

  private void requireLoaded() {
    if (buffer == null && mediaImage == null) {
      throw new IllegalStateException(NOTHING_LOADED);
    }
  }

  private void checkAndSet(TensorBuffer pixels, ColorSpaceType type, int h, int w) {
    checkArgument(
        type != ColorSpaceType.YUV_420_888,
        "The actual encoding format of YUV420 is required. Choose a ColorSpaceType from: NV12,"
            + " NV21, YV12, YV21. Use YUV_420_888 only when loading an android.media.Image.");
    type.assertNumElements(pixels.getFlatSize(), h, w);
    set(pixels, type, h, w);
  }

  private void set(TensorBuffer pixels, ColorSpaceType type, int h, int w) {
    buffer = pixels;
    colorSpaceType = type;
    height = h;
    width = w;
    sourceBitmap = null;
    mediaImage = null;
  }

  /**
   * The pixels for the image ops: stored RGB/GRAYSCALE pixels, or YUV converted to RGB. An RGB
   * image is what upstream's ops draw, its {@code getBitmap()}: the buffer with its own shape,
   * which must be an RGB one, whatever size the image was loaded with.
   */
  private TensorBuffer pixels(int yuvMatrix) {
    requireLoaded();
    if (mediaImage != null) {
      return MediaImages.toRgb(mediaImage, yuvMatrix);
    }
    switch (colorSpaceType) {
      case RGB:
        int[] shape = buffer.getShape();
        colorSpaceType.assertShape(shape);
        // A valid RGB shape is (h, w, 3) or (1, h, w, 3).
        int rank = shape.length;
        return view(buffer, new int[] {shape[rank - 3], shape[rank - 2], 3});
      case GRAYSCALE:
        return view(buffer, new int[] {getHeight(), getWidth(), 1});
      default:
        int h = getHeight();
        int w = getWidth();
        return rgb(ImagePixels.packedYuvToRgb(
            uint8Bytes(buffer), layoutCode(colorSpaceType), w, h, yuvMatrix), h, w);
    }
  }

  /**
   * {@code pixels} with {@code shape}, sharing its storage (the first elements it needs); sizes
   * in {@code long}, so a shape whose size wraps an {@code int} is refused, not sliced wrongly.
   */
  private static TensorBuffer view(TensorBuffer pixels, int[] shape) {
    if (java.util.Arrays.equals(pixels.getShape(), shape)) {
      return pixels;
    }
    long bytes = (long) shape[0] * shape[1] * shape[2] * pixels.getTypeSize();
    ByteBuffer storage = pixels.getBuffer().duplicate();
    if (bytes > storage.capacity()) {
      throw new IllegalArgumentException(
          "the image needs " + bytes + " bytes but its buffer holds " + storage.capacity());
    }
    ((Buffer) storage).position(0);
    ((Buffer) storage).limit((int) bytes);
    ByteBuffer window = storage.slice().order(pixels.getBuffer().order());
    return BridgeAccess.buffers().wrapFixedSize(window, shape, pixels.getDataType());
  }

  /** The YUV bytes of a buffer: its storage for UINT8, else its values converted to UINT8. */
  private static ByteBuffer uint8Bytes(TensorBuffer pixels) {
    TensorBuffer bytes = pixels.getDataType() == DataType.UINT8
        ? pixels : TensorBuffer.createFrom(pixels, DataType.UINT8);
    ByteBuffer storage = bytes.getBuffer().duplicate();
    ((Buffer) storage).limit(bytes.getFlatSize());
    return storage;
  }

  static TensorBuffer rgb(ByteBuffer storage, int h, int w) {
    return BridgeAccess.buffers().wrapFixedSize(storage, new int[] {h, w, 3}, DataType.UINT8);
  }

  private static int layoutCode(ColorSpaceType type) {
    switch (type) {
      case NV12:
        return ImagePixels.NV12;
      case NV21:
        return ImagePixels.NV21;
      case YV12:
        return ImagePixels.YV12;
      case YV21:
        return ImagePixels.YV21;
      default:
        throw new IllegalStateException("not a packed YUV layout: " + type);
    }
  }

  /** The ops' access to the stored pixels ({@link ImageAccess}). */
  private static final class Access implements ImageAccess.Images {
    @Override
    public TensorBuffer pixels(TensorImage image) {
      return image.pixels(ImagePixels.BT601_LIMITED);
    }

    @Override
    public TensorBuffer pixels(TensorImage image, int yuvMatrix) {
      return image.pixels(yuvMatrix);
    }

    @Override
    public ColorSpaceType pixelColorSpace(TensorImage image) {
      ColorSpaceType type = image.getColorSpaceType();
      return type == ColorSpaceType.GRAYSCALE ? type : ColorSpaceType.RGB;
    }

    @Override
    public void setPixels(TensorImage image, TensorBuffer pixels, ColorSpaceType colorSpace) {
      image.load(pixels, colorSpace);
    }
  }
}
