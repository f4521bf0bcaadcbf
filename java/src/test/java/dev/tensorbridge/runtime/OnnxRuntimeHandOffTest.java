package dev.tensorbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.tensorbridge.common.ops.ToChannelsFirstOp;
import java.io.File;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.util.Collections;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.ImageProcessor;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A preprocessed image handed to ONNX Runtime 1.29 (the real library) as channels-first planes:
 * the numbers the model sees, and that it sees the TensorBuffer's own memory, not a copy. The
 * model (tests/vectors/onnx/channels_first.onnx, from its generator beside it) scales channel c by
 * 10^c, adds a per-channel bias, and sums each plane.
 */
class OnnxRuntimeHandOffTest {
  private static final float[] SCALE = {1f, 10f, 100f};
  private static final float[] BIAS = {0.5f, 0.25f, 0.125f};
  private static final int H = 12;
  private static final int W = 10;

  private static byte[] model() throws IOException {
    String name = "tests/vectors/onnx/channels_first.onnx";
    File file = new File(name);
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), name);
    }
    return Files.readAllBytes(file.toPath());
  }

  @Test
  void processedPlanesReachTheSessionWithoutACopy() throws IOException, OrtException {
    Random random = new Random(29);
    int[] pixels = new int[40 * 30 * 3];
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] = random.nextInt(256);
    }
    TensorImage image = new TensorImage(DataType.UINT8);
    image.load(pixels, new int[] {40, 30, 3});
    TensorImage processed =
        new ImageProcessor.Builder()
            .add(new ResizeOp(H, W, ResizeOp.ResizeMethod.BILINEAR))
            .add(new org.tensorflow.lite.support.image.ops.TensorOperatorWrapper(
                new NormalizeOp(127.5f, 127.5f)))
            .build()
            .process(image);
    float[] hwc = processed.getTensorBuffer().getFloatArray();
    TensorBuffer planes =
        new TensorProcessor.Builder().add(new ToChannelsFirstOp()).build()
            .process(processed.getTensorBuffer());
    assertArrayEquals(new int[] {1, 3, H, W}, planes.getShape());

    OrtEnvironment env = OrtEnvironment.getEnvironment();
    try (OrtSession session = env.createSession(model(), new OrtSession.SessionOptions());
        OnnxTensor input =
            OnnxTensor.createTensor(
                env, planes.getBuffer().asFloatBuffer(), new long[] {1, 3, H, W})) {
      float[][][][] scaled = run(session, input, "scaled", float[][][][].class);
      float[][] sums = run(session, input, "sums", float[][].class);
      for (int c = 0; c < 3; c++) {
        double sum = 0;
        for (int y = 0; y < H; y++) {
          for (int x = 0; x < W; x++) {
            float v = hwc[(y * W + x) * 3 + c];
            sum += v;
            assertEquals(v * SCALE[c] + BIAS[c], scaled[0][c][y][x], 1e-4f, c + " " + y + " " + x);
          }
        }
        assertEquals(sum, sums[0][c], 1e-3, "plane " + c);
      }

      // The tensor wraps the buffer's memory: a write through the TensorBuffer is what the
      // session reads next, with no new OnnxTensor.
      planes.getBuffer().putFloat(4 * (2 * H * W + 5), 7f); // channel 2, pixel 5
      float[][][][] again = run(session, input, "scaled", float[][][][].class);
      assertEquals(7f * SCALE[2] + BIAS[2], again[0][2][0][5], 0f);
      assertEquals(scaled[0][0][0][5], again[0][0][0][5], 0f);
    }
  }

  @Test
  void theAllocationFreeFormFeedsTheSameWrappedTensorEveryFrame() throws IOException, OrtException {
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    TensorBuffer frame = TensorBuffer.createFixedSize(new int[] {H, W, 3}, DataType.FLOAT32);
    TensorBuffer planes = TensorBuffer.createFixedSize(new int[] {1, 3, H, W}, DataType.FLOAT32);
    TensorProcessor toPlanes =
        new TensorProcessor.Builder()
            .add(new NormalizeOp(new float[] {1f, 2f, 3f}, new float[] {2f, 2f, 2f}))
            .add(new ToChannelsFirstOp())
            .build();
    FloatBuffer wrapped = planes.getBuffer().asFloatBuffer();
    try (OrtSession session = env.createSession(model(), new OrtSession.SessionOptions());
        OnnxTensor input = OnnxTensor.createTensor(env, wrapped, new long[] {1, 3, H, W})) {
      for (int k = 0; k < 3; k++) {
        float[] values = new float[H * W * 3];
        for (int i = 0; i < values.length; i++) {
          values[i] = k * 1000 + i;
        }
        frame.loadArray(values);
        toPlanes.process(frame, planes);
        float[][] sums = run(session, input, "sums", float[][].class);
        for (int c = 0; c < 3; c++) {
          double expected = 0;
          for (int p = 0; p < H * W; p++) {
            expected += (values[p * 3 + c] - (c + 1f)) / 2f;
          }
          assertEquals(expected, sums[0][c], Math.abs(expected) * 1e-6, "frame " + k + " plane " + c);
        }
      }
    }
  }

  private static <T> T run(OrtSession session, OnnxTensor input, String output, Class<T> type)
      throws OrtException {
    try (OrtSession.Result result = session.run(Collections.singletonMap("pixels", input))) {
      return type.cast(result.get(output).get().getValue());
    }
  }
}
