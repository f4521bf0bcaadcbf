package org.tensorflow.lite.support.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.CastOp;
import org.tensorflow.lite.support.common.ops.DequantizeOp;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.common.ops.QuantizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The ops and TensorProcessor against TFLite Support 0.4.4's real classes (in an isolated class
 * loader) on random inputs: every size class, both upstream element types, every storage kind
 * (fresh, heap, read-only, big-endian, direct), fixed and dynamic buffers, random chains of ops
 * including identities and invalid channel counts. Compared: result bytes (bit for bit), type,
 * shape, dynamic-ness, whether the input itself came back, storage positions afterwards, and
 * exception class and message.
 */
class OpsDifferentialTest {
  private static final int[] SIZES = {0, 1, 2, 3, 7, 16, 17, 255, 1000, 2047, 2048, 2049, 4099, 30000, 150528};

  /** One op with its parameters, buildable on both sides. */
  private static final class OpSpec {
    final String kind;
    final float a;
    final float b;
    final float[] means;
    final float[] stddevs;
    final String castTo;

    OpSpec(String kind, float a, float b, float[] means, float[] stddevs, String castTo) {
      this.kind = kind;
      this.a = a;
      this.b = b;
      this.means = means;
      this.stddevs = stddevs;
      this.castTo = castTo;
    }

    TensorOperator ours() {
      switch (kind) {
        case "normalize":
          return new NormalizeOp(a, b);
        case "channels":
          return new NormalizeOp(means, stddevs);
        case "quantize":
          return new QuantizeOp(a, b);
        case "dequantize":
          return new DequantizeOp(a, b);
        default:
          return new CastOp(DataType.valueOf(castTo));
      }
    }

    Object theirs() throws Throwable {
      String pkg = "org.tensorflow.lite.support.common.ops.";
      switch (kind) {
        case "normalize":
          return Upstream.construct(pkg + "NormalizeOp", a, b);
        case "channels":
          return Upstream.construct(pkg + "NormalizeOp", means, stddevs);
        case "quantize":
          return Upstream.construct(pkg + "QuantizeOp", a, b);
        case "dequantize":
          return Upstream.construct(pkg + "DequantizeOp", a, b);
        default:
          return Upstream.construct(pkg + "CastOp", Upstream.dataType(castTo));
      }
    }

    @Override
    public String toString() {
      return kind + "(" + a + "," + b + "," + Arrays.toString(means) + "," + Arrays.toString(stddevs)
          + "," + castTo + ")";
    }
  }

  private static float randomParam(Random r) {
    switch (r.nextInt(12)) {
      case 0:
        return 0f;
      case 1:
        return 1f;
      case 2:
        return Float.POSITIVE_INFINITY;
      case 3:
        return 127.5f;
      case 4:
        return 1f / 255f;
      case 5:
        return -0f;
      default:
        return (r.nextFloat() - 0.3f) * 300f;
    }
  }

  private static OpSpec randomOp(Random r, int lastDim) {
    switch (r.nextInt(6)) {
      case 0:
        return new OpSpec("normalize", randomParam(r), randomParam(r), null, null, null);
      case 1: {
        // mostly the right channel count, sometimes a wrong one
        int channels = r.nextInt(5) == 0 ? 1 + r.nextInt(4) : Math.max(1, lastDim);
        float[] m = new float[channels];
        float[] s = new float[channels];
        boolean identity = r.nextInt(6) == 0;
        for (int i = 0; i < channels; i++) {
          m[i] = identity ? 0f : randomParam(r);
          s[i] = identity ? 1f : randomParam(r);
          if (s[i] == 0f) s[i] = 0.5f;
        }
        return new OpSpec("channels", 0, 0, m, s, null);
      }
      case 2:
        return new OpSpec("quantize", randomParam(r), randomParam(r), null, null, null);
      case 3:
        return new OpSpec("dequantize", randomParam(r), randomParam(r), null, null, null);
      case 4:
        return new OpSpec("cast", 0, 0, null, null, "UINT8");
      default:
        return new OpSpec("cast", 0, 0, null, null, "FLOAT32");
    }
  }

