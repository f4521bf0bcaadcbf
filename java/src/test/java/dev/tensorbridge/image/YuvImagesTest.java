package dev.tensorbridge.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageProperties;
import org.tensorflow.lite.support.image.TensorImage;

/**
 * YUV frames through the real native library: every packed layout and strided planes against a
 * per-pixel reference written here from the documented rule, plus hostile sizes and buffers.
 */
class YuvImagesTest {
  private static int clamp(long x) {
    return (int) Math.max(0, Math.min(255, Math.floorDiv(x + 32768, 65536)));
  }

  private static int[] reference(int y, int u, int v) {
    long c = y - 16;
    long d = u - 128;
    long e = v - 128;
    return new int[] {clamp(76309 * c + 104597 * e), clamp(76309 * c - 25675 * d - 53279 * e),
        clamp(76309 * c + 132201 * d)};
  }

  @Test
  void packedLayoutsMatchTheReference() {
    Random random = new Random(1);
    ColorSpaceType[] layouts = {ColorSpaceType.NV12, ColorSpaceType.NV21, ColorSpaceType.YV12,
        ColorSpaceType.YV21};
    for (int round = 0; round < 60; round++) {
      int w = 1 + random.nextInt(40);
      int h = 1 + random.nextInt(40);
      ColorSpaceType layout = layouts[round % 4];
      int cw = (w + 1) / 2;
      int ch = (h + 1) / 2;
      byte[] data = new byte[w * h + 2 * cw * ch];
      random.nextBytes(data);
      ByteBuffer frame = round % 3 == 0 ? ByteBuffer.wrap(data).asReadOnlyBuffer()
          : round % 3 == 1 ? ByteBuffer.wrap(data) : ByteBuffer.allocateDirect(data.length).put(data);
      TensorImage image = new TensorImage(round % 2 == 0 ? DataType.UINT8 : DataType.FLOAT32);
      image.load(frame, ImageProperties.builder().setHeight(h).setWidth(w)
          .setColorSpaceType(layout).build());
      TensorImage rgb = YuvImages.toRgb(image);
      assertEquals(ColorSpaceType.RGB, rgb.getColorSpaceType());
      assertEquals(DataType.UINT8, rgb.getDataType());
      assertArrayEquals(new int[] {h, w, 3}, rgb.getTensorBuffer().getShape());
      int[] got = rgb.getTensorBuffer().getIntArray();
      int luma = w * h;
      int plane = cw * ch;
      for (int r = 0; r < h; r++) {
        for (int x = 0; x < w; x++) {
          int i = (r / 2) * cw + x / 2;
          int u;
          int v;
          switch (layout) {
            case NV12: u = data[luma + 2 * i]; v = data[luma + 2 * i + 1]; break;
            case NV21: v = data[luma + 2 * i]; u = data[luma + 2 * i + 1]; break;
            case YV12: v = data[luma + i]; u = data[luma + plane + i]; break;
            default: u = data[luma + i]; v = data[luma + plane + i]; break;
          }
          int[] want = reference(data[r * w + x] & 0xff, u & 0xff, v & 0xff);
          int at = (r * w + x) * 3;
          assertArrayEquals(want, new int[] {got[at], got[at + 1], got[at + 2]},
              layout + " " + w + "x" + h + " at " + x + "," + r);
        }
      }
    }
  }

  @Test
  void planesWithStridesMatchTheReference() {
    Random random = new Random(2);
    for (int round = 0; round < 40; round++) {
      int w = 1 + random.nextInt(50);
      int h = 1 + random.nextInt(50);
      int cw = (w + 1) / 2;
      int ch = (h + 1) / 2;
      int ys = w + random.nextInt(5);
      int ps = 1 + random.nextInt(2);
      int uvs = (cw - 1) * ps + 1 + random.nextInt(5);
      byte[] y = new byte[(h - 1) * ys + w];
      byte[] u = new byte[(ch - 1) * uvs + (cw - 1) * ps + 1];
      byte[] v = new byte[u.length];
      random.nextBytes(y);
      random.nextBytes(u);
      random.nextBytes(v);
      ByteBuffer yb = ByteBuffer.allocateDirect(y.length + 3);
      yb.position(3);
      yb.slice().put(y);
      TensorImage rgb = YuvImages.fromPlanes(yb, ByteBuffer.wrap(u), ByteBuffer.wrap(v)
          .asReadOnlyBuffer(), ys, uvs, ps, w, h);
      int[] got = rgb.getTensorBuffer().getIntArray();
      for (int r = 0; r < h; r++) {
        for (int x = 0; x < w; x++) {
          int c = (r / 2) * uvs + (x / 2) * ps;
          int[] want = reference(y[r * ys + x] & 0xff, u[c] & 0xff, v[c] & 0xff);
          int at = (r * w + x) * 3;
          assertArrayEquals(want, new int[] {got[at], got[at + 1], got[at + 2]});
        }
      }
      assertEquals(3, yb.position(), "the planes' positions are left alone");
    }
  }

  @Test
  void hostileInputs() {
    ByteBuffer p = ByteBuffer.allocateDirect(16);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> YuvImages.fromPlanes(p, p, p, 4, 2, 1, -1, 2));
    assertTrue(e.getMessage().contains("negative"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> YuvImages.fromPlanes(p, p, p, 4, 2, 1, 4, 5));
    e = assertThrows(IllegalArgumentException.class,
        () -> YuvImages.fromPlanes(p, p, p, 2, 2, 1, 4, 2));
    assertEquals("Y row stride 2 is less than the width 4", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> YuvImages.fromPlanes(p, p, p, 4, 2, 0, 4, 2));
    assertThrows(IllegalArgumentException.class,
        () -> YuvImages.fromPlanes(p, p, p, -4, 2, 1, 4, 2));
    assertThrows(IllegalArgumentException.class,
        () -> YuvImages.fromPlanes(p, p, p, 4, 2, 1, 65536, 65536));
    assertThrows(NullPointerException.class,
        () -> YuvImages.fromPlanes(null, p, p, 4, 2, 1, 4, 2));
    TensorImage rgbImage = new TensorImage();
    rgbImage.load(new int[] {1, 2, 3}, new int[] {1, 1, 3});
    e = assertThrows(IllegalArgumentException.class, () -> YuvImages.toRgb(rgbImage));
    assertEquals("toRgb() converts YUV images, but this image is RGB", e.getMessage());
    assertThrows(IllegalStateException.class, () -> YuvImages.toRgb(new TensorImage()));
  }
}
