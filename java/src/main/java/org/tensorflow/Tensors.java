package org.tensorflow;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Typed factories for {@link Tensor}: each is {@code Tensor.create(data, Class)} with the type tag
 * of its element type (docs/contracts/tensor.md#tensors-factories). The caller owns (closes) the result.
 */
public final class Tensors {
  private Tensors() {}

  /**
   * A STRING scalar of the UTF-8 bytes of {@code data}.
   *
   * @param data the text
   * @return a new tensor owned by the caller, who must close it
   * @throws NullPointerException if {@code data} is null
   */
  public static Tensor<String> create(String data) {
    return Tensor.create(data.getBytes(StandardCharsets.UTF_8), String.class);
  }

  /**
   * A STRING scalar of the bytes of {@code data} in {@code charset}.
   *
   * @param data the text
   * @param charset the encoding that turns {@code data} into the element's bytes
   * @return a new tensor owned by the caller, who must close it
   * @throws NullPointerException if {@code data} or {@code charset} is null
   */
  public static Tensor<String> create(String data, Charset charset) {
    return Tensor.create(data.getBytes(charset), String.class);
  }

  /**
   * Creates a FLOAT scalar holding {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the value
   * @return a new tensor holding a copy of {@code data}
   */
  public static Tensor<Float> create(float data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a FLOAT tensor of rank 1 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Float> create(float[] data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a FLOAT tensor of rank 2 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Float> create(float[][] data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a FLOAT tensor of rank 3 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Float> create(float[][][] data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a FLOAT tensor of rank 4 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Float> create(float[][][][] data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a FLOAT tensor of rank 5 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Float> create(float[][][][][] data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a FLOAT tensor of rank 6 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Float> create(float[][][][][][] data) {
    return Tensor.create(data, Float.class);
  }

  /**
   * Creates a DOUBLE scalar holding {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the value
   * @return a new tensor holding a copy of {@code data}
   */
  public static Tensor<Double> create(double data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates a DOUBLE tensor of rank 1 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Double> create(double[] data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates a DOUBLE tensor of rank 2 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Double> create(double[][] data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates a DOUBLE tensor of rank 3 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Double> create(double[][][] data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates a DOUBLE tensor of rank 4 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Double> create(double[][][][] data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates a DOUBLE tensor of rank 5 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Double> create(double[][][][][] data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates a DOUBLE tensor of rank 6 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Double> create(double[][][][][][] data) {
    return Tensor.create(data, Double.class);
  }

  /**
   * Creates an INT32 scalar holding {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the value
   * @return a new tensor holding a copy of {@code data}
   */
  public static Tensor<Integer> create(int data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT32 tensor of rank 1 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Integer> create(int[] data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT32 tensor of rank 2 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Integer> create(int[][] data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT32 tensor of rank 3 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Integer> create(int[][][] data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT32 tensor of rank 4 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Integer> create(int[][][][] data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT32 tensor of rank 5 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Integer> create(int[][][][][] data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT32 tensor of rank 6 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Integer> create(int[][][][][][] data) {
    return Tensor.create(data, Integer.class);
  }

  /**
   * Creates an INT64 scalar holding {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the value
   * @return a new tensor holding a copy of {@code data}
   */
  public static Tensor<Long> create(long data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates an INT64 tensor of rank 1 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Long> create(long[] data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates an INT64 tensor of rank 2 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Long> create(long[][] data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates an INT64 tensor of rank 3 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Long> create(long[][][] data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates an INT64 tensor of rank 4 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Long> create(long[][][][] data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates an INT64 tensor of rank 5 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Long> create(long[][][][][] data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates an INT64 tensor of rank 6 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Long> create(long[][][][][][] data) {
    return Tensor.create(data, Long.class);
  }

  /**
   * Creates a BOOL scalar holding {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the value
   * @return a new tensor holding a copy of {@code data}
   */
  public static Tensor<Boolean> create(boolean data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a BOOL tensor of rank 1 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Boolean> create(boolean[] data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a BOOL tensor of rank 2 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Boolean> create(boolean[][] data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a BOOL tensor of rank 3 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Boolean> create(boolean[][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a BOOL tensor of rank 4 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Boolean> create(boolean[][][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a BOOL tensor of rank 5 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Boolean> create(boolean[][][][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a BOOL tensor of rank 6 with the shape and row-major values of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<Boolean> create(boolean[][][][][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  /**
   * Creates a STRING scalar whose single element is the bytes of {@code data}.
   * The caller owns the result and must close it.
   *
   * @param data the values
   * @return a new tensor holding a copy of {@code data}
   */
  public static Tensor<String> create(byte[] data) {
    return Tensor.create(data, String.class);
  }

  /**
   * Creates a STRING tensor of rank 1: each innermost {@code byte[]} is one element.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<String> create(byte[][] data) {
    return Tensor.create(data, String.class);
  }

  /**
   * Creates a STRING tensor of rank 2: each innermost {@code byte[]} is one element.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<String> create(byte[][][] data) {
    return Tensor.create(data, String.class);
  }

  /**
   * Creates a STRING tensor of rank 3: each innermost {@code byte[]} is one element.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<String> create(byte[][][][] data) {
    return Tensor.create(data, String.class);
  }

  /**
   * Creates a STRING tensor of rank 4: each innermost {@code byte[]} is one element.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<String> create(byte[][][][][] data) {
    return Tensor.create(data, String.class);
  }

  /**
   * Creates a STRING tensor of rank 5: each innermost {@code byte[]} is one element.
   * The caller owns the result and must close it.
   *
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return a new tensor holding a copy of {@code data}
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   */
  public static Tensor<String> create(byte[][][][][][] data) {
    return Tensor.create(data, String.class);
  }
}
