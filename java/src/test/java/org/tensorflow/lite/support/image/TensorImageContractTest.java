package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.internal.ImageAccess;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** TensorImage without Android: every load and get that takes no Bitmap or android.media.Image. */
class TensorImageContractTest {
  private static final String NOTHING = "No image has been loaded yet.";

  @Test
  void dataTypes() {
    assertEquals(DataType.UINT8, new TensorImage().getDataType());
    for (DataType t : new DataType[] {DataType.FLOAT32, DataType.UINT8, DataType.INT8,
        DataType.INT16, DataType.INT32, DataType.INT64}) {
      assertEquals(t, new TensorImage(t).getDataType());
    }
    for (DataType t : new DataType[] {DataType.BOOL, DataType.STRING, null}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new TensorImage(t));
      assertEquals("Illegal data type for TensorImage: Only FLOAT32 and UINT8 are accepted",
          e.getMessage());
    }
  }

  @Test
  void emptyImageThrows() {
    TensorImage image = new TensorImage();
    for (Runnable r : new Runnable[] {image::getTensorBuffer, image::getBuffer, image::getWidth,
        image::getHeight, image::getColorSpaceType}) {
      IllegalStateException e = assertThrows(IllegalStateException.class, r::run);
      assertEquals(NOTHING, e.getMessage());
    }
    assertThrows(NullPointerException.class, () -> TensorImage.createFrom(image, DataType.UINT8));
    assertThrows(NullPointerException.class, () -> TensorImage.createFrom(null, DataType.UINT8));
  }

  @Test
  void createFromConvertsWithClampingAndTruncation() {
    TensorImage uint8 = new TensorImage(DataType.UINT8);
    uint8.load(new int[] {1, 2, 3, 4, -5, 600}, new int[] {2, 1, 3});
    TensorImage f = TensorImage.createFrom(uint8, DataType.FLOAT32);
    assertArrayEquals(new float[] {1, 2, 3, 4, 0, 255}, f.getTensorBuffer().getFloatArray());
    TensorImage floats = new TensorImage(DataType.FLOAT32);
    floats.load(new float[] {1, 2.495f, 3.5f, 4.5f, -5, 600}, new int[] {2, 1, 3});
    TensorImage back = TensorImage.createFrom(floats, DataType.UINT8);
    assertArrayEquals(new int[] {1, 2, 3, 4, 0, 255}, back.getTensorBuffer().getIntArray());
    // A deep copy: changing the source leaves the copy alone.
    floats.getTensorBuffer().loadArray(new float[] {9, 9, 9, 9, 9, 9}, new int[] {2, 1, 3});
    assertArrayEquals(new int[] {1, 2, 3, 4, 0, 255}, back.getTensorBuffer().getIntArray());
    // The stored pixels keep their type: FLOAT32 → INT16 image still holds the floats.
    TensorImage int16 = TensorImage.createFrom(floats, DataType.INT16);
    assertEquals(DataType.INT16, int16.getTensorBuffer().getDataType());
    assertArrayEquals(new int[] {9, 9, 9, 9, 9, 9}, int16.getTensorBuffer().getIntArray());
  }

  @Test
  void loadTensorBufferKeepsTheReferenceAndShape() {
    TensorBuffer rgb = TensorBuffer.createFixedSize(new int[] {1, 400, 300, 3}, DataType.UINT8);
    TensorImage image = new TensorImage();
    image.load(rgb);
    assertSame(rgb, image.getTensorBuffer());
    assertEquals(300, image.getWidth());
    assertEquals(400, image.getHeight());
    assertEquals(ColorSpaceType.RGB, image.getColorSpaceType());
    assertSame(rgb.getBuffer(), image.getBuffer());
    TensorImage f = new TensorImage(DataType.FLOAT32);
    f.load(rgb);
    assertNotSame(rgb, f.getTensorBuffer());
    assertEquals(DataType.FLOAT32, f.getTensorBuffer().getDataType());
  }

  @Test
  void grayscale() {
    TensorBuffer gray = TensorBuffer.createFixedSize(new int[] {2, 3}, DataType.FLOAT32);
    TensorImage image = new TensorImage(DataType.FLOAT32);
    image.load(gray, ColorSpaceType.GRAYSCALE);
    assertEquals(ColorSpaceType.GRAYSCALE, image.getColorSpaceType());
    assertEquals(3, image.getWidth());
    assertEquals(2, image.getHeight());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> image.load(TensorBuffer.createFixedSize(new int[] {1, 2, 3}, DataType.UINT8),
            ColorSpaceType.GRAYSCALE));
    assertEquals("The shape of a grayscale image should be (h, w) or (1, h, w, 1). The provided"
        + " image shape is [1, 2, 3]", e.getMessage());
  }

  @Test
  void wrongShapesAndColorSpaces() {
    TensorImage image = new TensorImage();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> image.load(new int[] {1, 2, 3, 4}, new int[] {2, 2}));
    assertTrue(e.getMessage().startsWith("The shape of a RGB image should be"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> image.load(new float[6], new int[] {2, 1, 1, 3}));
    assertThrows(IllegalArgumentException.class,
        () -> image.load(new float[4], new int[] {1, 2, 2}));
    for (ColorSpaceType t : new ColorSpaceType[] {ColorSpaceType.NV21, ColorSpaceType.YUV_420_888,
        null}) {
      e = assertThrows(IllegalArgumentException.class,
          () -> image.load(TensorBuffer.createDynamic(DataType.UINT8), t));
      assertEquals("Only ColorSpaceType.RGB and ColorSpaceType.GRAYSCALE are supported. Use"
          + " `load(TensorBuffer, ImageProperties)` for other color space types.", e.getMessage());
    }
    assertThrows(NullPointerException.class, () -> image.load((TensorBuffer) null));
    assertThrows(NullPointerException.class, () -> image.load((int[]) null, new int[] {1, 1, 3}));
    // A failed load leaves the image as it was: still empty.
    assertThrows(IllegalStateException.class, image::getWidth);
  }

  @Test
  void corruptedBufferThrowsOnSize() {
    TensorBuffer buffer = TensorBuffer.createDynamic(DataType.UINT8);
    buffer.loadArray(new int[] {1, 2, 3, 4, 5, 6}, new int[] {1, 1, 2, 3});
    TensorImage image = new TensorImage();
    image.load(buffer);
    buffer.loadArray(new int[] {1, 2, 3}, new int[] {1, 1, 1, 3});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, image::getHeight);
    assertEquals("The given number of elements (3) does not match the image (RGB) in 1 x 2. The"
        + " expected number of elements should be at least 6.", e.getMessage());
  }

  @Test
  void imagePropertiesAndByteBuffers() {
    ImageProperties nv21 = ImageProperties.builder().setHeight(2).setWidth(3)
        .setColorSpaceType(ColorSpaceType.NV21).build();
    TensorImage image = new TensorImage();
    ByteBuffer heap = ByteBuffer.allocate(10);
    image.load(heap, nv21);
    assertEquals(ColorSpaceType.NV21, image.getColorSpaceType());
    assertEquals(3, image.getWidth());
    assertEquals(2, image.getHeight());
    assertArrayEquals(new int[] {10}, image.getTensorBuffer().getShape());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> image.load(ByteBuffer.allocateDirect(9), nv21));
    assertEquals("The given number of elements (9) does not match the image (NV21) in 2 x 3. The"
        + " expected number of elements should be at least 10.", e.getMessage());
    ImageProperties yuv888 = ImageProperties.builder().setHeight(2).setWidth(3)
        .setColorSpaceType(ColorSpaceType.YUV_420_888).build();
    e = assertThrows(IllegalArgumentException.class,
        () -> image.load(ByteBuffer.allocate(100), yuv888));
    assertEquals("The actual encoding format of YUV420 is required. Choose a ColorSpaceType from:"
        + " NV12, NV21, YV12, YV21. Use YUV_420_888 only when loading an android.media.Image.",
        e.getMessage());
    // Read-only heap bytes load too (kept by reference, converted on request).
    ByteBuffer ro = ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6}).asReadOnlyBuffer();
    ImageProperties rgb = ImageProperties.builder().setHeight(1).setWidth(2)
        .setColorSpaceType(ColorSpaceType.RGB).build();
    TensorImage f = new TensorImage(DataType.FLOAT32);
    f.load(ro, rgb);
    assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, f.getTensorBuffer().getFloatArray());
    assertThrows(NullPointerException.class, () -> image.load((ByteBuffer) null, rgb));
    assertThrows(NullPointerException.class, () -> image.load(heap, (ImageProperties) null));
  }

  @Test
  void opsSeeRgbPixelsWithAnImageShape() {
    ImageProperties rgb = ImageProperties.builder().setHeight(1).setWidth(2)
        .setColorSpaceType(ColorSpaceType.RGB).build();
    TensorImage image = new TensorImage();
    TensorBuffer flat = TensorBuffer.createFixedSize(new int[] {8}, DataType.UINT8);
    flat.loadArray(new int[] {1, 2, 3, 4, 5, 6, 7, 8});
    image.load(flat, rgb);
    // Upstream's ops read the image's bitmap, which a flat buffer cannot give.
    IllegalArgumentException notRgb = assertThrows(IllegalArgumentException.class,
        () -> ImageAccess.images().pixels(image));
    assertEquals("The shape of a RGB image should be (h, w, c) or (1, h, w, c), and channels"
        + " representing R, G, B in order. The provided image shape is [8]", notRgb.getMessage());
    TensorBuffer stored = TensorBuffer.createFixedSize(new int[] {1, 2, 2, 3}, DataType.FLOAT32);
    image.load(stored);
    assertArrayEquals(new int[] {2, 2, 3}, ImageAccess.images().pixels(image).getShape());
    TensorBuffer hw3 = TensorBuffer.createFixedSize(new int[] {2, 2, 3}, DataType.INT16);
    image.load(hw3);
    assertSame(hw3, ImageAccess.images().pixels(image));
    assertEquals(ColorSpaceType.RGB, ImageAccess.images().pixelColorSpace(image));
    assertThrows(IllegalStateException.class,
        () -> ImageAccess.images().pixels(new TensorImage()));
  }

  @Test
  void opsSeeYuvAsRgb() {
    // 2 × 2 NV21: Y 16, 235, 126, 81; V 240, U 90 for the one block.
    ByteBuffer frame = ByteBuffer.allocateDirect(6);
    frame.put(new byte[] {16, (byte) 235, 126, 81, (byte) 240, 90});
    TensorImage image = new TensorImage();
    image.load(frame, ImageProperties.builder().setHeight(2).setWidth(2)
        .setColorSpaceType(ColorSpaceType.NV21).build());
    TensorBuffer pixels = ImageAccess.images().pixels(image);
    assertArrayEquals(new int[] {2, 2, 3}, pixels.getShape());
    assertEquals(DataType.UINT8, pixels.getDataType());
    // Worked out from the rule with c = Y − 16, d = −38, e = 112 (see src/lite/image/yuv.rs):
    // R = (76309·c + 11714864 + 32768) >> 16, G = (76309·c + 975650 − 5967248 + 32768) >> 16,
    // B = (76309·c − 5023638 + 32768) >> 16, each clamped.
    assertArrayEquals(new int[] {179, 0, 0, 255, 179, 178, 255, 52, 51, 254, 0, 0},
        pixels.getIntArray());
    assertEquals(ColorSpaceType.RGB, ImageAccess.images().pixelColorSpace(image));
  }
}
