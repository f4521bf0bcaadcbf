/*
 * Copyright 2026 The tensorbridge Authors. Licensed under the Apache License, Version 2.0.
 */
package org.tensorflow.ndarray;

import dev.tensorbridge.internal.NativeLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The dimensions of an n-dimensional array, with support for shapes that are only partly known.
 *
 * <p>A shape is one of three kinds:
 *
 * <ul>
 *   <li><b>unknown rank</b>: even the number of dimensions is unknown ({@link #unknown()});
 *   <li><b>known rank</b> with some dimensions equal to {@link #UNKNOWN_SIZE} (−1), which stand for
 *       sizes not known yet;
 *   <li><b>fully known</b>: every dimension is known; a scalar is the fully known shape of rank 0.
 * </ul>
 *
 * <p>Instances are immutable and safe to share between threads. This class reproduces the API and
 * behaviour of TensorFlow Java's {@code org.tensorflow.ndarray.Shape} (ndarray 0.3.x, plus {@link
 * #get(int)} and {@link #toListOrNull()} from later versions), including its exception classes and
 * messages. The one intended difference: {@link #of(long...)} keeps a private copy of the caller's
 * array, so later writes to that array cannot change the shape.
 *
 * <p>The rules (the size, unknown dimensions, compatibility, every derivation with its checks and
 * messages, hashing and formatting) are implemented once, by the native {@code shape} module; each
 * call that computes something is one native call. This class keeps an immutable snapshot of the
 * dimensions and what it caches, so that reading a dimension, the rank or the size is a field read
 * (see {@code ARCHITECTURE.md}).
 */
public final class Shape {

  static {
    NativeLoader.ensureLoaded();
  }

  /** {@link #unknownDimension} states. */
  private static final byte NOT_ASKED = 0;

  private static final byte NO_UNKNOWN_DIMENSION = 1;
  private static final byte SOME_UNKNOWN_DIMENSION = 2;

  /**
   * The value that marks a dimension (or the size of a shape) as unknown: −1.
   *
   * <p>The field is intentionally not {@code final}, so that it is not inlined into callers as a
   * compile-time constant and binaries that assign to it keep working; this class reads it each
   * time it needs it.
   */
  public static long UNKNOWN_SIZE = -1L;

  /** The dimensions, or {@code null} when the rank is unknown. Never exposed, never written. */
  private final long[] dimensionSizes;

  /** {@link #UNKNOWN_SIZE} when this shape was made: the marker {@link #size} was computed with. */
  private final long marker;

  /** The number of elements, computed natively when this shape was made. */
  private final long size;

  /**
   * {@link #hasUnknownDimension()} for {@link #marker}, asked natively once: {@link #NOT_ASKED},
   * {@link #NO_UNKNOWN_DIMENSION} or {@link #SOME_UNKNOWN_DIMENSION}. Racing threads can only
   * store the same answer.
   */
  private byte unknownDimension;

  /** {@link #hashCode()} of a known rank once asked natively; 0 until then (or if it is 0). */
  private int hash;

  /**
   * Takes ownership of the array (callers pass a fresh array nobody else holds, or null) and asks
   * the native rules for its size.
   */
  private Shape(long[] dimensionSizes) {
    long unknown = UNKNOWN_SIZE;
    this.dimensionSizes = dimensionSizes;
    this.marker = unknown;
    this.size = sizeOf(dimensionSizes, unknown);
  }

  /** A derived shape whose size the native derivation returned along with its dimensions. */
  private Shape(long[] dimensionSizes, long marker, long size) {
    this.dimensionSizes = dimensionSizes;
    this.marker = marker;
    this.size = size;
  }

  /**
   * Creates a shape whose rank (number of dimensions) is unknown.
   *
   * @return a new shape of unknown rank; two such shapes are never equal to each other
   */
  public static Shape unknown() {
    return new Shape(null);
  }

  /**
   * Creates the shape of a scalar: known rank 0, no dimensions, one element.
   *
   * @return a new scalar shape
   */
  public static Shape scalar() {
    return new Shape(new long[0]);
  }

  /**
   * Creates a shape of known rank with the given dimension sizes.
   *
   * <p>The sizes are not validated: {@link #UNKNOWN_SIZE} (−1) marks an unknown dimension and any
   * other value, negative ones included, is stored as given. A {@code null} or empty argument gives
   * a scalar shape. The array is copied, so the caller may reuse it afterwards.
   *
   * @param dimensionSizes the size of each dimension, outermost first
   * @return a new shape with these dimensions
   */
  public static Shape of(long... dimensionSizes) {
    // Java's null argument has no native counterpart; it means "no dimensions", as upstream.
    return new Shape(dimensionSizes == null ? new long[0] : dimensionSizes.clone());
  }

  /**
   * Returns the number of elements an array of this shape holds: the product of all dimensions.
   *
   * <p>The result is {@link #UNKNOWN_SIZE} when the rank is unknown or when any dimension is
   * unknown (even if another dimension is 0). A scalar has size 1. The product is computed with
   * plain {@code long} arithmetic, so it wraps around silently on overflow. The value is computed
   * when the shape is made (with the {@link #UNKNOWN_SIZE} of that moment) and then only read.
   *
   * @return the number of elements, or {@link #UNKNOWN_SIZE} if it is not known
   */
  public long size() {
    return size;
  }

  /**
   * Returns the size of one dimension.
   *
   * <p>A negative index counts from the end: −1 is the last dimension. When the rank is unknown the
   * result is {@link #UNKNOWN_SIZE} whatever the index, without a range check.
   *
   * @param i the dimension index, in {@code [-numDimensions(), numDimensions())}
   * @return the size of that dimension, possibly {@link #UNKNOWN_SIZE}
   * @throws ArrayIndexOutOfBoundsException if the rank is known and {@code i} is out of range
   */
  public long get(int i) {
    if (dimensionSizes == null) {
      return UNKNOWN_SIZE;
    }
    return i >= 0 ? dimensionSizes[i] : dimensionSizes[dimensionSizes.length + i];
  }

  /**
   * Returns the size of one dimension; the ndarray 0.3.x name of {@link #get(int)}, with exactly the
   * same behaviour.
   *
   * @param i the dimension index, in {@code [-numDimensions(), numDimensions())}; negative counts
   *     from the end
   * @return the size of that dimension, possibly {@link #UNKNOWN_SIZE}
   * @throws ArrayIndexOutOfBoundsException if the rank is known and {@code i} is out of range
   */
  public long size(int i) {
    return get(i);
  }

  /**
   * Returns the rank of this shape.
   *
   * @return the number of dimensions (0 for a scalar), or −1 if the rank is unknown
   */
  public int numDimensions() {
    return dimensionSizes == null ? -1 : dimensionSizes.length;
  }

  /**
   * Tells whether anything about the dimensions is unknown: the rank itself, or at least one
   * dimension equal to {@link #UNKNOWN_SIZE}. Other negative values do not count as unknown.
   *
   * @return true if the rank or any dimension is unknown
   */
  public boolean hasUnknownDimension() {
    long unknown = UNKNOWN_SIZE;
    if (unknown != marker) {
      return hasUnknown(dimensionSizes, unknown); // the marker was reassigned: not cached
    }
    byte answer = unknownDimension;
    if (answer == NOT_ASKED) {
      answer = hasUnknown(dimensionSizes, unknown) ? SOME_UNKNOWN_DIMENSION : NO_UNKNOWN_DIMENSION;
      unknownDimension = answer;
    }
    return answer == SOME_UNKNOWN_DIMENSION;
  }

  /**
   * Tells whether this is the shape of a scalar (known rank 0).
   *
   * @return true if the rank is known and 0
   */
  public boolean isScalar() {
    return dimensionSizes != null && dimensionSizes.length == 0;
  }

  /**
   * Tells whether this is the shape of a vector (known rank 1).
   *
   * @return true if the rank is known and 1
   */
  public boolean isVector() {
    return dimensionSizes != null && dimensionSizes.length == 1;
  }

  /**
   * Tells whether this is the shape of a matrix (known rank 2).
   *
   * @return true if the rank is known and 2
   */
  public boolean isMatrix() {
    return dimensionSizes != null && dimensionSizes.length == 2;
  }

  /**
   * Tells whether the rank of this shape is unknown.
   *
   * @return true for a shape made by {@link #unknown()}
   */
  public boolean isUnknown() {
    return dimensionSizes == null;
  }

  /**
   * Returns the dimensions as a new array that the caller may modify freely.
   *
   * @return a fresh copy of the dimension sizes ({@code long[0]} for a scalar), or {@code null} if
   *     the rank is unknown
   */
  public long[] asArray() {
    return dimensionSizes == null ? null : dimensionSizes.clone();
  }

  /**
   * Returns the dimensions as a new, modifiable list.
   *
   * <p>An unknown rank gives {@code null} rather than an empty list, because an empty list already
   * means a scalar.
   *
   * @return a new {@link ArrayList} of the dimension sizes in order, or {@code null} if the rank is
   *     unknown
   */
  public List<Long> toListOrNull() {
    if (dimensionSizes == null) {
      return null;
    }
    List<Long> list = new ArrayList<Long>(dimensionSizes.length);
    for (long dimension : dimensionSizes) {
      list.add(dimension);
    }
    return list;
  }

  /**
   * Returns the shape made of the first dimension only; the same as {@code take(1)}.
   *
   * @return a new rank-1 shape
   * @throws ArrayIndexOutOfBoundsException if this shape has no dimension (a scalar) or an unknown
   *     rank
   */
  public Shape head() {
    return take(1);
  }

  /**
   * Returns the shape made of the first {@code n} dimensions.
   *
   * @param n how many leading dimensions to keep; 0 gives a scalar
   * @return a new shape of rank {@code n}
   * @throws ArrayIndexOutOfBoundsException if {@code n} is greater than {@link #numDimensions()}
   *     (always the case for an unknown rank, where that is −1, unless {@code n} is negative)
   * @throws NegativeArraySizeException if {@code n} is negative
   */
  public Shape take(int n) {
    long unknown = UNKNOWN_SIZE;
    long[] taken = resultArray(n, lengthOf(dimensionSizes));
    return new Shape(taken, unknown, deriveTake(dimensionSizes, n, unknown, taken));
  }


  /**
   * Returns the shape made of all dimensions except the first. A shape of rank 0 or 1 gives a
   * scalar.
   *
   * @return a new shape of rank {@code max(0, numDimensions() - 1)}
   * @throws NullPointerException if the rank is unknown
   */
  public Shape tail() {
    long unknown = UNKNOWN_SIZE;
    int rank = lengthOf(dimensionSizes);
    long[] tail = resultArray(rank - 1, rank);
    return new Shape(tail, unknown, deriveTail(dimensionSizes, unknown, tail));
  }


  /**
   * Returns the shape made of the last {@code n} dimensions.
   *
   * @param n how many trailing dimensions to keep; 0 gives a scalar
   * @return a new shape of rank {@code n}
   * @throws ArrayIndexOutOfBoundsException if {@code n} is greater than {@link #numDimensions()}
   * @throws NegativeArraySizeException if {@code n} is negative
   */
  public Shape takeLast(int n) {
    long unknown = UNKNOWN_SIZE;
    long[] taken = resultArray(n, lengthOf(dimensionSizes));
    return new Shape(taken, unknown, deriveTakeLast(dimensionSizes, n, unknown, taken));
  }


  /**
   * Returns the shape made of the dimensions from index {@code begin} (inclusive) to {@code end}
   * (exclusive). Negative indices are not counted from the end here.
   *
   * <p>The end is checked before the begin, so when both are wrong the message names the end.
   *
   * @param begin index of the first dimension to keep, at least 0
   * @param end index after the last dimension to keep, at most {@link #numDimensions()}
   * @return a new shape of rank {@code end - begin}; a scalar when they are equal
   * @throws ArrayIndexOutOfBoundsException if {@code end > numDimensions()} (for an unknown rank:
   *     any {@code end >= 0}) or {@code begin < 0}
   * @throws NegativeArraySizeException if {@code begin > end}
   */
  public Shape subShape(int begin, int end) {
    long unknown = UNKNOWN_SIZE;
    long[] kept = resultArray(end - begin, lengthOf(dimensionSizes));
    return new Shape(kept, unknown, deriveSubShape(dimensionSizes, begin, end, unknown, kept));
  }


  /**
   * Returns a shape with one more dimension in front. The new size is not validated.
   *
   * @param firstDimension the size of the new outermost dimension
   * @return a new shape of rank {@code numDimensions() + 1}
   * @throws NullPointerException if the rank is unknown
   */
  public Shape prepend(long firstDimension) {
    long unknown = UNKNOWN_SIZE;
    long[] dimensions = new long[lengthOf(dimensionSizes) + 1];
    return new Shape(
        dimensions, unknown, derivePrepend(dimensionSizes, firstDimension, unknown, dimensions));
  }


  /**
   * Returns a shape with one more dimension at the end. The new size is not validated.
   *
   * @param lastDimension the size of the new innermost dimension
   * @return a new shape of rank {@code numDimensions() + 1}
   * @throws NullPointerException if the rank is unknown
   */
  public Shape append(long lastDimension) {
    long unknown = UNKNOWN_SIZE;
    long[] dimensions = new long[lengthOf(dimensionSizes) + 1];
    return new Shape(
        dimensions, unknown, deriveAppend(dimensionSizes, lastDimension, unknown, dimensions));
  }


  /**
   * Returns the concatenation of {@code other}'s dimensions followed by this shape's.
   *
   * @param other the shape whose dimensions go first
   * @return a new shape of rank {@code other.numDimensions() + numDimensions()}
   * @throws NullPointerException if {@code other} is null or either rank is unknown
   */
  public Shape prepend(Shape other) {
    return concat(other.dimensionSizes, dimensionSizes);
  }


  /**
   * Returns the concatenation of this shape's dimensions followed by {@code other}'s.
   *
   * @param other the shape whose dimensions go last
   * @return a new shape of rank {@code numDimensions() + other.numDimensions()}
   * @throws NullPointerException if {@code other} is null or either rank is unknown
   */
  public Shape append(Shape other) {
    return concat(dimensionSizes, other.dimensionSizes);
  }


  /** {@code first}'s dimensions followed by {@code second}'s; natively refused if either is null. */
  private static Shape concat(long[] first, long[] second) {
    long unknown = UNKNOWN_SIZE;
    long[] joined = new long[lengthOf(first) + lengthOf(second)];
    return new Shape(joined, unknown, deriveConcat(first, second, unknown, joined));
  }

  /** The length of a dimension array; 0 for an unknown rank, which the native rules refuse. */
  private static int lengthOf(long[] dimensionSizes) {
    return dimensionSizes == null ? 0 : dimensionSizes.length;
  }

  /**
   * The array a sub-range derivation fills: the length a valid call yields, clamped to what the
   * operand holds, so that a request the native rules will refuse never allocates much.
   */
  private static long[] resultArray(int requested, int available) {
    return new long[requested <= 0 ? 0 : Math.min(requested, available)];
  }

  /**
   * Tells whether this shape and {@code shape} could describe the same array once their unknown
   * parts are known.
   *
   * <p>If either rank is unknown the answer is true. Otherwise the ranks must be equal and every
   * pair of dimensions must satisfy {@link #isCompatible(long, long)}. This shape's rank is looked
   * at first, so an unknown shape is compatible even with {@code null}.
   *
   * @param shape the shape to compare with
   * @return true if the two shapes are compatible
   * @throws NullPointerException if {@code shape} is null and this shape's rank is known
   */
  public boolean isCompatibleWith(Shape shape) {
    return compatibleWith(
        dimensionSizes, shape == null, shape == null ? null : shape.dimensionSizes, UNKNOWN_SIZE);
  }


  /**
   * Tells whether two dimension sizes are compatible: equal, or at least one of them is {@link
   * #UNKNOWN_SIZE}. Other negative values are not wildcards.
   *
   * @param dim one dimension size
   * @param otherDim the other dimension size
   * @return true if the sizes are compatible
   */
  public static boolean isCompatible(long dim, long otherDim) {
    return compatible(dim, otherDim, UNKNOWN_SIZE);
  }


  /**
   * Hashes the dimension sizes like {@link Arrays#hashCode(long[])}; a shape of unknown rank uses
   * its identity hash, matching {@link #equals(Object)}.
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    if (dimensionSizes == null) {
      return super.hashCode(); // identity: two shapes of unknown rank are never equal
    }
    int h = hash;
    if (h == 0) {
      h = hash(dimensionSizes);
      hash = h;
    }
    return h;
  }

  /**
   * Tells whether {@code obj} is a shape known to describe the same dimensions as this one.
   *
   * <p>A shape always equals itself. Otherwise shapes are equal only if {@code obj} has no unknown
   * part (neither unknown rank nor an {@link #UNKNOWN_SIZE} dimension) and both have the same
   * dimensions. So two distinct shapes with unknown parts are never equal, even if they look alike:
   * nothing says their unknown parts will turn out the same.
   *
   * @param obj the object to compare with
   * @return true if the shapes are equal as described
   */
  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (!(obj instanceof Shape)) {
      return false;
    }
    Shape other = (Shape) obj;
    if (other.hasUnknownDimension()) {
      return false;
    }
    return Arrays.equals(dimensionSizes, other.dimensionSizes);
  }

  /**
   * Formats the dimensions like {@link Arrays#toString(long[])}: for example {@code "[5, 4, 5]"},
   * {@code "[]"} for a scalar, {@code "[-1, 4]"} with an unknown dimension, and {@code "null"} for
   * an unknown rank.
   *
   * @return the dimensions as text
   */
  @Override
  public String toString() {
    return format(dimensionSizes);
  }

  // The native rules (src/jni/shape.rs over the Rust shape module). A null dimension array is an
  // unknown rank; `unknown` is the current UNKNOWN_SIZE; a derivation fills `out` and returns the
  // size of the result.

  private static native long sizeOf(long[] dims, long unknown);

  private static native boolean hasUnknown(long[] dims, long unknown);

  private static native boolean compatible(long dim, long otherDim, long unknown);

  private static native boolean compatibleWith(
      long[] dims, boolean otherIsNull, long[] otherDims, long unknown);

  private static native long deriveTake(long[] dims, int n, long unknown, long[] out);

  private static native long deriveTakeLast(long[] dims, int n, long unknown, long[] out);

  private static native long deriveTail(long[] dims, long unknown, long[] out);

  private static native long deriveSubShape(
      long[] dims, int begin, int end, long unknown, long[] out);

  private static native long derivePrepend(long[] dims, long first, long unknown, long[] out);

  private static native long deriveAppend(long[] dims, long last, long unknown, long[] out);

  private static native long deriveConcat(long[] first, long[] second, long unknown, long[] out);

  private static native int hash(long[] dims);

  private static native String format(long[] dims);
}
