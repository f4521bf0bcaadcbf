package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.index.Index;
import dev.tensorbridge.index.Indices;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link Indices} factories (docs/contracts/strided_slice.md#indices); also covers the
 * {@link Index} interface and its package-private implementations. Applying the indices:
 * {@code StridedSliceHelperHostileTest}.
 */
class IndicesHostileTest {
  private static final String ZERO = "Can not have a stride of 0";

  @TestFactory
  List<DynamicTest> factories() {
    Cases c = new Cases();
    Executable[] zeroStrides = {
      () -> Indices.slice(1, 2, 0), () -> Indices.slice(Long.valueOf(1), Long.valueOf(2), 0),
      () -> Indices.slice(null, null, 0), () -> Indices.slice(1L, null, 0), () -> Indices.slice(null, 2L, 0),
      () -> Indices.sliceFrom(1, 0), () -> Indices.sliceTo(1, 0), () -> Indices.step(0),
      () -> Indices.slice(Long.MIN_VALUE, Long.MAX_VALUE, 0)
    };
    String[] names = {"slice(1,2,0)", "slice(Long,Long,0)", "slice(null,null,0)", "slice(1L,null,0)",
        "slice(null,2L,0)", "sliceFrom(1,0)", "sliceTo(1,0)", "step(0)", "slice(MIN,MAX,0)"};
    for (int i = 0; i < zeroStrides.length; i++) {
      c.fails(names[i], IllegalArgumentException.class, ZERO, zeroStrides[i]);
    }
    c.succeeds("extreme values are stored as given", () -> {
      Index s = Indices.slice(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE);
      assertEquals(Long.MIN_VALUE, s.begin());
      assertEquals(Long.MAX_VALUE, s.end());
      assertEquals(Long.MIN_VALUE, s.stride());
      assertEquals("Slice(start=-9223372036854775808, end=9223372036854775807, stride=-9223372036854775808)", s.toString());
    });
    c.succeeds("at(MAX_VALUE).end() wraps like c + 1", () -> {
      Index a = Indices.at(Long.MAX_VALUE);
      assertEquals(Long.MIN_VALUE, a.end());
      assertTrue(a.isPoint());
    });
    // docs/contracts/strided_slice.md#end-mask-fix-for-at-1-true
    c.succeeds("at(-1, true) sets the end mask", () -> {
      assertTrue(Indices.at(-1, true).endMask());
      assertEquals(false, Indices.at(-2, true).endMask());
      assertEquals(false, Indices.at(-1, true).isPoint());
    });
    c.succeeds("slice(null, null) is all(), slice(null, null, 1) too", () -> {
      assertSame(Indices.all(), Indices.slice((Long) null, (Long) null));
      assertSame(Indices.all(), Indices.slice(null, null, 1));
      assertEquals("Step(stride=-1)", Indices.slice(null, null, -1).toString());
    });
    return c.build();
  }
}
