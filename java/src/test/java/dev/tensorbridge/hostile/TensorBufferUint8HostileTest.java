package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferUint8} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for UINT8, plus the conversion edges of
 * tensorbuffer.md §13 / §17 BU-1 item 3.
 */
class TensorBufferUint8HostileTest {
  private static final DataType TYPE = DataType.UINT8;

  @TestFactory
  List<DynamicTest> sharedMatrix() {
    return BufferCases.common(TYPE).build();
  }

  /** Expected {@code getIntArray()} after loading the shared edge floats, then the edge ints. */
  @TestFactory
  List<DynamicTest> conversionEdges() {
    return BufferCases.conversionEdges(TYPE,
        new int[] {0, 255, 0, 0, 0, 0, 255, 0},
        new int[] {0, 0, 0, 128, 255, 255, 0, 255});
  }
}
