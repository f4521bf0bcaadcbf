package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.internal.HandleReaper;
import dev.tensorbridge.internal.TensorKernels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link TensorKernels}, the public checkpoint in front of the tensor natives, called raw as a
 * careless caller would: a zero handle is a closed tensor ({@code NullPointerException("close()
 * was called on the Tensor")}), null arguments are NPEs, bad ranges are
 * {@code IndexOutOfBoundsException}s, and what only native code can judge (byte counts, dtypes,
 * shapes) comes back as {@code IllegalArgumentException}. (Non-zero garbage handles are outside
 * the contract: the class documents that callers pass live handles.) Cases already in
 * {@code dev.tensorbridge.internal.TensorKernelsTest} are not repeated.
 */
class TensorKernelsHostileTest {
  private static final Class<NullPointerException> NPE = NullPointerException.class;
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final String CLOSED = "close() was called on the Tensor";

  /** Runs {@code body} with a live INT32 [2, 2] handle, released afterwards. */
  private interface WithHandle {
    void run(long h) throws Throwable;
  }

  private static Executable live(WithHandle body) {
    return () -> {
      long h = TensorKernels.createFromInts(3, new long[] {2, 2}, new int[] {1, 2, 3, 4}, 0, 4);
      try {
        body.run(h);
      } finally {
        TensorKernels.release(h);
      }
    };
  }

  @TestFactory
  List<DynamicTest> zeroHandles() {
    Cases c = new Cases();
    c.fails("describe(0)", NPE, CLOSED, () -> TensorKernels.describe(0));
    c.fails("release(0)", NPE, CLOSED, () -> TensorKernels.release(0));
    c.fails("borrowedData(0)", NPE, CLOSED, () -> TensorKernels.borrowedData(0));
    c.fails("ownedData(0)", NPE, CLOSED, () -> TensorKernels.ownedData(0));
    c.fails("numBytes(0)", NPE, CLOSED, () -> TensorKernels.numBytes(0));
    c.fails("encodedStrings(0)", NPE, CLOSED, () -> TensorKernels.encodedStrings(0));
    c.fails("readStrings(0, 1)", NPE, CLOSED, () -> TensorKernels.readStrings(0, 1));
    c.fails("debugString(0, 3)", NPE, CLOSED, () -> TensorKernels.debugString(0, 3));
    c.fails("deviceSafeDebugString(0)", NPE, CLOSED, () -> TensorKernels.deviceSafeDebugString(0));
    c.fails("slice(0, 0, 1)", NPE, CLOSED, () -> TensorKernels.slice(0, 0, 1));
    c.fails("subSlice(0, 0)", NPE, CLOSED, () -> TensorKernels.subSlice(0, 0));
    c.fails("bitcastFrom(0, ...)", NPE, CLOSED, () -> TensorKernels.bitcastFrom(0, 6, new long[] {16}));
    c.fails("copyFrom(0, h, ...)", NPE, CLOSED, live(h -> TensorKernels.copyFrom(0, h, new long[] {4})));
    c.fails("copyFrom(h, 0, ...)", NPE, CLOSED, live(h -> TensorKernels.copyFrom(h, 0, new long[] {4})));
    c.fails("sharesBufferWith(0, h)", NPE, CLOSED, live(h -> TensorKernels.sharesBufferWith(0, h)));
    c.fails("sharesBufferWith(h, 0)", NPE, CLOSED, live(h -> TensorKernels.sharesBufferWith(h, 0)));
    c.fails("isAligned(0)", NPE, CLOSED, () -> TensorKernels.isAligned(0));
    c.fails("isInitialized(0)", NPE, CLOSED, () -> TensorKernels.isInitialized(0));
    c.fails("totalBytes(0)", NPE, CLOSED, () -> TensorKernels.totalBytes(0));
    c.fails("allocatedBytes(0)", NPE, CLOSED, () -> TensorKernels.allocatedBytes(0));
    c.fails("asProtoTensorContent(0)", NPE, CLOSED, () -> TensorKernels.asProtoTensorContent(0));
    c.fails("asProtoField(0)", NPE, CLOSED, () -> TensorKernels.asProtoField(0));
    return c.build();
  }

  @TestFactory
  List<DynamicTest> nullsAndRanges() {
    Cases c = new Cases();
    long[] shape = {2};
    c.fails("createFromRaw null shape", NPE, ANY_MESSAGE, () -> TensorKernels.createFromRaw(1, null, ByteBuffer.allocate(8)));
    c.fails("createFromRaw null data", NPE, ANY_MESSAGE, () -> TensorKernels.createFromRaw(1, shape, null));
    c.fails("createFromLongs null data", NPE, ANY_MESSAGE, () -> TensorKernels.createFromLongs(9, shape, null, 0, 2));
    c.fails("createFromFloats null shape", NPE, ANY_MESSAGE, () -> TensorKernels.createFromFloats(1, null, new float[2], 0, 2));
    c.fails("createFromDoubles null data", NPE, ANY_MESSAGE, () -> TensorKernels.createFromDoubles(2, shape, null, 0, 2));
    c.fails("createFromBooleans null data", NPE, ANY_MESSAGE, () -> TensorKernels.createFromBooleans(10, shape, null, 0, 2));
    c.fails("createFromBytes null shape", NPE, ANY_MESSAGE, () -> TensorKernels.createFromBytes(4, null, new byte[2], 0, 2));
    c.fails("createStrings null lengths", NPE, ANY_MESSAGE, () -> TensorKernels.createStrings(shape, new byte[0], null));
    c.fails("createStrings null shape", NPE, ANY_MESSAGE, () -> TensorKernels.createStrings(null, new byte[0], new int[2]));
    c.fails("createFromEncodedStrings null data", NPE, ANY_MESSAGE, () -> TensorKernels.createFromEncodedStrings(shape, null));
    c.fails("createFromEncodedStrings null shape", NPE, ANY_MESSAGE, () -> TensorKernels.createFromEncodedStrings(null, new byte[0]));
    c.fails("bitcastFrom null shape", NPE, ANY_MESSAGE, live(h -> TensorKernels.bitcastFrom(h, 6, null)));
    c.fails("copyFrom null shape", NPE, ANY_MESSAGE, live(h -> TensorKernels.copyFrom(h, h, null)));
    int[][] ranges = {{Integer.MAX_VALUE, Integer.MAX_VALUE}, {Integer.MIN_VALUE, 2}, {0, Integer.MIN_VALUE}, {2, 1}, {3, 0}};
    for (int[] r : ranges) {
      c.fails("createFromInts range [" + r[0] + ", +" + r[1] + ") of 2", IndexOutOfBoundsException.class, ANY_MESSAGE,
          () -> TensorKernels.createFromInts(3, shape, new int[2], r[0], r[1]));
    }
    return c.build();
  }

  @TestFactory
  List<DynamicTest> whatOnlyNativeCodeJudges() {
    Cases c = new Cases();
    for (int dtype : new int[] {0, -1, 24, 99, 101, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      c.fails("dtype " + dtype, IAE, ANY_MESSAGE, () -> TensorKernels.createFromRaw(dtype, new long[] {1}, ByteBuffer.allocate(4)));
    }
    c.fails("negative dimension", IAE, ANY_MESSAGE, () -> TensorKernels.createFromInts(3, new long[] {-1}, new int[0], 0, 0));
    c.fails("MIN_VALUE dimension", IAE, ANY_MESSAGE,
        () -> TensorKernels.createFromRaw(1, new long[] {Long.MIN_VALUE, 0}, ByteBuffer.allocate(0)));
    c.fails("8 bytes for a [3] float tensor", IAE, "8 bytes given for a float tensor with shape [3], which needs 12",
        () -> TensorKernels.createFromRaw(1, new long[] {3}, ByteBuffer.allocateDirect(8)));
    c.fails("longs for a float tensor", IAE, ANY_MESSAGE, () -> TensorKernels.createFromLongs(1, new long[] {2}, new long[2], 0, 2));
    c.fails("string lengths for the wrong element count", IAE, ANY_MESSAGE,
        () -> TensorKernels.createStrings(new long[] {3}, new byte[2], new int[] {1, 1}));
    c.fails("TF_STRING garbage", IAE, ANY_MESSAGE,
        () -> TensorKernels.createFromEncodedStrings(new long[] {1}, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
    c.fails("encoded offsets past the end", IAE, ANY_MESSAGE,
        () -> TensorKernels.createFromEncodedStrings(new long[] {1}, new byte[] {100, 0, 0, 0, 0, 0, 0, 0, 1, 'a'}));
    c.fails("readStrings of a non-string tensor", IAE, ANY_MESSAGE, live(h -> TensorKernels.readStrings(h, 4)));
    c.fails("readStrings(negative count)", NegativeArraySizeException.class, ANY_MESSAGE, live(h -> TensorKernels.readStrings(h, -1)));
    c.fails("slice beyond dim 0", IAE, ANY_MESSAGE, live(h -> TensorKernels.slice(h, 0, 3)));
    c.fails("subSlice(-1)", IAE, ANY_MESSAGE, live(h -> TensorKernels.subSlice(h, -1)));
    c.fails("bitcast to dtype 0", IAE, ANY_MESSAGE, live(h -> TensorKernels.bitcastFrom(h, 0, new long[] {16})));
    c.failsWithPrefix("fromProto with a 0-byte limit", IAE, "Cannot parse tensor from proto",
        () -> TensorKernels.fromProto(new byte[] {0x08, 0x01, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02}, 0));
    c.succeeds("a read-only heap source (no accessible array) is copied", () -> {
      ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 5).putInt(4, 6);
      ByteBuffer ro = b.asReadOnlyBuffer();
      ro.position(4);
      long before = HandleReaper.liveNativeHandles();
      long h = TensorKernels.createFromRaw(3, new long[] {1}, ro);
      try {
        assertEquals(4, ro.position()); // position and limit untouched
        assertArrayEquals(new long[] {3, 1, 1}, TensorKernels.describe(h));
        assertEquals(6, TensorKernels.borrowedData(h).getInt(0));
      } finally {
        TensorKernels.release(h);
      }
      assertEquals(before, HandleReaper.liveNativeHandles());
    });
    c.succeeds("readStrings of a string tensor reads every element", live(h -> {
      long s = TensorKernels.createStrings(new long[] {2}, new byte[] {'a', 'b', 'c'}, new int[] {1, 2});
      try {
        byte[][] all = TensorKernels.readStrings(s, 2);
        assertArrayEquals(new byte[] {'b', 'c'}, all[1]);
      } finally {
        TensorKernels.release(s);
      }
    }));
    return c.build();
  }
}
