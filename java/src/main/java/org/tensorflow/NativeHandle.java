package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.HashMap;
import java.util.Map;

/**
 * The one owner of a native tensor handle, for every kind of native object: {@link Tensor}s,
 * values owned by an {@link EagerSession} (operation outputs, tensor attributes) and the
 * keep-alives of {@link Tensor#tensorData()} views. A handle is adopted once, on behalf of an
 * owner object, and released exactly once, by {@link #release()}: the owner's {@code close()},
 * its session's close ({@link Group#releaseAll()}) or the safety net, whichever claims it first.
 *
 * <p><b>Safety net.</b> Each instance is a {@link PhantomReference} to its owner on one queue,
 * drained whenever a handle is adopted: handles of owners that became unreachable without being
 * closed are released there. No {@code Cleaner} (absent on Java 8 and on Android before API 33)
 * and no thread of our own. The garbage collector does not see native memory, so, as {@code
 * java.nio} does for direct buffers, adopting asks for a collection ({@link System#gc()}) when the
 * handles or native bytes registered and not yet released have doubled since the last request.
 * Handles in a session's group do not count: the session releases them on close, and counting
 * every op value made op-heavy code request a full collection every 16,384 ops. Views that share
 * one root buffer ({@code tensorData()}, {@code TensorBridge.asTensorBuffer}) count its bytes
 * once, while any of them is live: counting the root per view made repeated views of one large
 * tensor request a collection every few calls.
 *
 * <p><b>Lock protocol.</b> A native call receives a handle only while the caller holds the lock
 * that its release path takes: a {@code Tensor}'s monitor (its {@code close()} is synchronized),
 * or the use lock of the {@code EagerSession} owning the value (its {@code close()} takes the
 * write side). Holding it also keeps the owner reachable for the call, which Android needs
 * (no {@code reachabilityFence}). The native registry makes this a matter of exact exceptions,
 * not of memory safety: a handle that is not live when it reaches native code is refused there
 * with {@code IllegalStateException}, and a release never frees memory a running call uses.
 */
class NativeHandle extends PhantomReference<Object> {
  static {
    NativeLoader.ensureLoaded();
  }

  /** No collection is requested below these many live handles / native bytes. */
  static final long MIN_COUNT_LIMIT = 16384;

  static final long MIN_BYTES_LIMIT = 64L << 20;

  private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<Object>();
  /** Guards the live list, every group's list, the counters and {@link #released} changes. */
  private static final Object LOCK = new Object();
  /**
   * Head of the list of unreleased handles without a group: keeps them reachable until released
   * (a group's list does that for its own).
   */
  private static NativeHandle live;
  private static long liveCount;
  private static long liveBytes;
  private static long countLimit = MIN_COUNT_LIMIT;
  private static long bytesLimit = MIN_BYTES_LIMIT;
  /** Live views per shared root (by the root's native identity); guarded by LOCK. */
  private static final Map<Long, int[]> ROOTS = new HashMap<Long, int[]>();

  private final long handle;
  private final long bytes;
  private final Group group;
  /** Written under LOCK; volatile so that {@link #live()} (once per op input) takes no lock. */
  private volatile boolean released;
  // Links of the live list (no group) or of the group's list; guarded by LOCK. Intrusive lists:
  // O(1) add and remove, no hash node per handle (this runs once per op).
  private NativeHandle prev;
  private NativeHandle next;

  private NativeHandle(Object owner, long handle, long bytes, Group group) {
    super(owner, QUEUE);
    this.handle = handle;
    this.bytes = bytes;
    this.group = group;
  }

  /**
   * A view's keep-alive, counted once per root buffer. A subclass, so that the handles made per
   * eager op (the common case) carry no root field.
   */
  private static final class View extends NativeHandle {
    /** The root buffer's native identity, 0 if unknown. */
    private final long root;

    View(Object owner, long handle, long bytes, long root) {
      super(owner, handle, bytes, null);
      this.root = root;
    }

    @Override
    long root() {
      return root;
    }
  }

  /** The root buffer's identity for a view counted once per root, else 0. */
  long root() {
    return 0;
  }

  /**
   * Takes ownership of {@code handle}, just returned by native code, on behalf of {@code owner}.
   * Drains the safety net first.
   *
   * @param owner the object whose reachability keeps the handle alive
   * @param handle a new native handle
   * @param bytes the native bytes the handle keeps alive (for the collection requests only)
   * @param group the session that releases it on close, or null
   */
  static NativeHandle adopt(Object owner, long handle, long bytes, Group group) {
    return adopt(new NativeHandle(owner, handle, Math.max(bytes, 0), group));
  }

  /**
   * Takes ownership of a view's keep-alive {@code handle} on behalf of {@code owner}, counting
   * the {@code rootBytes} of its root buffer (identity {@code root}, 0 if unknown) once for all
   * live views of that root. No group: views are released by the safety net only.
   */
  static NativeHandle adoptView(Object owner, long handle, long root, long rootBytes) {
    return adopt(new View(owner, handle, Math.max(rootBytes, 0), root));
  }

