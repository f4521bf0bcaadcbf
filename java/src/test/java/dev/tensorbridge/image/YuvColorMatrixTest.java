package dev.tensorbridge.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageProperties;
import org.tensorflow.lite.support.image.TensorImage;

/**
 * Every matrix through the public API against tests/vectors/image/yuv_matrices.jsonl (made by
 * tests/vectors/gen/yuv_gen.py from the standards' definitions), packed and as planes.
 */
class YuvColorMatrixTest {

  private static List<JsonObject> cases() throws IOException {
    String name = "tests/vectors/image/yuv_matrices.jsonl";
    File file = new File(name);
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), name);
    }
    List<JsonObject> out = new ArrayList<>();
    for (String line : Files.readAllLines(file.toPath(), StandardCharsets.UTF_8)) {
      out.add(JsonParser.parseString(line).getAsJsonObject());
    }
    return out;
  }

  private static byte[] unhex(String hex) {
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  private static byte[] bytes(TensorImage rgb) {
    ByteBuffer b = rgb.getTensorBuffer().getBuffer().duplicate();
    b.rewind();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }

  @Test
  void everyMatrixGivesTheReferenceBytes() throws IOException {
    int checked = 0;
    for (JsonObject c : cases()) {
      YuvColorMatrix matrix = YuvColorMatrix.valueOf(c.get("matrix").getAsString());
      assertEquals(c.get("code").getAsInt(), matrix.ordinal(), "the native code is the ordinal");
      int w = c.get("width").getAsInt();
      int h = c.get("height").getAsInt();
      boolean nv12 = c.get("layout").getAsString().equals("NV12");
      byte[] frame = unhex(c.get("frame").getAsString());
      byte[] expected = unhex(c.get("rgb").getAsString());
      String what = matrix + " " + c.get("layout").getAsString() + " " + w + "x" + h;

      TensorImage image = new TensorImage(DataType.UINT8);
      image.load(
          ByteBuffer.wrap(frame),
          ImageProperties.builder()
              .setHeight(h)
              .setWidth(w)
              .setColorSpaceType(nv12 ? ColorSpaceType.NV12 : ColorSpaceType.NV21)
              .build());
      assertArrayEquals(expected, bytes(YuvImages.toRgb(image, matrix)), what + " packed");
      if (matrix == YuvColorMatrix.BT601_LIMITED) {
        assertArrayEquals(expected, bytes(YuvImages.toRgb(image)), what + " default");
      }

      // The same frame as YUV_420_888 planes: U and V views of the interleaved chroma.
      ByteBuffer all = ByteBuffer.allocateDirect(frame.length).put(frame);
      int luma = w * h;
      int cw = (w + 1) / 2;
      ByteBuffer y = window(all, 0, luma);
      ByteBuffer first = window(all, luma, frame.length - luma);
      ByteBuffer second = window(all, luma + 1, frame.length - luma - 1);
      ByteBuffer u = nv12 ? first : second;
      ByteBuffer v = nv12 ? second : first;
      TensorImage planes = YuvImages.fromPlanes(y, u, v, w, 2 * cw, 2, w, h, matrix);
      assertArrayEquals(expected, bytes(planes), what + " planes");
      checked++;
    }
    assertEquals(32, checked);
  }

  private static ByteBuffer window(ByteBuffer all, int start, int length) {
    ByteBuffer d = all.duplicate();
    d.position(start).limit(start + length);
    return d.slice();
  }

  @Test
  void aNullMatrixIsRefusedBeforeAnythingIsRead() {
    TensorImage image = new TensorImage(DataType.UINT8);
    image.load(
        ByteBuffer.wrap(new byte[6]),
        ImageProperties.builder().setHeight(2).setWidth(2).setColorSpaceType(ColorSpaceType.NV21).build());
    assertThrows(NullPointerException.class, () -> YuvImages.toRgb(image, null));
    ByteBuffer plane = ByteBuffer.allocateDirect(4);
    assertThrows(
        NullPointerException.class,
        () -> YuvImages.fromPlanes(plane, plane, plane, 2, 1, 1, 2, 2, null));
  }
}
