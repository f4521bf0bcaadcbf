package org.tensorflow.op.core;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.Charset;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.Output;
import org.tensorflow.Tensor;
import org.tensorflow.op.PrimitiveOp;
import org.tensorflow.op.Scope;
import org.tensorflow.op.annotation.Operator;

/**
 * An operation producing a constant value ({@code Const}).
 *
 * <p>Each factory first builds a temporary {@link Tensor} from the data (so data errors come out
 * before a name is reserved), then reserves the name {@code Const} in the scope, creates the op
 * with the tensor's value and type, and closes the temporary tensor. Control dependencies of the
 * scope are not applied (as in TF 1.x).
 *
 * @param <T> the type tag of the elements
 */
@Operator
public final class Constant<T> extends PrimitiveOp implements Operand<T> {
  /**
   * Creates an INT32 scalar (rank 0) constant holding {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the value
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int data) {
    return create(scope, data, Integer.class);
  }
  /**
   * Creates an INT32 constant of rank 1 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int[] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * Creates an INT32 constant of rank 2 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int[][] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * Creates an INT32 constant of rank 3 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int[][][] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * Creates an INT32 constant of rank 4 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int[][][][] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * Creates an INT32 constant of rank 5 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int[][][][][] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * Creates an INT32 constant of rank 6 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, int[][][][][][] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * An INT32 constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count), in row-major order; works for empty shapes such as
   * {@code {0}}, which the array factories reject.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param shape the dimension sizes; zeros are allowed, negative sizes are not
   * @param data the elements, read from its position, which advances past them
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if {@code data.remaining()} differs from the shape's element
   *     count, a dimension is negative or the tensor would be too large
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Integer> create(Scope scope, long[] shape, IntBuffer data) {
    Tensor<Integer> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /**
   * Creates a FLOAT scalar (rank 0) constant holding {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the value
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float data) {
    return create(scope, data, Float.class);
  }
  /**
   * Creates a FLOAT constant of rank 1 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float[] data) {
    return create(scope, data, Float.class);
  }
  /**
   * Creates a FLOAT constant of rank 2 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float[][] data) {
    return create(scope, data, Float.class);
  }
  /**
   * Creates a FLOAT constant of rank 3 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float[][][] data) {
    return create(scope, data, Float.class);
  }
  /**
   * Creates a FLOAT constant of rank 4 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float[][][][] data) {
    return create(scope, data, Float.class);
  }
  /**
   * Creates a FLOAT constant of rank 5 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float[][][][][] data) {
    return create(scope, data, Float.class);
  }
  /**
   * Creates a FLOAT constant of rank 6 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, float[][][][][][] data) {
    return create(scope, data, Float.class);
  }
  /**
   * A FLOAT constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count), in row-major order; works for empty shapes such as
   * {@code {0}}, which the array factories reject.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param shape the dimension sizes; zeros are allowed, negative sizes are not
   * @param data the elements, read from its position, which advances past them
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if {@code data.remaining()} differs from the shape's element
   *     count, a dimension is negative or the tensor would be too large
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Float> create(Scope scope, long[] shape, FloatBuffer data) {
    Tensor<Float> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /**
   * Creates a DOUBLE scalar (rank 0) constant holding {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the value
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double data) {
    return create(scope, data, Double.class);
  }
  /**
   * Creates a DOUBLE constant of rank 1 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double[] data) {
    return create(scope, data, Double.class);
  }
  /**
   * Creates a DOUBLE constant of rank 2 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double[][] data) {
    return create(scope, data, Double.class);
  }
  /**
   * Creates a DOUBLE constant of rank 3 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double[][][] data) {
    return create(scope, data, Double.class);
  }
  /**
   * Creates a DOUBLE constant of rank 4 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double[][][][] data) {
    return create(scope, data, Double.class);
  }
  /**
   * Creates a DOUBLE constant of rank 5 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double[][][][][] data) {
    return create(scope, data, Double.class);
  }
  /**
   * Creates a DOUBLE constant of rank 6 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, double[][][][][][] data) {
    return create(scope, data, Double.class);
  }
  /**
   * A DOUBLE constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count), in row-major order; works for empty shapes such as
   * {@code {0}}, which the array factories reject.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param shape the dimension sizes; zeros are allowed, negative sizes are not
   * @param data the elements, read from its position, which advances past them
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if {@code data.remaining()} differs from the shape's element
   *     count, a dimension is negative or the tensor would be too large
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Double> create(Scope scope, long[] shape, DoubleBuffer data) {
    Tensor<Double> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /**
   * Creates an INT64 scalar (rank 0) constant holding {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the value
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long data) {
    return create(scope, data, Long.class);
  }
  /**
   * Creates an INT64 constant of rank 1 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[] data) {
    return create(scope, data, Long.class);
  }
  /**
   * Creates an INT64 constant of rank 2 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[][] data) {
    return create(scope, data, Long.class);
  }
  /**
   * Creates an INT64 constant of rank 3 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[][][] data) {
    return create(scope, data, Long.class);
  }
  /**
   * Creates an INT64 constant of rank 4 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[][][][] data) {
    return create(scope, data, Long.class);
  }
  /**
   * Creates an INT64 constant of rank 5 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[][][][][] data) {
    return create(scope, data, Long.class);
  }
  /**
   * Creates an INT64 constant of rank 6 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[][][][][][] data) {
    return create(scope, data, Long.class);
  }
  /**
   * An INT64 constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count), in row-major order; works for empty shapes such as
   * {@code {0}}, which the array factories reject.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param shape the dimension sizes; zeros are allowed, negative sizes are not
   * @param data the elements, read from its position, which advances past them
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if {@code data.remaining()} differs from the shape's element
   *     count, a dimension is negative or the tensor would be too large
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Long> create(Scope scope, long[] shape, LongBuffer data) {
    Tensor<Long> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /**
   * Creates a BOOL scalar (rank 0) constant holding {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the value
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * Creates a BOOL constant of rank 1 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean[] data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * Creates a BOOL constant of rank 2 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean[][] data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * Creates a BOOL constant of rank 3 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean[][][] data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * Creates a BOOL constant of rank 4 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean[][][][] data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * Creates a BOOL constant of rank 5 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean[][][][][] data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * Creates a BOOL constant of rank 6 whose shape and row-major values are copied from
   * {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the values; sibling arrays must have equal, non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<Boolean> create(Scope scope, boolean[][][][][][] data) {
    return create(scope, data, Boolean.class);
  }
  /**
   * A STRING scalar constant holding the UTF-8 encoding of {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the text
   * @return the executed constant; its output tensor belongs to the session
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, String data) {
    return create(scope, data, Charset.forName("UTF-8"));
  }

  /**
   * A STRING scalar constant holding {@code data} encoded with {@code charset}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the text
   * @param charset the encoding that turns {@code data} into the element's bytes
   * @return the executed constant; its output tensor belongs to the session
   * @throws NullPointerException if {@code data} or {@code charset} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, String data, Charset charset) {
    return create(scope, data.getBytes(charset), String.class);
  }
  /**
   * Creates a STRING scalar constant whose single element is the bytes of {@code data}.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the bytes of the string (any length, may be empty)
   * @return the executed constant; its output tensor belongs to the session
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, byte[] data) {
    return create(scope, data, String.class);
  }
  /**
   * Creates a STRING constant of rank 1: each innermost {@code byte[]} is one element, the
   * outer levels give the shape.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the element bytes; sibling arrays above the innermost level must have equal,
   *     non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, byte[][] data) {
    return create(scope, data, String.class);
  }
  /**
   * Creates a STRING constant of rank 2: each innermost {@code byte[]} is one element, the
   * outer levels give the shape.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the element bytes; sibling arrays above the innermost level must have equal,
   *     non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, byte[][][] data) {
    return create(scope, data, String.class);
  }
  /**
   * Creates a STRING constant of rank 3: each innermost {@code byte[]} is one element, the
   * outer levels give the shape.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the element bytes; sibling arrays above the innermost level must have equal,
   *     non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, byte[][][][] data) {
    return create(scope, data, String.class);
  }
  /**
   * Creates a STRING constant of rank 4: each innermost {@code byte[]} is one element, the
   * outer levels give the shape.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the element bytes; sibling arrays above the innermost level must have equal,
   *     non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, byte[][][][][] data) {
    return create(scope, data, String.class);
  }
  /**
   * Creates a STRING constant of rank 5: each innermost {@code byte[]} is one element, the
   * outer levels give the shape.
   *
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param data the element bytes; sibling arrays above the innermost level must have equal,
   *     non-zero lengths
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if a level of {@code data} has length 0 or sibling arrays
   *     differ in length
   * @throws NullPointerException if {@code data} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static Constant<String> create(Scope scope, byte[][][][][][] data) {
    return create(scope, data, String.class);
  }
  /**
   * A constant of type {@code type} and {@code shape} from the remaining raw bytes of {@code data}.
   * The bytes are copied as they are, in the tensor's layout: they must already be in native byte
   * order, whatever {@code data.order()} says.
   *
   * @param <T> the element type tag
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param type the element type tag, e.g. {@code Float.class}
   * @param shape the dimension sizes; zeros are allowed, negative sizes are not
   * @param data the raw element bytes, read from its position, which advances past them
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if {@code type} is not a type tag, the byte count is not a
   *     multiple of the element size or does not match the shape's element count
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static <T> Constant<T> create(Scope scope, Class<T> type, long[] shape, ByteBuffer data) {
    Tensor<T> value = Tensor.create(type, shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }

  /**
   * A constant from a Java array or boxed scalar, with elements of type {@code type} (as
   * {@link Tensor#create(Object, Class)}).
   *
   * @param <T> the element type tag
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param object a primitive array of any rank (sibling arrays of equal, non-zero length) or a
   *     boxed scalar
   * @param type the element type tag; must match the elements of {@code object}
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalArgumentException if {@code type} is not a type tag, the elements do not match
   *     it, or {@code object} has a zero-length or ragged level
   * @throws NullPointerException if {@code object} is null
   * @throws IllegalStateException if the scope's eager session has been closed (the name is still
   *     consumed)
   */
  public static <T> Constant<T> create(Scope scope, Object object, Class<T> type) {
    Tensor<T> value = Tensor.create(object, type);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }

