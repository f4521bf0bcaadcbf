package org.tensorflow.lite.support.audio;

import static org.tensorflow.lite.support.common.internal.SupportPreconditions.checkArgument;

import android.media.AudioFormat;
import android.media.AudioRecord;
import dev.tensorbridge.internal.BridgeAccess;
import dev.tensorbridge.internal.NativeLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A ring buffer of audio samples for a model's input: {@code load} stores new samples (the newest
 * {@code sampleCounts * channels} are kept), {@link #getTensorBuffer()} returns them oldest first
 * as a FLOAT32 buffer of shape (1, samples). PCM16 samples are stored as {@code s / 32767f}.
 *
 * <p>The ring is a {@code float[]} of this object; every load and the copy out of it are one native
 * call ({@code src/lite/audio.rs}). Unlike upstream's, the methods are synchronized, so one thread
 * may load (e.g. from an {@link AudioRecord}) while another takes tensor buffers.
 *
 * <p>On a JVM without Android classes every method works except the two that take an Android type
 * ({@link #create(AudioFormat, int)} and {@link #load(AudioRecord)}).
 */
public class TensorAudio {
  static {
    NativeLoader.ensureLoaded();
  }

  private final TensorAudioFormat format;
  private final float[] ring;
  /** Where the next sample goes, i.e. the oldest sample; guarded by {@code this}. */
  private int next;

  /**
   * Creates a ring of {@code sampleCounts * format.getChannels()} samples.
   *
   * @param format the format of the samples that will be loaded
   * @param sampleCounts the number of samples per channel the model takes
   * @return the new, zero-filled ring
   */
  public static TensorAudio create(TensorAudioFormat format, int sampleCounts) {
    return new TensorAudio(format, sampleCounts);
  }

  /**
   * Creates a ring of {@code sampleCounts * format.getChannelCount()} samples.
   *
   * @param format the Android format of the samples (its channel count and sample rate are used)
   * @param sampleCounts the number of samples per channel the model takes
   * @return the new, zero-filled ring
   */
  public static TensorAudio create(AudioFormat format, int sampleCounts) {
    return new TensorAudio(TensorAudioFormat.create(format), sampleCounts);
  }

  private TensorAudio(TensorAudioFormat format, int sampleCounts) {
    this.format = format;
    // Wrapping int product and Java's own allocation errors, as upstream's.
    this.ring = new float[sampleCounts * format.getChannels()];
  }

  /**
   * Stores float samples (interleaved when there are several channels).
   *
   * @param src the samples, in [-1, 1]
   */
  public void load(float[] src) {
    load(src, 0, src.length);
  }

  /**
   * Stores {@code sizeInFloat} float samples of {@code src} from {@code offsetInFloat}.
   *
   * @param src the samples, in [-1, 1], interleaved
   * @param offsetInFloat the index of the first sample
   * @param sizeInFloat the number of samples, a multiple of the channel count
   * @throws IllegalArgumentException if the size is not a multiple of the channel count, or the
   *     range is beyond {@code src}
   */
  public synchronized void load(float[] src, int offsetInFloat, int sizeInFloat) {
    next = loadFloats(ring, next, format.getChannels(), src, offsetInFloat, sizeInFloat);
  }

  /**
   * Stores PCM16 samples, converted to float.
   *
   * @param src the samples, interleaved
   */
  public void load(short[] src) {
    load(src, 0, src.length);
  }

  /**
   * Stores {@code sizeInShort} PCM16 samples of {@code src} from {@code offsetInShort}, converted to
   * float.
   *
   * @param src the samples, interleaved
   * @param offsetInShort the index of the first sample
   * @param sizeInShort the number of samples, a multiple of the channel count
   * @throws IllegalArgumentException if the range is beyond {@code src}, or the size is not a
   *     multiple of the channel count
   */
  public synchronized void load(short[] src, int offsetInShort, int sizeInShort) {
    next = loadShorts(ring, next, format.getChannels(), src, offsetInShort, sizeInShort);
  }

  /**
   * Stores the samples between {@code src}'s position and limit, read in {@code src}'s byte order,
   * straight from the buffer (no Java array in between for a direct buffer). Not in upstream. The
   * buffer's position, limit and contents are left as they are, so a buffer that {@code
   * AudioRecord.read(ByteBuffer, int)} fills can be loaded after setting its limit to the byte
   * count read.
   *
   * @param src PCM16 or float samples, interleaved; direct or heap, read-only or not
   * @param encoding {@code AudioFormat.ENCODING_PCM_16BIT} (2) or {@code
   *     AudioFormat.ENCODING_PCM_FLOAT} (4)
   * @throws IllegalArgumentException for any other encoding, a byte count that is not a whole
   *     number of samples, or a sample count that is not a multiple of the channel count
   */
  public void load(ByteBuffer src, int encoding) {
    int position = src.position();
    int bytes = src.limit() - position;
    boolean bigEndian = src.order() == ByteOrder.BIG_ENDIAN;
    if (src.isDirect()) {
      synchronized (this) {
        next = loadDirect(ring, next, format.getChannels(), src, position, bytes, bigEndian, encoding);
      }
      return;
    }
    byte[] array;
    int offset;
    if (src.hasArray()) {
      array = src.array();
      offset = src.arrayOffset() + position;
    } else {
      // A read-only heap buffer does not hand out its array.
      array = new byte[bytes];
      src.duplicate().get(array);
      offset = 0;
    }
    synchronized (this) {
      next = loadHeap(ring, next, format.getChannels(), array, offset, bytes, bigEndian, encoding);
    }
  }

  /**
   * Reads what the recorder has, without blocking, and stores it (PCM16 or float recordings).
   *
   * @param record a recorder of this object's format
   * @return the number of values read, or 0 when there was nothing new
   * @throws IllegalArgumentException for another format or an unsupported encoding
   * @throws IllegalStateException if the read fails
   */
  public int load(AudioRecord record) {
    checkArgument(
        this.format.equals(TensorAudioFormat.create(record.getFormat())),
        "Incompatible audio format.");
    int values;
    int encoding = record.getAudioFormat();
    if (encoding == AudioFormat.ENCODING_PCM_FLOAT) {
      float[] data = new float[record.getChannelCount() * record.getBufferSizeInFrames()];
      values = record.read(data, 0, data.length, AudioRecord.READ_NON_BLOCKING);
      if (values > 0) {
        load(data, 0, values);
        return values;
      }
    } else if (encoding == AudioFormat.ENCODING_PCM_16BIT) {
      short[] data = new short[record.getChannelCount() * record.getBufferSizeInFrames()];
      values = record.read(data, 0, data.length, AudioRecord.READ_NON_BLOCKING);
      if (values > 0) {
        load(data, 0, values);
        return values;
      }
    } else {
      throw new IllegalArgumentException(
          "Unsupported encoding. Requires ENCODING_PCM_16BIT or ENCODING_PCM_FLOAT.");
    }
    return readFailure(values);
  }

  /** A read result of 0 or less: 0 for no data, the named exception for an error code. */
  private static int readFailure(int values) {
    switch (values) {
      case AudioRecord.ERROR_INVALID_OPERATION:
        throw new IllegalStateException("AudioRecord.ERROR_INVALID_OPERATION");
      case AudioRecord.ERROR_BAD_VALUE:
        throw new IllegalStateException("AudioRecord.ERROR_BAD_VALUE");
      case AudioRecord.ERROR_DEAD_OBJECT:
        throw new IllegalStateException("AudioRecord.ERROR_DEAD_OBJECT");
      case AudioRecord.ERROR:
        throw new IllegalStateException("AudioRecord.ERROR");
      default:
        return 0;
    }
  }

  /**
   * The samples, oldest first, in a new FLOAT32 buffer of shape (1, samples) over a heap buffer in
   * native order (as upstream's).
   *
   * @return the new buffer
   */
  public synchronized TensorBuffer getTensorBuffer() {
    ByteBuffer storage = ByteBuffer.allocate(DataType.FLOAT32.byteSize() * ring.length);
    storage.order(ByteOrder.nativeOrder());
    unroll(ring, next, storage.array());
    return BridgeAccess.buffers()
        .wrapResult(storage, new int[] {1, ring.length}, ring.length, DataType.FLOAT32);
  }

  /** @return the format given at creation */
  public TensorAudioFormat getFormat() {
    return format;
  }

  /**
   * The channel count and sample rate of the samples; one channel unless set. Abstract with a
   * public constructor, as upstream's generated value class base is; {@link #builder()} gives the
   * one implementation (equal when both properties are).
   */
  public abstract static class TensorAudioFormat {
    private static final int DEFAULT_CHANNELS = 1;

    /** Public, as upstream's. */
    public TensorAudioFormat() {}

    /**
     * The channel count and sample rate of an Android format.
     *
     * @param format the format
     * @return the new format
     */
    public static TensorAudioFormat create(AudioFormat format) {
      return builder()
          .setChannels(format.getChannelCount())
          .setSampleRate(format.getSampleRate())
          .build();
    }

    /** @return the number of channels */
    public abstract int getChannels();

    /** @return the sample rate in Hz */
    public abstract int getSampleRate();

    /** @return a builder with one channel */
    public static Builder builder() {
      return new ValueBuilder().setChannels(DEFAULT_CHANNELS);
    }

    /** Builds a {@link TensorAudioFormat}; the sample rate must be set, both must be positive. */
    public abstract static class Builder {
      /** Public, as upstream's. */
      public Builder() {}

      /**
       * @param value the number of channels (1 by default)
       * @return this builder
       */
      public abstract Builder setChannels(int value);

      /**
       * @param value the sample rate in Hz
       * @return this builder
       */
      public abstract Builder setSampleRate(int value);

      /** The format as set, or "Missing required properties: …". */
      abstract TensorAudioFormat autoBuild();

      /**
       * @return the format
       * @throws IllegalStateException if the sample rate was not set
       * @throws IllegalArgumentException if a property is not positive
       */
      public TensorAudioFormat build() {
        TensorAudioFormat format = autoBuild();
        checkArgument(format.getChannels() > 0, "Number of channels should be greater than 0");
        checkArgument(format.getSampleRate() > 0, "Sample rate should be greater than 0");
        return format;
      }
    }
  }

  private static final class ValueBuilder extends TensorAudioFormat.Builder {
    private int channels;
    private int sampleRate;
    private boolean channelsSet;
    private boolean sampleRateSet;

    @Override
    public TensorAudioFormat.Builder setChannels(int value) {
      channels = value;
      channelsSet = true;
      return this;
    }

    @Override
    public TensorAudioFormat.Builder setSampleRate(int value) {
      sampleRate = value;
      sampleRateSet = true;
      return this;
    }

    @Override
    TensorAudioFormat autoBuild() {
      String missing = (channelsSet ? "" : " channels") + (sampleRateSet ? "" : " sampleRate");
      if (!missing.isEmpty()) {
        throw new IllegalStateException("Missing required properties:" + missing);
      }
      return new Format(channels, sampleRate);
    }
  }

  private static final class Format extends TensorAudioFormat {
    private final int channels;
    private final int sampleRate;

    Format(int channels, int sampleRate) {
      this.channels = channels;
      this.sampleRate = sampleRate;
    }

    @Override
    public int getChannels() {
      return channels;
    }

    @Override
    public int getSampleRate() {
      return sampleRate;
    }

    @Override
    public boolean equals(Object o) {
      if (o == this) {
        return true;
      }
      if (!(o instanceof TensorAudioFormat)) {
        return false;
      }
      TensorAudioFormat that = (TensorAudioFormat) o;
      return channels == that.getChannels() && sampleRate == that.getSampleRate();
    }

    @Override
    public int hashCode() {
      // The value-class hash: each property folded in with 1000003, as generated value classes do.
      return (1000003 ^ channels) * 1000003 ^ sampleRate;
    }

    @Override
    public String toString() {
      return "TensorAudioFormat{channels=" + channels + ", sampleRate=" + sampleRate + "}";
    }
  }

  private static native int loadFloats(
      float[] ring, int next, int channels, float[] src, int offset, int size);

  private static native int loadShorts(
      float[] ring, int next, int channels, short[] src, int offset, int size);

  private static native int loadDirect(
      float[] ring, int next, int channels, ByteBuffer src, int position, int byteCount,
      boolean bigEndian, int encoding);

  private static native int loadHeap(
      float[] ring, int next, int channels, byte[] src, int offset, int byteCount,
      boolean bigEndian, int encoding);

  private static native void unroll(float[] ring, int next, byte[] dst);
}
