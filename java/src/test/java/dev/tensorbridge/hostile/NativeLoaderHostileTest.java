package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.tensorbridge.internal.NativeLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link NativeLoader}: its only inputs are the system property and repeated or concurrent calls.
 * Loading failures (bad paths, version mismatch) need a fresh JVM and are in
 * {@code dev.tensorbridge.internal.NativeLoaderTest}.
 */
class NativeLoaderHostileTest {
  @TestFactory
  List<DynamicTest> loading() {
    Cases c = new Cases();
    c.succeeds("16 threads call ensureLoaded at once", () -> {
      AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
      List<Thread> threads = new ArrayList<Thread>();
      for (int i = 0; i < 16; i++) {
        Thread t = new Thread(() -> {
          try {
            for (int k = 0; k < 100; k++) {
              NativeLoader.ensureLoaded();
            }
          } catch (Throwable e) {
            failure.compareAndSet(null, e);
          }
        });
        threads.add(t);
        t.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      if (failure.get() != null) {
        throw new AssertionError(failure.get());
      }
    });
    c.succeeds("a bogus library path after loading changes nothing", () -> {
      String old = System.getProperty(NativeLoader.LIBRARY_PATH_PROPERTY);
      System.setProperty(NativeLoader.LIBRARY_PATH_PROPERTY, "/nonexistent/\u0000/libx.so");
      try {
        NativeLoader.ensureLoaded();
        assertNotNull(NativeLoader.loadedFrom());
      } finally {
        if (old == null) {
          System.clearProperty(NativeLoader.LIBRARY_PATH_PROPERTY);
        } else {
          System.setProperty(NativeLoader.LIBRARY_PATH_PROPERTY, old);
        }
      }
    });
    c.succeeds("native and Java versions agree", () -> assertEquals(NativeLoader.javaVersion(), NativeLoader.nativeVersion()));
    return c.build();
  }
}
