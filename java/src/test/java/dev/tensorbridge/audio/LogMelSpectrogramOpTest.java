package dev.tensorbridge.audio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The op against TensorFlow 2.21's log-mel spectrograms ({@code tests/vectors/log_mel.jsonl}, made
 * by {@code tests/vectors/gen/log_mel_gen.py}) through the public API, with the input in each kind
 * of storage a {@code TensorBuffer} can hold; every value within the contract's rule
 * (docs/contracts/audio-log-mel.md, accuracy).
 */
class LogMelSpectrogramOpTest {
  private static final double LOG_TOLERANCE = 1e-3;
  private static final double ENERGY_TOLERANCE = 1e-5;

  private static List<JsonObject> vectors() throws IOException {
    String name = "tests/vectors/log_mel.jsonl";
    File file = new File(name);
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), name);
    }
    List<JsonObject> out = new ArrayList<JsonObject>();
    for (String line : Files.readAllLines(file.toPath(), StandardCharsets.UTF_8)) {
      if (!line.trim().isEmpty()) {
        out.add(JsonParser.parseString(line).getAsJsonObject());
      }
    }
    return out;
  }

  private static LogMelSpectrogramOp op(JsonArray p) {
    return new LogMelSpectrogramOp(p.get(0).getAsInt(), p.get(1).getAsInt(), p.get(2).getAsInt(),
        p.get(3).getAsInt(), p.get(4).getAsInt(), p.get(5).getAsFloat(), p.get(6).getAsFloat(),
        p.get(7).getAsFloat());
  }

  private static ByteBuffer le(String base64) {
    return ByteBuffer.wrap(Base64.getDecoder().decode(base64)).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The same samples in three storages: direct (native order), heap big-endian, read-only heap. */
  private static TensorBuffer[] inputs(float[] samples) {
    TensorBuffer direct = TensorBuffer.createFixedSize(new int[] {samples.length}, DataType.FLOAT32);
    direct.loadArray(samples);
    ByteBuffer big = ByteBuffer.allocate(samples.length * 4).order(ByteOrder.BIG_ENDIAN);
    big.asFloatBuffer().put(samples);
    TensorBuffer heap = TensorBuffer.createDynamic(DataType.FLOAT32);
    heap.loadBuffer(big, new int[] {samples.length});
    TensorBuffer readOnly = TensorBuffer.createFixedSize(new int[] {samples.length}, DataType.FLOAT32);
    readOnly.loadBuffer(big.asReadOnlyBuffer().order(ByteOrder.BIG_ENDIAN));
    return new TensorBuffer[] {direct, heap, readOnly};
  }

  @Test
  void matchesTensorFlow() throws IOException {
    Map<String, float[]> signals = new HashMap<String, float[]>();
    int cases = 0;
    int byLog = 0;
    int byEnergy = 0;
    double maxLogError = 0;
    for (JsonObject v : vectors()) {
      if (!v.get("kind").getAsString().equals("case")) {
        if (v.get("kind").getAsString().equals("signal")) {
          ByteBuffer pcm = le(v.get("pcm16").getAsString());
          float[] s = new float[pcm.remaining() / 2];
          for (int i = 0; i < s.length; i++) {
            s[i] = pcm.getShort() / 32768f;
          }
          signals.put(v.get("name").getAsString(), s);
        }
        continue;
      }
      String tag = v.get("tag").getAsString() + " / " + v.get("signal").getAsString();
      float[] samples = java.util.Arrays.copyOf(
          signals.get(v.get("signal").getAsString()), v.get("length").getAsInt());
      int frames = v.get("frames").getAsInt();
      int mel = v.get("mel_bins").getAsInt();
      float[] tf = new float[frames * mel];
      le(v.get("log_mel").getAsString()).asFloatBuffer().get(tf);
      double offset = v.getAsJsonArray("params").get(7).getAsFloat();
      LogMelSpectrogramOp op = op(v.getAsJsonArray("params"));
      float[] first = null;
      for (TensorBuffer input : inputs(samples)) {
        TensorBuffer out = op.apply(input);
        assertEquals(DataType.FLOAT32, out.getDataType(), tag);
        assertArrayEquals(new int[] {frames, mel}, out.getShape(), tag);
        assertFalse(out.isDynamic(), tag);
        assertEquals(0, input.getBuffer().position(), tag);
        float[] ours = out.getFloatArray();
        if (first == null) {
          first = ours;
        } else {
          assertArrayEquals(first, ours, tag + ": every storage gives the same values");
        }
      }
      for (int f = 0; f < frames; f++) {
        double largest = 0;
        for (int m = 0; m < mel; m++) {
          largest = Math.max(largest, Math.exp(tf[f * mel + m]) - offset);
        }
        for (int m = 0; m < mel; m++) {
          int i = f * mel + m;
          double err = Math.abs((double) tf[i] - first[i]);
          maxLogError = Math.max(maxLogError, err);
          if (err <= LOG_TOLERANCE) {
            byLog++;
          } else if (Math.abs(Math.exp(tf[i]) - Math.exp(first[i])) <= ENERGY_TOLERANCE * largest) {
            byEnergy++;
          } else {
            fail(tag + " frame " + f + " band " + m + ": ours " + first[i] + ", TensorFlow " + tf[i]);
          }
        }
      }
      cases++;
    }
    System.out.println("log-mel vs TensorFlow (Java): " + cases + " cases, " + byLog
        + " values within 1e-3 in log, " + byEnergy + " by energy, max log error " + maxLogError);
    assertTrue(cases >= 30, "only " + cases + " cases");
    assertTrue(byLog > 10 * byEnergy, byLog + " vs " + byEnergy);
  }

  @Test
  void refusesWhatTensorFlowRefuses() throws IOException {
    int refused = 0;
    for (final JsonObject v : vectors()) {
      if (v.get("kind").getAsString().equals("refused")) {
        assertThrows(IllegalArgumentException.class, () -> op(v.getAsJsonArray("params")),
            v.get("tf_error").getAsString());
        refused++;
      }
    }
    assertTrue(refused >= 5);
  }

  @Test
  void yamnetShapeForOneSecond() {
    LogMelSpectrogramOp op = new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, 7500f, 0.001f);
    TensorBuffer input = TensorBuffer.createFixedSize(new int[] {16000}, DataType.FLOAT32);
    TensorBuffer out = op.apply(input);
    assertArrayEquals(new int[] {98, 64}, out.getShape());
    // Silence: every band is log(0 + offset).
    for (float v : out.getFloatArray()) {
      assertEquals((float) Math.log(0.001f), v, 1e-6f);
    }
  }
}
