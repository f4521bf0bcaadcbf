package dev.tensorbridge.internal;

import java.io.RandomAccessFile;

/**
 * Run in a child JVM by {@link LibraryExtractorTest}: locks the file named by the argument the way a
 * running loader holds its marker, says so, and keeps the lock until standard input closes.
 */
public final class MarkerHolder {
  private MarkerHolder() {}

  public static void main(String[] args) throws Exception {
    RandomAccessFile marker = new RandomAccessFile(args[0], "rw");
    if (marker.getChannel().tryLock() == null) {
      System.out.println("not locked");
      System.exit(1);
    }
    System.out.println("locked");
    System.out.flush();
    while (System.in.read() >= 0) {
      // Hold the lock until the parent closes our standard input (or the process is killed).
    }
  }
}
