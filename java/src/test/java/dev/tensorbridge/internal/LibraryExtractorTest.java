package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extracted copies on Windows: a copy is removed by a later run only when no running JVM holds its
 * marker. Runs on any OS: the same file locks exist on Linux and macOS.
 */
class LibraryExtractorTest {

  @Test
  void copiesWhoseMarkerIsGoneOrUnlockedAreRemovedTogetherWithTheMarker(@TempDir File dir) throws Exception {
    touch(dir, "tensorbridge-0.1.0-1.dll"); // marker gone: its JVM exited and deleted it
    touch(dir, "tensorbridge-0.1.0-2.dll");
    touch(dir, "tensorbridge-0.1.0-2.lck"); // marker left by a JVM that was killed: nobody locks it
    touch(dir, "tensorbridge-0.0.9-3.dll"); // an older version's copy, equally stale
    List<String> removed = LibraryExtractor.removeStaleCopies(dir, "tensorbridge-", ".dll");
    Collections.sort(removed);
    assertEquals(Arrays.asList("tensorbridge-0.0.9-3.dll", "tensorbridge-0.1.0-1.dll", "tensorbridge-0.1.0-2.dll"), removed);
    assertEquals(0, dir.list().length, Arrays.toString(dir.list()));
  }

  @Test
  void aCopyWhoseMarkerAnotherProcessLocksIsKept(@TempDir File dir) throws Exception {
    touch(dir, "tensorbridge-0.1.0-7.dll");
    File marker = touch(dir, "tensorbridge-0.1.0-7.lck");
    Process holder = startHolder(marker);
    try {
      assertEquals(Collections.emptyList(), LibraryExtractor.removeStaleCopies(dir, "tensorbridge-", ".dll"));
      assertEquals(Arrays.asList("tensorbridge-0.1.0-7.dll", "tensorbridge-0.1.0-7.lck"), sorted(dir.list()));
    } finally {
      holder.getOutputStream().close();
      assertTrue(holder.waitFor(60, TimeUnit.SECONDS));
    }
    // Its process has ended, so the lock is gone with it: now the copy is stale.
    assertEquals(Arrays.asList("tensorbridge-0.1.0-7.dll"), LibraryExtractor.removeStaleCopies(dir, "tensorbridge-", ".dll"));
    assertEquals(0, dir.list().length, Arrays.toString(dir.list()));
  }

  @Test
  void aCopyWhoseMarkerThisJvmLocksIsKept(@TempDir File dir) throws Exception {
    touch(dir, "tensorbridge-0.1.0-8.dll");
    File marker = touch(dir, "tensorbridge-0.1.0-8.lck");
    RandomAccessFile file = new RandomAccessFile(marker, "rw");
    try {
      FileLock lock = file.getChannel().lock();
      assertTrue(lock.isValid());
      assertEquals(Collections.emptyList(), LibraryExtractor.removeStaleCopies(dir, "tensorbridge-", ".dll"));
      assertEquals(2, dir.list().length);
    } finally {
      file.close();
    }
  }

  @Test
  void otherFilesInTheTemporaryDirectoryAreNeverTouched(@TempDir File dir) throws Exception {
    String[] names = {
      "tensorbridge-0.1.0-5.so", "tensorbridge-0.1.0-5.lck", "other-0.1.0-1.dll", "tensorbridge.dll", "tensorbridge-.dll", "notes.txt"
    };
    for (String name : names) {
      touch(dir, name);
    }
    assertEquals(Collections.emptyList(), LibraryExtractor.removeStaleCopies(dir, "tensorbridge-", ".dll"));
    assertEquals(sorted(names), sorted(dir.list()));
  }

  @Test
  void extractionWithAMarkerWritesTheCopyNextToItsLockedMarkerAndClearsStaleCopiesFirst(@TempDir File dir)
      throws Exception {
    touch(dir, "tensorbridge-0.0.9-3.dll");
    byte[] content = "not really a DLL".getBytes(StandardCharsets.UTF_8);
    File copy =
        LibraryExtractor.extractWithMarker(
            new ByteArrayInputStream(content), "tensorbridge-0.1.0-", ".dll", dir, "tensorbridge-");
    assertTrue(copy.getName().startsWith("tensorbridge-0.1.0-") && copy.getName().endsWith(".dll"), copy.getName());
    assertTrue(Arrays.equals(content, Files.readAllBytes(copy.toPath())));
    String stem = copy.getName().substring(0, copy.getName().length() - ".dll".length());
    assertEquals(sorted(new String[] {copy.getName(), stem + ".lck"}), sorted(dir.list()));
    // Held by this JVM, so another cleanup leaves it; once discarded, copy and marker are gone.
    assertEquals(Collections.emptyList(), LibraryExtractor.removeStaleCopies(dir, "tensorbridge-", ".dll"));
    LibraryExtractor.discard(copy);
    assertEquals(0, dir.list().length, Arrays.toString(dir.list()));
  }

  @Test
  void theCopyIsNamedAfterItsMarker() {
    assertEquals("tensorbridge-0.1.0-123.dll", LibraryExtractor.copyNameFor("tensorbridge-0.1.0-123.lck", ".dll"));
  }

  private static File touch(File dir, String name) throws IOException {
    File file = new File(dir, name);
    FileOutputStream out = new FileOutputStream(file);
    out.write(1);
    out.close();
    return file;
  }

  private static List<String> sorted(String[] names) {
    List<String> list = new ArrayList<String>(Arrays.asList(names));
    Collections.sort(list);
    return list;
  }

  /** Starts {@link MarkerHolder} in a child JVM and waits until it holds the lock. */
  private static Process startHolder(File marker) throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    Process process =
        new ProcessBuilder(
                java, "-cp", System.getProperty("tensorbridge.test.testClassesDir"), MarkerHolder.class.getName(), marker.getPath())
            .redirectErrorStream(true)
            .start();
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    assertEquals("locked", line);
    assertTrue(process.isAlive());
    return process;
  }
}
