package dev.tensorbridge.internal;

/** The native library's version query, which {@link NativeLoader} checks after loading. */
final class NativeDiagnostics {
  private NativeDiagnostics() {}

  /** The native library's version (Cargo package version). */
  static native String nativeVersion();
}
