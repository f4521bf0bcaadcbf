package org.tensorflow;

import dev.tensorbridge.internal.NativeLoader;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The owner record of one native handle: {@link Tensor}s, {@link Graph}s and {@link Session}s
 * (each its own), values owned by an {@link EagerSession} (operation outputs, tensor attributes),
 * short-lived copies a builder or a run owns, and the keep-alives of {@link Tensor#tensorData()}
 * views. A handle is adopted once, on behalf of an owner object, and released exactly once, by
 * {@link #release()}: through its owner's {@link Lifecycle} (close, or the safety net), or by the
 * builder or run that owns a short-lived copy.
 *
 * <p><b>Reading.</b> {@link #live()} is read only inside a use of the handle's <em>guard</em>, the
 * {@link Lifecycle} whose close releases it (the owner's own, or the eager session's for its
 * values); short-lived copies and view keep-alives have no guard and are read only by the code
 * that adopted them. Assertions check this.
 *
 * <p><b>Safety net.</b> Each instance is a {@link PhantomReference} to its owner on one queue,
 * drained whenever a handle is adopted (the first queued handle under the adoption's own lock
 * acquisition): handles of owners that became unreachable without being closed are released
 * there; a handle that is the own handle of a {@link Lifecycle} goes through {@link
 * Lifecycle#abandon()}, which leaves the release to the last use still in progress. No {@code
 * Cleaner} (absent on Java 8 and on Android before API 33) and no thread of our own. The garbage
 * collector does not see native memory, so, as {@code java.nio} does for direct buffers, adopting
 * asks for a collection ({@link System#gc()}) when the handles or native bytes registered and not
 * yet released have doubled since the last request. Handles in a session's group do not count:
 * the session releases them on close, and counting every op value made op-heavy code request a
 * full collection every 16,384 ops. Views that share one root buffer ({@code tensorData()}, {@code
 * TensorBridge.asTensorBuffer}) count its bytes once, while any of them is live: counting the root
 * per view made repeated views of one large tensor request a collection every few calls.
 *
 * <p>For native calls the registry makes every misuse a matter of exact exceptions, not of memory
 * safety: a handle that is not live when it reaches native code is refused there with {@code
 * IllegalStateException}, and a release never frees memory a running call uses. Java reads through
 * a borrowed view of a value's bytes rely on the use they run in (see {@link Lifecycle}).
 */
class NativeHandle extends PhantomReference<Object> {
  static {
    NativeLoader.ensureLoaded();
  }

  /** No collection is requested below these many live handles / native bytes. */
  static final long MIN_COUNT_LIMIT = 16384;

  static final long MIN_BYTES_LIMIT = dev.tensorbridge.internal.ResultStorage.MIN_BUDGET;

  /** Most handles {@link #drain()} releases with one native call. */
  private static final int DRAIN_BATCH = 256;

  private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<Object>();
  /**
   * Guards the live list, every group's list, the counters and {@link #released} changes. Taken
   * after, never before, a {@link Lifecycle}'s monitor.
   */
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
  /** The lifecycle that releases this handle with others on close (a session's), or null. */
  private final Lifecycle group;
  /** The lifecycle inside whose uses this handle is read, or null (see the class comment). */
  private final Lifecycle guard;
  /** Written under LOCK; volatile so that {@link #live()} (once per op input) takes no lock. */
  private volatile boolean released;
  // Links of the live list (no group) or of the group's list; guarded by LOCK. Intrusive lists:
  // O(1) add and remove, no hash node per handle (this runs once per op).
  private NativeHandle prev;
  private NativeHandle next;

  private NativeHandle(Object owner, long handle, long bytes, Lifecycle group, Lifecycle guard) {
    super(owner, QUEUE);
    this.handle = handle;
    this.bytes = bytes;
    this.group = group;
    this.guard = guard;
  }

  /**
   * A view's keep-alive, counted once per root buffer. A subclass, so that the handles made per
   * eager op (the common case) carry no root field.
   */
  private static final class View extends NativeHandle {
    /** The root buffer's native identity, 0 if unknown. */
    private final long root;

    View(Object owner, long handle, long bytes, long root) {
      super(owner, handle, bytes, null, null);
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
   * @param group the lifecycle that releases it with its group on close (an eager session's), or
   *     null
   * @param guard the lifecycle inside whose uses it is read (the owner's), or null for a copy read
   *     only by the code that adopts it
   * @throws IllegalStateException {@code Eager session has been closed} if the group is released
   *     already (the handle is then released)
   */
  static NativeHandle adopt(
      Object owner, long handle, long bytes, Lifecycle group, Lifecycle guard) {
    return adopt(new NativeHandle(owner, handle, Math.max(bytes, 0), group, guard));
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
    Lifecycle group = adopted.group;
    assert group == null || group.hasGroup : "adopted into a lifecycle without a group";
    long handle = adopted.handle;
    boolean pressure;
    NativeHandle dead = null;
    Object queued;
    // One lock acquisition per adoption in the steady state of an op loop: the link and the claim
    // of the one queued handle an earlier op usually left behind share it. The claimed handle is
    // freed after the lock is let go; any further queued handles by drain() below.
    synchronized (LOCK) {
      queued = QUEUE.poll();
      if (queued != null) {
        NativeHandle ref = (NativeHandle) queued;
        if (ref.isOwnHandle()) {
          dead = ref; // through its lifecycle, after this lock (lock order: lifecycle first)
        } else if (ref.claimLocked()) {
          dead = ref;
        }
      }
      if (group != null && group.groupClosed) {
        adopted.released = true;
      } else {
        adopted.link();
      }
      pressure = liveCount > countLimit || liveBytes > bytesLimit;
    }
    if (queued != null) {
      if (dead != null) {
        if (!dead.isOwnHandle()) {
          release(dead.handle);
        } else {
          dead.reclaim();
        }
      }
      // The handles drained after the check may have brought the counts back under the limits.
      if (drain() > 0 && pressure) {
        synchronized (LOCK) {
          pressure = liveCount > countLimit || liveBytes > bytesLimit;
        }
      }
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

  /** The handle, or 0 once released; only inside a use of the guard (see the class comment). */
  long live() {
    assert guard == null || guard.inUse() : "a handle is read only inside a use of its lifecycle";
    return released ? 0 : handle;
  }

  /** Whether the handle has been released (a state check: reads no handle, needs no use). */
  boolean isReleased() {
    return released;
  }

  /**
   * Whether this is the own handle (or a retired value) of its guard, released through it by the
   * safety net.
   */
  private boolean isOwnHandle() {
    return guard != null && guard != group;
  }

  /** The safety net's release of an own handle: now, or by the last use still in progress. */
  private void reclaim() {
    guard.abandon();
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
    long[] batch = null;
    while (true) {
      // Claimed in batches under one lock acquisition and released with one native call each:
      // after a collection, the values of every op that died since the last one are queued.
      int n = 0;
      NativeHandle own = null;
      synchronized (LOCK) {
        Object queued;
        while ((queued = QUEUE.poll()) != null) {
          NativeHandle ref = (NativeHandle) queued;
          if (ref.isOwnHandle()) {
            own = ref; // through its lifecycle, after this lock (lock order: lifecycle first)
            break;
          }
          if (ref.claimLocked()) {
            if (batch == null) {
              batch = new long[DRAIN_BATCH];
            }
            batch[n++] = ref.handle;
            if (n == DRAIN_BATCH) {
              break;
            }
          }
        }
      }
      if (n > 0) {
        count += n;
        releaseAll(batch, n);
      }
      if (own != null) {
        own.reclaim();
        count++;
      } else if (n < DRAIN_BATCH) {
        return count;
      }
    }
  }

  private boolean claim() {
    synchronized (LOCK) {
      return claimLocked();
    }
  }

  /** Marks this handle released and unlinks it, unless already released; the caller holds LOCK. */
  private boolean claimLocked() {
    if (released) {
      return false;
    }
    released = true;
    unlink();
    return true;
  }

  /**
   * Adds this handle to its group's list, or to the live list if it has no group (either keeps it
   * reachable until released); the caller holds LOCK.
   */
  private void link() {
    NativeHandle head = group != null ? group.groupHead : live;
    next = head;
    if (head != null) {
      head.prev = this;
    }
    if (group != null) {
      group.groupHead = this;
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
      group.groupHead = next;
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

  /**
   * Releases every handle of {@code group}; later adoptions into it fail. A member read inside
   * another lifecycle (a session's output tensor) is closed through it, so its uses end first.
   */
  static void releaseGroup(Lifecycle group) {
    long[] batch = null;
    while (true) {
      // The group's own values are claimed under one lock acquisition and freed with one native
      // call per batch; a member guarded by another lifecycle stops the batch and is closed
      // through it (outside this lock: lock order is lifecycle first).
      NativeHandle member = null;
      int n = 0;
      boolean more;
      synchronized (LOCK) {
        group.groupClosed = true;
        NativeHandle h = group.groupHead;
        while (h != null && n < DRAIN_BATCH) {
          if (h.guard != null && h.guard != group) {
            member = h;
            break;
          }
          NativeHandle next = h.next;
          if (h.claimLocked()) {
            h.clear();
            if (batch == null) {
              batch = new long[16];
            } else if (n == batch.length) {
              batch = Arrays.copyOf(batch, Math.min(n * 2, DRAIN_BATCH));
            }
            batch[n++] = h.handle;
          }
          h = next;
        }
        more = h != null;
      }
      if (n > 0) {
        releaseAll(batch, n);
      }
      if (member != null) {
        member.guard.close();
        member.release();
      } else if (!more) {
        return;
      }
    }
  }

  /**
   * A direct buffer over a new, uninitialised native block of {@code bytes} bytes for an op's
   * result, its handle adopted on behalf of that buffer (freed once the buffer, and every buffer
   * derived from it, is unreachable). The handle never leaves this class.
   */
  static java.nio.ByteBuffer allocateBlock(int bytes) {
    long[] handle = new long[1];
    java.nio.ByteBuffer block = allocateBlock0(bytes, handle);
    // Not counted in the native bytes: ResultStorage keeps its own budget.
    adopt(block, handle[0], 0, null, null);
    return block;
  }

  /** src/jni/result_storage.rs: the buffer, and the block's handle in {@code handle[0]}. */
  private static native java.nio.ByteBuffer allocateBlock0(int bytes, long[] handle);

  /** Frees a live handle; refuses anything else with {@code IllegalStateException}. */
  private static native void release(long handle);

  /**
   * Frees the first {@code count} handles of {@code handles}, all live (claimed by the caller),
   * with one native call; a handle that is not live is refused with {@code
   * IllegalStateException} after the others are freed.
   */
  private static native void releaseAll(long[] handles, int count);

  /**
   * A second handle to the same value (the buffer is shared, not copied; shared buffers are
   * immutable), for a new owner.
   */
  static native long share(long handle);
}
