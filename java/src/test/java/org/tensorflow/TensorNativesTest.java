package org.tensorflow;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.PrivateNatives;
import dev.tensorbridge.hostile.Cases;
import dev.tensorbridge.internal.Diagnostics;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * The private natives of {@link Tensor}, {@link NativeHandle} and {@link EagerOperationBuilder}
 * called directly, as a hostile caller that got past the Java facade would: every argument the
 * facade no longer checks (ranges, dtypes, shapes, byte counts) is refused natively, and a handle
 * that is not live (made up, stale, released twice, or whose slot was reused) is an {@code
 * IllegalStateException} from the native registry, never a use-after-free.
 */
class TensorNativesTest {
  private static final Class<IllegalStateException> ISE = IllegalStateException.class;
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final Class<NullPointerException> NPE = NullPointerException.class;

  static Object tensor(String name, Object... args) throws Throwable {
    return PrivateNatives.call(Tensor.class, name, args);
  }

  static long ints(int... v) throws Throwable {
    return (Long) tensor("createFromInts", 3, new long[] {v.length}, v, 0, v.length);
  }

  /** The raw handle a tensor owns (read reflectively: nothing in the API hands it out). */
  static long handleOf(Tensor<?> t) throws Exception {
    java.lang.reflect.Field owner = Tensor.class.getDeclaredField("handle");
    owner.setAccessible(true);
    java.lang.reflect.Field raw = NativeHandle.class.getDeclaredField("handle");
    raw.setAccessible(true);
    return raw.getLong(owner.get(t));
  }

  static void release(long h) throws Throwable {
    PrivateNatives.call(NativeHandle.class, "release", h);
  }

  /** The index of eager op {@code type} (the registry's order, as the builder reads it). */
  static int eagerOp(String type) throws Throwable {
    return java.util.Arrays.asList(
            (String[]) PrivateNatives.call(EagerOperationBuilder.class, "opTypes"))
        .indexOf(type);
  }

  /** The eager execute native as the builder calls it; the output's handle. */
  static long execute(String type, long[] inputs, AttrEncoder attrs) throws Throwable {
    long[] io = new long[Math.max(8, inputs.length + attrs.length())];
    System.arraycopy(inputs, 0, io, 0, inputs.length);
    attrs.writeTo(io, inputs.length);
    long[] result =
        (long[])
            PrivateNatives.call(EagerOperationBuilder.class, "execute", eagerOp(type), io,
                inputs.length, attrs.length(), attrs.bytes());
    return result[0];
  }

  /** StridedSlice through the eager execute native, with all five masks set. */
  static long stridedSlice(long input, long begin, long end, long strides, long... masks)
      throws Throwable {
    AttrEncoder attrs = new AttrEncoder();
    String[] names = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
    for (int i = 0; i < names.length; i++) {
      attrs.putLong(names[i], masks[i]);
    }
    return execute("StridedSlice", new long[] {input, begin, end, strides}, attrs);
  }

