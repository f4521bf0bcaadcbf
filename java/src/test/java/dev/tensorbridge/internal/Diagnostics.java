package dev.tensorbridge.internal;

/**
 * Counters of the test library, for tests and the soak run. Takes no handles.
 */
public final class Diagnostics {
  private Diagnostics() {}

  /**
   * Native tensor handles issued and not yet released (tensors, session values and data-view
   * keep-alives), so tests can show that leaked tensors are reclaimed and closed ones are not
   * released twice.
   *
   * @return the number of live native handles
   */
  public static long liveNativeHandles() {
    NativeLoader.ensureLoaded();
    return TestNatives.liveHandles();
  }
}
