package org.tensorflow.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * Replays {@code tests/vectors/shape.jsonl} (format: {@code tests/vectors/shape.format.md}), the
 * vectors the Rust {@code shape} module replays too, one dynamic test per line.
 */
class ShapeVectorsTest {

  private static final String VECTORS = "tests/vectors/shape.jsonl";

  /** The project root is Maven's working directory; {@code basedir} is a fallback. */
  static File vectorFile() {
    File file = new File(VECTORS);
    if (!file.isFile() && System.getProperty("basedir") != null) {
      file = new File(System.getProperty("basedir"), VECTORS);
    }
    return file;
  }

  static List<JsonObject> readVectors() throws IOException {
    List<JsonObject> vectors = new ArrayList<JsonObject>();
    BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(new FileInputStream(vectorFile()), StandardCharsets.UTF_8));
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

  @Test
  void vectorFileCoversEveryPublicOperation() throws IOException {
    List<JsonObject> vectors = readVectors();
    assertTrue(vectors.size() >= 200, "expected at least 200 vectors, got " + vectors.size());
    String[] ops = {
      "size", "get", "numDimensions", "hasUnknownDimension", "isScalar", "isVector", "isMatrix",
      "isUnknown", "asArray", "toListOrNull", "head", "tail", "take", "takeLast", "subShape",
      "prepend", "append", "isCompatibleWith", "isCompatible", "hashCode", "equals", "toString"
    };
    for (String op : ops) {
      boolean found = false;
      for (JsonObject vector : vectors) {
        found |= vector.get("op").getAsString().equals(op);
      }
      assertTrue(found, "no vector for " + op);
    }
  }

  @TestFactory
  List<DynamicTest> replay() throws IOException {
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    int lineNumber = 0;
    for (final JsonObject vector : readVectors()) {
      lineNumber++;
      String name = "line " + lineNumber + ": " + vector.get("expr").getAsString();
      tests.add(
          DynamicTest.dynamicTest(
              name,
              new Executable() {
                @Override
                public void execute() {
                  check(vector);
                }
              }));
    }
    return tests;
  }

  private static void check(JsonObject vector) {
    String expr = vector.get("expr").getAsString();
    Object result;
    try {
      result = invoke(vector);
    } catch (RuntimeException e) {
      if (!vector.has("error")) {
        throw new AssertionError(expr + " threw unexpectedly", e);
      }
      assertEquals(vector.get("error").getAsString(), e.getClass().getSimpleName(), expr);
      assertEquals("java.lang", e.getClass().getPackage().getName(), expr);
      if (vector.has("message")) {
        assertEquals(vector.get("message").getAsString(), e.getMessage(), expr);
      }
      return;
    }
    if (vector.has("error")) {
      fail(expr + " returned " + describe(result) + " instead of " + vector.get("error"));
    }
    assertExpected(vector.get("op").getAsString(), vector.get("expect"), result, expr);
  }

  private static void assertExpected(String op, JsonElement expect, Object result, String expr) {
    if (result instanceof Shape) {
      Shape shape = (Shape) result;
      assertFalse(shape.isUnknown(), expr);
      assertArrayEquals(toLongs(expect), shape.asArray(), expr);
    } else if (op.equals("asArray")) {
      if (expect.isJsonNull()) {
        assertNull(result, expr);
      } else {
        assertArrayEquals(toLongs(expect), (long[]) result, expr);
      }
    } else if (op.equals("toListOrNull")) {
      if (expect.isJsonNull()) {
        assertNull(result, expr);
      } else {
        assertEquals(toList(expect), result, expr);
      }
    } else if (result instanceof Boolean) {
      assertEquals(expect.getAsBoolean(), result, expr);
    } else if (result instanceof Long) {
      assertEquals(expect.getAsLong(), ((Long) result).longValue(), expr);
    } else if (result instanceof Integer) {
      assertEquals(expect.getAsInt(), ((Integer) result).intValue(), expr);
    } else if (result instanceof String) {
      assertEquals(expect.getAsString(), result, expr);
    } else {
      fail(expr + ": no rule to compare " + describe(result));
    }
  }

