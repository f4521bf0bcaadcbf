package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * Replays the TensorFlow 2.21 golden files through the Java API, so the JNI path is checked
 * against TensorFlow's own output: {@code tests/vectors/summarize.jsonl} (SummarizeValue) and
 * {@code tests/vectors/tensor_proto.jsonl} (serialize_tensor bytes, FromProto accept/reject).
 */
class TensorGoldenVectorsTest {

  static List<JsonObject> read(String name) throws IOException {
    File file = new File("tests/vectors/" + name);
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), "tests/vectors/" + name);
    }
    List<JsonObject> vectors = new ArrayList<JsonObject>();
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(new FileInputStream(file), StandardCharsets.UTF_8));
    try {
      String line;
      while ((line = reader.readLine()) != null) {
        if (!line.trim().isEmpty()) {
          vectors.add(JsonParser.parseString(line).getAsJsonObject());
        }
      }
    } finally {
      reader.close();
    }
    return vectors;
  }

  static byte[] unhex(String hex) {
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(String.format("%02x", b & 0xff));
    }
    return s.toString();
  }

  static long[] longs(JsonArray array) {
    long[] out = new long[array.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = array.get(i).getAsLong();
    }
    return out;
  }

  /**
   * The documented Java rendering of summary bytes (Tensor#summarizeValue): valid UTF-8 decoded,
   * every byte of an invalid sequence as {@code \xNN}. Independent of the native implementation.
   */
  static String render(byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length * 4 + 4);
    while (true) {
      CoderResult result = decoder.decode(in, out, true);
      if (result.isUnderflow()) {
        break;
      }
      for (int i = 0; i < result.length(); i++) {
        out.put(String.format("\\x%02x", in.get() & 0xff));
      }
    }
    decoder.flush(out);
    out.flip();
    return out.toString();
  }

  /** TF 1.x's TF_STRING layout of {@code strings} (8-byte offsets, varint-prefixed bytes). */
  static ByteBuffer tfStrings(List<byte[]> strings) {
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    ByteBuffer offsets = ByteBuffer.allocate(8 * strings.size()).order(ByteOrder.LITTLE_ENDIAN);
    for (byte[] s : strings) {
      offsets.putLong(data.size());
      int n = s.length;
      while (n >= 0x80) {
        data.write((n & 0x7f) | 0x80);
        n >>>= 7;
      }
      data.write(n);
      data.write(s, 0, s.length);
    }
    byte[] tail = data.toByteArray();
    ByteBuffer all = ByteBuffer.allocate(offsets.capacity() + tail.length);
    all.put(offsets.array()).put(tail).flip();
    return all;
  }

  static List<byte[]> hexList(JsonArray array) {
    List<byte[]> out = new ArrayList<byte[]>();
    for (JsonElement e : array) {
      out.add(unhex(e.getAsString()));
    }
    return out;
  }

  @TestFactory
  List<DynamicTest> summarizeValueMatchesTensorFlow() throws IOException {
    List<JsonObject> vectors = read("summarize.jsonl");
    assertTrue(vectors.size() >= 1000, "summarize vectors: " + vectors.size());
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    int index = 0;
    for (final JsonObject v : vectors) {
      String name = "summarize#" + index++ + " " + v.get("dtype").getAsString() + " " + v.get("shape");
      tests.add(
          DynamicTest.dynamicTest(
              name,
              new Executable() {
                @Override
                public void execute() {
                  DataType dtype = DataType.fromC(v.get("dtype_enum").getAsInt());
                  long[] shape = longs(v.getAsJsonArray("shape"));
                  ByteBuffer data =
                      v.has("strings_hex")
                          ? tfStrings(hexList(v.getAsJsonArray("strings_hex")))
                          : ByteBuffer.wrap(unhex(v.get("data_hex").getAsString()));
                  String expected =
                      v.has("expected")
                          ? v.get("expected").getAsString()
                          : render(unhex(v.get("expected_hex").getAsString()));
                  try (Tensor<?> t = Tensor.create(dtype, shape, data)) {
                    assertEquals(
                        expected,
                        t.summarizeValue(
                            v.get("max_entries").getAsLong(), v.get("print_v2").getAsBoolean()));
                  }
                }
              }));
    }
    return tests;
  }

  @TestFactory
  List<DynamicTest> protoVectorsMatchTensorFlow() throws IOException {
    List<JsonObject> vectors = read("tensor_proto.jsonl");
    assertTrue(vectors.size() >= 1000, "proto vectors: " + vectors.size());
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    for (final JsonObject v : vectors) {
      tests.add(
          DynamicTest.dynamicTest(
              v.get("id").getAsString(),
              new Executable() {
                @Override
                public void execute() {
                  if (v.get("kind").getAsString().equals("serialize")) {
                    checkSerialize(v);
                  } else {
                    checkParse(v);
                  }
                }
              }));
    }
    return tests;
  }

  private static void checkSerialize(JsonObject v) {
    DataType dtype = DataType.fromC(v.get("dtype").getAsInt());
    long[] dims = longs(v.getAsJsonArray("dims"));
    JsonObject data = v.getAsJsonObject("data");
    byte[] expected = unhex(v.get("expected_hex").getAsString());
    boolean field = v.get("form").getAsString().equals("field");
    Tensor<?> t;
    if (data.has("raw")) {
      t = Tensor.create(dtype, dims, ByteBuffer.wrap(unhex(data.get("raw").getAsString())));
    } else if (data.has("strings")) {
      t = Tensor.create(DataType.STRING, dims, tfStrings(hexList(data.getAsJsonArray("strings"))));
    } else {
      // Variant tensors cannot be built from Java: decode TensorFlow's bytes and re-encode.
      t = Tensor.fromProto(expected);
    }
    try {
      assertEquals(dtype, t.dataType());
      assertEquals(hex(expected), hex(field ? t.asProtoField() : t.asProtoTensorContent()));
    } finally {
      t.close();
    }
  }

  private static void checkParse(JsonObject v) {
    final byte[] input = unhex(v.get("input_hex").getAsString());
    boolean typeMismatch =
        v.has("error") && v.get("error").getAsString().startsWith("Type mismatch");
    if (!v.get("ok").getAsBoolean() && !typeMismatch) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              new Executable() {
                @Override
                public void execute() {
                  Tensor.fromProto(input).close();
                }
              });
      assertTrue(
          e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
      return;
    }
    // FromProto keeps the proto's dtype; ParseTensor's out_type check is not part of it.
    try (Tensor<?> t = Tensor.fromProto(input)) {
      if (typeMismatch) {
        return;
      }
      assertArrayEquals(longs(v.getAsJsonArray("dims")), t.shape());
      if (v.has("raw")) {
        ByteBuffer data = t.tensorData();
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        assertEquals(v.get("raw").getAsString(), hex(bytes));
      }
      if (v.has("reserialized_hex")) {
        byte[] serialized =
            t.dataType() == DataType.STRING ? t.asProtoField() : t.asProtoTensorContent();
        assertEquals(v.get("reserialized_hex").getAsString(), hex(serialized));
      }
    }
  }
}
