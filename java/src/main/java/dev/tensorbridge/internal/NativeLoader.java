package dev.tensorbridge.internal;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Loads the tensorbridge native library once per class loader, trying in order: the path in the
 * system property {@value #LIBRARY_PATH_PROPERTY}; on Android {@code System.loadLibrary}; the
 * library bundled in the jar under {@code dev/tensorbridge/native/<os>-<arch>/}, extracted to a
 * uniquely named temporary file that carries the version ({@link LibraryExtractor}); {@code
 * System.loadLibrary}. If all fail, one {@link UnsatisfiedLinkError} names the platform and lists
 * every attempt, including which platforms the jar carries. A library of another version than these
 * classes is refused.
 *
 * <p>A JVM lets only one class loader load a given library file. Test runners that give each
 * sandbox its own class loader (Robolectric, some IDE and build-tool runners) load these classes
 * several times in one JVM; when the JVM reports that a file from a fixed path (the property or
 * {@code java.library.path}) is already loaded by another class loader, this class loader loads a
 * private temporary copy of the same file instead. Bundled libraries are always extracted to a
 * private copy.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class NativeLoader {
  /** System property naming the native library file to load instead of the bundled one. */
  public static final String LIBRARY_PATH_PROPERTY = "tensorbridge.library.path";

  static final String LIBRARY_NAME = "tensorbridge";
  static final String RESOURCE_ROOT = "/dev/tensorbridge/native/";

  /** Every platform a build can bundle ({@code scripts/build-natives.sh}), as {@code <os>-<arch>}. */
  static final String[] KNOWN_PLATFORMS = {
    "linux-x86_64", "linux-aarch64", "macos-x86_64", "macos-aarch64", "windows-x86_64"
  };

  private static String loadedFrom;
  private static UnsatisfiedLinkError failure;

  private NativeLoader() {}

  /**
   * Loads the native library if this has not happened yet.
   *
   * @throws UnsatisfiedLinkError if no attempt succeeded (the same error on every later call)
   */
  public static synchronized void ensureLoaded() {
    if (loadedFrom != null) {
      return;
    }
    if (failure != null) {
      throw failure;
    }
    List<String> attempts = new ArrayList<String>();
    String from = tryLoad(System.getProperties(), RESOURCE_ROOT, attempts);
    if (from == null) {
      failure = new UnsatisfiedLinkError(describeFailure(System.getProperties(), attempts));
      throw failure;
    }
    String nativeVersion = NativeDiagnostics.nativeVersion();
    if (!javaVersion().equals(nativeVersion)) {
      failure =
          new UnsatisfiedLinkError(
              "tensorbridge native library version "
                  + nativeVersion
                  + " does not match the Java classes' version "
                  + javaVersion()
                  + " (library loaded from "
                  + from
                  + ")");
      throw failure;
    }
    loadedFrom = from;
  }

  /**
   * Where the library came from, e.g. {@code "bundled resource ... -> /tmp/..."}; null if not
   * loaded.
   *
   * @return a description of the source and the loaded file, or null
   */
  public static synchronized String loadedFrom() {
    return loadedFrom;
  }

  /**
   * The version of the loaded native library (loads it if needed).
   *
   * @return the crate version compiled into the library, e.g. {@code 0.1.0}
   * @throws UnsatisfiedLinkError if the library cannot be loaded or has another version
   */
  public static String nativeVersion() {
    ensureLoaded();
    return NativeDiagnostics.nativeVersion();
  }

  /**
   * The version of these Java classes, from the resource written by the build.
   *
   * @return the Maven project version, or {@code "unknown"} if the resource is missing
   */
  public static String javaVersion() {
    Properties properties = new Properties();
    InputStream in = NativeLoader.class.getResourceAsStream("/dev/tensorbridge/tensorbridge.properties");
    if (in == null) {
      return "unknown";
    }
    try {
      properties.load(in);
    } catch (IOException e) {
      return "unknown";
    } finally {
      closeQuietly(in);
    }
    return properties.getProperty("version", "unknown");
  }

  /**
   * Tries each way of loading in order, appending a line per failed attempt to {@code attempts}.
   * Returns a description of the successful attempt, or null if every attempt failed.
   */
  static String tryLoad(Properties properties, String resourceRoot, List<String> attempts) {
    String explicitPath = properties.getProperty(LIBRARY_PATH_PROPERTY);
    if (explicitPath != null && !explicitPath.isEmpty()) {
      String what = LIBRARY_PATH_PROPERTY + "=" + explicitPath;
      String loaded = loadFixedPath(properties, new File(explicitPath), what, attempts);
      if (loaded != null) {
        return loaded;
      }
    }
    boolean android = isAndroid(properties);
    if (android) {
      if (loadLibrary("System.loadLibrary(\"" + LIBRARY_NAME + "\") on Android", attempts)) {
        return "System.loadLibrary on Android";
      }
    }
    String bundled = loadBundled(properties, resourceRoot, attempts);
    if (bundled != null) {
      return bundled;
    }
    if (!android) {
      return loadFromLibraryPath(properties, attempts);
    }
    return null;
  }

  /**
   * {@code System.loadLibrary} from {@code java.library.path}; if the JVM reports the file it found
   * as loaded by another class loader, a private copy of the first such file on the path.
   */
  private static String loadFromLibraryPath(Properties properties, List<String> attempts) {
    String what = "System.loadLibrary(\"" + LIBRARY_NAME + "\")";
    try {
      System.loadLibrary(LIBRARY_NAME);
      return "System.loadLibrary from java.library.path";
    } catch (UnsatisfiedLinkError | SecurityException e) {
      attempts.add(what + ": " + e);
      if (!loadedByAnotherClassLoader(e)) {
        return null;
      }
    }
    File found = findOnLibraryPath(properties.getProperty("java.library.path"), System.mapLibraryName(LIBRARY_NAME));
    if (found == null) {
      return null;
    }
    return loadPrivateCopy(properties, found, "java.library.path file " + found.getPath(), attempts);
  }

  /** The first file named {@code fileName} in the directories of {@code libraryPath}, or null. */
  static File findOnLibraryPath(String libraryPath, String fileName) {
    if (libraryPath == null) {
      return null;
    }
    for (String dir : libraryPath.split(File.pathSeparator, -1)) {
      File candidate = new File(dir.isEmpty() ? "." : dir, fileName);
      if (candidate.isFile()) {
        return candidate;
      }
    }
    return null;
  }

  /**
   * Loads {@code file} as it is; if the JVM reports it as loaded by another class loader, loads a
   * private temporary copy. Returns the description of what was loaded, or null.
   */
  private static String loadFixedPath(Properties properties, File file, String what, List<String> attempts) {
    try {
      System.load(file.getPath());
      return what;
    } catch (UnsatisfiedLinkError | SecurityException e) {
      attempts.add(what + ": " + e);
      if (!loadedByAnotherClassLoader(e)) {
        return null;
      }
    }
    return loadPrivateCopy(properties, file, what, attempts);
  }

  /** The JDK's refusal to load one file in a second class loader (same text from JDK 8 to 25). */
  static boolean loadedByAnotherClassLoader(Throwable e) {
    return e instanceof UnsatisfiedLinkError && contains(e.getMessage(), "already loaded in another classloader");
  }

  /** Copies {@code file} to a temporary file private to this class loader and loads that. */
  private static String loadPrivateCopy(Properties properties, File file, String what, List<String> attempts) {
    InputStream in;
    try {
      in = new FileInputStream(file);
    } catch (IOException | SecurityException e) {
      attempts.add(what + ", private copy: could not read it: " + e);
      return null;
    }
    // Named like a bundled copy, whatever the source file's name, so the Windows clean-up of
    // earlier runs' copies covers these too.
    String copyName = libraryFileName(platform(properties));
    return extractAndLoad(properties, in, copyName, what + ", private copy for this class loader", attempts);
  }

  static boolean isAndroid(Properties properties) {
    return contains(properties.getProperty("java.vendor"), "Android")
        || contains(properties.getProperty("java.vm.vendor"), "Android");
  }

  /** {@code <os>-<arch>} as used in the resource path, e.g. {@code linux-x86_64}. */
  static String platform(Properties properties) {
    String os = properties.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = properties.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String osPart;
    if (os.startsWith("linux")) {
      osPart = "linux";
    } else if (os.startsWith("mac") || os.startsWith("darwin")) {
      osPart = "macos";
    } else if (os.startsWith("windows")) {
      osPart = "windows";
    } else {
      osPart = os.replace(' ', '_');
    }
    String archPart;
    if (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("x64")) {
      archPart = "x86_64";
    } else if (arch.equals("aarch64") || arch.equals("arm64")) {
      archPart = "aarch64";
    } else {
      archPart = arch;
    }
    return osPart + "-" + archPart;
  }

  /**
   * The file name {@code System.mapLibraryName} gives on that platform's OS, e.g.
   * {@code tensorbridge.dll} for {@code windows-x86_64}.
   */
  static String libraryFileName(String platform) {
    if (platform.startsWith("windows-")) {
      return LIBRARY_NAME + ".dll";
    }
    if (platform.startsWith("macos-")) {
      return "lib" + LIBRARY_NAME + ".dylib";
    }
    if (platform.startsWith("linux-")) {
      return "lib" + LIBRARY_NAME + ".so";
    }
    return System.mapLibraryName(LIBRARY_NAME);
  }

  /** The known platforms whose library is on the class path under {@code resourceRoot}. */
  static List<String> carriedPlatforms(String resourceRoot) {
    List<String> carried = new ArrayList<String>();
    for (String platform : KNOWN_PLATFORMS) {
      if (NativeLoader.class.getResource(resourceRoot + platform + "/" + libraryFileName(platform)) != null) {
        carried.add(platform);
      }
    }
    return carried;
  }

  private static String loadBundled(Properties properties, String resourceRoot, List<String> attempts) {
    String platform = platform(properties);
    String fileName = libraryFileName(platform);
    String resource = resourceRoot + platform + "/" + fileName;
    InputStream in = NativeLoader.class.getResourceAsStream(resource);
    if (in == null) {
      List<String> carried = carriedPlatforms(resourceRoot);
      attempts.add(
          "bundled resource " + resource + ": no library for " + platform + " on the class path (it carries "
              + (carried.isEmpty() ? "none" : join(carried)) + ")");
      return null;
    }
    return extractAndLoad(properties, in, fileName, "bundled resource " + resource, attempts);
  }

  /**
   * Copies {@code in} (closed here) to a new temporary file named after {@code fileName} and this
   * version, loads it and removes it where the OS allows (Windows: see {@link LibraryExtractor}).
   * Returns {@code "<what> -> <copy>"}, or null after adding a line to {@code attempts}.
   */
  private static String extractAndLoad(
      Properties properties, InputStream in, String fileName, String what, List<String> attempts) {
    boolean windows = platform(properties).startsWith("windows-");
    int dot = fileName.lastIndexOf('.');
    String stem = (dot > 0 ? fileName.substring(0, dot) : fileName) + "-" + javaVersion() + "-";
    String suffix = dot > 0 ? fileName.substring(dot) : ".lib";
    File tempDir = new File(properties.getProperty("java.io.tmpdir", "."));
    File extracted;
    try {
      extracted =
          windows
              // A loaded DLL cannot be deleted: mark the copy as in use and clear earlier runs' copies.
              ? LibraryExtractor.extractWithMarker(in, stem, suffix, tempDir, LIBRARY_NAME + "-")
              : LibraryExtractor.extractTemporary(in, stem, suffix, tempDir);
    } catch (IOException | SecurityException e) {
      attempts.add(what + ": could not extract: " + e);
      return null;
    } finally {
      closeQuietly(in);
    }
    String described = what + " -> " + extracted.getPath();
    boolean loaded = load(extracted.getAbsolutePath(), described, attempts);
    if (!loaded) {
      LibraryExtractor.discard(extracted);
    } else if (!windows) {
      // A loaded library stays mapped after its file is removed (Windows refuses to delete it).
      extracted.delete();
    }
    return loaded ? described : null;
  }

  private static boolean load(String path, String what, List<String> attempts) {
    try {
      System.load(path);
      return true;
    } catch (UnsatisfiedLinkError | SecurityException e) {
      attempts.add(what + ": " + e);
      return false;
    }
  }

  private static boolean loadLibrary(String what, List<String> attempts) {
    try {
      System.loadLibrary(LIBRARY_NAME);
      return true;
    } catch (UnsatisfiedLinkError | SecurityException e) {
      attempts.add(what + ": " + e);
      return false;
    }
  }

  static String describeFailure(Properties properties, List<String> attempts) {
    StringBuilder message =
        new StringBuilder("tensorbridge native library could not be loaded on ")
            .append(platform(properties))
            .append(" (os.name \"")
            .append(properties.getProperty("os.name"))
            .append("\", os.arch \"")
            .append(properties.getProperty("os.arch"))
            .append("\"); tried:");
    for (String attempt : attempts) {
      message.append("\n  - ").append(attempt);
    }
    return message.toString();
  }

  private static String join(List<String> parts) {
    StringBuilder joined = new StringBuilder();
    for (String part : parts) {
      if (joined.length() > 0) {
        joined.append(", ");
      }
      joined.append(part);
    }
    return joined.toString();
  }

  private static boolean contains(String value, String part) {
    return value != null && value.contains(part);
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException ignored) {
      // Nothing useful can be done about a failed close of a resource stream.
    }
  }
}
