package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the native library comes from, and how a failure to load it reads. */
class NativeLoaderTest {
  private static final String VERSION = System.getProperty("tensorbridge.test.version");

  @Test
  void withoutAnOverrideTheBundledLibraryIsExtractedToAVersionedTempFile() throws Exception {
    String out = runProbe(null);
    String resource =
        "/dev/tensorbridge/native/"
            + NativeLoader.platform(System.getProperties())
            + "/"
            + System.mapLibraryName("tensorbridge");
    assertTrue(out.startsWith("loaded: bundled resource " + resource + " -> "), out);
    String extracted = out.substring(out.indexOf("-> ") + 3, out.indexOf('\n'));
    String stem = System.mapLibraryName("tensorbridge");
    String suffix = stem.substring(stem.lastIndexOf('.'));
    stem = stem.substring(0, stem.lastIndexOf('.'));
    assertTrue(new File(extracted).getName().startsWith(stem + "-" + VERSION + "-"), extracted);
    assertTrue(extracted.endsWith(suffix), extracted);
    // Removed once loaded (the mapping stays valid), so temp files do not pile up.
    assertTrue(!new File(extracted).exists(), extracted);
    assertTrue(out.contains("native version: " + VERSION), out);
  }

  @Test
  void theSystemPropertyOverridesTheBundledLibrary() throws Exception {
    String library = System.getProperty("tensorbridge.test.cargoLibrary");
    assertTrue(new File(library).isFile(), library);
    String out = runProbe(library);
    assertTrue(out.startsWith("loaded: tensorbridge.library.path=" + library + "\n"), out);
    assertTrue(out.contains("native version: " + VERSION), out);
  }

  @Test
  void aBadOverrideFallsBackToTheBundledLibrary() throws Exception {
    String out = runProbe("/nonexistent/libtensorbridge.so");
    assertTrue(out.startsWith("loaded: bundled resource "), out);
  }

  @Test
  void whenEveryAttemptFailsOneMessageListsThemAll() {
    Properties properties = new Properties();
    properties.setProperty(NativeLoader.LIBRARY_PATH_PROPERTY, "/nonexistent/libx.so");
    properties.setProperty("os.name", "Linux");
    properties.setProperty("os.arch", "amd64");
    properties.setProperty("java.vendor", "Debian");
    List<String> attempts = new ArrayList<String>();
    assertNull(NativeLoader.tryLoad(properties, "/no/such/root/", attempts));
    assertEquals(3, attempts.size(), attempts.toString());
    assertTrue(attempts.get(0).startsWith("tensorbridge.library.path=/nonexistent/libx.so: java.lang.UnsatisfiedLinkError"), attempts.get(0));
    assertEquals(
        "bundled resource /no/such/root/linux-x86_64/libtensorbridge.so: no library for linux-x86_64 on the class path (it carries none)",
        attempts.get(1));
    assertTrue(attempts.get(2).startsWith("System.loadLibrary(\"tensorbridge\"): java.lang.UnsatisfiedLinkError"), attempts.get(2));
    String message = NativeLoader.describeFailure(properties, attempts);
    assertTrue(
        message.startsWith(
            "tensorbridge native library could not be loaded on linux-x86_64 (os.name \"Linux\", os.arch \"amd64\"); tried:\n"
                + "  - tensorbridge.library.path="),
        message);
    assertEquals(4, message.split("\n").length, message);
  }

  @Test
  void anUnsupportedPlatformIsNamedWithThePlatformsTheClassPathCarries() throws Exception {
    String root = fakeNativeRoot("linux-aarch64/libtensorbridge.so", "windows-x86_64/tensorbridge.dll",
        // The wrong file name for macOS: not a library the loader would pick up, so not carried.
        "macos-x86_64/libtensorbridge.so");
    assertEquals(Arrays.asList("linux-aarch64", "windows-x86_64"), NativeLoader.carriedPlatforms(root));

    Properties properties = props("FreeBSD", "amd64");
    List<String> attempts = new ArrayList<String>();
    assertNull(NativeLoader.tryLoad(properties, root, attempts));
    assertEquals(
        "bundled resource " + root + "freebsd-x86_64/libtensorbridge.so: no library for freebsd-x86_64 on the class path"
            + " (it carries linux-aarch64, windows-x86_64)",
        attempts.get(0));
    assertTrue(
        NativeLoader.describeFailure(properties, attempts)
            .startsWith("tensorbridge native library could not be loaded on freebsd-x86_64 (os.name \"FreeBSD\", os.arch \"amd64\"); tried:\n"));
  }

  @Test
  void theBuildOfThisClassPathCarriesTheHostPlatform() {
    List<String> carried = NativeLoader.carriedPlatforms(NativeLoader.RESOURCE_ROOT);
    assertTrue(carried.contains(NativeLoader.platform(System.getProperties())), carried.toString());
    assertEquals(Collections.emptyList(), NativeLoader.carriedPlatforms("/no/such/root/"));
  }