  private static NativeHandle adopt(NativeHandle adopted) {
    drain();
    Group group = adopted.group;
    long handle = adopted.handle;
    boolean pressure;
    synchronized (LOCK) {
      if (group != null && group.closed) {
        adopted.released = true;
      } else {
        adopted.link();
      }
      pressure = liveCount > countLimit || liveBytes > bytesLimit;
    }
    if (adopted.released) {
      release(handle);
      throw new IllegalStateException("Eager session has been closed");
    }
    if (pressure) {
      collect();
    }
    return adopted;
  }

  /** The handle, or 0 once released. Use it under the owner's lock (see the class comment). */
  long live() {
    return released ? 0 : handle;
  }

  /** Releases the handle now, if nobody has yet. Idempotent. */
  void release() {
    if (claim()) {
      clear();
      release(handle);
    }
  }

  /**
   * Releases the handles of every owner the garbage collector has found unreachable so far.
   *
   * @return how many handles were released
   */
  static int drain() {
    int count = 0;
    Object queued;
    while ((queued = QUEUE.poll()) != null) {
      NativeHandle ref = (NativeHandle) queued;
      if (ref.claim()) {
        release(ref.handle);
        count++;
      }
    }
    return count;
  }

  private boolean claim() {
    synchronized (LOCK) {
      if (released) {
        return false;
      }
      released = true;
      unlink();
      return true;
    }
  }

  /**
   * Adds this handle to its group's list, or to the live list if it has no group (either keeps it
   * reachable until released); the caller holds LOCK.
   */
  private void link() {
    NativeHandle head = group != null ? group.head : live;
    next = head;
    if (head != null) {
      head.prev = this;
    }
    if (group != null) {
      group.head = this;
    } else {
      live = this;
      liveCount++;
      if (firstOfRoot()) {
        liveBytes = saturatedAdd(liveBytes, bytes);
      }
    }
  }

  /** Registers this view with its root; true if the root's bytes are not counted yet. */
  private boolean firstOfRoot() {
    long root = root();
    if (root == 0) {
      return true;
    }
    Long key = Long.valueOf(root);
    int[] views = ROOTS.get(key);
    if (views == null) {
      ROOTS.put(key, new int[] {1});
      return true;
    }
    views[0]++;
    return false;
  }

  /** Unregisters this view from its root; true if it was the root's last live view. */
  private boolean lastOfRoot() {
    long root = root();
    if (root == 0) {
      return true;
    }
    Long key = Long.valueOf(root);
    int[] views = ROOTS.get(key);
    if (views == null || --views[0] > 0) {
      return false;
    }
    ROOTS.remove(key);
    return true;
  }

  /** Removes this handle from its list; the caller holds LOCK. */
  private void unlink() {
    if (prev != null) {
      prev.next = next;
    } else if (group != null) {
      group.head = next;
    } else {
      live = next;
    }
    if (next != null) {
      next.prev = prev;
    }
    prev = null;
    next = null;
    if (group == null) {
      liveCount--;
      if (lastOfRoot()) {
        liveBytes -= bytes;
      }
    }
  }

  /**
   * Requests a collection and drains what it finds, waiting briefly for the reference handler
   * to enqueue, then moves the limits to twice what is still live (saturating: a huge count
   * must not wrap to a negative limit, which would make every later adoption collect).
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
    synchronized (LOCK) {
      countLimit = Math.max(MIN_COUNT_LIMIT, saturatedAdd(liveCount, liveCount));
      bytesLimit = Math.max(MIN_BYTES_LIMIT, saturatedAdd(liveBytes, liveBytes));
    }
  }

  static long saturatedAdd(long a, long b) {
    long sum = a + b;
    // Overflow only if both operands have the same sign and the sum's sign differs.
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }

  /** Native bytes counted by the live handles, for tests of the collection requests. */
  static long liveBytes() {
    synchronized (LOCK) {
      return liveBytes;
    }
  }

  /** The handles a session owns, released together when it closes. */
  static final class Group {
    /** Guarded by NativeHandle.LOCK. */
    private NativeHandle head;
    /** Guarded by NativeHandle.LOCK; once set, adoption into this group fails. */
    private boolean closed;

    /** Releases every handle of the group; later adoptions into it fail. */
    void releaseAll() {
      while (true) {
        NativeHandle first;
        synchronized (LOCK) {
          closed = true;
          first = head;
        }
        if (first == null) {
          return;
        }
        first.release();
      }
    }
  }

  /** Frees a live handle; refuses anything else with {@code IllegalStateException}. */
  private static native void release(long handle);

  /**
   * A second handle to the same value (the buffer is shared, not copied; shared buffers are
   * immutable), for a new owner.
   */
  static native long share(long handle);
}
