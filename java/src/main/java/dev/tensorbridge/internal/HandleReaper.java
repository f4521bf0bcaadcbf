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
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class HandleReaper {
  private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<Object>();
  /** Keeps registrations reachable until they are released (a collected reference is never queued). */
  private static final Set<Registration> LIVE = new HashSet<Registration>();

  private HandleReaper() {}

  /** One registered handle. Opaque to callers. */
  public static final class Registration extends PhantomReference<Object> {
    private final long handle;

    Registration(Object owner, long handle) {
      super(owner, QUEUE);
      this.handle = handle;
    }
  }

  /**
   * Registers a live native handle: it will be released when {@code owner} becomes unreachable,
   * unless {@link #release} is called first.
   */
  public static Registration register(Object owner, long handle) {
    TensorKernels.checkHandle(handle);
    if (owner == null) {
      NativeTensor.release(handle);
      throw new NullPointerException("owner");
    }
    Registration registration = new Registration(owner, handle);
    synchronized (LIVE) {
      LIVE.add(registration);
    }
    return registration;
  }

  /** Releases the handle now, if neither this nor the safety net has released it yet. */
  public static void release(Registration registration) {
    if (registration != null && claim(registration)) {
      registration.clear();
      NativeTensor.release(registration.handle);
    }
  }

  /** Releases the handles of every owner the garbage collector has found unreachable so far. */
  public static void drain() {
    Object queued;
    while ((queued = QUEUE.poll()) != null) {
      Registration registration = (Registration) queued;
      if (claim(registration)) {
        NativeTensor.release(registration.handle);
      }
    }
  }

  private static boolean claim(Registration registration) {
    synchronized (LIVE) {
      return LIVE.remove(registration);
    }
  }

  /** Native handles not yet released (tensors and data-view keep-alives), for tests. */
  public static long liveNativeHandles() {
    return NativeTensor.liveHandles();
  }
}
