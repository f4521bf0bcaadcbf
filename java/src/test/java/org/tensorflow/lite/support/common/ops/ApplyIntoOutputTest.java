package org.tensorflow.lite.support.common.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The allocation-free extension: {@code apply(input, output)} on the four ops and {@code
 * process(input, output)} on {@code TensorProcessor} write what {@code apply(input)} / {@code
 * process(input)} return, with the documented rules and exceptions.
 */
class ApplyIntoOutputTest {
  private static final int[] SHAPE = {2, 5, 3};
  private static final Random RANDOM = new Random(22);

  private static TensorBuffer floats(int[] shape) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    float[] v = new float[b.getFlatSize()];
    for (int i = 0; i < v.length; i++) {
      v[i] = (RANDOM.nextFloat() - 0.25f) * 400f;
    }
    v[0] = Float.NaN;
    v[1] = -0f;
    b.loadArray(v);
    return b;
  }

  private static TensorBuffer bytes(int[] shape) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, DataType.UINT8);
    int[] v = new int[b.getFlatSize()];
    for (int i = 0; i < v.length; i++) {
      v[i] = RANDOM.nextInt(256);
    }
    b.loadArray(v);
    return b;
  }

  /** The elements' bits and the storage position, which the two forms must agree on. */
  private static void assertSameResult(TensorBuffer expected, TensorBuffer actual, String what) {
    assertEquals(expected.getDataType(), actual.getDataType());
    assertArrayEquals(expected.getShape(), actual.getShape());
    int expectedPosition = expected.getBuffer().position();
    int actualPosition = actual.getBuffer().position();
    assertEquals(expectedPosition, actualPosition, what + ": position");
    float[] e = expected.getFloatArray();
    float[] a = actual.getFloatArray();
    assertEquals(e.length, a.length);
    for (int i = 0; i < e.length; i++) {
      assertEquals(Float.floatToRawIntBits(e[i]), Float.floatToRawIntBits(a[i]), what + ": element " + i);
    }
  }

  @Test
  void eachOpWritesWhatApplyReturns() {
    TensorOperator[] ops = {
      new NormalizeOp(new float[] {1f, 2f, 3f}, new float[] {4f, 5f, 0.5f}),
      new NormalizeOp(127.5f, 127.5f),
      new QuantizeOp(128f, 1f / 128f),
      new DequantizeOp(3f, 0.25f),
      new CastOp(DataType.UINT8),
      new CastOp(DataType.FLOAT32),
      new IntegerQuantizeOp(-3, 0.5f, DataType.INT8),
      new IntegerQuantizeOp(128, 1f / 128f, DataType.UINT8),
    };
    for (TensorOperator op : ops) {
      for (TensorBuffer input : new TensorBuffer[] {floats(SHAPE), bytes(SHAPE)}) {
        for (boolean dynamic : new boolean[] {false, true}) {
          // Fresh each time: reading it below moves a UINT8 storage's position.
          TensorBuffer expected = op.apply(copy(input));
          DataType type = expected.getDataType();
          TensorBuffer output = dynamic ? TensorBuffer.createDynamic(type) : TensorBuffer.createFixedSize(SHAPE, type);
          if (dynamic) {
            output.loadBuffer(ByteBuffer.allocateDirect(expected.getBuffer().capacity()).order(ByteOrder.nativeOrder()), SHAPE);
          }
          TensorBuffer in = copy(input);
          TensorBuffer returned = intoOutput(op, in, output);
          assertSame(output, returned);
          assertSameResult(expected, output, op + " on " + input.getDataType() + (dynamic ? " dynamic" : ""));
          // The input's position as apply(input) leaves it.
          TensorBuffer reference = copy(input);
          op.apply(reference);
          assertEquals(reference.getBuffer().position(), in.getBuffer().position(), op + " input position");
        }
      }
    }
  }

  @Test
  void identitiesCopyTheElementsExactly() {
    TensorBuffer input = TensorBuffer.createFixedSize(new int[] {3}, DataType.INT32);
    input.loadArray(new int[] {16777217, -2147483648, 7});
    TensorBuffer output = TensorBuffer.createFixedSize(new int[] {3}, DataType.INT32);
    new NormalizeOp(0f, 1f).apply(input, output);
    assertArrayEquals(new int[] {16777217, -2147483648, 7}, output.getIntArray());
    TensorBuffer again = TensorBuffer.createFixedSize(new int[] {3}, DataType.INT32);
    new TensorProcessor.Builder().add(new NormalizeOp(0f, 1f)).build().process(input, again);
    assertArrayEquals(new int[] {16777217, -2147483648, 7}, again.getIntArray());
    // A big-endian input storage is copied by value, not by bytes.
    TensorBuffer bigEndian = TensorBuffer.createFixedSize(new int[] {2}, DataType.FLOAT32);
    ByteBuffer be = ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN);
    be.putFloat(0, 1.5f).putFloat(4, -2f);
    bigEndian.loadBuffer(be);
    TensorBuffer out = TensorBuffer.createFixedSize(new int[] {2}, DataType.FLOAT32);
    new CastOp(DataType.FLOAT32).apply(bigEndian, out);
    assertArrayEquals(new float[] {1.5f, -2f}, out.getFloatArray());
  }

  @Test
  void theProcessorWritesWhatProcessReturns() {
    TensorProcessor fused = new TensorProcessor.Builder()
        .add(new NormalizeOp(127.5f, 127.5f))
        .add(new QuantizeOp(128f, 1f / 128f))
        .add(new CastOp(DataType.UINT8))
        .build();
    TensorOperator custom = input -> input; // not fusable: the chain runs one by one
    TensorProcessor unfused = new TensorProcessor.Builder()
        .add(new NormalizeOp(1f, 2f))
        .add(custom)
        .build();
    for (TensorProcessor p : new TensorProcessor[] {fused, unfused}) {
      TensorBuffer input = bytes(SHAPE);
      TensorBuffer expected = p.process(copy(input));
      TensorBuffer output = TensorBuffer.createFixedSize(SHAPE, expected.getDataType());
      assertSame(output, p.process(input, output));
      float[] e = expected.getFloatArray();
      float[] a = output.getFloatArray();
      assertArrayEquals(e, a);
    }
  }

  @Test
  void theRulesAndTheirExceptions() {
    NormalizeOp op = new NormalizeOp(new float[] {1f, 2f, 3f}, new float[] {4f, 5f, 6f});
    TensorBuffer input = floats(SHAPE);
    assertThrows(NullPointerException.class, () -> op.apply(input, null));
    assertThrows(NullPointerException.class, () -> op.apply(null, TensorBuffer.createFixedSize(SHAPE, DataType.FLOAT32)));
    IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
        () -> op.apply(input, TensorBuffer.createFixedSize(SHAPE, DataType.UINT8)));
    assertEquals("output has type UINT8 but the result has type FLOAT32", type.getMessage());
    IllegalArgumentException shape = assertThrows(IllegalArgumentException.class,
        () -> op.apply(input, TensorBuffer.createFixedSize(new int[] {10, 3}, DataType.FLOAT32)));
    assertEquals("output has shape [10, 3] but the result has shape [2, 5, 3]", shape.getMessage());
    // The op's own check comes first, with apply's message.
    IllegalArgumentException channels = assertThrows(IllegalArgumentException.class,
        () -> op.apply(floats(new int[] {3, 2}), TensorBuffer.createFixedSize(new int[] {3, 2}, DataType.FLOAT32)));
    assertEquals(
        "Number of means (stddevs) is not same with number of channels (size of last axis).",
        channels.getMessage());
    TensorBuffer readOnly = TensorBuffer.createFixedSize(SHAPE, DataType.FLOAT32);
    readOnly.loadBuffer(ByteBuffer.allocateDirect(120).order(ByteOrder.nativeOrder()).asReadOnlyBuffer());
    assertThrows(ReadOnlyBufferException.class, () -> op.apply(input, readOnly));
    TensorBuffer heap = TensorBuffer.createFixedSize(SHAPE, DataType.FLOAT32);
    heap.loadBuffer(ByteBuffer.allocate(120).order(ByteOrder.nativeOrder()));
    IllegalArgumentException notDirect = assertThrows(IllegalArgumentException.class, () -> op.apply(input, heap));
    assertEquals("output storage must be a direct buffer in native byte order", notDirect.getMessage());
    TensorBuffer swapped = TensorBuffer.createFixedSize(SHAPE, DataType.FLOAT32);
    ByteOrder other = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    swapped.loadBuffer(ByteBuffer.allocateDirect(120).order(other));
    assertThrows(IllegalArgumentException.class, () -> op.apply(input, swapped));
    // In place: the output is the input's own storage.
    IllegalArgumentException overlap = assertThrows(IllegalArgumentException.class, () -> op.apply(input, input));
    assertEquals("input and output storage overlap", overlap.getMessage());
    // Partly shared: both storages are views of one block, 60 bytes apart.
    ByteBuffer block = ByteBuffer.allocateDirect(240);
    TensorBuffer first = TensorBuffer.createFixedSize(SHAPE, DataType.FLOAT32);
    first.loadBuffer(view(block, 0));
    TensorBuffer second = TensorBuffer.createFixedSize(SHAPE, DataType.FLOAT32);
    second.loadBuffer(view(block, 60));
    assertThrows(IllegalArgumentException.class, () -> op.apply(first, second));
    assertThrows(IllegalArgumentException.class, () -> op.apply(second, first));
    // A failed call leaves the output as it was.
    TensorBuffer untouched = TensorBuffer.createFixedSize(SHAPE, DataType.UINT8);
    assertThrows(IllegalArgumentException.class, () -> op.apply(input, untouched));
    assertArrayEquals(new int[30], untouched.getIntArray());
  }

  /** 120 bytes of {@code block} from {@code offset}, in native order. */
  private static ByteBuffer view(ByteBuffer block, int offset) {
    ByteBuffer d = block.duplicate();
    d.position(offset).limit(offset + 120);
    return d.slice().order(ByteOrder.nativeOrder());
  }

  private static TensorBuffer intoOutput(TensorOperator op, TensorBuffer input, TensorBuffer output) {
    if (op instanceof CastOp) {
      return ((CastOp) op).apply(input, output);
    }
    if (op instanceof IntegerQuantizeOp) {
      return ((IntegerQuantizeOp) op).apply(input, output);
    }
    return ((NormalizeOp) op).apply(input, output);
  }

  private static TensorBuffer copy(TensorBuffer b) {
    TensorBuffer c = TensorBuffer.createFixedSize(b.getShape(), b.getDataType());
    ByteBuffer from = b.getBuffer().duplicate();
    from.rewind();
    c.getBuffer().rewind();
    c.getBuffer().put(from);
    c.getBuffer().rewind();
    return c;
  }
}
