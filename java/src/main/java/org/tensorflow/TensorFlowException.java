package org.tensorflow;

/**
 * Unchecked exception for native failures that map to no more specific Java exception
 * (TensorFlow status codes such as {@code NOT_FOUND} and {@code INTERNAL}), and for internal
 * errors of the native library, which never unwind into the JVM.
 */
public final class TensorFlowException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TensorFlowException(String message) {
    super(message);
  }
}
