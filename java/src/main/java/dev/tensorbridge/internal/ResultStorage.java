package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Storage for the result of a tensor or image op: a direct buffer in native byte order, position
 * 0, limit {@code bytes}, whose every byte the caller overwrites (its initial content is
 * unspecified). One place decides where op results live. Not public API.
 *
 * <p>From {@link #NATIVE_MIN_BYTES} up, the buffer is one the JVM creates over a natively
 * allocated block (the tensor allocator's: size classes, huge pages, a cache of freed large
 * blocks), never zero-filled. The block's handle is owned on behalf of that buffer by the native
 * handles' safety net and freed once the buffer is unreachable; every buffer derived from it
 * ({@code slice}, {@code duplicate}, {@code asReadOnlyBuffer}, {@code as*Buffer}) keeps it
 * reachable, on OpenJDK through the derived buffer's attachment and on Android from API 27
 * through the shared memory record, which holds the JVM-created buffer. Smaller results, and
 * every result on an Android release before API 27 (where a derived buffer does not keep its
 * source reachable), use {@link #allocateAligned}. Either way the storage starts at a 64-byte
 * aligned address.
 *
 * <p>The collector does not see native memory, so this asks for a collection when the live result
 * blocks pass a budget: {@link #MIN_BUDGET} (one sixteenth of the maximum heap, at least 64 MiB
 * and at most 1 GiB; the JDK itself lets direct buffers reach the whole maximum heap before it
 * collects), or twice what was still live after the last collection if that is more. The block
 * cache is raised to the same size, so that the blocks a collection frees are handed out again
 * instead of fresh memory, whose page faults cost far more than the collection.
 */
public final class ResultStorage {
  static {
    NativeLoader.ensureLoaded();
  }

  /**
   * Below this size a result is an {@code allocateDirect} buffer: a native block's fixed cost and
   * its share of the collections would exceed what skipping the zeroing saves (measured figures:
   * docs/contracts/support.md, result storage).
   */
  public static final int NATIVE_MIN_BYTES = 16 << 10;

  /**
   * Live native result bytes below which no collection is requested: one sixteenth of the maximum
   * heap, clamped to [64 MiB, 1 GiB]. A full collection per few dozen camera frames cost more than
   * the image kernel itself; on Android's small heaps this stays 64 MiB.
   */
  public static final long MIN_BUDGET =
      Math.min(1L << 30, Math.max(64L << 20, Runtime.getRuntime().maxMemory() / 16));

  /** The start address of every result storage is a multiple of this. */
  private static final int ALIGNMENT = 64;

  private static final boolean NATIVE = nativeBlocksAreSafe();

  static {
    if (NATIVE) {
      reserveCache(MIN_BUDGET);
    }
  }

  /** Live result bytes above which an allocation asks for a collection; guarded by the class. */
  private static long budget = MIN_BUDGET;

  private ResultStorage() {}

  /**
   * Returns storage for {@code bytes} bytes of an op's result.
   *
   * @param bytes the size in bytes, at least 0
   * @return a direct, native-order buffer of that capacity
   * @throws IllegalArgumentException if {@code bytes} is negative (as {@code allocateDirect})
   * @throws OutOfMemoryError if the memory cannot be allocated
   */
  public static ByteBuffer allocate(int bytes) {
    if (bytes < NATIVE_MIN_BYTES || !NATIVE) {
      return allocateAligned(bytes);
    }
    BridgeAccess.Tensors tensors = BridgeAccess.tensors();
    ByteBuffer block;
    try {
      block = tensors.allocateStorage(bytes);
    } catch (OutOfMemoryError e) {
      // Unreachable results may still hold memory: collect them, then try once more.
      collect();
      block = tensors.allocateStorage(bytes);
    }
    if (liveBytes() > budget()) {
      collect();
    }
    return block.order(ByteOrder.nativeOrder());
  }

  /**
   * A zero-filled {@code allocateDirect} buffer of {@code bytes} bytes in native order, starting at
   * a 64-byte aligned address (what LiteRT's host-memory tensor buffers require; the native
   * blocks are aligned so already): a slice of a buffer 63 bytes larger.
   *
   * @param bytes the capacity, at least 0
   * @return the buffer, position 0, limit and capacity {@code bytes}
   * @throws IllegalArgumentException if {@code bytes} is negative (allocateDirect's exception)
   */
  public static ByteBuffer allocateAligned(int bytes) {
    if (bytes < 0 || bytes > Integer.MAX_VALUE - (ALIGNMENT - 1)) {
      // Negative: allocateDirect's own exception. Too large to pad: unaligned, as the JDK gives.
      return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }
    ByteBuffer padded = ByteBuffer.allocateDirect(bytes + ALIGNMENT - 1);
    int start = alignmentPadding(padded);
    padded.position(start).limit(start + bytes);
    return padded.slice().order(ByteOrder.nativeOrder());
  }

  private static synchronized long budget() {
    return budget;
  }

  /**
   * Asks for a collection, releases what it finds unreachable, and moves the budget to twice
   * what is still live (at least the initial budget).
   */
  private static void collect() {
    System.gc();
    BridgeAccess.Tensors tensors = BridgeAccess.tensors();
    // The reference handler enqueues after the collection; give it a moment.
    for (int i = 0; i < 20 && tensors.drainReleased() == 0; i++) {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    long live = liveBytes();
    synchronized (ResultStorage.class) {
      budget = Math.max(MIN_BUDGET, live > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * live);
    }
  }

  /**
   * Whether native blocks may back results here: everywhere but Android releases before API 27,
   * whose derived buffers do not keep a JNI-created buffer reachable.
   */
  private static boolean nativeBlocksAreSafe() {
    String vendor = System.getProperty("java.vm.vendor", "") + System.getProperty("java.vendor", "");
    if (!vendor.contains("Android")) {
      return true;
    }
    try {
      Class<?> version = Class.forName("android.os.Build$VERSION");
      return version.getField("SDK_INT").getInt(null) >= 27;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return false;
    }
  }

  /** Bytes from a direct buffer's start to its first 64-byte aligned address (0 to 63). */
  private static native int alignmentPadding(ByteBuffer buffer);

  /** Lets the native cache of freed blocks hold up to {@code bytes}. */
  private static native void reserveCache(long bytes);

  /** Bytes of live result blocks (allocated, not yet released); src/jni/result_storage.rs. */
  static native long liveBytes();
}
