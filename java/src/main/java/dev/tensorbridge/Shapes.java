package dev.tensorbridge;

/**
 * Conversion between the library's two shape classes: TensorFlow 1.x's {@link
 * org.tensorflow.Shape} (what {@code Output.shape()} returns in graph and eager mode) and the
 * ndarray {@link org.tensorflow.ndarray.Shape} (used by the slicing helpers and TensorFlow
 * Java's later API). Both mark an unknown size with -1 and have an unknown-rank value, so the
 * conversion is exact both ways.
 */
public final class Shapes {
  private Shapes() {}

  /**
   * The ndarray shape with the same rank and sizes.
   *
   * @param shape a TensorFlow 1.x shape
   * @return {@code org.tensorflow.ndarray.Shape.unknown()} for an unknown rank, otherwise a
   *     shape with the same sizes (-1 stays unknown)
   */
  public static org.tensorflow.ndarray.Shape toNdarray(org.tensorflow.Shape shape) {
    int rank = shape.numDimensions();
    if (rank < 0) {
      return org.tensorflow.ndarray.Shape.unknown();
    }
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = shape.size(i);
    }
    return org.tensorflow.ndarray.Shape.of(dims);
  }

  /**
   * The TensorFlow 1.x shape with the same rank and sizes.
   *
   * @param shape an ndarray shape
   * @return {@code org.tensorflow.Shape.unknown()} for an unknown rank, {@code scalar()} for rank
   *     0, otherwise {@code make(...)} with the same sizes
   */
  public static org.tensorflow.Shape fromNdarray(org.tensorflow.ndarray.Shape shape) {
    if (shape.isUnknown()) {
      return org.tensorflow.Shape.unknown();
    }
    long[] dims = shape.asArray();
    if (dims.length == 0) {
      return org.tensorflow.Shape.scalar();
    }
    long[] rest = new long[dims.length - 1];
    System.arraycopy(dims, 1, rest, 0, rest.length);
    return org.tensorflow.Shape.make(dims[0], rest);
  }
}
