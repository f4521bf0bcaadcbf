package org.tensorflow.lite.support.model;

import android.util.Log;
import java.io.Closeable;
import java.io.IOException;
import org.tensorflow.lite.Delegate;

/**
 * TensorFlow Lite's {@code GpuDelegate}, reached by reflection so that {@code tensorflow-lite-gpu}
 * stays an optional dependency: {@link #maybeNewInstance()} is null without it.
 */
class GpuDelegateProxy implements Delegate, Closeable {
  private static final String TAG = "GpuDelegateProxy";

  private final Delegate delegate;
  private final Closeable closeable;

  private GpuDelegateProxy(Object instance) {
    this.delegate = (Delegate) instance;
    this.closeable = (Closeable) instance;
  }

  /** A new GPU delegate, or null (logged) when the class cannot be loaded or created. */
  static GpuDelegateProxy maybeNewInstance() {
    try {
      Class<?> type = Class.forName("org.tensorflow.lite.gpu.GpuDelegate");
      return new GpuDelegateProxy(type.getDeclaredConstructor().newInstance());
    } catch (ReflectiveOperationException e) {
      logError("Failed to create the GpuDelegate dynamically.", e);
      return null;
    }
  }

  /** Closes the delegate. */
  @Override
  public void close() {
    try {
      closeable.close();
    } catch (IOException e) {
      // GpuDelegate.close declares no exception; Closeable's signature makes this catch needed.
      logError("Failed to close the GpuDelegate.", e);
    }
  }

  /** The delegate's native handle. */
  @Override
  public long getNativeHandle() {
    return delegate.getNativeHandle();
  }

  /** Android's log where there is one; a plain JVM (no class, or the API stub) has none to use. */
  private static void logError(String message, Throwable e) {
    try {
      Log.e(TAG, message, e);
    } catch (LinkageError | RuntimeException noAndroidLog) {
      // Nothing to log to: the caller's result (null) already says what happened.
    }
  }
}
