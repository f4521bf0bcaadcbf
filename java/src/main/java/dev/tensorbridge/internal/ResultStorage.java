package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Storage for the result of a tensor or image op: a direct buffer in native byte order, position
 * 0, limit {@code bytes}, whose every byte the caller overwrites (its initial content is
 * unspecified). One place decides where op results live. Not public API.
 */
public final class ResultStorage {
  private ResultStorage() {}

  /**
   * Returns storage for {@code bytes} bytes of an op's result.
   *
   * @param bytes the size in bytes, at least 0
   * @return a direct, native-order buffer of that capacity
   */
  public static ByteBuffer allocate(int bytes) {
    return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
  }
}
