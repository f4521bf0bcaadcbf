package org.tensorflow.lite.support.audio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.support.audio.TensorAudio.TensorAudioFormat;
import org.tensorflow.lite.support.common.Upstream;

/**
 * The same random load sequences (in-range, wrapping, out-of-range and overflowing offsets and
 * sizes, both sample types) run on upstream 0.4.4's TensorAudio and on ours, in this JVM: after
 * each call, the outcome (the exception's class and message, or nothing) and the ring's contents
 * must be the same.
 */
class TensorAudioDifferentialTest {
  private static final int[] EDGES = {
    0, 1, 2, 3, -1, -2, 5, 7, 100, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1
  };

  @Test
  void randomLoadSequencesMatchUpstream() throws Throwable {
    Random random = new Random(20240611);
    int compared = 0;
    for (int round = 0; round < 300; round++) {
      int channels = 1 + random.nextInt(3);
      int samples = random.nextInt(6);
      Pair pair = new Pair(channels, samples);
      for (int step = 0; step < 12; step++) {
        int length = random.nextInt(12);
        boolean shorts = random.nextBoolean();
        int offset = random.nextInt(4) == 0 ? pick(random) : random.nextInt(length + 2) - 1;
        int size = random.nextInt(4) == 0 ? pick(random) : random.nextInt(length + 2);
        Object src = shorts ? shorts(random, length) : floats(random, length);
        boolean whole = random.nextInt(5) == 0;
        Object[] args = whole ? new Object[] {src} : new Object[] {src, offset, size};
        String ours = outcome(() -> pair.ours(args));
        String theirs = outcome(() -> pair.upstream(args));
        String what = "round " + round + " step " + step + " (" + channels + " ch, " + samples
            + " samples, " + (shorts ? "short" : "float") + "[" + length + "], "
            + (whole ? "whole" : offset + ", " + size) + ")";
        assertEquals(theirs, ours, what);
        assertArrayEquals(pair.upstreamSamples(), pair.ours.getTensorBuffer().getFloatArray(), what);
        compared++;
      }
      assertArrayEquals(
          pair.upstreamShape(), pair.ours.getTensorBuffer().getShape(), "shape, round " + round);
    }
    assertEquals(3600, compared);
  }

  @Test
  void aRingOfNoSamplesFailsAsUpstreamsDoes() throws Throwable {
    Pair pair = new Pair(2, 0);
    for (Object[] args : new Object[][] {
        {new float[] {1, 2}}, {new short[] {1, 2}}, {new float[0]}, {new short[0]},
        {new float[4], 2, 2}, {new short[4], 4, 0}}) {
      assertEquals(outcome(() -> pair.upstream(args)), outcome(() -> pair.ours(args)));
    }
    assertArrayEquals(pair.upstreamShape(), pair.ours.getTensorBuffer().getShape());
  }

  @Test
  void creationFailuresMatchUpstream() throws Throwable {
    int[][] cases = {{1, -1}, {2, -3}, {65536, 65536}, {3, 0}};
    for (int[] c : cases) {
      String ours = outcome(() -> TensorAudio.create(format(c[0]), c[1]));
      String theirs = outcome(() -> Upstream.call(upstreamType(), "create", upstreamFormat(c[0]), c[1]));
      assertEquals(theirs, ours, c[0] + " channels, " + c[1] + " samples");
    }
  }

  @Test
  void formatsBuildFailAndPrintAsUpstreams() throws Throwable {
    Object builder = Upstream.call(upstreamFormatType(), "builder");
    String theirs = outcome(() -> Upstream.call(builder, "build"));
    String ours = outcome(() -> TensorAudioFormat.builder().build());
    assertEquals(theirs, ours);
    for (int[] c : new int[][] {{0, 5}, {-1, 5}, {2, 0}, {2, -7}, {3, 44100}}) {
      Object b = Upstream.call(Upstream.call(upstreamFormatType(), "builder"), "setChannels", c[0]);
      String upstreamBuilt = outcome(() -> Upstream.call(Upstream.call(b, "setSampleRate", c[1]), "build"));
      String oursBuilt = outcome(
          () -> TensorAudioFormat.builder().setChannels(c[0]).setSampleRate(c[1]).build());
      assertEquals(upstreamBuilt, oursBuilt);
    }
    Object theirsFormat = upstreamFormat(3, 44100);
    TensorAudioFormat oursFormat = format(3, 44100);
    assertEquals(theirsFormat.toString(), oursFormat.toString());
    assertEquals(theirsFormat.hashCode(), oursFormat.hashCode());
  }

