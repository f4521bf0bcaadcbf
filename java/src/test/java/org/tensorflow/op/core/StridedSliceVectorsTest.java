package org.tensorflow.op.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.Tensor;
import org.tensorflow.op.Scope;

/**
 * Replays every TensorFlow 2.21 golden vector of {@code tests/vectors/strided_slice.jsonl} (made by
 * {@code tests/vectors/gen/strided_slice_gen.py}, also replayed by the Rust tests) end to end
 * through the Java op over JNI: all dtypes, int16/int32/int64 indices, every error kind.
 */
class StridedSliceVectorsTest {
  private static final Map<String, DataType> DTYPES = new HashMap<String, DataType>();

  static {
    String[][] names = {
      {"float", "FLOAT"}, {"double", "DOUBLE"}, {"int32", "INT32"}, {"uint8", "UINT8"},
      {"string", "STRING"}, {"int64", "INT64"}, {"bool", "BOOL"}, {"int8", "INT8"},
      {"int16", "INT16"}, {"uint16", "UINT16"}, {"uint32", "UINT32"}, {"uint64", "UINT64"},
      {"half", "HALF"}, {"bfloat16", "BFLOAT16"}, {"complex64", "COMPLEX64"},
      {"complex128", "COMPLEX128"}, {"qint8", "QINT8"}, {"quint8", "QUINT8"}, {"qint32", "QINT32"},
      {"float8_e5m2", "FLOAT8_E5M2"}, {"float8_e4m3fn", "FLOAT8_E4M3FN"},
    };
    for (String[] n : names) {
      DTYPES.put(n[0], DataType.valueOf(n[1]));
    }
  }

