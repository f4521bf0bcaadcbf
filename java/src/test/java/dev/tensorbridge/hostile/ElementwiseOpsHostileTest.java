package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.tensorbridge.internal.ElementwiseOps;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * {@code dev.tensorbridge.internal.ElementwiseOps} (public for the ops' packages, not API): plans
 * that lie about the shape, parameter arrays of the wrong lengths, nulls, and inputs whose storage
 * was changed behind the buffer's back. Each call must throw a Java exception or return, never
 * write outside the result's memory.
 */
class ElementwiseOpsHostileTest {
  private static TensorBuffer floats(int n) {
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {n}, DataType.FLOAT32);
    float[] v = new float[n];
    Arrays.fill(v, 3f);
    b.loadArray(v);
    return b;
  }

  @TestFactory
  List<DynamicTest> plansAndInputs() {
    Cases c = new Cases();
    c.fails("a plan claiming fewer elements than the input holds", IndexOutOfBoundsException.class, ANY_MESSAGE, () -> {
      ElementwiseOps.Plan plan = new ElementwiseOps.Plan(new int[] {2}, DataType.FLOAT32);
      plan.normalize(false, new float[] {1f}, new float[] {2f});
      ElementwiseOps.run(floats(1000), new int[] {2}, plan);
    });
    c.succeeds("a plan claiming more elements: the rest stays zero", () -> {
      ElementwiseOps.Plan plan = new ElementwiseOps.Plan(new int[] {4}, DataType.FLOAT32);
      plan.normalize(false, new float[] {1f}, new float[] {2f});
      TensorBuffer out = ElementwiseOps.run(floats(2), new int[] {4}, plan);
      assertArrayEquals(new float[] {1f, 1f, 0f, 0f}, out.getFloatArray());
    });
    c.fails("stddevs shorter than means", ArrayIndexOutOfBoundsException.class, ANY_MESSAGE, () ->
        new ElementwiseOps.Plan(new int[] {3}, DataType.FLOAT32).normalize(false, new float[] {1, 2, 3}, new float[] {1}));
    c.fails("null means", NullPointerException.class, ANY_MESSAGE, () ->
        new ElementwiseOps.Plan(new int[] {3}, DataType.FLOAT32).normalize(false, null, new float[] {1}));
    c.fails("a cast to an unsupported type rejects the plan", IllegalArgumentException.class, ANY_MESSAGE, () -> {
      ElementwiseOps.Plan plan = new ElementwiseOps.Plan(new int[] {1}, DataType.FLOAT32);
      plan.cast(DataType.INT32);
      ElementwiseOps.run(floats(1), new int[] {1}, plan);
    });
    c.fails("null input", NullPointerException.class, ANY_MESSAGE, () -> {
      ElementwiseOps.Plan plan = new ElementwiseOps.Plan(new int[] {1}, DataType.FLOAT32);
      plan.cast(DataType.UINT8);
      ElementwiseOps.run(null, new int[] {1}, plan);
    });
    c.fails("storage limit shrunk behind the buffer's back", IllegalStateException.class, ANY_MESSAGE, () -> {
      TensorBuffer b = floats(8);
      b.getBuffer().limit(4);
      new NormalizeOp(1f, 2f).apply(b);
    });
    c.succeeds("tryFused leaves a changed storage to the ops", () -> {
      TensorBuffer b = floats(8);
      ByteBuffer storage = b.getBuffer();
      storage.limit(4);
      if (ElementwiseOps.tryFused(Arrays.asList(new NormalizeOp(1f, 2f)), b) != null) {
        throw new AssertionError("fused despite a changed storage");
      }
    });
    return c.build();
  }
}
