package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferInt8} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for INT8, plus the conversion edges of
 * docs/contracts/tensorbuffer.md#numeric-conversions.
 */
class TensorBufferInt8HostileTest {
  private static final DataType TYPE = DataType.INT8;

  @TestFactory
  List<DynamicTest> sharedMatrix() {
    return BufferCases.common(TYPE).build();
  }

  /** Expected {@code getIntArray()} after loading the shared edge floats, then the edge ints. */
  @TestFactory
  List<DynamicTest> conversionEdges() {
    return BufferCases.conversionEdges(TYPE,
        new int[] {0, 127, -128, 0, 0, 0, 127, -128},
        new int[] {-128, -128, -1, 127, 127, 127, -128, 127});
  }
}