  private static float randomValue(Random r) {
    switch (r.nextInt(20)) {
      case 0:
        return Float.NaN;
      case 1:
        return Float.intBitsToFloat(0x7fc12345); // a NaN with a payload
      case 2:
        return Float.NEGATIVE_INFINITY;
      case 3:
        return Float.MIN_VALUE;
      case 4:
        return -0f;
      case 5:
        return Float.intBitsToFloat(r.nextInt());
      case 6:
        return 255.99f;
      default:
        return (r.nextFloat() - 0.2f) * 400f;
    }
  }

  /** The input bytes, element type and layout of one case. */
  private static final class Input {
    final String type;
    final int[] shape;
    final byte[] bytes; // native order
    final String storage;
    final boolean dynamic;

    Input(String type, int[] shape, byte[] bytes, String storage, boolean dynamic) {
      this.type = type;
      this.shape = shape;
      this.bytes = bytes;
      this.storage = storage;
      this.dynamic = dynamic;
    }

    int elementSize() {
      return type.equals("FLOAT32") ? 4 : 1;
    }

    /** The storage for this case, in the order the storage kind asks for. */
    ByteBuffer storageBuffer() {
      ByteOrder order = storage.contains("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
      ByteBuffer native_ = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
      ByteBuffer b = storage.startsWith("direct") ? ByteBuffer.allocateDirect(bytes.length) : ByteBuffer.allocate(bytes.length);
      b.order(order);
      if (elementSize() == 4) {
        for (int i = 0; i < bytes.length / 4; i++) b.putFloat(native_.getFloat(i * 4));
      } else {
        b.put(bytes);
      }
      b.rewind();
      return storage.contains("readonly") ? b.asReadOnlyBuffer().order(order) : b;
    }
  }

  private static TensorBuffer ours(Input in) {
    TensorBuffer t = in.dynamic ? TensorBuffer.createDynamic(DataType.valueOf(in.type))
        : TensorBuffer.createFixedSize(in.shape, DataType.valueOf(in.type));
    if (in.storage.equals("fresh")) {
      t.loadArray(floats(in), in.shape.clone());
    } else {
      t.loadBuffer(in.storageBuffer(), in.shape.clone());
    }
    return t;
  }

  private static Object theirs(Input in) throws Throwable {
    Class<?> tb = Upstream.type("org.tensorflow.lite.support.tensorbuffer.TensorBuffer");
    Object type = Upstream.dataType(in.type);
    Object t = in.dynamic ? Upstream.call(tb, "createDynamic", type)
        : Upstream.call(tb, "createFixedSize", in.shape.clone(), type);
    if (in.storage.equals("fresh")) {
      Upstream.call(t, "loadArray", floats(in), in.shape.clone());
    } else {
      Upstream.call(t, "loadBuffer", in.storageBuffer(), in.shape.clone());
    }
    return t;
  }

  private static float[] floats(Input in) {
    ByteBuffer b = ByteBuffer.wrap(in.bytes).order(ByteOrder.nativeOrder());
    float[] f = new float[in.bytes.length / in.elementSize()];
    for (int i = 0; i < f.length; i++) f[i] = in.elementSize() == 4 ? b.getFloat(i * 4) : (b.get(i) & 0xff);
    return f;
  }

  /** What one side produced, in comparable form. */
  private static String outcome(
      Object result, Object input, ByteBuffer inputStorage, boolean upstream) throws Throwable {
    if (result instanceof Throwable) {
      Throwable t = (Throwable) result;
      return "threw " + t.getClass().getName() + ": " + t.getMessage();
    }
    ByteBuffer storage = (ByteBuffer) Upstream.call(result, "getBuffer");
    int[] shape = (int[]) Upstream.call(result, "getShape");
    String type = Upstream.call(result, "getDataType").toString();
    boolean dynamic = (Boolean) Upstream.call(result, "isDynamic");
    ByteBuffer copy = storage.duplicate().order(storage.order());
    copy.rewind();
    byte[] bytes = new byte[copy.limit()];
    copy.get(bytes);
    StringBuilder sb = new StringBuilder();
    sb.append(type).append(' ').append(Arrays.toString(shape)).append(" dynamic=").append(dynamic)
        .append(" same=").append(result == input)
        .append(" order=").append(storage.order())
        .append(" pos=").append(storage.position())
        .append(" inPos=").append(inputStorage.position())
        .append(" bytes=").append(Arrays.hashCode(bytes)).append('/').append(bytes.length);
    return sb.toString();
  }

