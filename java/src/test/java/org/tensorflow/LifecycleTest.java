package org.tensorflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.internal.Diagnostics;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The one lifecycle protocol: uses, close waiting for them, and the safety net's deferral. */
class LifecycleTest {

  /** A Lifecycle owning one real native handle, as Tensor, Graph and Session do. */
  private static Lifecycle owning(Object owner) {
    Lifecycle life = new Lifecycle();
    try (Tensor<Integer> t = Tensors.create(7)) {
      long shared = t.share("closed");
      life.own(NativeHandle.adopt(owner, shared, 4, null, life));
    }
    return life;
  }

  private static Thread closer(Lifecycle life, AtomicBoolean returned) {
    Thread t =
        new Thread(
            () -> {
              life.close();
              returned.set(true);
            });
    t.start();
    return t;
  }

  @Test
  void usesNestAndCloseRefusesLaterOnes() throws InterruptedException {
    long before = settledLiveHandles();
    Lifecycle life = owning(new Object());
    assertEquals(before + 1, Diagnostics.liveNativeHandles());
    assertTrue(life.enter());
    assertTrue(life.enter());
    assertNotEquals(0, life.handle());
    life.exit();
    life.exit();
    assertFalse(life.inUse());
    assertTrue(life.close(), "the first close releases");
    assertFalse(life.close(), "a second close is a no-op");
    assertTrue(life.isClosed());
    assertFalse(life.enter(), "no use after close");
    assertFalse(life.inUse(), "a refused enter leaves no use behind");
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  @Timeout(10)
  void closeWaitsForTheUseInProgressAndRefusesNewOnesMeanwhile() throws Exception {
    long before = settledLiveHandles();
    Lifecycle life = owning(new Object());
    assertTrue(life.enter());
    AtomicBoolean returned = new AtomicBoolean();
    Thread closing = closer(life, returned);
    while (!life.isClosed()) {
      Thread.yield();
    }
    assertFalse(life.enter(), "closing: new uses fail at once, without waiting");
    Thread.sleep(50);
    assertFalse(returned.get(), "close() returned while a use was in progress");
    assertEquals(before + 1, Diagnostics.liveNativeHandles(), "released under a use");
    assertNotEquals(0, life.handle(), "the handle stays live for the use");
    life.exit();
    closing.join(5000);
    assertTrue(returned.get());
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  @Timeout(10)
  void aSecondCloseReturnsOnlyOnceTheFirstHasReleased() throws Exception {
    long before = settledLiveHandles();
    Lifecycle life = owning(new Object());
    assertTrue(life.enter());
    AtomicBoolean first = new AtomicBoolean();
    AtomicBoolean second = new AtomicBoolean();
    Thread a = closer(life, first);
    Thread b = closer(life, second);
    Thread.sleep(50);
    assertFalse(first.get() || second.get(), "a close returned while a use was in progress");
    life.exit();
    a.join(5000);
    b.join(5000);
    assertTrue(first.get() && second.get());
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  @Timeout(10)
  void anInterruptedCloseStillClosesAndKeepsTheInterrupt() throws Exception {
    long before = settledLiveHandles();
    Lifecycle life = owning(new Object());
    assertTrue(life.enter());
    AtomicBoolean interruptSeen = new AtomicBoolean();
    Thread closing =
        new Thread(
            () -> {
              life.close();
              interruptSeen.set(Thread.currentThread().isInterrupted());
            });
    closing.start();
    while (!life.isClosed()) {
      Thread.yield();
    }
    closing.interrupt();
    Thread.sleep(20);
    assertTrue(closing.isAlive(), "an interrupt must not make close() give up half way");
    life.exit();
    closing.join(5000);
    assertTrue(interruptSeen.get(), "the interrupt is kept for the caller");
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  /** A handle owned through {@code life}, as Tensor, Graph and Session own theirs. */
  private static NativeHandle adoptInto(Lifecycle life) {
    try (Tensor<Integer> t = Tensors.create(7)) {
      NativeHandle h = NativeHandle.adopt(new Object(), t.share("closed"), 4, null, life);
      life.own(h);
      return h;
    }
  }

  @Test
  void theSafetyNetLeavesAHandleInUseToTheLastExit() throws InterruptedException {
    long before = settledLiveHandles();
    Lifecycle life = new Lifecycle();
    NativeHandle h = adoptInto(life);
    assertTrue(life.enter());
    // As if the owner had become unreachable mid-call (a compiled method may drop it early).
    h.enqueue();
    NativeHandle.drain();
    assertFalse(life.enter(), "abandoned: no new use");
    assertEquals(before + 1, Diagnostics.liveNativeHandles(), "released under a use");
    assertNotEquals(0, life.handle());
    life.exit();
    assertEquals(before, Diagnostics.liveNativeHandles(), "released by the last exit");
    assertFalse(life.close(), "nothing left for a late close");
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  void theSafetyNetReleasesAnUnusedHandleThroughItsLifecycle() throws InterruptedException {
    long before = settledLiveHandles();
    Lifecycle life = new Lifecycle();
    NativeHandle h = adoptInto(life);
    assertEquals(before + 1, Diagnostics.liveNativeHandles());
    h.enqueue();
    NativeHandle.drain();
    assertEquals(before, Diagnostics.liveNativeHandles(), "released by the drain");
    assertFalse(life.enter());
    assertFalse(life.close(), "already released by the safety net");
    assertEquals(before, Diagnostics.liveNativeHandles());
  }

  @Test
  void aDrainReleasesMoreQueuedHandlesThanOneBatchAndOwnHandlesAmongThem()
      throws InterruptedException {
    long before = settledLiveHandles();
    int copies = 600; // more than two of the drain's native batches
    java.util.List<NativeHandle> queued = new java.util.ArrayList<NativeHandle>();
    Lifecycle life = new Lifecycle();
    try (Tensor<Integer> t = Tensors.create(7)) {
      for (int i = 0; i < copies; i++) {
        queued.add(NativeHandle.adopt(new Object(), t.share("closed"), 4, null, null));
        if (i == copies / 2) {
          queued.add(adoptInto(life));
        }
      }
    }
    assertEquals(before + copies + 1, Diagnostics.liveNativeHandles());
    for (NativeHandle h : queued) {
      h.enqueue();
    }
    assertTrue(NativeHandle.drain() >= copies + 1);
    assertEquals(before, Diagnostics.liveNativeHandles(), "every queued handle released");
    assertFalse(life.enter(), "the own handle went through its lifecycle");
    for (NativeHandle h : queued) {
      assertTrue(h.isReleased());
    }
  }

  /** The live handle count once the safety net has released everything collectable. */
  private static long settledLiveHandles() throws InterruptedException {
    long live = Diagnostics.liveNativeHandles();
    for (int i = 0; i < 50; i++) {
      System.gc();
      Thread.sleep(10);
      NativeHandle.drain();
      long now = Diagnostics.liveNativeHandles();
      if (now == live) {
        return now;
      }
      live = now;
    }
    return live;
  }

  private static void openAndDropSession(Graph g) {
    new Session(g); // never closed: only the safety net releases it
  }

  @Test
  @Timeout(30)
  void anUnclosedSessionCollectedByTheSafetyNetLetsItsGraphClose() throws Exception {
    long before = settledLiveHandles();
    Graph g = new Graph();
    openAndDropSession(g);
    AtomicBoolean returned = new AtomicBoolean();
    Thread closing = closer(g.lifecycle(), returned);
    for (int i = 0; i < 2000 && !returned.get(); i++) {
      System.gc();
      Thread.sleep(5);
      NativeHandle.drain();
    }
    closing.join(5000);
    assertTrue(returned.get(), "the released session gave its graph use back");
    assertEquals(before, settledLiveHandles(), "graph and session released");
  }

  @Test
  void aSessionCloseClosesItsOutputTensorsThroughTheirOwnLifecycles() {
    EagerSession session = EagerSession.create();
    Ops ops = new Ops(session);
    Tensor<?> t = ops.values().tensor();
    assertTrue(t.getNativeHandle() != 0);
    session.close();
    assertTrue(t.isClosed());
    NullPointerException e = assertThrows(NullPointerException.class, t::numBytes);
    assertEquals("close() was called on the Tensor", e.getMessage());
  }

  /** A minimal op source for the test above. */
  private static final class Ops {
    private final org.tensorflow.op.Ops tf;

    Ops(EagerSession session) {
      tf = org.tensorflow.op.Ops.create(session);
    }

    Output<Integer> values() {
      return tf.constant(new int[] {1, 2, 3}).asOutput();
    }
  }
}
