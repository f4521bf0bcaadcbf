package dev.tensorbridge.internal;

/** Run in a child JVM by {@link NativeLoaderTest}: loads the library and says from where. */
public final class LoaderProbe {
  private LoaderProbe() {}

  public static void main(String[] args) {
    NativeLoader.ensureLoaded();
    System.out.println("loaded: " + NativeLoader.loadedFrom());
    System.out.println("native version: " + NativeLoader.nativeVersion());
  }
}
