package org.tensorflow.lite.support.audio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.PrivateNatives;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.audio.TensorAudio.TensorAudioFormat;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** TensorAudio's own contract: the ByteBuffer load, the result's form, thread safety, natives. */
class TensorAudioContractTest {
  private static final int PCM_16BIT = 2;
  private static final int PCM_FLOAT = 4;

  private static TensorAudio mono(int samples) {
    return TensorAudio.create(TensorAudioFormat.builder().setSampleRate(16000).build(), samples);
  }

  @Test
  void theTensorBufferIsAFixedFloatRowOverANativeOrderHeapBuffer() {
    TensorAudio audio = TensorAudio.create(
        TensorAudioFormat.builder().setChannels(2).setSampleRate(8000).build(), 3);
    audio.load(new float[] {1, 2, 3, 4, 5, 6, 7, 8});
    TensorBuffer buffer = audio.getTensorBuffer();
    assertArrayEquals(new int[] {1, 6}, buffer.getShape());
    assertEquals(DataType.FLOAT32, buffer.getDataType());
    assertFalse(buffer.isDynamic());
    assertTrue(buffer.getBuffer().hasArray());
    assertEquals(ByteOrder.nativeOrder(), buffer.getBuffer().order());
    assertArrayEquals(new float[] {3, 4, 5, 6, 7, 8}, buffer.getFloatArray());
    // A new buffer per call: later loads leave an earlier result alone.
    audio.load(new float[] {9, 10});
    assertArrayEquals(new float[] {3, 4, 5, 6, 7, 8}, buffer.getFloatArray());
    assertArrayEquals(new float[] {5, 6, 7, 8, 9, 10}, audio.getTensorBuffer().getFloatArray());
  }

