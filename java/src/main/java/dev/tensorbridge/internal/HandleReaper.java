package dev.tensorbridge.internal;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.HashSet;
import java.util.Set;

/**
 * The safety net for native handles whose Java owner became unreachable without being closed:
 * each handle is registered against its owner through a {@link PhantomReference}; the queue is
 * drained whenever a tensor is created, and handles of collected owners are released there.
 *
 * <p>Built on {@code PhantomReference} + {@code ReferenceQueue} because {@code
 * java.lang.ref.Cleaner} does not exist on Java 8 or on Android before API 33. Exactly one party
 * releases a handle: whoever removes its registration from the live set (the owner's {@code
 * close()} or the drain), so a handle is never released twice.
 *
 * <p>The garbage collector does not see native memory, so a program that leaks many tensors but
 * allocates little on the Java heap would rarely trigger a collection. As {@code java.nio} does for
 * direct buffers, the reaper therefore asks for one ({@link System#gc()}) when the handles or
 * estimated native bytes registered and not yet released have doubled since the last request
 * (at least {@value #MIN_COUNT_LIMIT} handles or {@value #MIN_BYTES_LIMIT} bytes), then drains.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class HandleReaper {
  static final long MIN_COUNT_LIMIT = 16384;
  static final long MIN_BYTES_LIMIT = 64L << 20;
  private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<Object>();
  /** Keeps registrations reachable until they are released (a collected reference is never queued). */
  private static final Set<Registration> LIVE = new HashSet<Registration>();
  // Guarded by LIVE.
  private static long liveCount;
  private static long liveBytes;
  private static long countLimit = MIN_COUNT_LIMIT;
  private static long bytesLimit = MIN_BYTES_LIMIT;

  private HandleReaper() {}

  /** One registered handle. Opaque to callers. */
  public static final class Registration extends PhantomReference<Object> {
    private final long handle;
    private final long bytes;

    Registration(Object owner, long handle, long bytes) {
      super(owner, QUEUE);
      this.handle = handle;
      this.bytes = bytes;
    }
  }

  /**
   * Registers a live native handle: it will be released when {@code owner} becomes unreachable,
   * unless {@link #release} is called first.
   *
   * @param owner the Java object whose reachability keeps the handle alive
   * @param handle a live native tensor handle; owned by the reaper from now on
   * @return the registration to pass to {@link #release}
   * @throws NullPointerException if {@code handle} is 0, or {@code owner} is null (the handle is
   *     then released at once)
   */
  public static Registration register(Object owner, long handle) {
    return register(owner, handle, 0);
  }

  /**
   * As {@link #register(Object, long)}, with an estimate of the native bytes the handle keeps
   * alive (used only to decide when to ask for a garbage collection).
   *
   * @param owner the Java object whose reachability keeps the handle alive
   * @param handle a live native tensor handle; owned by the reaper from now on
   * @param bytes the estimated native size in bytes; negative counts as 0
   * @return the registration to pass to {@link #release}
   * @throws NullPointerException if {@code handle} is 0, or {@code owner} is null (the handle is
   *     then released at once)
   */
  public static Registration register(Object owner, long handle, long bytes) {
    TensorKernels.checkHandle(handle);
    if (owner == null) {
      NativeTensor.release(handle);
      throw new NullPointerException("owner");
    }
    Registration registration = new Registration(owner, handle, Math.max(bytes, 0));
    boolean pressure;
    synchronized (LIVE) {
      LIVE.add(registration);
      liveCount++;
      liveBytes += registration.bytes;
      pressure = liveCount > countLimit || liveBytes > bytesLimit;
    }
    if (pressure) {
      collect();
    }
    return registration;
  }

  /**
   * Requests a collection and drains what it finds, waiting briefly for the reference handler
   * to enqueue, then moves the limits to twice what is still live.
   */
  private static void collect() {
    System.gc();
    for (int i = 0; i < 20 && drain() == 0; i++) {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    synchronized (LIVE) {
      countLimit = Math.max(MIN_COUNT_LIMIT, 2 * liveCount);
      bytesLimit = Math.max(MIN_BYTES_LIMIT, 2 * liveBytes);
    }
  }

  /**
   * Releases the handle now, if neither this nor the safety net has released it yet.
   *
   * @param registration the registration from {@code register}; null is ignored
   */
  public static void release(Registration registration) {
    if (registration != null && claim(registration)) {
      registration.clear();
      NativeTensor.release(registration.handle);
    }
  }

  /**
   * Releases the handles of every owner the garbage collector has found unreachable so far.
   *
   * @return how many handles were released
   */
  public static int drain() {
    int released = 0;
    Object queued;
    while ((queued = QUEUE.poll()) != null) {
      Registration registration = (Registration) queued;
      if (claim(registration)) {
        NativeTensor.release(registration.handle);
        released++;
      }
    }
    return released;
  }

  private static boolean claim(Registration registration) {
    synchronized (LIVE) {
      if (!LIVE.remove(registration)) {
        return false;
      }
      liveCount--;
      liveBytes -= registration.bytes;
      return true;
    }
  }

  /**
   * Native handles not yet released (tensors and data-view keep-alives), for tests.
   *
   * @return the number of native handles currently allocated
   */
  public static long liveNativeHandles() {
    return NativeTensor.liveHandles();
  }
}
