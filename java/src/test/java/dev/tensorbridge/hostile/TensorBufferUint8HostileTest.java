package dev.tensorbridge.hostile;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;

/**
 * {@code TensorBufferUint8} (reached through the public factories, as a real caller does):
 * the shared hostile matrix of {@link BufferCases} for UINT8. Its clamping is asserted once, in
 * {@code TensorBufferConversionTest.uint8Clamping}.
 */
class TensorBufferUint8HostileTest {
  private static final DataType TYPE = DataType.UINT8;

  @TestFactory
  List<DynamicTest> sharedMatrix() {
    return BufferCases.common(TYPE).build();
  }
}
