package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferFloat} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for FLOAT32, plus the conversion edges of
 * docs/contracts/tensorbuffer.md#numeric-conversions.
 */
class TensorBufferFloatHostileTest {
  private static final DataType TYPE = DataType.FLOAT32;

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
}