  private static Object runOurs(List<OpSpec> ops, TensorBuffer input, boolean processor) {
    try {
      if (processor) {
        TensorProcessor.Builder b = new TensorProcessor.Builder();
        for (OpSpec op : ops) b.add(op.ours());
        return b.build().process(input);
      }
      TensorBuffer x = input;
      for (OpSpec op : ops) x = op.ours().apply(x);
      return x;
    } catch (RuntimeException e) {
      return e;
    }
  }

  private static Object runTheirs(List<OpSpec> ops, Object input, boolean processor) throws Throwable {
    try {
      if (processor) {
        Object b = Upstream.construct("org.tensorflow.lite.support.common.TensorProcessor$Builder");
        for (OpSpec op : ops) Upstream.call(b, "add", op.theirs());
        return Upstream.call(Upstream.call(b, "build"), "process", input);
      }
      Object x = input;
      for (OpSpec op : ops) x = Upstream.call(op.theirs(), "apply", x);
      return x;
    } catch (RuntimeException e) {
      return e;
    }
  }

  @Test
  void randomChainsMatchUpstreamBitForBit() throws Throwable {
    Random r = new Random(20260422);
    String[] storages = {"fresh", "heap", "heap-big", "readonly", "readonly-big", "direct", "direct-big"};
    int cases = 0;
    int fused = 0;
    for (int size : SIZES) {
      for (String type : new String[] {"FLOAT32", "UINT8"}) {
        int repeats = size > 10000 ? 6 : 30;
        for (int k = 0; k < repeats; k++) {
          int[] shape = size % 3 == 0 && size > 0 && r.nextBoolean() ? new int[] {1, size / 3, 3}
              : (size == 1 && r.nextBoolean() ? new int[0] : new int[] {size});
          int lastDim = shape.length == 0 ? 1 : shape[shape.length - 1];
          int elementSize = type.equals("FLOAT32") ? 4 : 1;
          byte[] bytes = new byte[size * elementSize];
          ByteBuffer w = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
          for (int i = 0; i < size; i++) {
            if (elementSize == 4) w.putFloat(randomValue(r));
            else w.put((byte) r.nextInt());
          }
          Input in = new Input(type, shape, bytes, storages[r.nextInt(storages.length)], r.nextBoolean());
          List<OpSpec> ops = new ArrayList<>();
          int n = 1 + r.nextInt(4);
          for (int i = 0; i < n; i++) ops.add(randomOp(r, lastDim));
          for (boolean processor : new boolean[] {false, true}) {
            TensorBuffer oursIn;
            Object theirsIn;
            List<OpSpec> constructed = new ArrayList<>();
            // Constructors may throw (stddev 0): both sides must agree on that too.
            String oursCtor = ctor(ops, true);
            String theirsCtor = ctor(ops, false);
            assertEquals(theirsCtor, oursCtor, "constructors " + ops);
            if (!oursCtor.isEmpty()) continue;
            oursIn = ours(in);
            theirsIn = theirs(in);
            Object mine = runOurs(ops, oursIn, processor);
            Object upstream = runTheirs(ops, theirsIn, processor);
            String want = outcome(upstream, theirsIn, (ByteBuffer) Upstream.call(theirsIn, "getBuffer"), true);
            String got = outcome(mine, oursIn, oursIn.getBuffer(), false);
            assertEquals(want, got, "ops " + ops + " input " + type + Arrays.toString(shape) + " " + in.storage
                + " dynamic=" + in.dynamic + " processor=" + processor);
            if (!(mine instanceof Throwable)) {
              assertArrayEquals(bytesOf(Upstream.call(upstream, "getBuffer")), bytesOf(((TensorBuffer) mine).getBuffer()),
                  "ops " + ops);
            }
            cases++;
            if (processor) fused++;
          }
        }
      }
    }
    assertTrue(cases > 500, "cases run: " + cases);
  }

  private static String ctor(List<OpSpec> ops, boolean ours) throws Throwable {
    try {
      for (OpSpec op : ops) {
        if (ours) op.ours(); else op.theirs();
      }
      return "";
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  private static byte[] bytesOf(Object buffer) {
    ByteBuffer b = ((ByteBuffer) buffer).duplicate();
    b.rewind();
    byte[] out = new byte[b.limit()];
    b.get(out);
    return out;
  }
}
