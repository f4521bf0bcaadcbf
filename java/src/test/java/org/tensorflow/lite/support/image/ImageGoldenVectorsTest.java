package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tensorbridge.internal.ImageKernels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.image.ops.TransformToGrayscaleOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Replays the TensorFlow 2.21 image vectors through the Java API: every RGB case through the
 * public ops (and chains through an {@link ImageProcessor}, fused, compared with the ops applied
 * one by one), the other channel counts through {@link ImageKernels}.
 */
class ImageGoldenVectorsTest {

  private static ImageOperator op(JsonArray step) {
    String name = step.get(0).getAsString();
    switch (name) {
      case "resize_bilinear":
        return new ResizeOp(step.get(1).getAsInt(), step.get(2).getAsInt(),
            ResizeOp.ResizeMethod.BILINEAR);
      case "resize_nearest":
        return new ResizeOp(step.get(1).getAsInt(), step.get(2).getAsInt(),
            ResizeOp.ResizeMethod.NEAREST_NEIGHBOR);
      case "crop_or_pad":
        return new ResizeWithCropOrPadOp(step.get(1).getAsInt(), step.get(2).getAsInt());
      case "rot90":
        return new Rot90Op(step.get(1).getAsInt());
      case "grayscale":
        return new TransformToGrayscaleOp();
      default:
        throw new AssertionError(name);
    }
  }

  private static JsonArray single(JsonObject c) {
    JsonArray step = new JsonArray();
    step.add(c.get("op").getAsString());
    for (JsonElement e : c.getAsJsonArray("args")) {
      step.add(e);
    }
    return step;
  }

  private static TensorImage image(JsonObject c) {
    int[] s = ImageVectors.ints(c.getAsJsonArray("shape"));
    DataType type = ImageVectors.type(c);
    TensorImage image = new TensorImage(type);
    image.load(ImageVectors.buffer(ImageVectors.input(c), s, type), ColorSpaceType.RGB);
    return image;
  }

  private static int[] geometry(JsonArray steps) {
    ImageKernels.Geometry g = new ImageKernels.Geometry();
    for (JsonElement e : steps) {
      JsonArray step = e.getAsJsonArray();
      String name = step.get(0).getAsString();
      if (name.equals("resize_bilinear") || name.equals("resize_nearest")) {
        g.resize(step.get(1).getAsInt(), step.get(2).getAsInt(), name.equals("resize_bilinear"));
      } else if (name.equals("crop_or_pad")) {
        g.cropOrPad(step.get(1).getAsInt(), step.get(2).getAsInt());
      } else if (name.equals("rot90")) {
        g.rot90(step.get(1).getAsInt());
      } else if (name.equals("grayscale")) {
        g.grayscale();
      }
    }
    return g.toArray();
  }

  @Test
  void everySingleOpCaseMatchesTensorFlow() throws Exception {
    List<String> failures = new ArrayList<String>();
    int viaOps = 0;
    int viaKernels = 0;
    for (JsonObject c : ImageVectors.read()) {
      if (c.get("op").getAsString().equals("chain")) {
        continue;
      }
      int[] s = ImageVectors.ints(c.getAsJsonArray("shape"));
      DataType type = ImageVectors.type(c);
      byte[] got;
      if (s[2] == 3) {
        TensorImage image = image(c);
        TensorImage out = op(single(c)).apply(image);
        got = ImageVectors.bytes(out.getTensorBuffer());
        viaOps++;
      } else {
        JsonArray steps = new JsonArray();
        steps.add(single(c));
        ByteBuffer src = ByteBuffer.allocateDirect(s[0] * s[1] * s[2] * type.byteSize());
        src.put(ImageVectors.input(c));
        src.order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer r = ImageKernels.run(src, type, s[0], s[1], s[2], geometry(steps), new int[0],
            new float[0], type);
        int[] o = ImageVectors.ints(c.getAsJsonArray("out_shape"));
        TensorBuffer t = TensorBuffer.createFixedSize(o, type);
        t.loadBuffer(r, o);
        got = ImageVectors.bytes(t);
        viaKernels++;
      }
      String m = ImageVectors.mismatch(c, got);
      if (m != null) {
        failures.add(c.get("op") + " " + c.get("dtype") + " " + c.get("shape") + " "
            + c.get("args") + ": " + m);
      }
    }
    assertTrue(viaOps > 300 && viaKernels > 250, viaOps + " / " + viaKernels);
    assertEquals(new ArrayList<String>(), failures);
  }

  @Test
  void chainsMatchTensorFlowFusedAndOneByOne() throws Exception {
    int fusedCount = 0;
    int rejected = 0;
    for (JsonObject c : ImageVectors.read()) {
      if (!c.get("op").getAsString().equals("chain")) {
        continue;
      }
      JsonArray args = c.getAsJsonArray("args");
      ImageProcessor.Builder fused = new ImageProcessor.Builder();
      List<ImageOperator> ops = new ArrayList<ImageOperator>();
      boolean gray = false;
      boolean refused = false;
      for (JsonElement e : args) {
        JsonArray step = e.getAsJsonArray();
        if (step.get(0).getAsString().equals("normalize")) {
          NormalizeOp n = new NormalizeOp(step.get(1).getAsFloat(), step.get(2).getAsFloat());
          fused.add(n);
          continue;
        }
        ImageOperator op = op(step);
        refused |= gray && !(op instanceof TransformToGrayscaleOp);
        gray |= op instanceof TransformToGrayscaleOp;
        ops.add(op);
        fused.add(op);
      }
      JsonArray last = args.get(args.size() - 1).getAsJsonArray();
      NormalizeOp normalize = new NormalizeOp(last.get(1).getAsFloat(), last.get(2).getAsFloat());
      ImageProcessor processor = fused.build();
      TensorImage input = image(c);
      if (refused) {
        // Upstream's resize, crop and rotate ops take RGB images only.
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> processor.process(input));
        assertTrue(e.getMessage().startsWith("Only RGB images are supported in "), e.getMessage());
        assertTrue(e.getMessage().endsWith(", but not GRAYSCALE"), e.getMessage());
        rejected++;
        continue;
      }
      TensorImage result = processor.process(input);
      assertNull(ImageVectors.mismatch(c, ImageVectors.bytes(result.getTensorBuffer())),
          c.get("args").toString());
      // One by one: the same result, and the same state left in the input image.
      TensorImage alone = image(c);
      for (ImageOperator op : ops) {
        alone = op.apply(alone);
      }
      byte[] geometryResult = ImageVectors.bytes(alone.getTensorBuffer());
      assertArrayEquals(geometryResult, ImageVectors.bytes(input.getTensorBuffer()));
      assertEquals(alone.getColorSpaceType(), input.getColorSpaceType());
      TensorBuffer normalized = normalize.apply(alone.getTensorBuffer());
      assertArrayEquals(ImageVectors.bytes(normalized), ImageVectors.bytes(result.getTensorBuffer()));
      assertEquals(DataType.FLOAT32, result.getDataType());
      fusedCount++;
    }
    assertTrue(fusedCount > 60 && rejected > 5, fusedCount + " fused, " + rejected + " refused");
  }
}
