package dev.tensorbridge.demo;

import dev.tensorbridge.internal.NativeLoader;

/** A tour of what tensorbridge does; run it with {@code java -jar tensorbridge-<version>.jar}. */
public final class Demo {
  private Demo() {}

  public static void main(String[] args) {
    NativeLoader.ensureLoaded();
    System.out.println("tensorbridge " + NativeLoader.javaVersion() + ", native library " + NativeLoader.nativeVersion());
    System.out.println("  loaded from " + NativeLoader.loadedFrom());
  }
}
