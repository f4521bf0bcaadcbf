package org.tensorflow.lite.support.common.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The four ops and TensorProcessor, from TFLite Support's documented rules; expected values are
 * computed here with Java float arithmetic ((x - mean) / stddev), the definition of the ops.
 */
class TensorOpsTest {

  private static TensorBuffer floats(int[] shape, float... values) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    b.loadArray(values);
    return b;
  }

  @Test
  void normalizeScalarIsSubtractThenDivideInFloat() {
    float[] in = {0f, 1f, 127.5f, 255f, -3.3f, Float.NaN, Float.POSITIVE_INFINITY, 1e-40f};
    TensorBuffer out = new NormalizeOp(127.5f, 0.3f).apply(floats(new int[] {8}, in));
    float[] got = out.getFloatArray();
    for (int i = 0; i < in.length; i++) {
      float want = (in[i] - 127.5f) / 0.3f;
      assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(got[i]), "element " + i);
    }
    assertEquals(DataType.FLOAT32, out.getDataType());
    assertFalse(out.isDynamic());
  }

  @Test
  void normalizePerChannelCyclesThroughTheChannels() {
    float[] mean = {1f, 2f, 3f};
    float[] stddev = {0.5f, 3f, 7f};
    float[] in = new float[12];
    for (int i = 0; i < in.length; i++) in[i] = i * 1.7f;
    float[] got = new NormalizeOp(mean, stddev).apply(floats(new int[] {2, 2, 3}, in)).getFloatArray();
    for (int i = 0; i < in.length; i++) {
      assertEquals((in[i] - mean[i % 3]) / stddev[i % 3], got[i], 0f);
    }
    // the arrays were copied at construction
    float[] m = {1f, 1f};
    NormalizeOp op = new NormalizeOp(m, new float[] {1f, 1f});
    m[0] = 100f;
    assertEquals(0f, op.apply(floats(new int[] {2}, 1f, 1f)).getFloatArray()[0]);
  }

  @Test
  void uint8InputGivesFloatOutputAndLeavesItsPositionAtTheEnd() {
    TensorBuffer in = TensorBuffer.createFixedSize(new int[] {4}, DataType.UINT8);
    in.loadArray(new int[] {0, 1, 128, 255});
    TensorBuffer out = new NormalizeOp(128f, 2f).apply(in);
    assertArrayEquals(new float[] {-64f, -63.5f, 0f, 63.5f}, out.getFloatArray());
    assertEquals(4, in.getBuffer().position());
  }

  @Test
  void identitiesReturnTheInputItself() {
    TensorBuffer u8 = TensorBuffer.createFixedSize(new int[] {2}, DataType.UINT8);
    TensorBuffer f32 = floats(new int[] {2}, 1f, 2f);
    assertSame(u8, new NormalizeOp(0f, 1f).apply(u8));
    assertSame(u8, new NormalizeOp(0f, 0f).apply(u8));
    assertSame(f32, new NormalizeOp(0f, Float.POSITIVE_INFINITY).apply(f32));
    assertSame(f32, new NormalizeOp(new float[] {0f, 0f}, new float[] {1f, 1f}).apply(f32));
    assertSame(f32, new DequantizeOp(0f, 0f).apply(f32)); // scale 0: 1/0 = infinity
    assertSame(f32, new QuantizeOp(5f, 0f).apply(f32)); // mean -5*0 = -0, stddev 0
    assertSame(f32, new CastOp(DataType.FLOAT32).apply(f32));
    assertSame(u8, new CastOp(DataType.UINT8).apply(u8));
    assertNotSame(f32, new NormalizeOp(0f, 2f).apply(f32));
  }

  @Test
  void invalidParametersAndShapes() {
    assertEquals("Stddev cannot be zero.",
        assertThrows(IllegalArgumentException.class, () -> new NormalizeOp(1f, 0f)).getMessage());
    assertEquals("Stddev cannot be zero.", assertThrows(IllegalArgumentException.class,
        () -> new NormalizeOp(new float[] {0f}, new float[] {0f})).getMessage());
    assertEquals("Per channel normalization requires same number of means and stddevs",
        assertThrows(IllegalArgumentException.class,
            () -> new NormalizeOp(new float[] {0f}, new float[] {1f, 2f})).getMessage());
    assertEquals("Means and stddevs are empty.", assertThrows(IllegalArgumentException.class,
        () -> new NormalizeOp(new float[0], new float[0])).getMessage());
    assertEquals("Mean cannot be null", assertThrows(NullPointerException.class,
        () -> new NormalizeOp(null, new float[0])).getMessage());
    assertEquals("Stddev cannot be null", assertThrows(NullPointerException.class,
        () -> new NormalizeOp(new float[0], null)).getMessage());
    NormalizeOp threeChannels = new NormalizeOp(new float[] {1, 2, 3}, new float[] {1, 1, 1});
    assertEquals("Number of means (stddevs) is not same with number of channels (size of last axis).",
        assertThrows(IllegalArgumentException.class,
            () -> threeChannels.apply(floats(new int[] {3, 2}, new float[6]))).getMessage());
    assertEquals("Number of means (stddevs) is not same with number of channels (size of last axis).",
        assertThrows(IllegalArgumentException.class,
            () -> threeChannels.apply(floats(new int[0], 1f))).getMessage());
    assertEquals("Destination type INT32 is not supported.",
        assertThrows(IllegalArgumentException.class, () -> new CastOp(DataType.INT32)).getMessage());
    assertEquals("Stddev cannot be zero.",
        assertThrows(IllegalArgumentException.class, () -> new DequantizeOp(3f, Float.POSITIVE_INFINITY)).getMessage());
  }

  @Test
  void quantizeAndDequantizeFollowTheAffineFormulas() {
    float zeroPoint = 128f;
    float scale = 1f / 255f;
    float[] in = {-1f, 0f, 0.5f, 1f};
    float[] q = new QuantizeOp(zeroPoint, scale).apply(floats(new int[] {4}, in)).getFloatArray();
    for (int i = 0; i < in.length; i++) {
      assertEquals((in[i] - (-zeroPoint * scale)) / scale, q[i], 0f);
    }
    TensorBuffer bytes = TensorBuffer.createFixedSize(new int[] {3}, DataType.UINT8);
    bytes.loadArray(new int[] {0, 128, 255});
    float[] d = new DequantizeOp(zeroPoint, scale).apply(bytes).getFloatArray();
    assertEquals((0f - zeroPoint) / (1 / scale), d[0], 0f);
    assertEquals(0f, d[1], 0f);
    assertEquals((255f - zeroPoint) / (1 / scale), d[2], 0f);
  }

  @Test
  void castToUint8TruncatesClampsAndMapsNaNToZero() {
    TensorBuffer out = new CastOp(DataType.UINT8)
        .apply(floats(new int[] {6}, -5f, 0.99f, 254.7f, 300f, Float.NaN, Float.NEGATIVE_INFINITY));
    assertArrayEquals(new int[] {0, 0, 254, 255, 0, 0}, out.getIntArray());
    assertEquals(DataType.UINT8, out.getDataType());
  }

  @Test
  void everyStorageKindIsReadInItsOwnByteOrder() {
    float[] values = {1.5f, -2f, 3.25f};
    for (boolean direct : new boolean[] {false, true}) {
      for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
        for (boolean readOnly : new boolean[] {false, true}) {
          ByteBuffer storage = (direct ? ByteBuffer.allocateDirect(12) : ByteBuffer.allocate(12)).order(order);
          for (float v : values) storage.putFloat(v);
          storage.rewind();
          TensorBuffer in = TensorBuffer.createDynamic(DataType.FLOAT32);
          in.loadBuffer(readOnly ? storage.asReadOnlyBuffer().order(order) : storage, new int[] {3});
          TensorBuffer out = new NormalizeOp(1f, 2f).apply(in);
          assertArrayEquals(new float[] {0.25f, -1.5f, 1.125f}, out.getFloatArray());
          assertTrue(out.isDynamic());
          assertArrayEquals(new int[] {3}, out.getShape());
          assertEquals(ByteOrder.nativeOrder(), out.getBuffer().order());
        }
      }
    }
  }

  @Test
  void extensionTypesAreReadAsFloats() {
    TensorBuffer in = TensorBuffer.createFixedSize(new int[] {3}, DataType.INT16);
    in.loadArray(new int[] {-300, 0, 32767});
    assertArrayEquals(new float[] {-150f, 0f, 16383.5f}, new NormalizeOp(0f, 2f).apply(in).getFloatArray());
    TensorBuffer big = TensorBuffer.createFixedSize(new int[] {2}, DataType.INT64);
    big.loadArray(new int[] {-7, 1000});
    assertArrayEquals(new int[] {0, 255}, new TensorProcessor.Builder().add(new CastOp(DataType.UINT8)).build()
        .process(big).getIntArray());
  }

  @Test
  void emptyBuffersGiveEmptyResults() {
    TensorBuffer empty = TensorBuffer.createFixedSize(new int[] {0, 3}, DataType.UINT8);
    TensorBuffer out = new NormalizeOp(new float[] {1, 2, 3}, new float[] {1, 1, 1}).apply(empty);
    assertArrayEquals(new int[] {0, 3}, out.getShape());
    assertEquals(0, out.getFlatSize());
  }

  /** An op the processor cannot see into: the chain must run one op at a time. */
  private static final class AddOne extends NormalizeOp {
    AddOne() {
      super(-1f, 1f);
    }

    @Override
    public TensorBuffer apply(TensorBuffer input) {
      TensorBuffer out = super.apply(input);
      out.getBuffer().putFloat(0, 42f);
      return out;
    }
  }

  @Test
  void processorChainsEqualOneByOneRuns() {
    float[] in = new float[300];
    for (int i = 0; i < in.length; i++) in[i] = (i * 7919 % 511) - 100.5f;
    TensorOperator[] ops = {
      new NormalizeOp(new float[] {127.5f, 1f, 3f}, new float[] {127.5f, 2f, 0.1f}),
      new QuantizeOp(128f, 1f / 128f),
      new CastOp(DataType.UINT8),
      new DequantizeOp(128f, 1f / 128f),
    };
    TensorProcessor.Builder builder = new TensorProcessor.Builder();
    for (TensorOperator op : ops) builder.add(op);
    TensorBuffer input = floats(new int[] {100, 3}, in);
    TensorBuffer fused = builder.build().process(input);
    // the definition, in Java floats
    float[] want = in.clone();
    for (int i = 0; i < want.length; i++) {
      float v = (want[i] - new float[] {127.5f, 1f, 3f}[i % 3]) / new float[] {127.5f, 2f, 0.1f}[i % 3];
      v = (v - (-128f * (1f / 128f))) / (1f / 128f);
      v = Math.max(Math.min((int) v, 255), 0);
      want[i] = (v - 128f) / (1 / (1f / 128f));
    }
    assertArrayEquals(want, fused.getFloatArray());
    // a subclass anywhere in the chain: one op at a time, its own apply() honoured
    TensorBuffer withSubclass = new TensorProcessor.Builder().add(new AddOne()).add(new NormalizeOp(0f, 2f))
        .build().process(floats(new int[] {2}, 1f, 2f));
    assertArrayEquals(new float[] {21f, 1.5f}, withSubclass.getFloatArray());
    // all identities: the input itself
    TensorBuffer same = new TensorProcessor.Builder().add(new NormalizeOp(0f, 1f)).add(new CastOp(DataType.FLOAT32))
        .build().process(input);
    assertSame(input, same);
  }
}