  private static File vectorFile() {
    File file = new File("tests/vectors/strided_slice.jsonl");
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), "tests/vectors/strided_slice.jsonl");
    }
    return file;
  }

  @Test
  void everyGoldenVectorThroughJni() throws IOException {
    List<String> failures = new ArrayList<String>();
    Map<String, Integer> covered = new HashMap<String, Integer>();
    int total = 0;
    BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(new FileInputStream(vectorFile()), StandardCharsets.UTF_8));
    EagerSession session = EagerSession.create();
    try {
      String line;
      int lineNo = 0;
      while ((line = reader.readLine()) != null) {
        lineNo++;
        if (line.trim().isEmpty()) {
          continue;
        }
        // A fresh session now and then keeps the number of live values small.
        if (total % 500 == 0) {
          session.close();
          session = EagerSession.create();
        }
        total++;
        JsonObject v = JsonParser.parseString(line).getAsJsonObject();
        String outcome = check(new Scope(session), v);
        String key = v.get("dtype").getAsString() + "/" + v.get("index_type").getAsString();
        covered.put(key, covered.containsKey(key) ? covered.get(key) + 1 : 1);
        if (outcome != null) {
          failures.add("line " + lineNo + " [" + v.get("tag").getAsString() + "] " + outcome);
        }
      }
    } finally {
      reader.close();
      session.close();
    }
    assertTrue(total >= 4000, "only " + total + " vectors");
    assertTrue(covered.size() >= 40, "dtype/index combinations: " + covered.keySet());
    assertEquals(
        0,
        failures.size(),
        failures.size() + " of " + total + " failed:\n"
            + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
  }

  /** Null when the vector passes, else what went wrong. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String check(Scope scope, JsonObject v) {
    DataType dtype = DTYPES.get(v.get("dtype").getAsString());
    long[] shape = longs(v.getAsJsonArray("shape"));
    Tensor<?> input = inputTensor(dtype, shape, v.get("input"));
    String indexType = v.get("index_type").getAsString();
    Operand<?> in;
    Operand<?> begin;
    Operand<?> end;
    Operand<?> strides;
    try {
      in = Constant.create(scope, input);
    } finally {
      input.close();
    }
    begin = indexConstant(scope, indexType, v, "begin");
    end = indexConstant(scope, indexType, v, "end");
    strides = indexConstant(scope, indexType, v, "strides");
    long[] m = longs(v.getAsJsonArray("masks"));
    JsonObject expect = v.getAsJsonObject("expect");
    Tensor<?> out;
    try {
      out =
          StridedSlice.create(
                  scope,
                  (Operand) in,
                  (Operand) begin,
                  (Operand) end,
                  (Operand) strides,
                  StridedSlice.beginMask(m[0])
                      .endMask(m[1])
                      .ellipsisMask(m[2])
                      .newAxisMask(m[3])
                      .shrinkAxisMask(m[4]))
              .output()
              .tensor();
    } catch (RuntimeException e) {
      if (!expect.has("error")) {
        return "failed with " + e;
      }
      String cls = expect.get("error").getAsString();
      Class<?> want =
          cls.equals("UnimplementedError")
              ? UnsupportedOperationException.class
              : IllegalArgumentException.class;
      if (e.getClass() != want || !expect.get("message").getAsString().equals(e.getMessage())) {
        return "threw " + e + ", expected " + cls + " " + expect.get("message");
      }
      return null;
    }
    if (expect.has("error")) {
      return "succeeded, expected " + expect;
    }
    if (!Arrays.equals(longs(expect.getAsJsonArray("shape")), out.shape())) {
      return "shape " + Arrays.toString(out.shape()) + " != " + expect.get("shape");
    }
    if (out.dataType() != dtype) {
      return "dtype " + out.dataType();
    }
    ByteBuffer bytes = ByteBuffer.allocate(out.numBytes()).order(ByteOrder.nativeOrder());
    out.writeTo(bytes);
    bytes.flip();
    if (dtype == DataType.STRING) {
      List<String> got = decodeStrings(bytes, elementCount(out.shape()));
      List<String> want = new ArrayList<String>();
      for (JsonElement s : expect.getAsJsonArray("output")) {
        want.add(s.getAsString());
      }
      return got.equals(want) ? null : "values " + got + " != " + want;
    }
    String got = hex(bytes);
    String want = expect.get("output").getAsString();
    return got.equals(want) ? null : "values " + got + " != " + want;
  }

  private static Operand<?> indexConstant(Scope scope, String indexType, JsonObject v, String key) {
    long[] values = longs(v.getAsJsonArray(key));
    long[] shape =
        v.has(key + "_shape") ? longs(v.getAsJsonArray(key + "_shape")) : new long[] {values.length};
    DataType dtype =
        indexType.equals("int16")
            ? DataType.INT16
            : indexType.equals("int32") ? DataType.INT32 : DataType.INT64;
    ByteBuffer raw =
        ByteBuffer.allocate(values.length * dtype.byteSize()).order(ByteOrder.LITTLE_ENDIAN);
    for (long x : values) {
      if (dtype == DataType.INT16) {
        raw.putShort((short) x);
      } else if (dtype == DataType.INT32) {
        raw.putInt((int) x);
      } else {
        raw.putLong(x);
      }
    }
    raw.flip();
    Tensor<?> t = Tensor.create(dtype, shape, raw);
    try {
      return Constant.create(scope, t);
    } finally {
      t.close();
    }
  }

  private static Tensor<?> inputTensor(DataType dtype, long[] shape, JsonElement input) {
    if (dtype != DataType.STRING) {
      return Tensor.create(dtype, shape, ByteBuffer.wrap(unhex(input.getAsString())));
    }
    JsonArray strings = input.getAsJsonArray();
    List<byte[]> elements = new ArrayList<byte[]>();
    for (JsonElement s : strings) {
      elements.add(s.getAsString().getBytes(StandardCharsets.UTF_8));
    }
    return Tensor.create(DataType.STRING, shape, encodeStrings(elements));
  }

  /** TF 1.x TF_STRING layout: u64 offsets, then varint length + bytes per element. */
  private static ByteBuffer encodeStrings(List<byte[]> elements) {
    int size = elements.size() * 8;
    for (byte[] e : elements) {
      size += varintLength(e.length) + e.length;
    }
    ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    long offset = 0;
    for (byte[] e : elements) {
      out.putLong(offset);
      offset += varintLength(e.length) + e.length;
    }
    for (byte[] e : elements) {
      int n = e.length;
      while (n >= 0x80) {
        out.put((byte) ((n & 0x7f) | 0x80));
        n >>>= 7;
      }
      out.put((byte) n);
      out.put(e);
    }
    out.flip();
    return out;
  }

  private static List<String> decodeStrings(ByteBuffer data, long count) {
    data.order(ByteOrder.LITTLE_ENDIAN);
    long[] offsets = new long[(int) count];
    for (int i = 0; i < count; i++) {
      offsets[i] = data.getLong();
    }
    int base = data.position();
    List<String> out = new ArrayList<String>();
    for (long offset : offsets) {
      data.position(base + (int) offset);
      int len = 0;
      int shift = 0;
      int b;
      do {
        b = data.get() & 0xff;
        len |= (b & 0x7f) << shift;
        shift += 7;
      } while ((b & 0x80) != 0);
      byte[] s = new byte[len];
      data.get(s);
      out.add(new String(s, StandardCharsets.UTF_8));
    }
    return out;
  }

  private static int varintLength(int n) {
    int len = 1;
    while (n >= 0x80) {
      n >>>= 7;
      len++;
    }
    return len;
  }

  private static long elementCount(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return n;
  }

  private static long[] longs(JsonArray a) {
    long[] out = new long[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).getAsLong();
    }
    return out;
  }

  private static byte[] unhex(String s) {
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  private static String hex(ByteBuffer b) {
    StringBuilder sb = new StringBuilder();
    while (b.hasRemaining()) {
      sb.append(String.format("%02x", b.get() & 0xff));
    }
    return sb.toString();
  }
}
