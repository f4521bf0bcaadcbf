package org.tensorflow.op;

import dev.tensorbridge.index.Index;
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
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.Identity;
import org.tensorflow.op.core.NoOp;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.StridedSlice;
import org.tensorflow.op.core.StridedSliceHelper;

/**
 * The op facade (the subset tensorbridge implements): every method {@code x(...)} is
 * {@code X.create(scope(), ...)}. Each instance has its own root scope and name counter. In an
 * {@link EagerSession} only constants and slices execute; in a {@link org.tensorflow.Graph}
 * placeholders, identities and no-ops are available too.
 */
public final class Ops {
  private final Scope scope;

  private Ops(Scope scope) {
    this.scope = scope;
  }

  /**
   * A facade over a new root scope in {@code env}, with its own name counter.
   *
   * @param env the environment the ops are built in (an {@link EagerSession} or a {@link
   *     org.tensorflow.Graph})
   * @return a new facade; two facades on one environment can produce identically named ops
   */
  public static Ops create(ExecutionEnvironment env) {
    return new Ops(new Scope(env));
  }

  /**
   * A facade over a new root scope in the process-wide default eager session (created on first
   * use, never closed).
   *
   * @return a new facade on {@link EagerSession#getDefault()}
   */
  public static Ops create() {
    return new Ops(new Scope(EagerSession.getDefault()));
  }

  /**
   * The scope every op of this facade is created in.
   *
   * @return the wrapped scope
   */
  public final Scope scope() {
    return scope;
  }

  /**
   * A facade whose ops are named under a new sub-scope; see {@link Scope#withSubScope}.
   *
   * @param childScopeName the sub-scope name, made unique in this scope
   * @return a new facade over the sub-scope
   * @throws IllegalArgumentException if the name is null or not a valid op name
   */
  public Ops withSubScope(String childScopeName) {
    return new Ops(scope.withSubScope(childScopeName));
  }

  /**
   * A facade whose next op is named {@code opName}; see {@link Scope#withName}.
   *
   * @param opName the name for the next op, made unique in this scope
   * @return a new facade sharing this one's prefix and name counter
   * @throws IllegalArgumentException if the name is null or not a valid op name
   */
  public Ops withName(String opName) {
    return new Ops(scope.withName(opName));
  }

  /**
   * A facade whose ops depend on {@code controls}; see {@link Scope#withControlDependencies}.
   * Eager execution has no control inputs, so a non-empty list makes later generated ops fail.
   *
   * @param controls the operands the new ops should depend on
   * @return a new facade sharing this one's prefix and name counter
   */
  public Ops withControlDependencies(Iterable<Operand<?>> controls) {
    return new Ops(scope.withControlDependencies(controls));
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, int)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, int[])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int[] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, int[][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int[][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, int[][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int[][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, int[][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int[][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, int[][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int[][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * int[][][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(int[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[],
   * IntBuffer)}.
   *
   * @param shape the dimension sizes
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Integer> constant(long[] shape, IntBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, float)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, float[])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float[] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, float[][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float[][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, float[][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float[][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, float[][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float[][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * float[][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float[][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * float[][][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(float[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[],
   * FloatBuffer)}.
   *
   * @param shape the dimension sizes
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Float> constant(long[] shape, FloatBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, double)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, double[])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double[] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, double[][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double[][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, double[][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double[][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, double[][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double[][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * double[][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double[][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * double[][][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(double[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[],
   * DoubleBuffer)}.
   *
   * @param shape the dimension sizes
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Double> constant(long[] shape, DoubleBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * long[][][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, long[],
   * LongBuffer)}.
   *
   * @param shape the dimension sizes
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Long> constant(long[] shape, LongBuffer data) {
    return Constant.create(scope, shape, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, boolean)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, boolean[])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean[] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, boolean[][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean[][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, boolean[][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean[][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * boolean[][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean[][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * boolean[][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean[][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * boolean[][][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<Boolean> constant(boolean[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, String)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(String data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, String,
   * Charset)}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @param charset the encoding of {@code data}
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(String data, Charset charset) {
    return Constant.create(scope, data, charset);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, byte[])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(byte[] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, byte[][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(byte[][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, byte[][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(byte[][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, byte[][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(byte[][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, byte[][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(byte[][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope,
   * byte[][][][][][])}.
   *
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public Constant<String> constant(byte[][][][][][] data) {
    return Constant.create(scope, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, Class, long[],
   * ByteBuffer)}.
   *
   * @param <T> the element type tag
   * @param type the element type tag
   * @param shape the dimension sizes
   * @param data the values, as for the {@code Constant} factory
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public <T> Constant<T> constant(Class<T> type, long[] shape, ByteBuffer data) {
    return Constant.create(scope, type, shape, data);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, Object, Class)}.
   *
   * @param <T> the element type tag
   * @param object a Java array or boxed scalar holding the values
   * @param type the element type tag
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public <T> Constant<T> constant(Object object, Class<T> type) {
    return Constant.create(scope, object, type);
  }

  /**
   * Adds a constant in this facade's scope; same as {@link Constant#create(Scope, Tensor)}.
   *
   * @param <T> the element type tag
   * @param value the tensor to copy; the caller keeps ownership and may close it afterwards
   * @return the executed constant; errors are those of the {@code Constant} factory
   */
  public <T> Constant<T> constant(Tensor<T> value) {
    return Constant.create(scope, value);
  }

  /**
   * Slices {@code input} in this facade's scope; same as {@link StridedSlice#create}.
   *
   * @param <T> the element type tag of {@code input} and of the result
   * @param <U> the index type tag (INT32 or INT64) shared by begin, end and strides
   * @param input the tensor to slice
   * @param begin the start index per sparse slice entry (a vector)
   * @param end the stop index (exclusive) per entry, same length as {@code begin}
   * @param strides the step per entry, same length as {@code begin}; never 0
   * @param options the optional masks; later options override earlier ones field by field
   * @return the executed slice; errors are those of {@link StridedSlice#create}
   */
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
   *
   * @param <T> the element type tag of {@code input} and of the result
   * @param input the tensor to slice
   * @param indices one index per sparse slice entry (a null element means {@code all()}); none
   *     gives the identity slice
   * @return the executed slice; errors are those of the helper
   */
  public <T> StridedSlice<T> stridedSlice(Operand<T> input, Index... indices) {
    return StridedSliceHelper.stridedSlice(scope, input, indices);
  }

  /**
   * Adds a placeholder in this facade's scope (graph mode); same as {@link Placeholder#create}.
   *
   * @param <T> the element type tag
   * @param dtype the element class of the values to feed
   * @param options the shape, if known
   * @return the new op
   */
  public <T> Placeholder<T> placeholder(Class<T> dtype, Placeholder.Options... options) {
    return Placeholder.create(scope, dtype, options);
  }

  /**
   * Adds an identity of {@code input} in this facade's scope (graph mode); same as {@link
   * Identity#create}.
   *
   * @param <T> the element type tag
   * @param input the value to pass on
   * @return the new op
   */
  public <T> Identity<T> identity(Operand<T> input) {
    return Identity.create(scope, input);
  }

  /**
   * Adds a no-op in this facade's scope (graph mode); same as {@link NoOp#create}.
   *
   * @return the new op
   */
  public NoOp noOp() {
    return NoOp.create(scope);
  }
}