  private static Shape receiver(JsonObject vector) {
    String ctor = vector.has("ctor") ? vector.get("ctor").getAsString() : "";
    if (ctor.equals("scalar")) {
      return Shape.scalar();
    }
    if (ctor.equals("of_null")) {
      return Shape.of((long[]) null);
    }
    if (ctor.equals("unknown")) {
      return Shape.unknown();
    }
    assertTrue(ctor.isEmpty(), "unknown ctor " + ctor);
    return shapeOf(vector.get("dims"));
  }

  private static Shape shapeOf(JsonElement dims) {
    return dims.isJsonNull() ? Shape.unknown() : Shape.of(toLongs(dims));
  }

  /** A Shape-typed argument: {"shape": [...] | null} or a JSON null (a Java null reference). */
  private static Shape shapeArg(JsonElement arg) {
    if (arg.isJsonNull()) {
      return null;
    }
    return shapeOf(arg.getAsJsonObject().get("shape"));
  }

  private static Object invoke(JsonObject vector) {
    String op = vector.get("op").getAsString();
    JsonArray args = vector.getAsJsonArray("args");
    if (op.equals("isCompatible")) {
      return Shape.isCompatible(args.get(0).getAsLong(), args.get(1).getAsLong());
    }
    Shape s = receiver(vector);
    if (op.equals("size")) {
      return args.size() == 0 ? s.size() : s.size(args.get(0).getAsInt());
    } else if (op.equals("get")) {
      return s.get(args.get(0).getAsInt());
    } else if (op.equals("numDimensions")) {
      return s.numDimensions();
    } else if (op.equals("hasUnknownDimension")) {
      return s.hasUnknownDimension();
    } else if (op.equals("isScalar")) {
      return s.isScalar();
    } else if (op.equals("isVector")) {
      return s.isVector();
    } else if (op.equals("isMatrix")) {
      return s.isMatrix();
    } else if (op.equals("isUnknown")) {
      return s.isUnknown();
    } else if (op.equals("asArray")) {
      return s.asArray();
    } else if (op.equals("toListOrNull")) {
      return s.toListOrNull();
    } else if (op.equals("head")) {
      return s.head();
    } else if (op.equals("tail")) {
      return s.tail();
    } else if (op.equals("take")) {
      return s.take(args.get(0).getAsInt());
    } else if (op.equals("takeLast")) {
      return s.takeLast(args.get(0).getAsInt());
    } else if (op.equals("subShape")) {
      return s.subShape(args.get(0).getAsInt(), args.get(1).getAsInt());
    } else if (op.equals("prepend")) {
      JsonElement arg = args.get(0);
      return isNumber(arg) ? s.prepend(arg.getAsLong()) : s.prepend(shapeArg(arg));
    } else if (op.equals("append")) {
      JsonElement arg = args.get(0);
      return isNumber(arg) ? s.append(arg.getAsLong()) : s.append(shapeArg(arg));
    } else if (op.equals("isCompatibleWith")) {
      return s.isCompatibleWith(shapeArg(args.get(0)));
    } else if (op.equals("hashCode")) {
      return s.hashCode();
    } else if (op.equals("toString")) {
      return s.toString();
    } else if (op.equals("equals")) {
      return s.equals(equalsArg(s, args.get(0)));
    }
    throw new AssertionError("unknown op " + op);
  }

  private static Object equalsArg(Shape self, JsonElement arg) {
    if (arg.isJsonPrimitive() && arg.getAsString().equals("self")) {
      return self;
    }
    if (arg.isJsonObject() && arg.getAsJsonObject().has("list")) {
      return toList(arg.getAsJsonObject().get("list"));
    }
    return shapeArg(arg);
  }

  private static boolean isNumber(JsonElement e) {
    return e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber();
  }

  private static long[] toLongs(JsonElement array) {
    assertNotNull(array);
    JsonArray values = array.getAsJsonArray();
    long[] longs = new long[values.size()];
    for (int i = 0; i < longs.length; i++) {
      longs[i] = values.get(i).getAsLong();
    }
    return longs;
  }

  private static List<Long> toList(JsonElement array) {
    List<Long> list = new ArrayList<Long>();
    for (long value : toLongs(array)) {
      list.add(value);
    }
    return list;
  }

  private static String describe(Object result) {
    if (result instanceof long[]) {
      return java.util.Arrays.toString((long[]) result);
    }
    return String.valueOf(result);
  }
}