  private static int pick(Random random) {
    return EDGES[random.nextInt(EDGES.length)];
  }

  private static float[] floats(Random random, int n) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextInt(1000) / 8f;
    }
    return a;
  }

  private static short[] shorts(Random random, int n) {
    short[] a = new short[n];
    for (int i = 0; i < n; i++) {
      a[i] = (short) random.nextInt();
    }
    if (n > 0) {
      a[0] = Short.MIN_VALUE;
    }
    return a;
  }

  private static TensorAudioFormat format(int channels) {
    return format(channels, 16000);
  }

  private static TensorAudioFormat format(int channels, int rate) {
    return TensorAudioFormat.builder().setChannels(channels).setSampleRate(rate).build();
  }

  private static Class<?> upstreamType() throws Exception {
    return Upstream.type("org.tensorflow.lite.support.audio.TensorAudio");
  }

  private static Class<?> upstreamFormatType() throws Exception {
    return Upstream.type("org.tensorflow.lite.support.audio.TensorAudio$TensorAudioFormat");
  }

  private static Object upstreamFormat(int channels) throws Throwable {
    return upstreamFormat(channels, 16000);
  }

  private static Object upstreamFormat(int channels, int rate) throws Throwable {
    Object b = Upstream.call(upstreamFormatType(), "builder");
    b = Upstream.call(b, "setChannels", channels);
    return Upstream.call(Upstream.call(b, "setSampleRate", rate), "build");
  }

  /** A call's outcome: "ok", or the exception's class and message. */
  private static String outcome(Call call) {
    try {
      call.run();
      return "ok";
    } catch (Throwable t) {
      return t.getClass().getName() + ": " + t.getMessage();
    }
  }

  private interface Call {
    void run() throws Throwable;
  }

  /** One TensorAudio of ours and one of upstream's, of the same format and size. */
  private static final class Pair {
    final TensorAudio ours;
    final Object upstream;

    Pair(int channels, int samples) throws Throwable {
      ours = TensorAudio.create(format(channels), samples);
      upstream = Upstream.call(upstreamType(), "create", upstreamFormat(channels), samples);
    }

    void ours(Object[] args) {
      if (args.length == 1) {
        if (args[0] instanceof float[]) {
          ours.load((float[]) args[0]);
        } else {
          ours.load((short[]) args[0]);
        }
      } else if (args[0] instanceof float[]) {
        ours.load((float[]) args[0], (Integer) args[1], (Integer) args[2]);
      } else {
        ours.load((short[]) args[0], (Integer) args[1], (Integer) args[2]);
      }
    }

    void upstream(Object[] args) throws Throwable {
      List<Class<?>> types = new ArrayList<>();
      types.add(args[0].getClass());
      for (int i = 1; i < args.length; i++) {
        types.add(int.class);
      }
      Method load = upstream.getClass().getMethod("load", types.toArray(new Class<?>[0]));
      load.setAccessible(true);
      try {
        load.invoke(upstream, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }

    Object upstreamBuffer() throws Throwable {
      return Upstream.call(upstream, "getTensorBuffer");
    }

    float[] upstreamSamples() throws Throwable {
      return (float[]) Upstream.call(upstreamBuffer(), "getFloatArray");
    }

    int[] upstreamShape() throws Throwable {
      return (int[]) Upstream.call(upstreamBuffer(), "getShape");
    }
  }
}
