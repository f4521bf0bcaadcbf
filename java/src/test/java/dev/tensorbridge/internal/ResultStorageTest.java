package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Op results in native blocks: the storage contract, release once unreachable (and not before,
 * while a derived buffer is reachable), reuse of a freed block, and a loop of results far larger
 * than the heap that stays bounded.
 */
class ResultStorageTest {
  static {
    NativeLoader.ensureLoaded();
  }

  @Test
  void everySizeIsADirectNativeOrderBufferOfThatCapacity() {
    int[] sizes = {0, 1, 7, ResultStorage.NATIVE_MIN_BYTES - 1, ResultStorage.NATIVE_MIN_BYTES,
        (1 << 20) - 1, 1 << 20, (3 << 20) + 5};
    for (int size : sizes) {
      ByteBuffer b = ResultStorage.allocate(size);
      assertTrue(b.isDirect(), "direct at " + size);
      assertFalse(b.isReadOnly());
      assertEquals(ByteOrder.nativeOrder(), b.order());
      assertEquals(0, b.position());
      assertEquals(size, b.limit());
      assertEquals(size, b.capacity());
      if (size > 1) {
        b.put(0, (byte) 17).put(size - 1, (byte) -3);
        assertEquals(17, b.get(0));
        assertEquals(-3, b.get(size - 1));
      }
    }
  }

  @Test
  void negativeSizeFailsAsAllocateDirect() {
    IllegalArgumentException ours =
        assertThrows(IllegalArgumentException.class, () -> ResultStorage.allocate(-1));
    IllegalArgumentException jdk =
        assertThrows(IllegalArgumentException.class, () -> ByteBuffer.allocateDirect(-1));
    assertEquals(jdk.getMessage(), ours.getMessage());
  }

  @Test
  void largeResultsAreNativeBlocksCountedUntilReleased() {
    int size = 2 << 20;
    long before = settle();
    ByteBuffer b = ResultStorage.allocate(size);
    assertEquals(before + size, ResultStorage.liveBytes());
    assertNotEquals(0, TestNatives.address(b));
    b = null;
    assertTrue(collectUntilBelow(before + size), "the dropped block was never released");
  }

  @Test
  void smallResultsStayOnTheJavaSide() {
    long before = ResultStorage.liveBytes();
    ByteBuffer b = ResultStorage.allocate(ResultStorage.NATIVE_MIN_BYTES - 1);
    assertEquals(before, ResultStorage.liveBytes());
    assertTrue(b.isDirect());
  }

  @Test
  void aFreedBlockIsHandedOutAgain() {
    // An unusual size, so that no other test's block shares its size class in the cache.
    int size = (5 << 20) + 4321;
    long before = settle();
    ByteBuffer first = ResultStorage.allocate(size);
    long address = TestNatives.address(first);
    first = null;
    assertTrue(collectUntilBelow(before + size), "the dropped block was never released");
    ByteBuffer second = ResultStorage.allocate(size);
    assertEquals(address, TestNatives.address(second), "the cached block was not reused");
  }

  @Test
  void derivedBuffersKeepTheBlockAlive() {
    // What the ownership rule relies on, checked on this JVM for buffers made by JNI's
    // NewDirectByteBuffer: a buffer derived from the JVM-created one keeps it reachable.
    List<Function<ByteBuffer, Buffer>> derivations = new ArrayList<>();
    derivations.add(b -> positioned(b).slice());
    derivations.add(ByteBuffer::duplicate);
    derivations.add(ByteBuffer::asReadOnlyBuffer);
    derivations.add(b -> b.asFloatBuffer());
    derivations.add(b -> positioned(b).slice().asReadOnlyBuffer().duplicate());
    for (Function<ByteBuffer, Buffer> derive : derivations) {
      int size = 1 << 20;
      long before = settle();
      ByteBuffer block = ResultStorage.allocate(size);
      for (int i = 0; i < size; i++) {
        block.put(i, (byte) i);
      }
      Buffer derived = derive.apply(block);
      block = null;
      for (int i = 0; i < 3; i++) {
        collectOnce();
      }
      assertTrue(ResultStorage.liveBytes() >= before + size, "freed while a derived buffer lives");
      assertEquals(expectedChecksum(derived, size), checksum(derived), "contents changed");
      derived = null;
      assertTrue(collectUntilBelow(before + size), "never released after the derived buffer");
    }
  }

