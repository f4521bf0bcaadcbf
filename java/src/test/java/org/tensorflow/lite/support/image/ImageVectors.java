package org.tensorflow.lite.support.image;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** Reads {@code tests/vectors/image/image_ops.jsonl} (TensorFlow 2.21) and rebuilds its inputs. */
final class ImageVectors {
  private ImageVectors() {}

  static List<JsonObject> read() throws IOException {
    String name = "tests/vectors/image/image_ops.jsonl";
    File file = new File(name);
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), name);
    }
    List<JsonObject> out = new ArrayList<JsonObject>();
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(new FileInputStream(file), StandardCharsets.UTF_8));
    try {
      String line;
      while ((line = reader.readLine()) != null) {
        if (!line.trim().isEmpty()) {
          out.add(JsonParser.parseString(line).getAsJsonObject());
        }
      }
    } finally {
      reader.close();
    }
    return out;
  }

  static DataType type(JsonObject c) {
    return c.get("dtype").getAsString().equals("uint8") ? DataType.UINT8 : DataType.FLOAT32;
  }

  static int[] ints(JsonArray a) {
    int[] out = new int[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).getAsInt();
    }
    return out;
  }

  /** splitmix64's output for the state seed + (i + 1) * GAMMA, as the generator computes it. */
  static long splitmix(long seed, long i) {
    long z = seed + (i + 1) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The case's input elements as little-endian bytes. */
  static byte[] input(JsonObject c) {
    JsonObject in = c.getAsJsonObject("input");
    if (in.has("hex")) {
      return unhex(in.get("hex").getAsString());
    }
    long seed = in.get("seed").getAsLong();
    int[] s = ints(c.getAsJsonArray("shape"));
    int n = s[0] * s[1] * s[2];
    boolean u8 = type(c) == DataType.UINT8;
    ByteBuffer out = ByteBuffer.allocate(n * (u8 ? 1 : 4)).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      long z = splitmix(seed, i);
      if (u8) {
        out.put((byte) (z >>> 56));
      } else {
        out.putFloat((float) ((z >>> 40) - (1L << 23)) / 32768f);
      }
    }
    return out.array();
  }

  /** A fixed-size buffer of {@code type} holding little-endian {@code bytes}, shape {@code shape}. */
  static TensorBuffer buffer(byte[] bytes, int[] shape, DataType type) {
    TensorBuffer t = TensorBuffer.createFixedSize(shape, type);
    t.loadBuffer(copyNative(bytes, type), shape);
    return t;
  }

  private static ByteBuffer copyNative(byte[] le, DataType type) {
    ByteBuffer src = ByteBuffer.wrap(le).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer out = ByteBuffer.allocateDirect(le.length).order(ByteOrder.nativeOrder());
    if (type == DataType.FLOAT32) {
      while (src.hasRemaining()) {
        out.putFloat(src.getFloat());
      }
    } else {
      out.put(src);
    }
    out.rewind();
    return out;
  }

  /** A buffer's elements as little-endian bytes (its values, whatever its storage order). */
  static byte[] bytes(TensorBuffer t) {
    if (t.getDataType() == DataType.UINT8) {
      int[] v = t.getIntArray();
      byte[] out = new byte[v.length];
      for (int i = 0; i < v.length; i++) {
        out[i] = (byte) v[i];
      }
      return out;
    }
    ByteBuffer storage = t.getBuffer().duplicate().order(t.getBuffer().order());
    storage.rewind();
    ByteBuffer out = ByteBuffer.allocate(t.getFlatSize() * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < t.getFlatSize(); i++) {
      // Raw bits, so NaN payloads are compared too.
      out.putInt(storage.getInt(i * 4));
    }
    return out.array();
  }

  /** Null if {@code got} is the case's expected output, else a description. */
  static String mismatch(JsonObject c, byte[] got) {
    JsonObject want = c.getAsJsonObject("output");
    if (want.has("hex")) {
      byte[] w = unhex(want.get("hex").getAsString());
      if (java.util.Arrays.equals(w, got)) {
        return null;
      }
      int i = 0;
      while (i < Math.min(w.length, got.length) && w[i] == got[i]) {
        i++;
      }
      return "bytes differ from " + i + " (of " + w.length + ", got " + got.length + ")";
    }
    return hex(sha256(got)).equals(want.get("sha256").getAsString()) ? null : "sha256 differs";
  }

  static byte[] sha256(byte[] b) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format("%02x", x & 0xff));
    }
    return s.toString();
  }

  static byte[] unhex(String hex) {
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}
