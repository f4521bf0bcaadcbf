package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferInt64} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for INT64, plus the conversion edges of
 * docs/contracts/tensorbuffer.md#numeric-conversions.
 */
class TensorBufferInt64HostileTest {
  private static final DataType TYPE = DataType.INT64;

  @TestFactory
  List<DynamicTest> sharedMatrix() {
    return BufferCases.common(TYPE).build();
  }

  /** Expected {@code getIntArray()} after loading the shared edge floats, then the edge ints. */
  @TestFactory
  List<DynamicTest> conversionEdges() {
    return BufferCases.conversionEdges(TYPE,
        new int[] {0, Integer.MAX_VALUE, Integer.MIN_VALUE, 0, 0, 0, Integer.MAX_VALUE, Integer.MIN_VALUE},
        new int[] {Integer.MIN_VALUE, -129, -1, 128, 256, 32768, -32769, Integer.MAX_VALUE});
  }

  @TestFactory
  List<DynamicTest> wideValuesSaturateOnIntReads() {
    Cases c = new Cases();
    long[] stored = {1L << 40, -(1L << 40), Long.MAX_VALUE, Long.MIN_VALUE, (1L << 31), -(1L << 31) - 1};
    int[] ints = {Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE, Integer.MIN_VALUE};
    for (int i = 0; i < stored.length; i++) {
      final long v = stored[i];
      final int want = ints[i];
      for (java.nio.ByteOrder order : new java.nio.ByteOrder[] {java.nio.ByteOrder.LITTLE_ENDIAN, java.nio.ByteOrder.BIG_ENDIAN}) {
        c.succeeds(v + " (" + order + ") reads as int " + want + " and float " + (float) v, () -> {
          org.tensorflow.lite.support.tensorbuffer.TensorBuffer tb =
              org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createDynamic(TYPE);
          tb.loadBuffer(BufferCases.encode(TYPE, order, v), new int[] {1});
          org.junit.jupiter.api.Assertions.assertEquals(want, tb.getIntValue(0));
          org.junit.jupiter.api.Assertions.assertEquals(want, tb.getIntArray()[0]);
          org.junit.jupiter.api.Assertions.assertEquals((float) v, tb.getFloatArray()[0]);
        });
      }
    }
    return c.build();
  }
}
