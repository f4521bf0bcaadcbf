package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link TensorKernels} is the checkpoint before native code: bad arguments fail in Java, and the
 * natives' own re-checks catch what Java lets through. {@link HandleReaper} releases each handle
 * exactly once.
 */
class TensorKernelsTest {

  @Test
  void rangesAndNullsAreCheckedBeforeNativeCode() {
    long[] shape = {2};
    assertThrows(NullPointerException.class, () -> TensorKernels.createFromInts(3, null, new int[2], 0, 2));
    assertThrows(NullPointerException.class, () -> TensorKernels.createFromInts(3, shape, null, 0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> TensorKernels.createFromInts(3, shape, new int[2], 1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> TensorKernels.createFromFloats(1, shape, new float[2], -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> TensorKernels.createFromLongs(9, shape, new long[2], 0, -1));
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> TensorKernels.createFromDoubles(2, shape, new double[2], Integer.MAX_VALUE, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> TensorKernels.createFromBooleans(10, shape, new boolean[1], 0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> TensorKernels.createFromBytes(4, shape, new byte[1], 0, 2));
    assertThrows(NullPointerException.class, () -> TensorKernels.describe(0));
    assertThrows(NullPointerException.class, () -> TensorKernels.summarizeValue(0, 1, false));
    assertThrows(NullPointerException.class, () -> TensorKernels.fromProto(null, -1));
    assertThrows(
        IllegalArgumentException.class,
        () -> TensorKernels.createStrings(shape, new byte[3], new int[] {1, 1}));
    assertThrows(
        IllegalArgumentException.class,
        () -> TensorKernels.createStrings(shape, new byte[2], new int[] {3, -1}));
  }

  @Test
  void nativeCodeRechecksCountsAndTypes() {
    // The element count does not fit the shape: the native byte-count check.
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TensorKernels.createFromInts(3, new long[] {3}, new int[2], 0, 2));
    assertEquals("8 bytes given for a int32 tensor with shape [3], which needs 12", e.getMessage());
    // 4-byte Java elements for an 8-byte dtype
    assertThrows(
        IllegalArgumentException.class,
        () -> TensorKernels.createFromInts(9, new long[] {2}, new int[2], 0, 2));
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TensorKernels.createFromInts(0, new long[] {1}, new int[1], 0, 1));
    assertEquals("DataType 0 is not supported", e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> TensorKernels.createStrings(new long[] {3}, new byte[2], new int[] {1, 1}));
    assertThrows(
        IllegalArgumentException.class,
        () -> TensorKernels.createFromRaw(7, new long[] {1}, ByteBuffer.allocate(8)));
  }

  @Test
  void theReaperReleasesAHandleOnce() {
    long before = HandleReaper.liveNativeHandles();
    long handle = TensorKernels.createFromInts(3, new long[] {1}, new int[] {5}, 0, 1);
    assertEquals(before + 1, HandleReaper.liveNativeHandles());
    HandleReaper.Registration registration = HandleReaper.register(new Object(), handle);
    HandleReaper.release(registration);
    HandleReaper.release(registration); // second release: no effect
    assertEquals(before, HandleReaper.liveNativeHandles());
  }
}
