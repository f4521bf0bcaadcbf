package dev.tensorbridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs android/assemble-aar.sh in a child process (only where bash exists). The real Android
 * libraries take minutes to build (android/build.sh, run and checked by CI), so these tests use
 * stand-ins: the script refuses clearly without them, refuses libraries for the wrong CPU, and,
 * given stand-in libraries with its ELF checks switched off, writes the AAR layout Android tooling
 * expects.
 */
class AndroidAarScriptTest {

  private static final String[] ABIS = {"arm64-v8a", "armeabi-v7a", "x86_64"};

  @TempDir Path temp;

  /** The repository root: two levels above target/classes, else the working directory. */
  private static Path projectRoot() {
    String classes = System.getProperty("tensorbridge.test.classesDir");
    Path root = classes != null ? Paths.get(classes).toAbsolutePath().getParent().getParent() : Paths.get("").toAbsolutePath();
    assertTrue(Files.isRegularFile(root.resolve("android/assemble-aar.sh")), "no android/assemble-aar.sh under " + root);
    return root;
  }

  private static String version() {
    return System.getProperty("tensorbridge.test.version", "0.1.0");
  }

  private static String findOnPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      File candidate = new File(dir, program);
      if (candidate.canExecute()) {
        return candidate.getPath();
      }
    }
    return null;
  }

  private static final class Run {
    final int status;
    final String output;

    Run(int status, String output) {
      this.status = status;
      this.output = output;
    }
  }

  /** Runs the script with the given overrides; stdout and stderr together. */
  private Run runScript(Path jar, Path jniLibs, Path outDir, boolean skipElfChecks) throws Exception {
    String bash = findOnPath("bash");
    assumeTrue(bash != null, "bash is not installed");
    ProcessBuilder builder = new ProcessBuilder(bash, projectRoot().resolve("android/assemble-aar.sh").toString());
    Map<String, String> env = builder.environment();
    env.put("TENSORBRIDGE_JAR", jar.toString());
    env.put("TENSORBRIDGE_JNILIBS", jniLibs.toString());
    env.put("TENSORBRIDGE_AAR_DIR", outDir.toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
    if (skipElfChecks) {
      env.put("TENSORBRIDGE_AAR_SKIP_ELF_CHECKS", "1");
    } else {
      env.remove("TENSORBRIDGE_AAR_SKIP_ELF_CHECKS");
    }
    builder.redirectErrorStream(true);
    Process process = builder.start();
    byte[] output;
    try (InputStream in = process.getInputStream()) {
      output = in.readAllBytes();
    }
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "assemble-aar.sh did not finish");
    return new Run(process.exitValue(), new String(output, StandardCharsets.UTF_8));
  }

  /**
   * A stand-in for target/tensorbridge-<version>.jar: classes (DataType among them), the version
   * resource, a desktop library.
   */
  private Path fakeJar() throws IOException {
    Path jar = temp.resolve("tensorbridge.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
      put(out, "org/tensorflow/ndarray/Shape.class", "class bytes");
      put(out, "org/tensorflow/lite/DataType.class", "class bytes");
      put(out, "org/tensorflow/lite/DataType$1.class", "class bytes");
      put(out, "org/tensorflow/lite/support/tensorbuffer/TensorBuffer.class", "class bytes");
      put(out, "dev/tensorbridge/tensorbridge.properties", "version=" + version() + "\n");
      put(out, "dev/tensorbridge/native/linux-x86_64/libtensorbridge.so", "desktop library");
    }
    return jar;
  }

  private static void put(JarOutputStream out, String name, String content) throws IOException {
    out.putNextEntry(new JarEntry(name));
    out.write(content.getBytes(StandardCharsets.UTF_8));
    out.closeEntry();
  }

  /** jniLibs/<abi>/libtensorbridge.so for every ABI, each a copy of {@code library}. */
  private Path jniLibsWith(Path library) throws IOException {
    Path dir = temp.resolve("jniLibs");
    for (String abi : ABIS) {
      Files.createDirectories(dir.resolve(abi));
      Files.copy(library, dir.resolve(abi).resolve("libtensorbridge.so"));
    }
    return dir;
  }

  private static Map<String, byte[]> zipEntries(InputStream in) throws IOException {
    Map<String, byte[]> entries = new TreeMap<String, byte[]>();
    try (ZipInputStream zip = new ZipInputStream(in)) {
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        if (!entry.isDirectory()) {
          entries.put(entry.getName(), zip.readAllBytes());
        }
      }
    }
    return entries;
  }

  @Test
  void withoutTheAndroidLibrariesItFailsNamingEachFileAndItsBuildCommand() throws Exception {
    Path emptyJniLibs = Files.createDirectories(temp.resolve("jniLibs"));
    Path out = temp.resolve("out");

    Run run = runScript(fakeJar(), emptyJniLibs, out, false);

    assertEquals(1, run.status, run.output);
    for (String abi : ABIS) {
      String file = emptyJniLibs.resolve(abi).resolve("libtensorbridge.so").toString();
      assertTrue(run.output.contains("assemble-aar: missing " + file + "\n"), run.output);
      assertTrue(
          run.output.contains("build it with: bash android/build.sh --libs-only " + abi + "\n"),
          run.output);
    }
    assertTrue(run.output.contains("No AAR was written."), run.output);
    assertFalse(Files.exists(out.resolve("tensorbridge-" + version() + ".aar")));
  }

  @Test
  void aMissingJarIsReportedWithTheLibraries() throws Exception {
    Path missingJar = temp.resolve("nothing-here.jar");

    Run run = runScript(missingJar, temp.resolve("no-jniLibs"), temp.resolve("out"), false);

    assertEquals(1, run.status, run.output);
    assertTrue(run.output.contains("assemble-aar: missing " + missingJar + "\n"), run.output);
    assertTrue(run.output.contains("build it with: mvn -B package"), run.output);
    assertTrue(run.output.contains("missing " + temp.resolve("no-jniLibs/x86_64/libtensorbridge.so")), run.output);
  }

  @Test
  void librariesForTheWrongCpuOrWith4KbPagesAreRefused() throws Exception {
    assumeTrue(findOnPath("llvm-readelf") != null || findOnPath("readelf") != null, "no readelf installed");
    // The desktop build: x86-64, LOAD segments aligned to the 4 KB default.
    Path desktopLibrary = Paths.get(System.getProperty("tensorbridge.test.cargoLibrary"));
    assumeTrue(Files.isRegularFile(desktopLibrary), "no desktop library at " + desktopLibrary);
    Path out = temp.resolve("out");

    Run run = runScript(fakeJar(), jniLibsWith(desktopLibrary), out, false);

    assertEquals(1, run.status, run.output);
    assertTrue(run.output.contains("expected 'AArch64' (arm64-v8a)"), run.output);
    assertTrue(run.output.contains("expected 'ARM' (armeabi-v7a)"), run.output);
    // x86_64 has the right machine type; unless this build already uses 16 KB pages, alignment fails.
    boolean x86Refused = run.output.contains("x86_64/libtensorbridge.so has a LOAD segment aligned to 0x");
    boolean x86Accepted = !run.output.contains("x86_64/libtensorbridge.so");
    assertTrue(x86Refused || x86Accepted, run.output);
    assertFalse(Files.exists(out.resolve("tensorbridge-" + version() + ".aar")));
  }

  @Test
  void writesTheAarLayoutWithoutTheDesktopLibrary() throws Exception {
    Path standIn = Files.write(temp.resolve("stand-in.so"), new byte[] {0x7f, 'E', 'L', 'F', 1, 2, 3});
    Path out = temp.resolve("out");

    Run run = runScript(fakeJar(), jniLibsWith(standIn), out, true);

    assertEquals(0, run.status, run.output);
    Path aar = out.resolve("tensorbridge-" + version() + ".aar");
    Map<String, byte[]> entries;
    try (InputStream in = Files.newInputStream(aar)) {
      entries = zipEntries(in);
    }
    Set<String> expected = new TreeSet<String>();
    expected.add("AndroidManifest.xml");
    expected.add("R.txt");
    expected.add("classes.jar");
    expected.add("proguard.txt");
    for (String abi : ABIS) {
      expected.add("jni/" + abi + "/libtensorbridge.so");
    }
    assertEquals(expected, entries.keySet());

    Path android = projectRoot().resolve("android");
    assertArrayEquals(Files.readAllBytes(android.resolve("AndroidManifest.xml")), entries.get("AndroidManifest.xml"));
    assertArrayEquals(Files.readAllBytes(android.resolve("proguard.txt")), entries.get("proguard.txt"));
    assertEquals(0, entries.get("R.txt").length);
    for (String abi : ABIS) {
      assertArrayEquals(Files.readAllBytes(standIn), entries.get("jni/" + abi + "/libtensorbridge.so"), abi);
    }

    List<String> classes = new ArrayList<String>(zipEntries(new ByteArrayInputStream(entries.get("classes.jar"))).keySet());
    assertTrue(classes.contains("org/tensorflow/ndarray/Shape.class"), classes.toString());
    assertTrue(classes.contains("org/tensorflow/lite/support/tensorbuffer/TensorBuffer.class"), classes.toString());
    // Left to TensorFlow Lite's tensorflow-lite-api (android/classes-jar-excludes.txt).
    assertFalse(classes.contains("org/tensorflow/lite/DataType.class"), classes.toString());
    assertFalse(classes.contains("org/tensorflow/lite/DataType$1.class"), classes.toString());
    assertTrue(classes.contains("dev/tensorbridge/tensorbridge.properties"), classes.toString()); // the loader's version check
    assertTrue(classes.contains("META-INF/MANIFEST.MF"), classes.toString());
    for (String name : classes) {
      assertFalse(name.startsWith("dev/tensorbridge/native/"), name);
    }
  }
}
