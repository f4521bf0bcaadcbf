package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.tensorbridge.index.Index;
import dev.tensorbridge.index.Indices;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSliceHelper;

/**
 * {@link StridedSliceHelper} (docs/contracts/strided_slice.md#stridedslicehelper). {@link Index}
 * is a public interface, so a hostile caller can implement it with any values; the {@code Indices}
 * factories are covered in {@code IndicesHostileTest}.
 */
class StridedSliceHelperHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final EagerSession SESSION = EagerSession.create();
  private static final Scope S = new Scope(SESSION);
  private static final Constant<Integer> X = Constant.create(S, new int[][] {{0, 1, 2}, {3, 4, 5}});

  @AfterAll
  static void close() {
    SESSION.close();
  }

  /** A caller-made index with the given values and a fixed name. */
  private static Index custom(String name, long begin, long end, long stride, boolean compliant) {
    return new Index() {
      @Override
      public long begin() {
        return begin;
      }

      @Override
      public long end() {
        return end;
      }

      @Override
      public long stride() {
        return stride;
      }

      @Override
      public boolean isStridedSlicingCompliant() {
        return compliant;
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }

  @TestFactory
  List<DynamicTest> indices() {
    Cases c = new Cases();
    c.fails("null varargs", NullPointerException.class, ANY_MESSAGE,
        () -> StridedSliceHelper.stridedSlice(S, X, (Index[]) null));
    c.fails("null scope", NullPointerException.class, ANY_MESSAGE,
        () -> StridedSliceHelper.stridedSlice(null, X, Indices.all()));
    c.fails("null input", NullPointerException.class, ANY_MESSAGE,
        () -> StridedSliceHelper.stridedSlice(S, null, Indices.all()));
    c.fails("non-compliant index", UnsupportedOperationException.class, "Index Weird is not supported for Tensors",
        () -> StridedSliceHelper.stridedSlice(S, X, custom("Weird", 0, 0, 1, false)));
    long[][] bad = {{Long.MAX_VALUE, 0, 1}, {Integer.MIN_VALUE - 1L, 0, 1}, {0, Long.MIN_VALUE, 1},
        {0, Integer.MAX_VALUE + 1L, 1}, {0, 1, 1L << 40}, {0, 1, Integer.MIN_VALUE - 1L}};
    String[] which = {"begin", "begin", "end", "end", "stride", "stride"};
    for (int i = 0; i < bad.length; i++) {
      long[] v = bad[i];
      c.fails(which[i] + " " + v[0] + "/" + v[1] + "/" + v[2], IAE,
          "Can't convert long " + which[i] + " value to int for index Big: Out of bounds",
          () -> StridedSliceHelper.stridedSlice(S, X, custom("Big", v[0], v[1], v[2], true)));
    }
    c.fails("begin checked before end", IAE, "Can't convert long begin value to int for index Both: Out of bounds",
        () -> StridedSliceHelper.stridedSlice(S, X, custom("Both", Long.MAX_VALUE, Long.MAX_VALUE, 1, true)));
    c.fails("at(MAX_VALUE): end does not fit", IAE,
        "Can't convert long end value to int for index At(coord=2147483647, keepDim=false): Out of bounds",
        () -> StridedSliceHelper.stridedSlice(S, X, Indices.at(Integer.MAX_VALUE)));
    c.fails("two ellipses", IAE, "Can not have two ellipsis in a slice",
        () -> StridedSliceHelper.stridedSlice(S, X, Indices.ellipsis(), Indices.at(0), Indices.ellipsis()));
    Index[] all32 = new Index[32];
    java.util.Arrays.fill(all32, Indices.all());
    c.fails("32 indices set bit 31 of the masks", IAE, "Attr begin_mask has value 4294967295 out of range for an int32",
        () -> StridedSliceHelper.stridedSlice(S, X, all32));
    c.fails("a custom zero stride reaches the kernel", IAE, "strides[0] must be non-zero",
        () -> StridedSliceHelper.stridedSlice(S, X, custom("Zero", 0, 1, 0, true)));
    c.fails("an index whose accessor throws", IllegalStateException.class, "boom",
        () -> StridedSliceHelper.stridedSlice(S, X, new Index() {
          @Override
          public long begin() {
            throw new IllegalStateException("boom");
          }
        }));
    c.fails("point index on a scalar", IAE, "Attempting to slice scalar input.",
        () -> StridedSliceHelper.stridedSlice(S, Constant.create(S, 1), Indices.at(0)));
    c.fails("point out of bounds", IAE, "slice index 2 of dimension 0 out of bounds.",
        () -> StridedSliceHelper.stridedSlice(S, X, Indices.at(2)));
    c.succeeds("null entries mean all()", () -> assertArrayEquals(new int[] {2, 5},
        StridedSliceHelper.stridedSlice(S, X, null, Indices.at(-1)).asOutput().tensor().copyTo(new int[2])));
    c.succeeds("a default-method index is a zero-width range", () -> assertArrayEquals(new long[] {0, 3},
        StridedSliceHelper.stridedSlice(S, X, new Index() { }).asOutput().tensor().shape()));
    c.succeeds("huge ranges clamp", () -> assertArrayEquals(new long[] {2, 3},
        StridedSliceHelper.stridedSlice(S, X, Indices.slice(Integer.MIN_VALUE, Integer.MAX_VALUE)).asOutput().tensor().shape()));
    return c.build();
  }
}