  @Test
  void logMelResultsDroppedInALoopStayBounded() {
    // 64 frames of 4,096 bands: 1 MiB per result, little work per byte.
    dev.tensorbridge.audio.LogMelSpectrogramOp op =
        new dev.tensorbridge.audio.LogMelSpectrogramOp(16000, 16, 16, 16, 4096, 100f, 8000f, 1f);
    TensorBuffer input = TensorBuffer.createFixedSize(new int[] {16 * 64}, DataType.FLOAT32);
    long resultBytes = 64L * 4096 * 4;
    TensorBuffer kept = op.apply(input);
    assertTrue(ResultStorage.liveBytes() >= resultBytes, "the result is a result-storage block");
    assertEquals(resultBytes, kept.getBuffer().capacity());
    long allocated = 0;
    long maxLive = 0;
    while (allocated < 5 * ResultStorage.MIN_BUDGET) {
      TensorBuffer result = op.apply(input);
      assertEquals(0f, result.getBuffer().getFloat(0)); // ln(0 + 1)
      allocated += resultBytes;
      maxLive = Math.max(maxLive, ResultStorage.liveBytes());
    }
    // Unreleased results would reach the allocated total; the budget may double (see below).
    assertTrue(maxLive <= 3 * ResultStorage.MIN_BUDGET + resultBytes, maxLive + " live of " + allocated);
  }

  @Test
  void aLoopOfResultsFarBeyondTheHeapStaysBounded() throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    String classPath =
        System.getProperty("tensorbridge.test.classesDir")
            + File.pathSeparator
            + System.getProperty("tensorbridge.test.testClassesDir");
    String library = System.getProperty("tensorbridge.test.cargoLibrary");
    assertTrue(new File(library).isFile(), library);
    List<String> command = new ArrayList<String>();
    command.add(java);
    command.add("-Xmx48m");
    command.add("-XX:MaxDirectMemorySize=48m");
    command.add("-cp");
    command.add(classPath);
    command.add("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=" + library);
    command.add(ResultStorageLoopProbe.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    InputStream in = process.getInputStream();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
      bytes.write(chunk, 0, n);
    }
    assertTrue(process.waitFor(300, TimeUnit.SECONDS), "the child JVM did not exit");
    String out = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), out);
    // "allocated <bytes> maxLive <bytes> rssGrowth <bytes or -1>"
    String[] f = out.trim().split("\\s+");
    assertEquals("allocated", f[0], out);
    long allocated = Long.parseLong(f[1]);
    long maxLive = Long.parseLong(f[3]);
    long rssGrowth = Long.parseLong(f[5]);
    assertTrue(allocated >= 4L << 30, out);
    // The budget is 64 MiB; it may double when a collection's references are still being
    // enqueued as it is measured. Unreleased results would reach GBs.
    assertTrue(maxLive <= (192L << 20) + ResultStorageLoopProbe.RESULT_BYTES, out);
    // Live blocks, the 64 MiB block cache and allocator slack: far below what was allocated.
    if (rssGrowth >= 0) {
      assertTrue(rssGrowth < 384L << 20, out);
    }
  }

  private static ByteBuffer positioned(ByteBuffer b) {
    b.position(8);
    return b;
  }

  private static long checksum(Buffer derived) {
    long sum = 0;
    if (derived instanceof ByteBuffer) {
      ByteBuffer b = (ByteBuffer) derived;
      for (int i = 0; i < b.limit(); i++) {
        sum = sum * 31 + b.get(i);
      }
    } else {
      java.nio.FloatBuffer f = (java.nio.FloatBuffer) derived;
      for (int i = 0; i < f.limit(); i++) {
        sum = sum * 31 + Float.floatToRawIntBits(f.get(i));
      }
    }
    return sum;
  }

  /** The checksum of the pattern {@code (byte) i} as the derived buffer sees it. */
  private static long expectedChecksum(Buffer derived, int size) {
    ByteBuffer pattern = ByteBuffer.allocate(size).order(ByteOrder.nativeOrder());
    for (int i = 0; i < size; i++) {
      pattern.put(i, (byte) i);
    }
    if (derived instanceof ByteBuffer) {
      int offset = size - derived.limit();
      pattern.position(offset);
      return checksum(pattern.slice());
    }
    java.nio.FloatBuffer f = pattern.asFloatBuffer();
    if (((java.nio.FloatBuffer) derived).order() != f.order()) {
      f = pattern.order(((java.nio.FloatBuffer) derived).order()).asFloatBuffer();
    }
    return checksum(f);
  }

  /** Lets earlier tests' dropped results go; returns the live result bytes then. */
  private static long settle() {
    for (int i = 0; i < 3; i++) {
      collectOnce();
    }
    return ResultStorage.liveBytes();
  }

  private static void collectOnce() {
    System.gc();
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    BridgeAccess.tensors().drainReleased();
  }

  /** Collects and drains until the live result bytes fall below {@code bound}. */
  private static boolean collectUntilBelow(long bound) {
    for (int i = 0; i < 100; i++) {
      if (ResultStorage.liveBytes() < bound) {
        return true;
      }
      collectOnce();
    }
    return ResultStorage.liveBytes() < bound;
  }

  static TensorBuffer normalizeInput(int elements) {
    TensorBuffer input = TensorBuffer.createFixedSize(new int[] {elements}, DataType.FLOAT32);
    input.loadArray(new float[elements]);
    return input;
  }

  static NormalizeOp normalize() {
    return new NormalizeOp(1f, 2f);
  }
}
