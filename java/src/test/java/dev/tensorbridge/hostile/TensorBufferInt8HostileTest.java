package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferInt8} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for INT8, plus the conversion edges of
 * tensorbuffer.md §13 / §17 BU-1 item 3.
 */
class TensorBufferInt8HostileTest {
  private static final DataType TYPE = DataType.INT8;

  @TestFactory
  List<DynamicTest> sharedMatrix() {
    return BufferCases.common(TYPE).build();
  }

  @TestFactory
  List<DynamicTest> conversionEdges() {
    Cases c = new Cases();
    float big = 1e10f;
    BufferCases.floatsToInts(c, TYPE,
        new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.9f, 0.9f, -0f, big, -big},
        FLOATS_EXPECTED);
    BufferCases.intsToInts(c, TYPE,
        new int[] {Integer.MIN_VALUE, -129, -1, 128, 256, 32768, -32769, Integer.MAX_VALUE},
        INTS_EXPECTED);
    return c.build();
  }

  private static final int[] FLOATS_EXPECTED = {0, 127, -128, 0, 0, 0, 127, -128};
  private static final int[] INTS_EXPECTED = {-128, -128, -1, 127, 127, 127, -128, 127};
}
