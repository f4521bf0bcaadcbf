package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.op.Scope;
import org.tensorflow.op.core.Constant;

/**
 * {@link EagerSession} (docs/contracts/eager.md#eagersession); also covers the
 * {@code ExecutionEnvironment} interface, whose only implementation it is. Unknown op types:
 * {@code TensorFlowExceptionHostileTest}; concurrent close while ops run:
 * {@code StridedSliceHostileTest.Inputs} and {@code ConcurrencyStressTest}.
 */
class EagerSessionHostileTest {
  private static final Class<IllegalStateException> ISE = IllegalStateException.class;

  private static EagerSession closed() {
    EagerSession s = EagerSession.create();
    s.close();
    s.close(); // idempotent
    return s;
  }

  @TestFactory
  List<DynamicTest> lifecycle() {
    Cases c = new Cases();
    c.fails("close the default session", ISE, "Default eager session cannot be closed",
        () -> EagerSession.getDefault().close());
    c.fails("initDefault after getDefault", ISE, "Default eager session is already initialized", () -> {
      EagerSession.getDefault();
      EagerSession.initDefault(EagerSession.options());
    });
    c.fails("initDefault(null) after getDefault", ISE, "Default eager session is already initialized", () -> {
      EagerSession.getDefault();
      EagerSession.initDefault(null);
    });
    c.succeeds("getDefault is one instance", () -> assertSame(EagerSession.getDefault(), EagerSession.getDefault()));
    c.fails("opBuilder(Const) on a closed session", ISE, "Eager session has been closed",
        () -> closed().opBuilder("Const", "c"));
    c.fails("opBuilder(unknown type) on a closed session: closed first", ISE, "Eager session has been closed",
        () -> closed().opBuilder("NoSuchOp", "c"));
    c.fails("opBuilder(null, null) on a closed session", ISE, "Eager session has been closed",
        () -> closed().opBuilder(null, null));
    c.fails("Constant in a closed session", ISE, "Eager session has been closed",
        () -> Constant.create(new Scope(closed()), 1));
    c.fails("a builder taken before close builds after it", ISE, "Eager session has been closed", () -> {
      EagerSession s = EagerSession.create();
      org.tensorflow.OperationBuilder b = s.opBuilder("Const", "c");
      try (Tensor<Integer> v = Tensor.create(1, Integer.class)) {
        b.setAttr("value", v).setAttr("dtype", org.tensorflow.DataType.INT32);
      }
      s.close();
      b.build();
    });
    // docs/contracts/eager.md#session-options
    c.succeeds("odd options are stored and ignored", () -> {
      try (EagerSession s = EagerSession.options().async(true).devicePlacementPolicy(null)
          .resourceCleanupStrategy(null).config(new byte[] {(byte) 0xff, 0, 1}).build()) {
        Tensor<Integer> t = Constant.create(new Scope(s), new int[] {1, 2}).asOutput().tensor();
        assertArrayEquals(new int[] {1, 2}, t.copyTo(new int[2]));
      }
    });
    c.succeeds("a thousand sessions opened and closed release their handles", () -> {
      long before = dev.tensorbridge.internal.Diagnostics.liveNativeHandles();
      for (int i = 0; i < 1000; i++) {
        EagerSession s = EagerSession.create();
        Tensor<Integer> t = Constant.create(new Scope(s), i).asOutput().tensor();
        org.junit.jupiter.api.Assertions.assertEquals(i, t.intValue());
        s.close();
      }
      // Closing releases everything the sessions owned (earlier garbage may be drained too).
      org.junit.jupiter.api.Assertions.assertTrue(dev.tensorbridge.internal.Diagnostics.liveNativeHandles() <= before);
    });
    return c.build();
  }
}
