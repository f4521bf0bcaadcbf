package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tensorbridge.internal.HandleReaper;
import dev.tensorbridge.internal.TensorKernels;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** {@link HandleReaper}: bad registrations are refused without leaking the handle. */
class HandleReaperHostileTest {
  private static long handle() {
    return TensorKernels.createFromInts(3, new long[] {1}, new int[] {1}, 0, 1);
  }

  @TestFactory
  List<DynamicTest> registrations() {
    Cases c = new Cases();
    c.fails("register(owner, 0)", NullPointerException.class, "close() was called on the Tensor",
        () -> HandleReaper.register(new Object(), 0));
    c.fails("register(owner, 0, bytes)", NullPointerException.class, "close() was called on the Tensor",
        () -> HandleReaper.register(new Object(), 0, 100));
    c.succeeds("register(null, handle) releases the handle and throws", () -> {
      long before = HandleReaper.liveNativeHandles();
      long h = handle();
      Cases.check(NullPointerException.class, "owner", () -> HandleReaper.register(null, h));
      assertEquals(before, HandleReaper.liveNativeHandles());
    });
    c.succeeds("release(null) is a no-op", () -> HandleReaper.release(null));
    c.succeeds("negative and huge byte estimates are accepted", () -> {
      long before = HandleReaper.liveNativeHandles();
      HandleReaper.release(HandleReaper.register(new Object(), handle(), -1));
      HandleReaper.release(HandleReaper.register(new Object(), handle(), Long.MAX_VALUE));
      assertEquals(before, HandleReaper.liveNativeHandles());
    });
    c.succeeds("an unreachable owner's handle is drained", () -> {
      for (int i = 0; i < 3; i++) { // settle what earlier tests left to the GC
        System.gc();
        Thread.sleep(10);
        HandleReaper.drain();
      }
      long before = HandleReaper.liveNativeHandles();
      HandleReaper.register(new Object(), handle());
      for (int i = 0; i < 100 && HandleReaper.liveNativeHandles() > before; i++) {
        System.gc();
        Thread.sleep(10);
        HandleReaper.drain();
      }
      // Other tests' garbage may be drained too, hence <=.
      assertTrue(HandleReaper.liveNativeHandles() <= before);
      assertTrue(HandleReaper.drain() >= 0);
    });
    return c.build();
  }
}
