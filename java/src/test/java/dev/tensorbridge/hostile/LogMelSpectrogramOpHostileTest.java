package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tensorbridge.PrivateNatives;
import dev.tensorbridge.audio.LogMelSpectrogramOp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * {@code dev.tensorbridge.audio.LogMelSpectrogramOp}: every parameter and input it refuses, with
 * the contract's messages (docs/contracts/audio-log-mel.md, refusals), storage that lies about its
 * size, and its private natives called with arguments the class never passes.
 */
class LogMelSpectrogramOpHostileTest {
  private static final Class<?> OP = LogMelSpectrogramOp.class;

  private static LogMelSpectrogramOp yamnet() {
    return new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, 7500f, 0.001f);
  }

  private static TensorBuffer floats(int... shape) {
    return TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
  }

  private static Object[] withParams(Object... head) {
    Object[] params = {16000, 400, 160, 512, 64, 125f, 7500f, 0.001f};
    Object[] all = new Object[head.length + params.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(params, 0, all, head.length, params.length);
    return all;
  }

  @TestFactory
  List<DynamicTest> parameters() {
    Cases c = new Cases();
    c.fails("sampleRate 0", IllegalArgumentException.class, "sampleRate must be positive, got 0",
        () -> new LogMelSpectrogramOp(0, 400, 160, 512, 64, 125f, 7500f, 0.001f));
    c.fails("frameLength -1", IllegalArgumentException.class, "frameLength must be positive, got -1",
        () -> new LogMelSpectrogramOp(16000, -1, 160, 512, 64, 125f, 7500f, 0.001f));
    c.fails("frameStep 0", IllegalArgumentException.class, "frameStep must be positive, got 0",
        () -> new LogMelSpectrogramOp(16000, 400, 0, 512, 64, 125f, 7500f, 0.001f));
    c.fails("fftLength MIN_VALUE", IllegalArgumentException.class,
        "fftLength must be positive, got -2147483648",
        () -> new LogMelSpectrogramOp(16000, 400, 160, Integer.MIN_VALUE, 64, 125f, 7500f, 0.001f));
    c.fails("melBins 0", IllegalArgumentException.class, "melBins must be positive, got 0",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, 0, 125f, 7500f, 0.001f));
    c.fails("fftLength < frameLength", IllegalArgumentException.class,
        "fftLength must be at least frameLength, got fftLength 399 and frameLength 400",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 399, 64, 125f, 7500f, 0.001f));
    c.fails("fftLength MAX_VALUE", IllegalArgumentException.class,
        "fftLength must be at most 1048576, got 2147483647",
        () -> new LogMelSpectrogramOp(16000, 400, 160, Integer.MAX_VALUE, 64, 125f, 7500f, 0.001f));
    c.fails("melBins MAX_VALUE", IllegalArgumentException.class,
        "melBins must be at most 65536, got 2147483647",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, Integer.MAX_VALUE, 125f, 7500f, 0.001f));
    c.fails("negative lower edge", IllegalArgumentException.class,
        "lowerEdgeHertz must be within [0, sampleRate / 2] = [0, 8000.0], got -0.5",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, 64, -0.5f, 7500f, 0.001f));
    c.fails("upper edge above Nyquist", IllegalArgumentException.class,
        "upperEdgeHertz must be within [0, sampleRate / 2] = [0, 8000.0], got 8001.0",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, 8001f, 0.001f));
    c.fails("NaN edge", IllegalArgumentException.class,
        "upperEdgeHertz must be within [0, sampleRate / 2] = [0, 8000.0], got NaN",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, Float.NaN, 0.001f));
    c.fails("infinite edge", IllegalArgumentException.class,
        "upperEdgeHertz must be within [0, sampleRate / 2] = [0, 8000.0], got inf",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, Float.POSITIVE_INFINITY, 0.001f));
    c.fails("lower >= upper", IllegalArgumentException.class,
        "lowerEdgeHertz must be less than upperEdgeHertz, got 7500.0 and 125.0",
        () -> new LogMelSpectrogramOp(16000, 400, 160, 512, 64, 7500f, 125f, 0.001f));
    c.succeeds("edges at 0 and Nyquist, any log offset", () -> {
      TensorBuffer out =
          new LogMelSpectrogramOp(16000, 4, 4, 4, 2, 0f, 8000f, Float.NaN).apply(floats(8));
      assertArrayEquals(new int[] {2, 2}, out.getShape());
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> inputs() {
    Cases c = new Cases();
    c.fails("null input", NullPointerException.class, "input cannot be null",
        () -> yamnet().apply(null));
    c.fails("UINT8 input", IllegalArgumentException.class, "input must be FLOAT32, got UINT8",
        () -> yamnet().apply(TensorBuffer.createFixedSize(new int[] {1000}, DataType.UINT8)));
    c.fails("2-D input", IllegalArgumentException.class, "input must be 1-D [n], got shape [2, 500]",
        () -> yamnet().apply(floats(2, 500)));
    c.fails("scalar input", IllegalArgumentException.class, "input must be 1-D [n], got shape []",
        () -> yamnet().apply(floats()));
    c.fails("shorter than a frame", IllegalArgumentException.class,
        "input has 399 samples, fewer than frameLength 400", () -> yamnet().apply(floats(399)));
    c.fails("empty dynamic input", IllegalArgumentException.class,
        "input has 0 samples, fewer than frameLength 400",
        () -> yamnet().apply(TensorBuffer.createDynamic(DataType.FLOAT32)));
    c.fails("result beyond 2^31 - 1 bytes", IllegalArgumentException.class,
        "result of 1048576 frames x 65536 mel bins exceeds 2^31 - 1 bytes",
        () -> new LogMelSpectrogramOp(16000, 1, 1, 1, 65536, 1f, 2f, 0f).apply(floats(1 << 20)));
    c.failsWithPrefix("storage shrunk behind the buffer's back", IllegalStateException.class,
        "The size of underlying ByteBuffer (400) and the shape ([1000]) do not match", () -> {
          TensorBuffer b = floats(1000);
          b.getBuffer().limit(400);
          yamnet().apply(b);
        });
    c.succeeds("unaligned direct storage in big-endian order", () -> {
      ByteBuffer block = ByteBuffer.allocateDirect(4 * 600 + 1);
      block.position(1);
      ByteBuffer odd = block.slice().order(ByteOrder.BIG_ENDIAN);
      for (int i = 0; i < 600; i++) {
        odd.putFloat((float) Math.sin(i * 0.3));
      }
      TensorBuffer unaligned = floats(600);
      unaligned.loadBuffer(odd);
      float[] samples = unaligned.getFloatArray();
      TensorBuffer plain = floats(600);
      plain.loadArray(samples);
      assertArrayEquals(yamnet().apply(plain).getFloatArray(), yamnet().apply(unaligned).getFloatArray());
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> privateNatives() {
    Cases c = new Cases();
    ByteBuffer src = ByteBuffer.allocateDirect(4000).order(ByteOrder.nativeOrder());
    ByteBuffer dst = ByteBuffer.allocateDirect(6 * 64 * 4).order(ByteOrder.nativeOrder());
    c.fails("frames with a null shape", NullPointerException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "frames", withParams(DataType.FLOAT32.ordinal(), null)));
    c.fails("frames with a made-up type", IllegalArgumentException.class, "no DataType ordinal 99",
        () -> PrivateNatives.call(OP, "frames", withParams(99, new int[] {1000})));
    c.fails("frames with a negative length", IllegalArgumentException.class, "negative input length -5",
        () -> PrivateNatives.call(OP, "frames", withParams(DataType.FLOAT32.ordinal(), new int[] {-5})));
    c.fails("prepare with bad parameters", IllegalArgumentException.class,
        "melBins must be positive, got -3",
        () -> PrivateNatives.call(OP, "prepare", 16000, 400, 160, 512, -3, 125f, 7500f, 0.001f));
    c.fails("run with a null destination", NullPointerException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run", withParams(src, null, 0, false, 1000, null)));
    c.fails("run into a destination too small", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run",
            withParams(src, null, 0, false, 1000, ByteBuffer.allocateDirect(100))));
    c.fails("run into a heap destination", IllegalArgumentException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run",
            withParams(src, null, 0, false, 1000, ByteBuffer.allocate(6 * 64 * 4))));
    c.fails("run with a count beyond the source", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run", withParams(src, null, 0, false, 1001, dst)));
    c.fails("run with a count beyond the heap array", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run", withParams(null, new byte[4000], 4, false, 1000, dst)));
    c.fails("run with a negative offset", IndexOutOfBoundsException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run", withParams(null, new byte[4000], -4, false, 400, dst)));
    c.fails("run with no source", NullPointerException.class, ANY_MESSAGE,
        () -> PrivateNatives.call(OP, "run", withParams(null, null, 0, false, 1000, dst)));
    c.fails("run with a negative count", IllegalArgumentException.class, "negative count",
        () -> PrivateNatives.call(OP, "run", withParams(src, null, 0, false, -1, dst)));
    c.fails("run into the source itself", IllegalArgumentException.class,
        "input and output storage overlap",
        () -> PrivateNatives.call(OP, "run", withParams(src, null, 0, false, 1000, src)));
    return c.build();
  }
}
