package org.tensorflow;

/** Static information about the runtime. */
public final class TensorFlow {
  private TensorFlow() {}

  /**
   * The TensorFlow release whose kernel semantics tensorbridge implements.
   *
   * @return the version string, also used in {@code DataType} error messages
   */
  public static String version() {
    return "2.21.0";
  }
}
