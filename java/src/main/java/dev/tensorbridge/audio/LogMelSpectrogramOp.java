package dev.tensorbridge.audio;

import dev.tensorbridge.internal.BridgeAccess;
import dev.tensorbridge.internal.NativeLoader;
import dev.tensorbridge.internal.ResultStorage;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A log-mel spectrogram front end with TensorFlow's numbers: turns a FLOAT32 {@code [n]} signal
 * into the FLOAT32 {@code [frames, melBins]} buffer
 *
 * <pre>
 * tf.math.log(tf.tensordot(
 *     tf.abs(tf.signal.stft(x, frameLength, frameStep, fftLength, window_fn=tf.signal.hann_window)),
 *     tf.signal.linear_to_mel_weight_matrix(melBins, fftLength // 2 + 1, sampleRate,
 *         lowerEdgeHertz, upperEdgeHertz), 1) + logOffset)
 * </pre>
 *
 * with {@code frames = 1 + (n - frameLength) / frameStep} (no padding: trailing samples that do
 * not fill a frame are dropped). YAMNet's front end is {@code new LogMelSpectrogramOp(16000, 400,
 * 160, 512, 64, 125f, 7500f, 0.001f)}. The work runs natively; the window, the mel matrix and the
 * FFT plan of a parameter set are built when the op is made and shared by every op with the same
 * parameters. Accuracy against TensorFlow: docs/contracts/audio-log-mel.md.
 */
public final class LogMelSpectrogramOp implements TensorOperator {
  static {
    NativeLoader.ensureLoaded();
  }

  private final int sampleRate;
  private final int frameLength;
  private final int frameStep;
  private final int fftLength;
  private final int melBins;
  private final float lowerEdgeHertz;
  private final float upperEdgeHertz;
  private final float logOffset;

  /**
   * Makes the op and precomputes what its parameters determine.
   *
   * @param sampleRate samples per second
   * @param frameLength samples per frame (the Hann window's length)
   * @param frameStep samples between the starts of consecutive frames
   * @param fftLength length of the real FFT, at least {@code frameLength} (frames are zero-padded)
   * @param melBins number of mel bands
   * @param lowerEdgeHertz lower edge of the lowest band
   * @param upperEdgeHertz upper edge of the highest band
   * @param logOffset added to each mel energy before the log
   * @throws IllegalArgumentException if a size is not positive, {@code fftLength < frameLength},
   *     {@code fftLength > 2^20} or {@code melBins > 2^16}, an edge is outside {@code [0,
   *     sampleRate / 2]} (or NaN), or {@code lowerEdgeHertz >= upperEdgeHertz}
   */
  public LogMelSpectrogramOp(
      int sampleRate,
      int frameLength,
      int frameStep,
      int fftLength,
      int melBins,
      float lowerEdgeHertz,
      float upperEdgeHertz,
      float logOffset) {
    prepare(sampleRate, frameLength, frameStep, fftLength, melBins, lowerEdgeHertz,
        upperEdgeHertz, logOffset);
    this.sampleRate = sampleRate;
    this.frameLength = frameLength;
    this.frameStep = frameStep;
    this.fftLength = fftLength;
    this.melBins = melBins;
    this.lowerEdgeHertz = lowerEdgeHertz;
    this.upperEdgeHertz = upperEdgeHertz;
    this.logOffset = logOffset;
  }

  /**
   * Computes the log-mel spectrogram of {@code input}. Reading the input rewinds its storage.
   *
   * @param input a FLOAT32 buffer of shape {@code [n]}, {@code n >= frameLength}
   * @return a new fixed-size FLOAT32 buffer of shape {@code [frames, melBins]}
   * @throws NullPointerException if {@code input} is null
   * @throws IllegalArgumentException if {@code input} is not FLOAT32, not 1-D, shorter than one
   *     frame, or its result would exceed 2^31 - 1 bytes
   * @throws IllegalStateException if its storage no longer matches its shape (TensorBuffer's
   *     own check and message)
   */
  @Override
  public TensorBuffer apply(TensorBuffer input) {
    if (input == null) {
      throw new NullPointerException("input cannot be null");
    }
    int[] shape = input.getShape();
    int frames = frames(input.getDataType().ordinal(), shape, sampleRate, frameLength, frameStep,
        fftLength, melBins, lowerEdgeHertz, upperEdgeHertz, logOffset);
    int count = shape[0];
    ByteBuffer src = input.getBuffer();
    if ((long) count * 4 > src.limit()) {
      throw new BufferUnderflowException();
    }
    int values = frames * melBins;
    ByteBuffer dst = ResultStorage.allocate(values * 4);
    src.rewind();
    boolean bigEndian = src.order() == ByteOrder.BIG_ENDIAN;
    if (src.isDirect()) {
      runNative(src, null, 0, bigEndian, count, dst);
    } else if (src.hasArray()) {
      runNative(null, src.array(), src.arrayOffset(), bigEndian, count, dst);
    } else {
      // Read-only heap storage: its array is not handed out, so copy the samples first.
      byte[] copy = new byte[count * 4];
      ByteBuffer from = src.duplicate();
      from.rewind();
      from.get(copy);
      runNative(null, copy, 0, bigEndian, count, dst);
    }
    dst.rewind();
    return BridgeAccess.buffers()
        .wrapResult(dst, new int[] {frames, melBins}, values, DataType.FLOAT32);
  }

  private void runNative(ByteBuffer direct, byte[] heap, int offset, boolean bigEndian, int count,
      ByteBuffer dst) {
    run(direct, heap, offset, bigEndian, count, dst, sampleRate, frameLength, frameStep,
        fftLength, melBins, lowerEdgeHertz, upperEdgeHertz, logOffset);
  }

  // src/jni/log_mel_spectrogram_op.rs; the parameters cross with every call and name the shared
  // native plan (no handle). Types cross as DataType.ordinal().
  private static native void prepare(int sampleRate, int frameLength, int frameStep,
      int fftLength, int melBins, float lowerEdgeHertz, float upperEdgeHertz, float logOffset);

  private static native int frames(int dataType, int[] shape, int sampleRate, int frameLength,
      int frameStep, int fftLength, int melBins, float lowerEdgeHertz, float upperEdgeHertz,
      float logOffset);

  private static native void run(ByteBuffer srcDirect, byte[] srcHeap, int srcOffset,
      boolean srcBigEndian, int count, ByteBuffer dst, int sampleRate, int frameLength,
      int frameStep, int fftLength, int melBins, float lowerEdgeHertz, float upperEdgeHertz,
      float logOffset);
}
