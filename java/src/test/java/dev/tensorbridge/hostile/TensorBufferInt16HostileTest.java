package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferInt16} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for INT16, plus the conversion edges of
 * docs/contracts/tensorbuffer.md#numeric-conversions.
 */
class TensorBufferInt16HostileTest {
  private static final DataType TYPE = DataType.INT16;

  @TestFactory
  List<DynamicTest> sharedMatrix() {
    return BufferCases.common(TYPE).build();
  }

  /** Expected {@code getIntArray()} after loading the shared edge floats, then the edge ints. */
  @TestFactory
  List<DynamicTest> conversionEdges() {
    return BufferCases.conversionEdges(TYPE,
        new int[] {0, 32767, -32768, 0, 0, 0, 32767, -32768},
        new int[] {-32768, -129, -1, 128, 256, 32767, -32768, 32767});
  }
}
