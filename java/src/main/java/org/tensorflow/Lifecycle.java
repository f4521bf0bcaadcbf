package org.tensorflow;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The one lifecycle and lock protocol of the objects that own native handles: each {@link
 * Tensor}, {@link EagerSession}, {@link Graph} and {@link Session} has one. Code reads a handle
 * only inside a <em>use</em>:
 *
 * <pre>
 *   if (!lifecycle.enter()) throw new IllegalStateException(…the owner's documented message…);
 *   try {
 *     nativeCall(lifecycle.handle()); // or a session value's NativeHandle.live()
 *   } finally {
 *     lifecycle.exit();
 *   }
 * </pre>
 *
 * <p>A use is a usage count (one atomic add in and one out; no lock, no thread-local), so any
 * number of threads may use an object at once and {@link #enter()} never blocks: it fails once
 * the object is closed. {@link #close()} refuses new uses at once, waits for the uses in progress
 * to end, then releases what the object owns: its own handle and the handles of its group (an
 * eager session's values; a member owned by another lifecycle, a session's output tensor, is
 * closed through that lifecycle, so it too waits for its users). Because enter never waits, uses
 * of several objects nest in any order without deadlock, and no lock ordering is needed.
 *
 * <p>A value replaced in place ({@code Tensor.copyFrom}) is <em>retired</em>: a use that began
 * earlier may still read its memory, so it is released when the use count next reaches zero.
 *
 * <p>The safety net ({@link NativeHandle}) releases the handle of an owner that became
 * unreachable unclosed through {@link #abandon()}: if a use is still in progress (a compiled
 * method may stop referencing its object before its native call returns, and Android has no
 * {@code reachabilityFence}), the last {@link #exit()} releases the handle instead, so a handle is
 * never released under a call that read it.
 */
final class Lifecycle {
  private static final AtomicIntegerFieldUpdater<Lifecycle> STATE =
      AtomicIntegerFieldUpdater.newUpdater(Lifecycle.class, "state");
  /** Bit 0 of {@link #state}: no new uses. */
  private static final int CLOSED = 1;
  /** Bit 1 of {@link #state}: retired handles wait for the use count to reach zero. */
  private static final int RETIRED = 2;
  /** One use in progress, counted in the bits above the flags. */
  private static final int USE = 4;

  /** The uses in progress times {@link #USE}, plus the flags. */
  private volatile int state;

  /**
   * The owner's own handle, released on close; null for an eager session. Set once, right after
   * adoption; volatile because the safety net may read it on another thread.
   */
  private volatile NativeHandle own;

  // Guarded by this object's monitor.
  /** Set by the safety net while uses were in progress: the last exit releases. */
  private boolean abandoned;
  /** Someone has started releasing; later closers wait for {@link #released}. */
  private boolean releasing;
  private boolean released;
  /** Retired values, released when no use is in progress; null if none. */
  private List<NativeHandle> retired;

  /** Whether handles may be adopted into this lifecycle's group (an eager session's). */
  final boolean hasGroup;
  /**
   * A lifecycle of which this one holds a use for its whole life (a session's graph), exited when
   * this one releases, or null.
   */
  private final Lifecycle held;

  // The group: handles released with this lifecycle. Guarded by NativeHandle's lock.
  /** Head of the group's intrusive list. */
  NativeHandle groupHead;
  /** Set once the group is being released; adoption into it then fails. */
  boolean groupClosed;

  /** A lifecycle without a group (a tensor's, a graph's, a session's). */
  Lifecycle() {
    this(false, null);
  }

  /**
   * @param hasGroup whether handles will be adopted into its group (an eager session's)
   * @param held a lifecycle the caller has entered for this one's whole life, or null
   */
  Lifecycle(boolean hasGroup, Lifecycle held) {
    this.hasGroup = hasGroup;
    this.held = held;
  }

  /** Sets the owner's own handle, right after adopting it. */
  void own(NativeHandle handle) {
    own = handle;
  }

  /**
   * Starts a use.
   *
   * @return false if the object is closed (or closing): then no use was started and the caller
   *     throws the owner's documented exception
   */
  boolean enter() {
    int previous = STATE.getAndAdd(this, USE);
    if ((previous & CLOSED) != 0) {
      exit();
      return false;
    }
    return true;
  }

  /** Ends a use started by a successful {@link #enter()}. */
  void exit() {
    int s = STATE.addAndGet(this, -USE);
    if (s < USE && s != 0) {
      lastUseEnded();
    }
  }

  /**
   * Releases {@code value} once no use is in progress: a use that began before it was replaced
   * may still read its memory. Inside a use (whose exit, or a later one, releases it).
   */
  void retire(NativeHandle value) {
    assert inUse() : "retire inside a use";
    synchronized (this) {
      if (retired == null) {
        retired = new ArrayList<NativeHandle>(1);
      }
      retired.add(value);
      int s;
      do {
        s = state;
      } while ((s & RETIRED) == 0 && !STATE.compareAndSet(this, s, s | RETIRED));
    }
  }

  /** The owner's own handle; only inside a use (the handle is then live). */
  long handle() {
    assert inUse() : "a handle is read only inside a use";
    return own.live();
  }

  /** Whether a use is in progress (for assertions). */
  boolean inUse() {
    return state >= USE;
  }

  /** Whether close has begun; uses then fail. */
  boolean isClosed() {
    return (state & CLOSED) != 0;
  }

  /**
   * Refuses new uses, waits for those in progress, and releases the own handle and the group.
   * Idempotent; a concurrent second call returns once the first has released. The wait is not
   * interruptible (an interrupt is kept for the caller to see): a close that gave up would leave
   * the object half closed.
   *
   * @return true for the one call that released
   */
  boolean close() {
    setClosed();
    boolean interrupted = false;
    synchronized (this) {
      while (state >= USE) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (releasing) {
        while (!released) {
          try {
            wait();
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
        return false;
      }
      releasing = true;
    }
    // Released without this monitor held: a member's lifecycle (a session's tensor) is closed from
    // here, and exit() of a use ending elsewhere must not wait for that.
    try {
      releaseAndSignal();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    return true;
  }

  /**
   * For the safety net, once the owner is unreachable: refuses new uses and releases now if no use
   * is in progress, else leaves that to the last {@link #exit()}. Called without NativeHandle's
   * lock held.
   */
  void abandon() {
    synchronized (this) {
      setClosed();
      if (releasing) {
        return;
      }
      if (state >= USE) {
        abandoned = true;
        return;
      }
      releasing = true;
    }
    releaseAndSignal();
  }

  private void setClosed() {
    int s;
    do {
      s = state;
    } while ((s & CLOSED) == 0 && !STATE.compareAndSet(this, s, s | CLOSED));
  }

  /** After an exit that left no use: wakes a closer, releases retired values, or an abandoned one. */
  private void lastUseEnded() {
    List<NativeHandle> values = null;
    boolean release = false;
    synchronized (this) {
      notifyAll();
      if (retired != null && clearRetiredIfUnused()) {
        values = retired;
        retired = null;
      }
      if (abandoned && !releasing) {
        releasing = true;
        release = true;
      }
    }
    if (values != null) {
      for (NativeHandle value : values) {
        value.release();
      }
    }
    if (release) {
      releaseAndSignal();
    }
  }

  /** Clears {@link #RETIRED} if no use is in progress; the caller holds this monitor. */
  private boolean clearRetiredIfUnused() {
    while (true) {
      int s = state;
      if (s >= USE) {
        return false; // a new use began: its exit releases them
      }
      if (STATE.compareAndSet(this, s, s & ~RETIRED)) {
        return true;
      }
    }
  }

  private void releaseAndSignal() {
    try {
      releaseNow();
    } finally {
      synchronized (this) {
        released = true;
        notifyAll();
      }
    }
  }

  private void releaseNow() {
    List<NativeHandle> values;
    synchronized (this) {
      values = retired;
      retired = null;
    }
    try {
      if (values != null) {
        for (NativeHandle value : values) {
          value.release();
        }
      }
      if (own != null) {
        own.release();
      }
      if (hasGroup) {
        NativeHandle.releaseGroup(this);
      }
    } finally {
      if (held != null) {
        held.exit();
      }
    }
  }
}