  @Test
  void byteBufferLoadsReadPcm16AndFloatsInTheBuffersOrder() {
    for (boolean direct : new boolean[] {true, false}) {
      for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
        TensorAudio audio = mono(4);
        ByteBuffer pcm = allocate(direct, 8).order(order);
        pcm.putShort((short) 7).putShort(Short.MAX_VALUE).putShort(Short.MIN_VALUE).putShort((short) -5);
        pcm.position(2);
        audio.load(pcm, PCM_16BIT);
        assertEquals(2, pcm.position(), "position unchanged");
        assertEquals(8, pcm.limit(), "limit unchanged");
        ByteBuffer floats = allocate(direct, 8).order(order);
        floats.putFloat(0.5f).putFloat(-0.25f).flip();
        audio.load(floats, PCM_FLOAT);
        float[] expected = {Short.MIN_VALUE / 32767f, -5 / 32767f, 0.5f, -0.25f};
        assertArrayEquals(expected, audio.getTensorBuffer().getFloatArray(), direct + " " + order);
      }
    }
  }

  @Test
  void byteBufferLoadsMatchTheArrayLoads() {
    short[] samples = new short[40];
    for (int i = 0; i < samples.length; i++) {
      samples[i] = (short) (i * 1637 - 30000);
    }
    ByteBuffer bytes = ByteBuffer.allocateDirect(80).order(ByteOrder.nativeOrder());
    bytes.asShortBuffer().put(samples);
    TensorAudio fromArray = mono(25);
    TensorAudio fromBuffer = mono(25);
    fromArray.load(samples);
    fromBuffer.load(bytes, PCM_16BIT);
    assertArrayEquals(fromArray.getTensorBuffer().getFloatArray(), fromBuffer.getTensorBuffer().getFloatArray());
  }

  @Test
  void readOnlySlicedAndDuplicatedBuffersLoad() {
    ByteBuffer direct = ByteBuffer.allocateDirect(12);
    direct.putFloat(1).putFloat(2).putFloat(3).flip();
    ByteBuffer heap = ByteBuffer.allocate(12);
    heap.putFloat(1).putFloat(2).putFloat(3).flip();
    ByteBuffer[] sources = {
      direct.asReadOnlyBuffer(), heap.asReadOnlyBuffer(), ((ByteBuffer) direct.duplicate().position(4)).slice(),
      ((ByteBuffer) heap.duplicate().position(4)).slice()
    };
    float[][] expected = {{1, 2, 3}, {1, 2, 3}, {0, 2, 3}, {0, 2, 3}};
    for (int i = 0; i < sources.length; i++) {
      TensorAudio audio = mono(3);
      audio.load(sources[i], PCM_FLOAT);
      assertArrayEquals(expected[i], audio.getTensorBuffer().getFloatArray(), "source " + i);
    }
  }

  @Test
  void byteBufferLoadsRefuseBadSizesEncodingsAndNull() {
    TensorAudio stereo = TensorAudio.create(
        TensorAudioFormat.builder().setChannels(2).setSampleRate(8000).build(), 4);
    IllegalArgumentException e = assertThrows(
        IllegalArgumentException.class, () -> stereo.load(ByteBuffer.allocateDirect(3), PCM_16BIT));
    assertEquals("Size (3 bytes) is not a whole number of 2-byte samples", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> stereo.load(ByteBuffer.allocate(6), PCM_16BIT));
    assertEquals("Size (3) needs to be a multiplier of the number of channels (2)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> stereo.load(ByteBuffer.allocate(4), 3));
    assertEquals("Unsupported encoding. Requires ENCODING_PCM_16BIT or ENCODING_PCM_FLOAT.", e.getMessage());
    assertThrows(NullPointerException.class, () -> stereo.load((ByteBuffer) null, PCM_FLOAT));
    assertArrayEquals(new float[8], stereo.getTensorBuffer().getFloatArray(), "nothing stored");
    // More samples than fit: the newest are kept, as for arrays.
    ByteBuffer many = ByteBuffer.allocate(40);
    for (int i = 0; i < 10; i++) {
      many.putFloat(i);
    }
    many.flip();
    stereo.load(many, PCM_FLOAT);
    assertArrayEquals(new float[] {2, 3, 4, 5, 6, 7, 8, 9}, stereo.getTensorBuffer().getFloatArray());
  }

  @Test
  void loadsAndReadsFromSeveralThreadsNeverTearABlock() throws Exception {
    int samples = 4096;
    TensorAudio audio = mono(samples);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread[] writers = new Thread[2];
    for (int w = 0; w < writers.length; w++) {
      final short value = (short) (1000 * (w + 1));
      writers[w] = new Thread(() -> {
        short[] block = new short[samples];
        java.util.Arrays.fill(block, value);
        for (int i = 0; i < 400; i++) {
          audio.load(block);
        }
      });
    }
    Thread reader = new Thread(() -> {
      try {
        for (int i = 0; i < 400; i++) {
          float[] snapshot = audio.getTensorBuffer().getFloatArray();
          for (float f : snapshot) {
            if (f != snapshot[0]) {
              throw new AssertionError("a load was seen half done at read " + i);
            }
          }
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    for (Thread t : writers) {
      t.start();
    }
    reader.start();
    for (Thread t : writers) {
      t.join();
    }
    reader.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }

  @Test
  void theNativesRefuseForgedArguments() {
    float[] ring = new float[4];
    IllegalStateException forged = assertThrows(IllegalStateException.class,
        () -> PrivateNatives.call(TensorAudio.class, "loadFloats", ring, 4, 1, new float[1], 0, 1));
    assertEquals("ring index 4 outside 0..4", forged.getMessage());
    assertThrows(IllegalStateException.class,
        () -> PrivateNatives.call(TensorAudio.class, "unroll", ring, -1, new byte[16]));
    assertThrows(RuntimeException.class,
        () -> PrivateNatives.call(TensorAudio.class, "unroll", ring, 0, new byte[15]));
    assertThrows(NullPointerException.class,
        () -> PrivateNatives.call(TensorAudio.class, "loadShorts", null, 0, 1, new short[1], 0, 1));
    // A window beyond the direct buffer, or a heap window beyond the array.
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(TensorAudio.class,
        "loadDirect", ring, 0, 1, ByteBuffer.allocateDirect(8), 4, 8, false, PCM_FLOAT));
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(TensorAudio.class,
        "loadDirect", ring, 0, 1, ByteBuffer.allocateDirect(8), -4, 4, false, PCM_FLOAT));
    assertThrows(IndexOutOfBoundsException.class, () -> PrivateNatives.call(TensorAudio.class,
        "loadHeap", ring, 0, 1, new byte[8], 6, 4, false, PCM_FLOAT));
    assertThrows(IllegalArgumentException.class, () -> PrivateNatives.call(TensorAudio.class,
        "loadDirect", ring, 0, 1, ByteBuffer.allocate(8), 0, 8, false, PCM_FLOAT));
    // The ring passed as its own source reads the samples as they were before the load.
    float[] same = {1, 2, 3, 4};
    Object next = assertDoesNotThrowCall(() -> PrivateNatives.call(TensorAudio.class, "loadFloats", same, 1, 1, same, 0, 2));
    assertEquals(3, next);
    assertArrayEquals(new float[] {1, 1, 2, 4}, same);
  }

  private static Object assertDoesNotThrowCall(ThrowingCall call) {
    try {
      return call.run();
    } catch (Throwable t) {
      throw new AssertionError(t);
    }
  }

  private interface ThrowingCall {
    Object run() throws Throwable;
  }

  private static ByteBuffer allocate(boolean direct, int bytes) {
    return direct ? ByteBuffer.allocateDirect(bytes) : ByteBuffer.allocate(bytes);
  }
}