  /**
   * Const through the eager execute native, its value attribute given as handle {@code value}
   * (encoded by hand: the encoder takes only handles a {@code NativeHandle} owns).
   */
  static long constant(long value) throws Throwable {
    // {kind TENSOR, single, name length 5, handle}, {kind TYPE, single, name length 5, INT32}
    long[] io = {6, -1, 5, value, 4, -1, 5, DataType.INT32.c()};
    long[] result =
        (long[])
            PrivateNatives.call(EagerOperationBuilder.class, "execute", eagerOp("Const"), io, 0,
                io.length, "valuedtype".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return result[0];
  }

  /** Every native that takes a handle, called with {@code h} in one handle position. */
  private interface HandleUse {
    Object run(long h, long live) throws Throwable;
  }

  private static final String[] USE_NAMES = {
    "describe", "dataView", "dataView(keepAlive)", "numBytes", "scalarBits", "encodedStrings",
    "readStrings",
    "summarizeValue", "debugString", "deviceSafeDebugString", "slice", "subSlice", "bitcastFrom",
    "copyFrom(h, live)", "copyFrom(live, h)", "sharesBufferWith(h, live)",
    "sharesBufferWith(live, h)", "isAligned", "isInitialized", "totalBytes", "allocatedBytes",
    "asProtoTensorContent", "asProtoField", "NativeHandle.share", "NativeHandle.release", "NativeHandle.releaseAll",
    "stridedSlice input", "stridedSlice begin", "stridedSlice end", "stridedSlice strides",
    "Const value attribute"
  };

  private static final HandleUse[] USES = {
    (h, l) -> tensor("describe", h),
    (h, l) -> tensor("dataView", h, null),
    (h, l) -> tensor("dataView", h, new long[1]),
    (h, l) -> tensor("numBytes", h),
    (h, l) -> tensor("scalarBits", h),
    (h, l) -> tensor("encodedStrings", h),
    (h, l) -> tensor("readStrings", h, new int[1]),
    (h, l) -> tensor("summarizeValue", h, 3L, false),
    (h, l) -> tensor("debugString", h, 3L),
    (h, l) -> tensor("deviceSafeDebugString", h),
    (h, l) -> tensor("slice", h, 0L, 1L),
    (h, l) -> tensor("subSlice", h, 0L),
    (h, l) -> tensor("bitcastFrom", h, 6, new long[] {4}),
    (h, l) -> tensor("copyFrom", h, l, new long[] {1}),
    (h, l) -> tensor("copyFrom", l, h, new long[] {1}),
    (h, l) -> tensor("sharesBufferWith", h, l),
    (h, l) -> tensor("sharesBufferWith", l, h),
    (h, l) -> tensor("isAligned", h),
    (h, l) -> tensor("isInitialized", h),
    (h, l) -> tensor("totalBytes", h),
    (h, l) -> tensor("allocatedBytes", h),
    (h, l) -> tensor("asProtoTensorContent", h),
    (h, l) -> tensor("asProtoField", h),
    (h, l) -> PrivateNatives.call(NativeHandle.class, "share", h),
    (h, l) -> PrivateNatives.call(NativeHandle.class, "release", h),
    (h, l) -> PrivateNatives.call(NativeHandle.class, "releaseAll", new long[] {h}, 1),
    (h, l) -> stridedSlice(h, l, l, l, 0, 0, 0, 0, 0),
    (h, l) -> stridedSlice(l, h, l, l, 0, 0, 0, 0, 0),
    (h, l) -> stridedSlice(l, l, h, l, 0, 0, 0, 0, 0),
    (h, l) -> stridedSlice(l, l, l, h, 0, 0, 0, 0, 0),
    (h, l) -> constant(h),
  };

  /**
   * {@code h} in every handle position must be refused with IllegalStateException, and must not
   * disturb the live tensor {@code [7]} used in the other positions.
   */
  private static void refusedEverywhere(Cases c, String what, ThrowingLong make) {
    for (int i = 0; i < USES.length; i++) {
      HandleUse use = USES[i];
      c.failsWithPrefix(what + " in " + USE_NAMES[i], ISE, "invalid tensor handle", () -> {
        long live = ints(7);
        long h = make.get();
        try {
          use.run(h, live);
        } finally {
          assertEquals(7, ((ByteBuffer) tensor("dataView", live, null)).order(ByteOrder.LITTLE_ENDIAN).getInt(0));
          release(live);
        }
      });
    }
  }

  private interface ThrowingLong {
    long get() throws Throwable;
  }

  @TestFactory
  List<DynamicTest> handlesThatAreNotLiveAreRefused() {
    Cases c = new Cases();
    for (long forged : new long[] {0, 1, 0xdeadbeefL, Long.MAX_VALUE, Long.MIN_VALUE, -1}) {
      refusedEverywhere(c, "made-up handle 0x" + Long.toHexString(forged), () -> forged);
    }
    refusedEverywhere(c, "released handle", () -> {
      long h = ints(1, 2);
      release(h);
      return h;
    });
    refusedEverywhere(c, "handle of a closed Tensor", () -> {
      Tensor<?> t = Tensor.create(new int[] {1, 2});
      long h = handleOf(t);
      t.close();
      return h;
    });
    return c.build();
  }

  @Test
  void doubleReleaseIsRefusedAndChangesNothing() throws Throwable {
    long before = Diagnostics.liveNativeHandles();
    long h = ints(5);
    release(h);
    IllegalStateException e = assertThrows(ISE, () -> release(h));
    assertTrue(e.getMessage().startsWith("invalid tensor handle"), e.getMessage());
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  void aReusedSlotDoesNotReviveAStaleHandle() throws Throwable {
    long stale = ints(1);
    release(stale);
    // Slots are reused last-in first-out: the next handle most likely takes the same slot, with a
    // new generation. Either way the stale handle stays dead and the new one works.
    long fresh = ints(2);
    try {
      assertNotEquals(stale, fresh);
      assertThrows(ISE, () -> tensor("describe", stale));
      assertArrayEquals(new long[] {3, 4, 1}, (long[]) tensor("describe", fresh));
    } finally {
      release(fresh);
    }
  }

  @Test
  void aBorrowedViewOutlivesAConcurrentRelease() throws Throwable {
    long h = ints(10, 11, 12);
    long[] keepAlive = new long[1];
    ByteBuffer view = (ByteBuffer) tensor("dataView", h, keepAlive);
    long shared = (Long) PrivateNatives.call(NativeHandle.class, "share", h);
    release(h);
    try {
      assertArrayEquals(new long[] {3, 12, 3}, (long[]) tensor("describe", shared));
      assertEquals(12, view.order(ByteOrder.LITTLE_ENDIAN).getInt(8));
    } finally {
      release(shared);
      release(keepAlive[0]);
    }
  }

  @Test
  void releasingWhileOtherThreadsReadNeverFreesUnderThem() throws Throwable {
    final int rounds = 2000;
    final Throwable[] failure = new Throwable[1];
    final long[] current = new long[1];
    Thread reader =
        new Thread(
            () -> {
              for (int i = 0; i < rounds * 4; i++) {
                long h;
                synchronized (current) {
                  h = current[0];
                }
                try {
                  String s = (String) tensor("summarizeValue", h, -1L, false);
                  assertEquals("1 2 3", s);
                } catch (IllegalStateException released) {
                  // the other thread won: refused, not read after free
                } catch (Throwable t) {
                  failure[0] = t;
                  return;
                }
              }
            });
    synchronized (current) {
      current[0] = ints(1, 2, 3);
    }
    reader.start();
    for (int i = 0; i < rounds; i++) {
      long next = ints(1, 2, 3);
      long old;
      synchronized (current) {
        old = current[0];
        current[0] = next;
      }
      release(old);
    }
    reader.join();
    release(current[0]);
    if (failure[0] != null) {
      throw failure[0];
    }
  }

  @TestFactory
  List<DynamicTest> argumentsOnlyNativeCodeChecks() {
    Cases c = new Cases();
    long[] shape = {2};
    int[][] ranges = {{Integer.MAX_VALUE, Integer.MAX_VALUE}, {Integer.MIN_VALUE, 2}, {0, Integer.MIN_VALUE}, {2, 1}, {3, 0}, {1, 2}, {-1, 2}};
    for (int[] r : ranges) {
      c.fails("createFromInts range [" + r[0] + ", +" + r[1] + ") of 2", IndexOutOfBoundsException.class, ANY_MESSAGE,
          () -> tensor("createFromInts", 3, shape, new int[2], r[0], r[1]));
    }
    c.fails("createFromBooleans past the end", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> tensor("createFromBooleans", 10, shape, new boolean[1], 0, 2));
    c.fails("createFromBytes past the end", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> tensor("createFromBytes", 4, shape, new byte[1], 0, 2));
    c.fails("createFromDirect past the capacity", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> tensor("createFromDirect", 4, shape, ByteBuffer.allocateDirect(1), 0, 2));
    c.fails("createFromDirect with a heap buffer", IAE, "not a direct buffer",
        () -> tensor("createFromDirect", 4, shape, ByteBuffer.allocate(2), 0, 2));
    c.fails("createSharing with a heap buffer", IAE, "not a direct buffer",
        () -> tensor("createSharing", 1, shape, ByteBuffer.allocate(8), 8));
    c.fails("createSharing past the capacity", IAE, "8 bytes requested from a buffer of capacity 4",
        () -> tensor("createSharing", 3, shape, ByteBuffer.allocateDirect(4), 8));
    c.fails("createSharing with the wrong byte count", IAE,
        "4 bytes given for a float tensor with shape [2], which needs 8",
        () -> tensor("createSharing", 1, shape, ByteBuffer.allocateDirect(8), 4));
    c.fails("createSharing with a negative byte count", IAE, "negative byte count -1",
        () -> tensor("createSharing", 1, shape, ByteBuffer.allocateDirect(8), -1));
    c.fails("createSharing of a string tensor", IAE, "a string tensor cannot share a buffer's bytes",
        () -> tensor("createSharing", 7, shape, ByteBuffer.allocateDirect(48), 48));
    c.fails("createSharing with a null shape", NPE, ANY_MESSAGE,
        () -> tensor("createSharing", 1, null, ByteBuffer.allocateDirect(8), 8));
    c.fails("createFromInts null data", NPE, ANY_MESSAGE, () -> tensor("createFromInts", 3, shape, null, 0, 2));
    c.fails("createFromFloats null shape", NPE, ANY_MESSAGE, () -> tensor("createFromFloats", 1, null, new float[2], 0, 2));
    c.fails("createStrings null lengths", NPE, ANY_MESSAGE, () -> tensor("createStrings", shape, new byte[0], null));
    c.fails("parseProto null", NPE, ANY_MESSAGE, () -> tensor("parseProto", null, -1L));
    for (int dtype : new int[] {0, -1, 99, 199, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      c.fails("dtype " + dtype, IAE, "DataType " + dtype + " is not supported",
          () -> tensor("createFromBytes", dtype, new long[] {1}, new byte[4], 0, 4));
    }
    c.fails("negative dimension", IAE, ANY_MESSAGE, () -> tensor("createFromInts", 3, new long[] {-1}, new int[0], 0, 0));
    c.fails("8 bytes for a [3] int32 tensor", IAE, "8 bytes given for a int32 tensor with shape [3], which needs 12",
        () -> tensor("createFromInts", 3, new long[] {3}, new int[2], 0, 2));
    c.fails("4-byte elements for an 8-byte dtype", IAE, ANY_MESSAGE,
        () -> tensor("createFromInts", 9, new long[] {2}, new int[2], 0, 2));
    c.fails("string lengths for the wrong element count", IAE, ANY_MESSAGE,
        () -> tensor("createStrings", new long[] {3}, new byte[2], new int[] {1, 1}));
    c.fails("string lengths not covering the data", IAE, "string lengths do not cover the data",
        () -> tensor("createStrings", shape, new byte[3], new int[] {1, 1}));
    c.fails("negative string length", IAE, "string lengths exceed the data",
        () -> tensor("createStrings", shape, new byte[2], new int[] {3, -1}));
    c.fails("TF_STRING garbage", IAE, ANY_MESSAGE,
        () -> tensor("createFromEncodedStrings", new long[] {1}, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
    c.fails("encoded offsets past the end", IAE, ANY_MESSAGE,
        () -> tensor("createFromEncodedStrings", new long[] {1}, new byte[] {100, 0, 0, 0, 0, 0, 0, 0, 1, 'a'}));
    c.failsWithPrefix("parseProto with a 0-byte limit", IAE, "Cannot parse tensor from proto",
        () -> tensor("parseProto", new byte[] {0x08, 0x01, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02}, 0L));
    c.fails("readStrings of a non-string tensor", IAE, ANY_MESSAGE, withInts(h -> tensor("readStrings", h, new int[2])));
    c.fails("slice beyond dim 0", IAE, ANY_MESSAGE, withInts(h -> tensor("slice", h, 0L, 3L)));
    c.fails("subSlice(-1)", IAE, ANY_MESSAGE, withInts(h -> tensor("subSlice", h, -1L)));
    c.fails("bitcast to dtype 0", IAE, ANY_MESSAGE, withInts(h -> tensor("bitcastFrom", h, 0, new long[] {16})));
    c.fails("bitcast with a null shape", NPE, ANY_MESSAGE, withInts(h -> tensor("bitcastFrom", h, 6, null)));
    c.succeeds("readStrings of a string tensor reads every element", () -> {
      long s = (Long) tensor("createStrings", new long[] {2}, new byte[] {'a', 'b', 'c'}, new int[] {1, 2});
      try {
        int[] lengths = new int[2];
        assertArrayEquals(new byte[] {'a', 'b', 'c'}, (byte[]) tensor("readStrings", s, lengths));
        assertArrayEquals(new int[] {1, 2}, lengths);
      } finally {
        release(s);
      }
    });
    return c.build();
  }

  private interface WithHandle {
    void run(long h) throws Throwable;
  }

  /** Runs {@code body} with a live INT32 [2] handle, released afterwards. */
  private static Executable withInts(WithHandle body) {
    return () -> {
      long h = ints(1, 2);
      try {
        body.run(h);
      } finally {
        release(h);
      }
    };
  }

  @TestFactory
  List<DynamicTest> stridedSliceAttributes() {
    Cases c = new Cases();
    String[] names = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
    for (int m = 0; m < 5; m++) {
      long[] masks = new long[5];
      masks[m] = -(1L << 40);
      c.fails(names[m] + " out of int32 range", IAE,
          "Attr " + names[m] + " has value " + masks[m] + " out of range for an int32", slice(masks));
    }
    c.fails("float begin/end/strides", IAE, "begin must be either int16, int32 or int64", () -> {
      long x = ints(1, 2);
      long f = (Long) tensor("createFromFloats", 1, new long[] {1}, new float[] {0}, 0, 1);
      try {
        stridedSlice(x, f, f, f, 0, 0, 0, 0, 0);
      } finally {
        release(x);
        release(f);
      }
    });
    c.fails("input passed as its own begin/end/strides", IAE,
        "Index out of range using input dim 1; input has only 1 dims", withInts(x -> stridedSlice(x, x, x, x, 0, 0, 0, 0, 1)));
    c.succeeds("all valid: released handles balance", slice(0, 0, 0, 0, 0));
    return c.build();
  }

  /** x = [10, 11, 12], begin {0}, end {2}, strides {1}; every handle released, counts balance. */
  private static Executable slice(long... masks) {
    return () -> {
      long before = Diagnostics.liveNativeHandles();
      long[] h = {ints(10, 11, 12), ints(0), ints(2), ints(1)};
      try {
        long out = stridedSlice(h[0], h[1], h[2], h[3], masks);
        assertArrayEquals(new long[] {3, 8, 2}, (long[]) tensor("describe", out));
        release(out);
      } finally {
        for (long x : h) {
          release(x);
        }
        assertEquals(before, Diagnostics.liveNativeHandles());
      }
    };
  }

  @Test
  void nativeHandleReleasesOnceWhoeverAsks() throws Throwable {
    long before = Diagnostics.liveNativeHandles();
    NativeHandle owned = NativeHandle.adopt(new Object(), ints(5), 4, null, null);
    assertEquals(before + 1, Diagnostics.liveNativeHandles());
    assertNotEquals(0, owned.live());
    owned.release();
    owned.release(); // second release: no effect
    assertEquals(0, owned.live());
    assertEquals(before, Diagnostics.liveNativeHandles());
    owned.enqueue(); // as if its owner had been collected: the drain must not release it again
    NativeHandle.drain();
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  void aSessionGroupReleasesItsHandlesAndRefusesNewOnes() throws Throwable {
    long before = Diagnostics.liveNativeHandles();
    Lifecycle group = new Lifecycle(true, null);
    assertTrue(group.enter());
    NativeHandle a = NativeHandle.adopt(new Object(), ints(1), 4, group, group);
    NativeHandle b = NativeHandle.adopt(new Object(), ints(2), 4, group, group);
    group.exit();
    b.release();
    group.close();
    assertEquals(before, Diagnostics.liveNativeHandles(), "a released with the group");
    assertFalse(group.enter(), "no use after close");
    long late = ints(3);
    assertThrows(ISE, () -> NativeHandle.adopt(new Object(), late, 4, group, group));
    assertEquals(before, Diagnostics.liveNativeHandles(), "the refused handle is released");
    a.release(); // already released with the group: no effect
    assertEquals(before, Diagnostics.liveNativeHandles());
  }
}
