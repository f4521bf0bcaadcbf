package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library loads, and works, in three class loaders of one JVM from each source: the bundled
 * resource, {@code tensorbridge.library.path} and {@code java.library.path}. A JVM refuses to load
 * one file in two class loaders, so from the second loader on a fixed-path source must be loaded
 * through a private copy, not skipped for another source.
 */
class MultiClassLoaderTest {
  private static final String CLASSES = System.getProperty("tensorbridge.test.classesDir");
  private static final String TEST_CLASSES = System.getProperty("tensorbridge.test.testClassesDir");
  private static final String LIBRARY = System.getProperty("tensorbridge.test.cargoLibrary");
  private static final String RESULTS = "24\t[1, -2, 7]";

  @Test
  void theBundledLibraryLoadsInEveryClassLoader() throws Exception {
    String resource =
        "bundled resource /dev/tensorbridge/native/"
            + NativeLoader.platform(System.getProperties())
            + "/"
            + System.mapLibraryName("tensorbridge")
            + " -> ";
    List<String> lines = runProbe(CLASSES, new ArrayList<>());
    for (int i = 0; i < 3; i++) {
      assertLoaded(lines, i, resource);
    }
  }

  @Test
  void theLibraryPathPropertyIsUsedInEveryClassLoader() throws Exception {
    assertTrue(new File(LIBRARY).isFile(), LIBRARY);
    List<String> jvmArgs = new ArrayList<>();
    jvmArgs.add("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=" + LIBRARY);
    // The bundled library is on the loaders' class path too: it must not be what they fall back to.
    List<String> lines = runProbe(CLASSES, jvmArgs);
    String what = NativeLoader.LIBRARY_PATH_PROPERTY + "=" + LIBRARY;
    assertEquals("loader 1\t" + what + "\t" + RESULTS, lines.get(0));
    assertLoaded(lines, 1, what + ", private copy for this class loader -> ");
    assertLoaded(lines, 2, what + ", private copy for this class loader -> ");
  }

  @Test
  void javaLibraryPathLoadsInEveryClassLoader(@TempDir Path tmp) throws Exception {
    Path classes = tmp.resolve("classes-without-natives");
    copyWithoutNatives(new File(CLASSES).toPath(), classes);
    List<String> jvmArgs = new ArrayList<>();
    jvmArgs.add("-Djava.library.path=" + new File(LIBRARY).getParent());
    List<String> lines = runProbe(classes.toString(), jvmArgs);
    assertEquals("loader 1\tSystem.loadLibrary from java.library.path\t" + RESULTS, lines.get(0));
    String what = "java.library.path file " + LIBRARY + ", private copy for this class loader -> ";
    assertLoaded(lines, 1, what);
    assertLoaded(lines, 2, what);
  }

  /** Line {@code i} says the library came from {@code prefix} (a temporary copy) and gave the expected results. */
  private static void assertLoaded(List<String> lines, int i, String prefix) {
    String line = lines.get(i);
    String[] fields = line.split("\t");
    assertEquals(4, fields.length, line);
    assertEquals("loader " + (i + 1), fields[0], line);
    assertTrue(fields[1].startsWith(prefix), line);
    String copy = fields[1].substring(prefix.length());
    assertTrue(copy.startsWith(System.getProperty("java.io.tmpdir")), line);
    // Removed once loaded, as a bundled library's copy is.
    assertFalse(new File(copy).exists(), copy);
    assertEquals(RESULTS, fields[2] + "\t" + fields[3], line);
  }

  private static void copyWithoutNatives(Path from, Path to) throws IOException {
    Path natives = from.resolve("dev/tensorbridge/native");
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : (Iterable<Path>) paths::iterator) {
        if (path.startsWith(natives)) {
          continue;
        }
        Path target = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    assertFalse(Files.exists(to.resolve("dev/tensorbridge/native")));
    assertTrue(Files.isRegularFile(to.resolve("dev/tensorbridge/internal/NativeLoader.class")));
  }

  /** Runs {@link MultiClassLoaderProbe} in a fresh JVM and returns its three lines. */
  private static List<String> runProbe(String tensorbridgeClasses, List<String> jvmArgs) throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    List<String> command = new ArrayList<>();
    command.add(java);
    command.add("-Xcheck:jni");
    command.addAll(jvmArgs);
    command.add("-cp");
    command.add(TEST_CLASSES);
    command.add(MultiClassLoaderProbe.class.getName());
    command.add(tensorbridgeClasses + File.pathSeparator + TEST_CLASSES);
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
    List<String> lines = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("loader ")) {
        lines.add(line);
      }
    }
    assertEquals(3, lines.size(), out);
    return lines;
  }
}