  /**
   * A constant of any data type with {@code value}'s data type, shape and contents (project
   * extension). The constant shares {@code value}'s memory instead of copying it, so making it
   * costs the same for any size, and an op on it (such as a {@code StridedSlice} on a model output
   * viewed with {@code dev.tensorbridge.TensorBridge.asTensor}) reads only the elements it uses.
   * The caller keeps ownership of {@code value} and may close it right after: the constant keeps
   * the memory alive on its own. The memory is not frozen: writes made later through a buffer
   * that shares it ({@code TensorBridge}) are seen by the constant and by outputs that share its
   * memory.
   *
   * @param <T> the element type tag
   * @param scope the scope that names the op ({@code Const}) and supplies the eager session
   * @param value the tensor whose data type, shape and memory the constant takes
   * @return the executed constant; its output tensor belongs to the session
   * @throws IllegalStateException if {@code value} has been closed, or the scope's eager session
   *     has been closed
   */
  public static <T> Constant<T> create(Scope scope, Tensor<T> value) {
    Operation operation =
        scope
            .env()
            .opBuilder("Const", scope.makeOpName("Const"))
            .setAttr("value", value)
            .setAttr("dtype", value.dataType())
            .build();
    return new Constant<T>(operation);
  }

  /**
   * The constant's only output (index 0), created once with the op.
   *
   * @return the same {@link Output} on every call
   */
  @Override
  public Output<T> asOutput() {
    return output;
  }

  private final Output<T> output;

  private Constant(Operation operation) {
    super(operation);
    output = operation.output(0);
  }
}
