package dev.tensorbridge.internal;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Run in a JVM with a small heap by {@link ResultStorageTest}: normalizes a 1 M-element buffer
 * 1,100 times (4.3 GB of results, none kept), then prints the bytes allocated, the most live
 * result bytes seen and the growth of the resident set ({@code -1} without {@code /proc}).
 */
final class ResultStorageLoopProbe {
  static final int ELEMENTS = 1 << 20;
  static final long RESULT_BYTES = 4L * ELEMENTS;

  private ResultStorageLoopProbe() {}

  public static void main(String[] args) throws IOException {
    TensorBuffer input = ResultStorageTest.normalizeInput(ELEMENTS);
    NormalizeOp op = ResultStorageTest.normalize();
    for (int i = 0; i < 50; i++) {
      op.apply(input);
    }
    long rssStart = rss();
    long maxLive = 0;
    long maxRss = rssStart;
    long allocated = 0;
    for (int i = 0; i < 1100; i++) {
      TensorBuffer result = op.apply(input);
      if (result.getBuffer().getFloat(0) != -0.5f) {
        throw new AssertionError("wrong result " + result.getBuffer().getFloat(0));
      }
      allocated += RESULT_BYTES;
      maxLive = Math.max(maxLive, ResultStorage.liveBytes());
      if (i % 16 == 0) {
        maxRss = Math.max(maxRss, rss());
      }
    }
    long growth = rssStart < 0 ? -1 : Math.max(0, maxRss - rssStart);
    System.out.println("allocated " + allocated + " maxLive " + maxLive + " rssGrowth " + growth);
  }

  /** The resident set in bytes, or -1 where {@code /proc/self/status} does not exist. */
  private static long rss() throws IOException {
    java.io.File status = new java.io.File("/proc/self/status");
    if (!status.exists()) {
      return -1;
    }
    try (BufferedReader r = new BufferedReader(new FileReader(status))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    }
    return -1;
  }
}
