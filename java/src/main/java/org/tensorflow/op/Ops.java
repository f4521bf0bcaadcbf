package org.tensorflow.op;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.Charset;
import org.tensorflow.EagerSession;
import org.tensorflow.ExecutionEnvironment;
import org.tensorflow.Operand;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.index.Index;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;
import org.tensorflow.op.core.StridedSliceHelper;

/**
 * The op facade (the subset tensorbridge executes): every method {@code x(...)} is
 * {@code X.create(scope(), ...)}. Each instance has its own root scope and name counter.
 */
public final class Ops {
  private final Scope scope;

  private Ops(Scope scope) {
    this.scope = scope;
  }

  /** A facade over a new root scope in {@code env}. */
  public static Ops create(ExecutionEnvironment env) {
    return new Ops(new Scope(env));
  }

  /** A facade over a new root scope in the default eager session. */
  public static Ops create() {
    return new Ops(new Scope(EagerSession.getDefault()));
  }

  /** The wrapped scope. */
  public final Scope scope() {
    return scope;
  }

  /** See {@link Scope#withSubScope}. */
  public Ops withSubScope(String childScopeName) {
    return new Ops(scope.withSubScope(childScopeName));
  }

  /** See {@link Scope#withName}. */
  public Ops withName(String opName) {
    return new Ops(scope.withName(opName));
  }

  /** See {@link Scope#withControlDependencies}. */
  public Ops withControlDependencies(Iterable<Operand<?>> controls) {
    return new Ops(scope.withControlDependencies(controls));
  }

  /** See {@link Constant#create(Scope, int)}. */
  public Constant<Integer> constant(int data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, int[])}. */
  public Constant<Integer> constant(int[] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, int[][])}. */
  public Constant<Integer> constant(int[][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, int[][][])}. */
  public Constant<Integer> constant(int[][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, int[][][][])}. */
  public Constant<Integer> constant(int[][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, int[][][][][])}. */
  public Constant<Integer> constant(int[][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, int[][][][][][])}. */
  public Constant<Integer> constant(int[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[], IntBuffer)}. */
  public Constant<Integer> constant(long[] shape, IntBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /** See {@link Constant#create(Scope, float)}. */
  public Constant<Float> constant(float data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, float[])}. */
  public Constant<Float> constant(float[] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, float[][])}. */
  public Constant<Float> constant(float[][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, float[][][])}. */
  public Constant<Float> constant(float[][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, float[][][][])}. */
  public Constant<Float> constant(float[][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, float[][][][][])}. */
  public Constant<Float> constant(float[][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, float[][][][][][])}. */
  public Constant<Float> constant(float[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[], FloatBuffer)}. */
  public Constant<Float> constant(long[] shape, FloatBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /** See {@link Constant#create(Scope, double)}. */
  public Constant<Double> constant(double data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, double[])}. */
  public Constant<Double> constant(double[] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, double[][])}. */
  public Constant<Double> constant(double[][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, double[][][])}. */
  public Constant<Double> constant(double[][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, double[][][][])}. */
  public Constant<Double> constant(double[][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, double[][][][][])}. */
  public Constant<Double> constant(double[][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, double[][][][][][])}. */
  public Constant<Double> constant(double[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[], DoubleBuffer)}. */
  public Constant<Double> constant(long[] shape, DoubleBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /** See {@link Constant#create(Scope, long)}. */
  public Constant<Long> constant(long data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[])}. */
  public Constant<Long> constant(long[] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[][])}. */
  public Constant<Long> constant(long[][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[][][])}. */
  public Constant<Long> constant(long[][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[][][][])}. */
  public Constant<Long> constant(long[][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[][][][][])}. */
  public Constant<Long> constant(long[][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[][][][][][])}. */
  public Constant<Long> constant(long[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, long[], LongBuffer)}. */
  public Constant<Long> constant(long[] shape, LongBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /** See {@link Constant#create(Scope, boolean)}. */
  public Constant<Boolean> constant(boolean data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, boolean[])}. */
  public Constant<Boolean> constant(boolean[] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, boolean[][])}. */
  public Constant<Boolean> constant(boolean[][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, boolean[][][])}. */
  public Constant<Boolean> constant(boolean[][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, boolean[][][][])}. */
  public Constant<Boolean> constant(boolean[][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, boolean[][][][][])}. */
  public Constant<Boolean> constant(boolean[][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, boolean[][][][][][])}. */
  public Constant<Boolean> constant(boolean[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, String)}. */
  public Constant<String> constant(String data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, String, Charset)}. */
  public Constant<String> constant(String data, Charset charset) {
    return Constant.create(scope, data, charset);
  }

  /** See {@link Constant#create(Scope, byte[])}. */
  public Constant<String> constant(byte[] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, byte[][])}. */
  public Constant<String> constant(byte[][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, byte[][][])}. */
  public Constant<String> constant(byte[][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, byte[][][][])}. */
  public Constant<String> constant(byte[][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, byte[][][][][])}. */
  public Constant<String> constant(byte[][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, byte[][][][][][])}. */
  public Constant<String> constant(byte[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /** See {@link Constant#create(Scope, Class, long[], ByteBuffer)}. */
  public <T> Constant<T> constant(Class<T> type, long[] shape, ByteBuffer data) {
    return Constant.create(scope, type, shape, data);
  }

  /** See {@link Constant#create(Scope, Object, Class)}. */
  public <T> Constant<T> constant(Object object, Class<T> type) {
    return Constant.create(scope, object, type);
  }

  /** See {@link Constant#create(Scope, Tensor)} (project extension). */
  public <T> Constant<T> constant(Tensor<T> value) {
    return Constant.create(scope, value);
  }

  /** See {@link StridedSlice#create}. */
  public <T, U extends Number> StridedSlice<T> stridedSlice(
      Operand<T> input,
      Operand<U> begin,
      Operand<U> end,
      Operand<U> strides,
      StridedSlice.Options... options) {
    return StridedSlice.create(scope, input, begin, end, strides, options);
  }

  /**
   * {@code input[indices...]} (project extension); see {@link
   * StridedSliceHelper#stridedSlice(Scope, Operand, Index...)}.
   */
  public <T> StridedSlice<T> stridedSlice(Operand<T> input, Index... indices) {
    return StridedSliceHelper.stridedSlice(scope, input, indices);
  }
}
