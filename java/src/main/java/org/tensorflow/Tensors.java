package org.tensorflow;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Typed factories for {@link Tensor}: each is {@code Tensor.create(data, Class)} with the type tag
 * of its element type (java_api.md §5.8). The caller owns (closes) the result.
 */
public final class Tensors {
  private Tensors() {}

  /** A STRING scalar of the UTF-8 bytes of {@code data}. */
  public static Tensor<String> create(String data) {
    return Tensor.create(data.getBytes(StandardCharsets.UTF_8), String.class);
  }

  /** A STRING scalar of the bytes of {@code data} in {@code charset}. */
  public static Tensor<String> create(String data, Charset charset) {
    return Tensor.create(data.getBytes(charset), String.class);
  }

  public static Tensor<Float> create(float data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Float> create(float[] data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Float> create(float[][] data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Float> create(float[][][] data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Float> create(float[][][][] data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Float> create(float[][][][][] data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Float> create(float[][][][][][] data) {
    return Tensor.create(data, Float.class);
  }

  public static Tensor<Double> create(double data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Double> create(double[] data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Double> create(double[][] data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Double> create(double[][][] data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Double> create(double[][][][] data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Double> create(double[][][][][] data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Double> create(double[][][][][][] data) {
    return Tensor.create(data, Double.class);
  }

  public static Tensor<Integer> create(int data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Integer> create(int[] data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Integer> create(int[][] data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Integer> create(int[][][] data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Integer> create(int[][][][] data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Integer> create(int[][][][][] data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Integer> create(int[][][][][][] data) {
    return Tensor.create(data, Integer.class);
  }

  public static Tensor<Long> create(long data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Long> create(long[] data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Long> create(long[][] data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Long> create(long[][][] data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Long> create(long[][][][] data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Long> create(long[][][][][] data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Long> create(long[][][][][][] data) {
    return Tensor.create(data, Long.class);
  }

  public static Tensor<Boolean> create(boolean data) {
    return Tensor.create(data, Boolean.class);
  }

  public static Tensor<Boolean> create(boolean[] data) {
    return Tensor.create(data, Boolean.class);
  }

  public static Tensor<Boolean> create(boolean[][] data) {
    return Tensor.create(data, Boolean.class);
  }

  public static Tensor<Boolean> create(boolean[][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  public static Tensor<Boolean> create(boolean[][][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  public static Tensor<Boolean> create(boolean[][][][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  public static Tensor<Boolean> create(boolean[][][][][][] data) {
    return Tensor.create(data, Boolean.class);
  }

  /** A STRING scalar holding {@code data}. */
  public static Tensor<String> create(byte[] data) {
    return Tensor.create(data, String.class);
  }

  /** A STRING tensor: the last {@code byte[]} level holds the elements (also below). */
  public static Tensor<String> create(byte[][] data) {
    return Tensor.create(data, String.class);
  }

  public static Tensor<String> create(byte[][][] data) {
    return Tensor.create(data, String.class);
  }

  public static Tensor<String> create(byte[][][][] data) {
    return Tensor.create(data, String.class);
  }

  public static Tensor<String> create(byte[][][][][] data) {
    return Tensor.create(data, String.class);
  }

  public static Tensor<String> create(byte[][][][][][] data) {
    return Tensor.create(data, String.class);
  }
}
