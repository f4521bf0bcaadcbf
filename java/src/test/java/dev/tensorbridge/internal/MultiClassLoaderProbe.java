package dev.tensorbridge.internal;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by {@link MultiClassLoaderTest}: defines the tensorbridge classes in three
 * separate class loaders (parent: the platform loader, so nothing is shared) and runs {@link
 * ClassLoaderWorker} in each, printing one line per loader.
 *
 * <p>Arguments: the class path of the loaders (the tensorbridge classes and this test's classes). The
 * classes are named by string: this class runs on a class path without tensorbridge.
 */
public final class MultiClassLoaderProbe {
  private MultiClassLoaderProbe() {}

  public static void main(String[] args) throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : args[0].split(File.pathSeparator)) {
      urls.add(new File(entry).toURI().toURL());
    }
    List<Class<?>> loaderClasses = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
      Class<?> worker = Class.forName("dev.tensorbridge.internal.ClassLoaderWorker", true, loader);
      Class<?> nativeLoader = Class.forName("dev.tensorbridge.internal.NativeLoader", false, loader);
      if (worker.getClassLoader() != loader || nativeLoader.getClassLoader() != loader || loaderClasses.contains(nativeLoader)) {
        throw new AssertionError("loader " + i + " does not define its own tensorbridge classes");
      }
      loaderClasses.add(nativeLoader);
      System.out.println("loader " + i + "\t" + worker.getMethod("run").invoke(null));
    }
  }
}