  @Test
  void onWindowsAFailedLoadLeavesNoCopyAndNoMarkerInTheTemporaryDirectory(@TempDir File tmp) throws Exception {
    // A file that is no library, under the Windows resource name: extraction works, loading fails.
    String root = fakeNativeRoot("windows-x86_64/tensorbridge.dll");
    Properties properties = props("Windows 11", "amd64");
    properties.setProperty("java.io.tmpdir", tmp.getPath());
    List<String> attempts = new ArrayList<String>();
    assertNull(NativeLoader.tryLoad(properties, root, attempts));
    String first = attempts.get(0);
    assertTrue(first.startsWith("bundled resource " + root + "windows-x86_64/tensorbridge.dll -> " + tmp.getPath()), first);
    assertTrue(first.contains(File.separator + "tensorbridge-" + VERSION + "-"), first);
    assertEquals(0, tmp.list().length, Arrays.toString(tmp.list()));
  }

  @Test
  void libraryFileNamesAreTheOnesSystemMapLibraryNameGivesOnEachOs() {
    assertEquals("libtensorbridge.so", NativeLoader.libraryFileName("linux-x86_64"));
    assertEquals("libtensorbridge.so", NativeLoader.libraryFileName("linux-aarch64"));
    assertEquals("libtensorbridge.dylib", NativeLoader.libraryFileName("macos-x86_64"));
    assertEquals("libtensorbridge.dylib", NativeLoader.libraryFileName("macos-aarch64"));
    assertEquals("tensorbridge.dll", NativeLoader.libraryFileName("windows-x86_64"));
    assertEquals(System.mapLibraryName("tensorbridge"), NativeLoader.libraryFileName(NativeLoader.platform(System.getProperties())));
  }

  @Test
  void onAndroidSystemLoadLibraryIsTriedBeforeTheBundledResourceAndNotAgainAfterIt() {
    Properties properties = new Properties();
    properties.setProperty("os.name", "Linux");
    properties.setProperty("os.arch", "aarch64");
    properties.setProperty("java.vm.vendor", "The Android Project");
    List<String> attempts = new ArrayList<String>();
    assertNull(NativeLoader.tryLoad(properties, "/no/such/root/", attempts));
    assertEquals(2, attempts.size(), attempts.toString());
    assertTrue(attempts.get(0).startsWith("System.loadLibrary(\"tensorbridge\") on Android: "), attempts.get(0));
    assertTrue(attempts.get(1).startsWith("bundled resource /no/such/root/linux-aarch64/"), attempts.get(1));
  }

  @Test
  void platformNamesFollowTheResourceLayout() {
    assertEquals("linux-x86_64", NativeLoader.platform(props("Linux", "amd64")));
    assertEquals("linux-aarch64", NativeLoader.platform(props("Linux", "aarch64")));
    assertEquals("macos-aarch64", NativeLoader.platform(props("Mac OS X", "aarch64")));
    assertEquals("macos-x86_64", NativeLoader.platform(props("Mac OS X", "x86_64")));
    assertEquals("windows-x86_64", NativeLoader.platform(props("Windows 11", "amd64")));
    assertEquals("windows-x86_64", NativeLoader.platform(props("Windows Server 2022", "x86_64")));
    assertEquals("macos-aarch64", NativeLoader.platform(props("Darwin", "arm64")));
    // Unsupported ones keep a readable name for the error message.
    assertEquals("freebsd-x86_64", NativeLoader.platform(props("FreeBSD", "amd64")));
    assertEquals("linux-riscv64", NativeLoader.platform(props("Linux", "riscv64")));
    assertEquals("sunos-sparcv9", NativeLoader.platform(props("SunOS", "sparcv9")));
  }

  @Test
  void inThisJvmTheLibraryLoadsAndMatchesTheJavaVersion() {
    NativeLoader.ensureLoaded();
    assertNotNull(NativeLoader.loadedFrom());
    assertEquals(VERSION, NativeLoader.javaVersion());
    assertEquals(VERSION, NativeLoader.nativeVersion());
  }

  private static Properties props(String os, String arch) {
    Properties p = new Properties();
    p.setProperty("os.name", os);
    p.setProperty("os.arch", arch);
    return p;
  }

  /**
   * Creates empty files under a fresh resource root inside the test classes directory (which is on
   * the class path) and returns that root, e.g. {@code /dev/tensorbridge/fake-native-123/}.
   */
  private static String fakeNativeRoot(String... files) throws Exception {
    File classes = new File(System.getProperty("tensorbridge.test.testClassesDir"));
    File root = Files.createTempDirectory(new File(classes, "dev/tensorbridge").toPath(), "fake-native-").toFile();
    for (String file : files) {
      File f = new File(root, file);
      assertTrue(f.getParentFile().mkdirs() || f.getParentFile().isDirectory(), f.toString());
      assertTrue(f.createNewFile(), f.toString());
    }
    return "/dev/tensorbridge/" + root.getName() + "/";
  }

  /** Runs {@link LoaderProbe} in a fresh JVM (a library loads once per JVM) and returns its output. */
  private static String runProbe(String libraryPath) throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    String classPath =
        System.getProperty("tensorbridge.test.classesDir")
            + File.pathSeparator
            + System.getProperty("tensorbridge.test.testClassesDir");
    List<String> command = new ArrayList<String>();
    command.add(java);
    command.add("-Xcheck:jni");
    command.add("-cp");
    command.add(classPath);
    if (libraryPath != null) {
      command.add("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=" + libraryPath);
    }
    command.add(LoaderProbe.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    InputStream in = process.getInputStream();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
      bytes.write(chunk, 0, n);
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    String out = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), out);
    return out;
  }
}
