package dev.tensorbridge.examples.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.image.TensorImage;

/** Frames through ChannelsFirstInput into a real ONNX Runtime session. */
class ChannelsFirstInputTest {
  @Test
  void eachFrameReachesTheModelThroughTheSameTensor() throws Exception {
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    byte[] model = Files.readAllBytes(Paths.get(System.getProperty("model")));
    float[] mean = {10f, 20f, 30f};
    float[] stddev = {2f, 4f, 8f};
    try (OrtSession session = env.createSession(model, new OrtSession.SessionOptions());
        ChannelsFirstInput input = new ChannelsFirstInput(env, 4, mean, stddev)) {
      for (int value : new int[] {50, 130}) {
        // A flat frame: every resized pixel equals it, so each plane sums to 16 * (v - m) / s.
        int[] pixels = new int[8 * 8 * 3];
        java.util.Arrays.fill(pixels, value);
        TensorImage frame = new TensorImage(DataType.UINT8);
        frame.load(pixels, new int[] {8, 8, 3});
        OnnxTensor tensor = input.load(frame);
        try (OrtSession.Result result = session.run(Collections.singletonMap("pixels", tensor))) {
          float[][] sums = (float[][]) result.get("sums").get().getValue();
          for (int c = 0; c < 3; c++) {
            assertEquals(16 * (value - mean[c]) / stddev[c], sums[0][c], 1e-4, "channel " + c);
          }
        }
      }
    }
  }
}
