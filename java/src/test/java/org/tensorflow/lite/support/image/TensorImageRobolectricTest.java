package org.tensorflow.lite.support.image;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import android.graphics.Bitmap;
import android.graphics.Color;
import java.nio.ByteBuffer;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** TensorImage's Bitmap edge under Robolectric: the ARGB ⇄ RGB conversions run in Rust. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
@GraphicsMode(GraphicsMode.Mode.LEGACY)
public final class TensorImageRobolectricTest {
  private static Bitmap bitmap(int w, int h) {
    int[] colors = new int[w * h];
    for (int i = 0; i < colors.length; i++) {
      colors[i] = Color.argb(i % 7 == 0 ? 0x40 : 0xff, i, 2 * i, 255 - i);
    }
    return Bitmap.createBitmap(colors, w, h, Bitmap.Config.ARGB_8888);
  }

  @Test
  public void loadBitmapGivesRgbValuesAndKeepsTheBitmap() {
    Bitmap b = bitmap(3, 2);
    TensorImage image = TensorImage.fromBitmap(b);
    assertSame(b, image.getBitmap());
    assertEquals(3, image.getWidth());
    assertEquals(2, image.getHeight());
    assertEquals(ColorSpaceType.RGB, image.getColorSpaceType());
    TensorBuffer pixels = image.getTensorBuffer();
    assertArrayEquals(new int[] {2, 3, 3}, pixels.getShape());
    int[] want = new int[18];
    for (int i = 0; i < 6; i++) {
      int c = b.getPixel(i % 3, i / 3);
      want[3 * i] = Color.red(c);
      want[3 * i + 1] = Color.green(c);
      want[3 * i + 2] = Color.blue(c);
    }
    assertArrayEquals(want, pixels.getIntArray());
    assertTrue(pixels.getBuffer().isDirect());
    // Each call gives a fresh copy, as upstream converts the bitmap each time.
    assertNotSame(pixels, image.getTensorBuffer());
    TensorImage f = new TensorImage(DataType.FLOAT32);
    f.load(b);
    assertEquals(DataType.FLOAT32, f.getTensorBuffer().getDataType());
    assertEquals(want[4], f.getTensorBuffer().getFloatArray()[4], 0f);
    // A copy has the same pixels in a new bitmap.
    TensorImage copy = TensorImage.createFrom(image, DataType.UINT8);
    assertNotSame(b, copy.getBitmap());
    assertEquals(b.getPixel(2, 1) | 0xff000000, copy.getBitmap().getPixel(2, 1));
  }

  @Test
  public void getBitmapFromBuffers() {
    TensorImage image = new TensorImage();
    image.load(new int[] {1, 2, 3, 250, 251, 252}, new int[] {1, 2, 3});
    Bitmap b = image.getBitmap();
    assertEquals(Bitmap.Config.ARGB_8888, b.getConfig());
    assertEquals(Color.rgb(1, 2, 3), b.getPixel(0, 0));
    assertEquals(Color.rgb(250, 251, 252), b.getPixel(1, 0));
    // Float values are taken as ints and packed unclamped, as Color.rgb packs them upstream.
    TensorImage f = new TensorImage(DataType.FLOAT32);
    f.load(new float[] {1.9f, 256f, 3f}, new int[] {1, 1, 3});
    assertEquals(Color.rgb(1, 256, 3), f.getBitmap().getPixel(0, 0));
    // GRAYSCALE → ALPHA_8 goes through copyPixelsFromBuffer, which Robolectric's LEGACY bitmaps
    // do not implement for 1-byte pixels (as for upstream's class); not checked here.
  }

  @Test
  public void bitmapChecksAndMessages() {
    TensorImage image = new TensorImage();
    NullPointerException n = assertThrows(NullPointerException.class, () -> image.load((Bitmap) null));
    assertEquals("Cannot load null bitmap.", n.getMessage());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> image.load(Bitmap.createBitmap(2, 2, Bitmap.Config.RGB_565)));
    assertEquals("Only supports loading ARGB_8888 bitmaps.", e.getMessage());
    assertThrows(IllegalStateException.class, image::getBitmap);
    image.load(ByteBuffer.allocate(6), ImageProperties.builder().setHeight(2).setWidth(2)
        .setColorSpaceType(ColorSpaceType.NV21).build());
    UnsupportedOperationException u = assertThrows(UnsupportedOperationException.class,
        image::getBitmap);
    assertEquals("convertTensorBufferToBitmap() is unsupported for the color space type NV21",
        u.getMessage());
    u = assertThrows(UnsupportedOperationException.class, image::getMediaImage);
    assertEquals("Converting from TensorBuffer to android.media.Image is unsupported.",
        u.getMessage());
    image.load(bitmap(1, 1));
    u = assertThrows(UnsupportedOperationException.class, image::getMediaImage);
    assertEquals("Converting from Bitmap to android.media.Image is unsupported.", u.getMessage());
  }
}
