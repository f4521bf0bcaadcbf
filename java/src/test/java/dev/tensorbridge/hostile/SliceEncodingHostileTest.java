package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.SliceEncoding;
import dev.tensorbridge.index.Index;
import dev.tensorbridge.index.Indices;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link SliceEncoding} (project API; its Javadoc is the contract: malformed notation is an
 * {@code IllegalArgumentException} naming the entry, the {@code Indices}/helper rules otherwise).
 */
class SliceEncodingHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;

  private static String malformed(String item, int position, String spec) {
    return "Invalid slice entry '" + item + "' at position " + position + " of \"" + spec
        + "\": expected an integer, start:stop[:step], ... or newaxis";
  }

  @TestFactory
  List<DynamicTest> parse() {
    Cases c = new Cases();
    c.fails("parse(null)", NullPointerException.class, ANY_MESSAGE, () -> SliceEncoding.parse(null));
    String[][] bad = {
      {"a", "a", "0"}, {"1:2:3:4", "1:2:3:4", "0"}, {"1,,2", "", "1"}, {"1:x", "1:x", "0"}, {",", "", "0"},
      {"0x10", "0x10", "0"}, {"1e3", "1e3", "0"}, {"99999999999999999999", "99999999999999999999", "0"},
      {"1, 2, ....", "....", "2"}, {"none", "none", "0"}, {"np.newaxis", "np.newaxis", "0"}, {"1 2", "1 2", "0"},
      {"--1", "--1", "0"}, {"1:2:", "1:2:", "-"}, {":::", ":::", "0"}
    };
    for (String[] b : bad) {
      if (b[2].equals("-")) {
        continue; // "1:2:" is legal: an empty step is 1
      }
      c.fails("parse(\"" + b[0] + "\")", IAE, malformed(b[1], Integer.parseInt(b[2]), b[0]), () -> SliceEncoding.parse(b[0]));
    }
    c.fails("zero step", IAE, "Can not have a stride of 0", () -> SliceEncoding.parse("::0"));
    c.fails("value beyond int", IAE,
        "Can't convert long begin value to int for index At(coord=99999999999, keepDim=false): Out of bounds",
        () -> SliceEncoding.parse("99999999999"));
    c.fails("step beyond int", IAE,
        "Can't convert long stride value to int for index Step(stride=4294967296): Out of bounds",
        () -> SliceEncoding.parse("::4294967296"));
    c.fails("two ellipses", IAE, "Can not have two ellipsis in a slice", () -> SliceEncoding.parse("..., 1, Ellipsis"));
    c.fails("of(null)", NullPointerException.class, ANY_MESSAGE, () -> SliceEncoding.of((Index[]) null));
    c.fails("of(non-compliant)", UnsupportedOperationException.class, "Index Odd is not supported for Tensors",
        () -> SliceEncoding.of(new Index() {
          @Override
          public boolean isStridedSlicingCompliant() {
            return false;
          }

          @Override
          public String toString() {
            return "Odd";
          }
        }));
    c.succeeds("blank is the identity, an empty step is 1, + signs parse", () -> {
      assertEquals(0, SliceEncoding.parse(" \t ").begin().length);
      SliceEncoding e = SliceEncoding.parse(" +1 : 2 : ");
      assertArrayEquals(new int[] {1}, e.begin());
      assertArrayEquals(new int[] {2}, e.end());
      assertArrayEquals(new int[] {1}, e.strides());
    });
    c.succeeds("non-ASCII decimal digits parse, as Python's int() does", () ->
        assertArrayEquals(new int[] {1}, SliceEncoding.parse("\u0661").begin()));
    c.succeeds("accessors return copies", () -> {
      SliceEncoding e = SliceEncoding.of(Indices.at(3));
      e.begin()[0] = 99;
      e.end()[0] = 99;
      e.strides()[0] = 99;
      assertArrayEquals(new int[] {3}, e.begin());
      assertArrayEquals(new int[] {4}, e.end());
      assertArrayEquals(new int[] {1}, e.strides());
    });
    c.succeeds("int extremes fit", () -> {
      SliceEncoding e = SliceEncoding.parse("-2147483648:2147483647:-2147483648");
      assertArrayEquals(new int[] {Integer.MIN_VALUE}, e.begin());
      assertArrayEquals(new int[] {Integer.MAX_VALUE}, e.end());
    });
    return c.build();
  }
}
