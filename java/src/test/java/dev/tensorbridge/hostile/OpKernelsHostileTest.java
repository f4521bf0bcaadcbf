package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.internal.HandleReaper;
import dev.tensorbridge.internal.OpKernels;
import dev.tensorbridge.internal.TensorKernels;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link OpKernels}, the public checkpoint in front of the op natives, called with raw handles: a
 * zero handle in any position is a closed tensor, and the kernel's own validation (mask range,
 * index dtype) reports TensorFlow's messages. Every handle made here is released.
 */
class OpKernelsHostileTest {
  private static final String CLOSED = "close() was called on the Tensor";

  private static long ints(int... v) {
    return TensorKernels.createFromInts(3, new long[] {v.length}, v, 0, v.length);
  }

  /** x = [10, 11, 12], begin {0}, end {2}, strides {1}; masks as given. */
  private static Executable slice(int zeroAt, long... masks) {
    return () -> {
      long before = HandleReaper.liveNativeHandles();
      long[] h = {ints(10, 11, 12), ints(0), ints(2), ints(1)};
      long[] args = h.clone();
      if (zeroAt >= 0) {
        args[zeroAt] = 0;
      }
      try {
        long out = OpKernels.stridedSlice(args[0], args[1], args[2], args[3], masks[0], masks[1], masks[2], masks[3], masks[4]);
        TensorKernels.release(out);
      } finally {
        for (long x : h) {
          TensorKernels.release(x);
        }
        assertEquals(before, HandleReaper.liveNativeHandles());
      }
    };
  }

  @TestFactory
  List<DynamicTest> handlesAndAttributes() {
    Cases c = new Cases();
    for (int i = 0; i < 4; i++) {
      c.fails("zero handle at position " + i, NullPointerException.class, CLOSED, slice(i, 0, 0, 0, 0, 0));
    }
    c.fails("share(0)", NullPointerException.class, CLOSED, () -> OpKernels.share(0));
    String[] names = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
    for (int m = 0; m < 5; m++) {
      long[] masks = new long[5];
      masks[m] = -(1L << 40);
      c.fails(names[m] + " out of int32 range", IllegalArgumentException.class,
          "Attr " + names[m] + " has value " + masks[m] + " out of range for an int32", slice(-1, masks));
    }
    c.fails("float begin/end/strides", IllegalArgumentException.class, "begin must be either int16, int32 or int64", () -> {
      long x = ints(1, 2);
      long f = TensorKernels.createFromFloats(1, new long[] {1}, new float[] {0}, 0, 1);
      try {
        OpKernels.stridedSlice(x, f, f, f, 0, 0, 0, 0, 0);
      } finally {
        TensorKernels.release(x);
        TensorKernels.release(f);
      }
    });
    c.fails("input passed as its own begin/end/strides", IllegalArgumentException.class,
        "Index out of range using input dim 1; input has only 1 dims", () -> {
          long x = ints(10, 11, 12);
          try {
            OpKernels.stridedSlice(x, x, x, x, 0, 0, 0, 0, 1);
          } finally {
            TensorKernels.release(x);
          }
        });
    c.succeeds("a shared handle outlives the original", () -> {
      long x = ints(10, 11, 12);
      long y = OpKernels.share(x);
      TensorKernels.release(x);
      try {
        assertArrayEquals(new long[] {3, 1, 3}, TensorKernels.describe(y));
        assertEquals(12, TensorKernels.borrowedData(y).getInt(8));
      } finally {
        TensorKernels.release(y);
      }
    });
    c.succeeds("all valid: released handles balance", slice(-1, 0, 0, 0, 0, 0));
    return c.build();
  }
}
