package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.index.Index;
import dev.tensorbridge.index.Indices;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.EagerSession;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;

/**
 * {@link Ops}: every method is a plain delegation (docs/contracts/eager.md#ops), so errors pass
 * through.
 */
class OpsHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;

  @TestFactory
  List<DynamicTest> delegations() {
    Cases c = new Cases();
    Ops tf = Ops.create(EagerSession.getDefault());
    c.fails("withName(\"bad/name\")", IAE,
        "invalid name: 'bad/name' does not match the regular expression [A-Za-z0-9.][A-Za-z0-9_.\\-]*",
        () -> tf.withName("bad/name"));
    c.fails("withSubScope(null)", IAE, "Names cannot be null", () -> tf.withSubScope(null));
    c.fails("constant(int[0])", IAE, "cannot create Tensors with a 0 dimension", () -> tf.constant(new int[0]));
    c.fails("constant(shape, short IntBuffer)", IAE,
        "buffer with 1 elements is not compatible with a Tensor with shape [2]",
        () -> tf.constant(new long[] {2}, IntBuffer.allocate(1)));
    c.fails("constant(Short.class, ...)", IAE, "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
        () -> tf.constant(Short.class, new long[] {1}, ByteBuffer.allocate(2)));
    c.fails("constant(Object, wrong Class)", IAE, "DataType of object does not match T (expected INT64, got INT32)",
        () -> tf.constant(new int[] {1}, Long.class));
    c.fails("constant((String) null)", NullPointerException.class, ANY_MESSAGE, () -> tf.constant((String) null));
    c.fails("constant((float[][]) null)", NullPointerException.class, ANY_MESSAGE, () -> tf.constant((float[][]) null));
    c.fails("stridedSlice(x, (Index[]) null)", NullPointerException.class, ANY_MESSAGE,
        () -> tf.stridedSlice(tf.constant(new int[] {1}), (Index[]) null));
    c.fails("stridedSlice(null, all())", NullPointerException.class, ANY_MESSAGE,
        () -> tf.stridedSlice((Operand<Integer>) null, Indices.all()));
    c.fails("stridedSlice with control dependencies", UnsupportedOperationException.class,
        "Control inputs are not supported in an eager execution environment", () -> {
          Constant<Integer> x = tf.constant(new int[] {1, 2});
          tf.withControlDependencies(Arrays.<Operand<?>>asList(x)).stridedSlice(x, Indices.at(0));
        });
    c.fails("Ops over a null environment", NullPointerException.class, ANY_MESSAGE,
        () -> Ops.create(null).constant(1));
    c.fails("Ops over a closed session", IllegalStateException.class, "Eager session has been closed", () -> {
      EagerSession s = EagerSession.create();
      Ops closed = Ops.create(s);
      s.close();
      closed.constant(1);
    });
    c.succeeds("constant ignores control dependencies", () -> {
      Constant<Integer> x = tf.constant(new int[] {1, 2});
      Constant<Integer> y = tf.withControlDependencies(Arrays.<Operand<?>>asList(x)).constant(new int[] {3});
      assertArrayEquals(new int[] {3}, y.asOutput().tensor().copyTo(new int[1]));
    });
    c.succeeds("two Ops over one session may produce equal names", () -> {
      try (EagerSession s = EagerSession.create()) {
        assertEquals(Ops.create(s).constant(1).op().name(), Ops.create(s).constant(2).op().name());
      }
    });
    return c.build();
  }
}
