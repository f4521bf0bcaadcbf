package org.tensorflow.lite.support.common;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * TFLite Support 0.4.4's own classes (from the AARs Maven copied to target/upstream-aar) in a
 * class loader of their own, whose parent is the platform loader (plus Android's classes): none of
 * the project's classes of the same names are visible to it. Reflection helpers call into it.
 */
public final class Upstream {
  private static ClassLoader loader;

  private Upstream() {}

  public static synchronized ClassLoader loader() throws IOException {
    if (loader == null) {
      String dir = System.getProperty("tensorbridge.test.upstreamAarDir", "target/upstream-aar");
      Path tmp = Files.createTempDirectory("upstream-classes");
      URL support = classesJar(new File(dir, "tensorflow-lite-support-api.aar"), tmp, "support.jar");
      URL api = classesJar(new File(dir, "tensorflow-lite-api.aar"), tmp, "api.jar");
      loader = new URLClassLoader(new URL[] {support, api}, new AndroidOnly());
    }
    return loader;
  }

  /**
   * The parent of upstream's loader: the platform classes, plus the {@code android.*} classes of
   * the test class path, which upstream's classes name in signatures (reflection over them needs
   * the classes to exist). Nothing else of the test class path is visible.
   */
  private static final class AndroidOnly extends ClassLoader {
    AndroidOnly() {
      super(ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      if (name.startsWith("android.")) {
        return Upstream.class.getClassLoader().loadClass(name);
      }
      throw new ClassNotFoundException(name);
    }
  }

  private static URL classesJar(File aar, Path tmp, String name) throws IOException {
    Path out = tmp.resolve(name);
    try (ZipFile zip = new ZipFile(aar)) {
      ZipEntry entry = zip.getEntry("classes.jar");
      try (InputStream in = zip.getInputStream(entry)) {
        Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
      }
    }
    out.toFile().deleteOnExit();
    return out.toUri().toURL();
  }

  public static Class<?> type(String name) throws Exception {
    return Class.forName(name, true, loader());
  }

  /** Upstream's {@code org.tensorflow.lite.DataType} constant of the same name. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Object dataType(String name) throws Exception {
    return Enum.valueOf((Class) type("org.tensorflow.lite.DataType"), name);
  }

  /** Calls a public method (static if {@code target} is a Class of the upstream loader). */
  public static Object call(Object target, String method, Object... args) throws Throwable {
    Class<?> cls = target instanceof Class ? (Class<?>) target : target.getClass();
    for (Method m : cls.getMethods()) {
      if (m.getName().equals(method) && m.getParameterCount() == args.length && fits(m, args)) {
        // Public methods of a package-private implementation class (a generated value class).
        m.setAccessible(true);
        try {
          return m.invoke(target instanceof Class ? null : target, args);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      }
    }
    throw new NoSuchMethodException(cls.getName() + "." + method);
  }

  public static Object construct(String className, Object... args) throws Throwable {
    for (java.lang.reflect.Constructor<?> c : type(className).getConstructors()) {
      if (c.getParameterCount() == args.length && fits(c.getParameterTypes(), args)) {
        try {
          return c.newInstance(args);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      }
    }
    throw new NoSuchMethodException(className);
  }

  private static boolean fits(Method m, Object[] args) {
    return fits(m.getParameterTypes(), args);
  }

  private static boolean fits(Class<?>[] params, Object[] args) {
    for (int i = 0; i < params.length; i++) {
      Class<?> p = params[i];
      Object a = args[i];
      if (a == null) {
        if (p.isPrimitive()) return false;
        continue;
      }
      if (p == float.class) p = Float.class;
      if (p == int.class) p = Integer.class;
      if (p == boolean.class) p = Boolean.class;
      if (!p.isInstance(a)) return false;
    }
    return true;
  }
}
