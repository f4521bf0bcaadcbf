package dev.tensorbridge.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** docs/contracts/strided_slice.md#indices: the mapping of every factory and its toString. */
class IndicesTest {
  /** begin, end, stride, then flags B E point newAxis ellipsis as 0/1. */
  private static void assertIndex(Index idx, long b, long e, long s, String flags, String text) {
    assertEquals(b, idx.begin(), text);
    assertEquals(e, idx.end(), text);
    assertEquals(s, idx.stride(), text);
    String got =
        (idx.beginMask() ? "B" : "-")
            + (idx.endMask() ? "E" : "-")
            + (idx.isPoint() ? "P" : "-")
            + (idx.isNewAxis() ? "N" : "-")
            + (idx.isEllipsis() ? "." : "-");
    assertEquals(flags, got, text);
    assertEquals(true, idx.isStridedSlicingCompliant());
    assertEquals(text, idx.toString());
  }

  @Test
  void mappingTable() {
    assertIndex(Indices.all(), 0, 0, 1, "BE---", "All()");
    assertSame(Indices.all(), Indices.slice((Long) null, (Long) null));
    assertSame(Indices.all(), Indices.slice(null, null, 1));
    assertIndex(Indices.at(2), 2, 3, 1, "--P--", "At(coord=2, keepDim=false)");
    assertIndex(Indices.at(2, true), 2, 3, 1, "-----", "At(coord=2, keepDim=true)");
    assertIndex(Indices.at(-1, true), -1, 0, 1, "-E---", "At(coord=-1, keepDim=true)");
    assertIndex(Indices.at(-1), -1, 0, 1, "--P--", "At(coord=-1, keepDim=false)");
    assertIndex(Indices.at(-2, true), -2, -1, 1, "-----", "At(coord=-2, keepDim=true)");
    assertIndex(Indices.slice(1, 3), 1, 3, 1, "-----", "Slice(start=1, end=3, stride=1)");
    assertIndex(Indices.slice(1, 3, 2), 1, 3, 2, "-----", "Slice(start=1, end=3, stride=2)");
    assertIndex(Indices.range(1, 3), 1, 3, 1, "-----", "Slice(start=1, end=3, stride=1)");
    assertIndex(Indices.slice(1L, 3L), 1, 3, 1, "-----", "Slice(start=1, end=3, stride=1)");
    assertIndex(Indices.sliceFrom(1, 2), 1, 0, 2, "-E---", "SliceFrom(start=1, stride=2)");
    assertIndex(Indices.sliceFrom(4), 4, 0, 1, "-E---", "SliceFrom(start=4, stride=1)");
    assertIndex(Indices.slice(1L, null, 2), 1, 0, 2, "-E---", "SliceFrom(start=1, stride=2)");
    assertIndex(Indices.odd(), 1, 0, 2, "-E---", "SliceFrom(start=1, stride=2)");
    assertIndex(Indices.sliceTo(4), 0, 4, 1, "B----", "SliceTo(end=4, stride=1)");
    assertIndex(Indices.sliceTo(4, -1), 0, 4, -1, "B----", "SliceTo(end=4, stride=-1)");
    assertIndex(Indices.slice(null, 4L, 1), 0, 4, 1, "B----", "SliceTo(end=4, stride=1)");
    assertIndex(Indices.step(3), 0, 0, 3, "BE---", "Step(stride=3)");
    assertIndex(Indices.even(), 0, 0, 2, "BE---", "Step(stride=2)");
    assertIndex(Indices.flip(), 0, 0, -1, "BE---", "Step(stride=-1)");
    assertIndex(Indices.slice(null, null, -2), 0, 0, -2, "BE---", "Step(stride=-2)");
    assertIndex(Indices.newAxis(), 0, 0, 1, "---N-", "NewAxis()");
    assertIndex(Indices.ellipsis(), 0, 0, 1, "----.", "Ellipsis()");
    assertSame(Indices.newAxis(), Indices.newAxis());
    assertSame(Indices.ellipsis(), Indices.ellipsis());
  }

  @Test
  void zeroStridesAreRejectedAtConstruction() {
    for (Runnable r :
        new Runnable[] {
          () -> Indices.step(0),
          () -> Indices.slice(null, null, 0),
          () -> Indices.slice(1, 2, 0),
          () -> Indices.sliceFrom(1, 0),
          () -> Indices.sliceTo(1, 0),
        }) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
      assertEquals("Can not have a stride of 0", e.getMessage());
    }
    // At and Slice accept any long bounds.
    assertEquals(Long.MAX_VALUE, Indices.slice(Long.MAX_VALUE, Long.MIN_VALUE).begin());
  }
}
