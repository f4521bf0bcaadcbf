package org.tensorflow.lite.gpu;

import java.io.Closeable;
import org.tensorflow.lite.Delegate;

/** A stand-in for tensorflow-lite-gpu's delegate, found by GpuDelegateProxy by this name. */
public final class GpuDelegate implements Delegate, Closeable {
  /** How many were closed. */
  public static int closed;

  /** Public: GpuDelegateProxy creates it by reflection. */
  public GpuDelegate() {}

  @Override
  public long getNativeHandle() {
    return 42;
  }

  @Override
  public void close() {
    closed++;
  }
}
