package dev.tensorbridge.internal;

/**
 * The one thing {@code dev.tensorbridge.demo.SelfTest} needs beyond the public API: a native call
 * that panics on purpose, to show on each platform that a Rust panic surfaces as a Java exception
 * instead of taking the JVM down.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class SelfTestHook {
  private SelfTestHook() {}

  /**
   * Calls into the native library, which panics.
   *
   * @param value carried into the panic message ({@code "deliberate panic for test, value <value>"})
   * @return never returns normally
   * @throws org.tensorflow.TensorFlowException always, if the native guard works
   * @throws UnsatisfiedLinkError if the native library cannot be loaded
   */
  public static int panicForTest(int value) {
    NativeLoader.ensureLoaded();
    return NativeDiagnostics.panicForTest(value);
  }
}
