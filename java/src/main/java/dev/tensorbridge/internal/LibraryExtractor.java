package dev.tensorbridge.internal;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the bundled native library to a temporary file that {@code System.load} can open.
 *
 * <p>On Linux and macOS the loader deletes the copy right after loading it (the mapping stays
 * valid). Windows cannot delete a loaded DLL, so each copy there gets a marker file next to it,
 * {@code <copy name>.lck}, locked for as long as the JVM that made it lives (the operating system
 * drops the lock when the process ends, however it ends). Before extracting, copies whose marker
 * can be locked, or is gone, belong to no running JVM and are removed, so copies do not pile up in
 * the temporary directory run after run.
 */
final class LibraryExtractor {
  static final String MARKER_SUFFIX = ".lck";

  /**
   * Marker files this JVM holds locked until it exits, by the path of their copy; closed only by
   * {@link #discard}.
   */
  private static final Map<String, RandomAccessFile> HELD_MARKERS = new HashMap<String, RandomAccessFile>();

  private LibraryExtractor() {}

  /**
   * Copies {@code in} to a new uniquely named file {@code <stem><random><suffix>} in {@code dir}.
   * The caller deletes it once loaded.
   */
  static File extractTemporary(InputStream in, String stem, String suffix, File dir) throws IOException {
    File file = File.createTempFile(stem, suffix, dir);
    file.deleteOnExit();
    copy(in, file);
    return file;
  }

  /**
   * Removes stale copies from {@code dir}, then copies {@code in} to a new file
   * {@code <stem><random><suffix>} next to its marker {@code <stem><random>.lck}, which stays locked
   * by this JVM until it exits.
   */
  static File extractWithMarker(InputStream in, String stem, String suffix, File dir, String stalePrefix)
      throws IOException {
    removeStaleCopies(dir, stalePrefix, suffix);
    // The marker is created and locked before the copy exists, so another JVM's cleanup, which
    // only looks at copies, never sees this copy without a held lock.
    File marker = createMarker(stem, dir);
    RandomAccessFile holder = new RandomAccessFile(marker, "rw");
    boolean locked = false;
    try {
      locked = holder.getChannel().tryLock() != null;
    } catch (OverlappingFileLockException e) {
      locked = false;
    } finally {
      if (!locked) {
        holder.close();
        marker.delete();
      }
    }
    if (!locked) {
      throw new IOException("could not lock " + marker);
    }
    marker.deleteOnExit();
    File file = new File(dir, copyNameFor(marker.getName(), suffix));
    synchronized (HELD_MARKERS) {
      HELD_MARKERS.put(file.getPath(), holder);
    }
    try {
      if (!file.createNewFile()) {
        throw new IOException(file + " already exists");
      }
      file.deleteOnExit();
      copy(in, file);
    } catch (IOException e) {
      discard(file);
      throw e;
    }
    return file;
  }

  /**
   * Deletes a copy that was not loaded, and its marker if it has one, so a failed attempt leaves
   * nothing behind.
   */
  static void discard(File copy) {
    copy.delete();
    RandomAccessFile holder;
    synchronized (HELD_MARKERS) {
      holder = HELD_MARKERS.remove(copy.getPath());
    }
    if (holder != null) {
      try {
        holder.close();
      } catch (IOException ignored) {
        // Closing drops the lock in any case; the marker is deleted below or by a later cleanup.
      }
      String name = copy.getName();
      int dot = name.lastIndexOf('.');
      new File(copy.getParentFile(), (dot > 0 ? name.substring(0, dot) : name) + MARKER_SUFFIX).delete();
    }
  }

  /**
   * Deletes each file in {@code dir} named {@code <prefix>...<suffix>} whose marker is missing or
   * can be locked (its JVM has exited), together with the marker. A copy whose marker is locked, by
   * another process or by this JVM, is left alone, as is any file that cannot be deleted (on Windows,
   * a DLL still loaded by a process that predates markers).
   *
   * @return the names of the deleted copies
   */
  static List<String> removeStaleCopies(File dir, String prefix, String suffix) {
    List<String> removed = new ArrayList<String>();
    String[] names = dir.list();
    if (names == null) {
      return removed;
    }
    for (String name : names) {
      if (!name.startsWith(prefix) || !name.endsWith(suffix) || name.length() <= prefix.length() + suffix.length()) {
        continue;
      }
      File copy = new File(dir, name);
      File marker = new File(dir, name.substring(0, name.length() - suffix.length()) + MARKER_SUFFIX);
      if (!marker.exists()) {
        if (copy.delete()) {
          removed.add(name);
        }
        continue;
      }
      if (removeIfUnlocked(copy, marker)) {
        removed.add(name);
      }
    }
    return removed;
  }

  /** Deletes {@code copy} and {@code marker} if the marker's lock can be taken now. */
  private static boolean removeIfUnlocked(File copy, File marker) {
    RandomAccessFile probe;
    try {
      probe = new RandomAccessFile(marker, "rw");
    } catch (IOException e) {
      return false; // Cannot tell whether its owner lives; leave it.
    }
    boolean deleted = false;
    try {
      FileLock lock;
      try {
        lock = probe.getChannel().tryLock();
      } catch (OverlappingFileLockException e) {
        return false; // Held by this JVM.
      } catch (IOException e) {
        return false;
      }
      if (lock == null) {
        return false; // Held by another running process.
      }
      deleted = copy.delete();
      lock.release();
    } catch (IOException e) {
      // Releasing failed; closing the file below drops the lock anyway.
    } finally {
      try {
        probe.close();
      } catch (IOException ignored) {
        // The marker is deleted below or stays for the next cleanup.
      }
    }
    if (deleted || !copy.exists()) {
      marker.delete();
    }
    return deleted;
  }

  /**
   * Creates a new empty marker {@code <stem><unique>.lck}. Not {@code File.createTempFile}: its
   * random names seed a {@code SecureRandom}, which costs start-up time and, under Wine, crashes the
   * JVM; an exclusive create with a retry is just as safe against name clashes.
   */
  private static File createMarker(String stem, File dir) throws IOException {
    for (int attempt = 0; attempt < 100; attempt++) {
      long unique = (System.nanoTime() + attempt * 7919L + System.identityHashCode(dir)) & Long.MAX_VALUE;
      File marker = new File(dir, stem + Long.toString(unique, 36) + MARKER_SUFFIX);
      if (marker.createNewFile()) {
        return marker;
      }
    }
    throw new IOException("could not create a new marker file " + stem + "*" + MARKER_SUFFIX + " in " + dir);
  }

  /** {@code tensorbridge-0.1.0-123.lck} becomes {@code tensorbridge-0.1.0-123.dll}. */
  static String copyNameFor(String markerName, String suffix) {
    return markerName.substring(0, markerName.length() - MARKER_SUFFIX.length()) + suffix;
  }

  private static void copy(InputStream in, File file) throws IOException {
    OutputStream out = new FileOutputStream(file);
    try {
      byte[] chunk = new byte[64 * 1024];
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        out.write(chunk, 0, n);
      }
    } finally {
      out.close();
    }
  }
}
