package org.tensorflow;

import java.util.Arrays;

/**
 * The TensorFlow 1.x shape of a graph output: possibly of unknown rank, possibly with unknown
 * dimension sizes ({@code -1}). Immutable. {@code Output.shape()} returns it; the ndarray {@link
 * org.tensorflow.ndarray.Shape} is the other shape class of the library (see {@link
 * dev.tensorbridge.Shapes} for the conversion between the two).
 */
public final class Shape {
  /** The sizes, or null for an unknown rank. */
  private final long[] shape;

  private Shape(long[] shape) {
    this.shape = shape;
  }

  /**
   * A shape whose rank is not known.
   *
   * @return a shape with {@link #numDimensions()} -1
   */
  public static Shape unknown() {
    return new Shape(null);
  }

  /**
   * The shape of a scalar.
   *
   * @return a shape of rank 0
   */
  public static Shape scalar() {
    return new Shape(new long[0]);
  }

  /**
   * A shape of known rank.
   *
   * @param firstDimensionSize the size of dimension 0, -1 if unknown
   * @param otherDimensionSizes the sizes of the other dimensions, -1 where unknown
   * @return a shape of rank {@code 1 + otherDimensionSizes.length}
   */
  public static Shape make(long firstDimensionSize, long... otherDimensionSizes) {
    long[] dims = new long[otherDimensionSizes.length + 1];
    dims[0] = firstDimensionSize;
    System.arraycopy(otherDimensionSizes, 0, dims, 1, otherDimensionSizes.length);
    return new Shape(dims);
  }

  /**
   * The rank.
   *
   * @return the number of dimensions, or -1 if it is unknown
   */
  public int numDimensions() {
    return shape == null ? -1 : shape.length;
  }

  /**
   * The size of dimension {@code i}.
   *
   * @param i the dimension, from 0
   * @return its size, -1 if unknown
   * @throws ArrayIndexOutOfBoundsException if there is no dimension {@code i}
   * @throws NullPointerException if the rank is unknown
   */
  public long size(int i) {
    return shape[i];
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(shape);
  }

  /**
   * Equal to another fully known shape with the same sizes. A shape with an unknown rank or an
   * unknown size equals only itself: two unknown shapes may describe different values.
   */
  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (!(obj instanceof Shape) || !Arrays.equals(shape, ((Shape) obj).shape)) {
      return false;
    }
    return !hasUnknownDimension();
  }

  /** {@code [2, ?]} with {@code ?} for an unknown size, {@code <unknown>} for an unknown rank. */
  @Override
  public String toString() {
    if (shape == null) {
      return "<unknown>";
    }
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < shape.length; i++) {
      if (i > 0) {
        s.append(", ");
      }
      s.append(shape[i] == -1 ? "?" : Long.toString(shape[i]));
    }
    return s.append(']').toString();
  }

  /** A shape over {@code dims} (not copied), null meaning an unknown rank. */
  static Shape fromArray(long[] dims) {
    return new Shape(dims);
  }

  /** The sizes (a copy), or null for an unknown rank. */
  long[] asArray() {
    return shape == null ? null : shape.clone();
  }

  private boolean hasUnknownDimension() {
    if (shape == null) {
      return true;
    }
    for (long d : shape) {
      if (d == -1) {
        return true;
      }
    }
    return false;
  }
}
