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
  /** A INT32 scalar constant. */
  public static Constant<Integer> create(Scope scope, int data) {
    return create(scope, data, Integer.class);
  }
  /** A INT32 vector constant. */
  public static Constant<Integer> create(Scope scope, int[] data) {
    return create(scope, data, Integer.class);
  }
  /** A INT32 matrix constant. */
  public static Constant<Integer> create(Scope scope, int[][] data) {
    return create(scope, data, Integer.class);
  }
  /** A INT32 3-dimensional array constant. */
  public static Constant<Integer> create(Scope scope, int[][][] data) {
    return create(scope, data, Integer.class);
  }
  /** A INT32 4-dimensional array constant. */
  public static Constant<Integer> create(Scope scope, int[][][][] data) {
    return create(scope, data, Integer.class);
  }
  /** A INT32 5-dimensional array constant. */
  public static Constant<Integer> create(Scope scope, int[][][][][] data) {
    return create(scope, data, Integer.class);
  }
  /** A INT32 6-dimensional array constant. */
  public static Constant<Integer> create(Scope scope, int[][][][][][] data) {
    return create(scope, data, Integer.class);
  }
  /**
   * A INT32 constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count); works for empty shapes such as {@code {0}}.
   */
  public static Constant<Integer> create(Scope scope, long[] shape, IntBuffer data) {
    Tensor<Integer> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /** A FLOAT scalar constant. */
  public static Constant<Float> create(Scope scope, float data) {
    return create(scope, data, Float.class);
  }
  /** A FLOAT vector constant. */
  public static Constant<Float> create(Scope scope, float[] data) {
    return create(scope, data, Float.class);
  }
  /** A FLOAT matrix constant. */
  public static Constant<Float> create(Scope scope, float[][] data) {
    return create(scope, data, Float.class);
  }
  /** A FLOAT 3-dimensional array constant. */
  public static Constant<Float> create(Scope scope, float[][][] data) {
    return create(scope, data, Float.class);
  }
  /** A FLOAT 4-dimensional array constant. */
  public static Constant<Float> create(Scope scope, float[][][][] data) {
    return create(scope, data, Float.class);
  }
  /** A FLOAT 5-dimensional array constant. */
  public static Constant<Float> create(Scope scope, float[][][][][] data) {
    return create(scope, data, Float.class);
  }
  /** A FLOAT 6-dimensional array constant. */
  public static Constant<Float> create(Scope scope, float[][][][][][] data) {
    return create(scope, data, Float.class);
  }
  /**
   * A FLOAT constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count); works for empty shapes such as {@code {0}}.
   */
  public static Constant<Float> create(Scope scope, long[] shape, FloatBuffer data) {
    Tensor<Float> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /** A DOUBLE scalar constant. */
  public static Constant<Double> create(Scope scope, double data) {
    return create(scope, data, Double.class);
  }
  /** A DOUBLE vector constant. */
  public static Constant<Double> create(Scope scope, double[] data) {
    return create(scope, data, Double.class);
  }
  /** A DOUBLE matrix constant. */
  public static Constant<Double> create(Scope scope, double[][] data) {
    return create(scope, data, Double.class);
  }
  /** A DOUBLE 3-dimensional array constant. */
  public static Constant<Double> create(Scope scope, double[][][] data) {
    return create(scope, data, Double.class);
  }
  /** A DOUBLE 4-dimensional array constant. */
  public static Constant<Double> create(Scope scope, double[][][][] data) {
    return create(scope, data, Double.class);
  }
  /** A DOUBLE 5-dimensional array constant. */
  public static Constant<Double> create(Scope scope, double[][][][][] data) {
    return create(scope, data, Double.class);
  }
  /** A DOUBLE 6-dimensional array constant. */
  public static Constant<Double> create(Scope scope, double[][][][][][] data) {
    return create(scope, data, Double.class);
  }
  /**
   * A DOUBLE constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count); works for empty shapes such as {@code {0}}.
   */
  public static Constant<Double> create(Scope scope, long[] shape, DoubleBuffer data) {
    Tensor<Double> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /** A INT64 scalar constant. */
  public static Constant<Long> create(Scope scope, long data) {
    return create(scope, data, Long.class);
  }
  /** A INT64 vector constant. */
  public static Constant<Long> create(Scope scope, long[] data) {
    return create(scope, data, Long.class);
  }
  /** A INT64 matrix constant. */
  public static Constant<Long> create(Scope scope, long[][] data) {
    return create(scope, data, Long.class);
  }
  /** A INT64 3-dimensional array constant. */
  public static Constant<Long> create(Scope scope, long[][][] data) {
    return create(scope, data, Long.class);
  }
  /** A INT64 4-dimensional array constant. */
  public static Constant<Long> create(Scope scope, long[][][][] data) {
    return create(scope, data, Long.class);
  }
  /** A INT64 5-dimensional array constant. */
  public static Constant<Long> create(Scope scope, long[][][][][] data) {
    return create(scope, data, Long.class);
  }
  /** A INT64 6-dimensional array constant. */
  public static Constant<Long> create(Scope scope, long[][][][][][] data) {
    return create(scope, data, Long.class);
  }
  /**
   * A INT64 constant of {@code shape} from the remaining elements of {@code data} (which must hold
   * exactly the shape's element count); works for empty shapes such as {@code {0}}.
   */
  public static Constant<Long> create(Scope scope, long[] shape, LongBuffer data) {
    Tensor<Long> value = Tensor.create(shape, data);
    try {
      return create(scope, value);
    } finally {
      value.close();
    }
  }
  /** A BOOL scalar constant. */
  public static Constant<Boolean> create(Scope scope, boolean data) {
    return create(scope, data, Boolean.class);
  }
  /** A BOOL vector constant. */
  public static Constant<Boolean> create(Scope scope, boolean[] data) {
    return create(scope, data, Boolean.class);
  }
  /** A BOOL matrix constant. */
  public static Constant<Boolean> create(Scope scope, boolean[][] data) {
    return create(scope, data, Boolean.class);
  }
  /** A BOOL 3-dimensional array constant. */
  public static Constant<Boolean> create(Scope scope, boolean[][][] data) {
    return create(scope, data, Boolean.class);
  }
  /** A BOOL 4-dimensional array constant. */
  public static Constant<Boolean> create(Scope scope, boolean[][][][] data) {
    return create(scope, data, Boolean.class);
  }
  /** A BOOL 5-dimensional array constant. */
  public static Constant<Boolean> create(Scope scope, boolean[][][][][] data) {
    return create(scope, data, Boolean.class);
  }
  /** A BOOL 6-dimensional array constant. */
  public static Constant<Boolean> create(Scope scope, boolean[][][][][][] data) {
    return create(scope, data, Boolean.class);
  }
  /** A STRING scalar constant holding {@code data} in UTF-8. */
  public static Constant<String> create(Scope scope, String data) {
    return create(scope, data, Charset.forName("UTF-8"));
  }

  /** A STRING scalar constant holding {@code data} encoded with {@code charset}. */
  public static Constant<String> create(Scope scope, String data, Charset charset) {
    return create(scope, data.getBytes(charset), String.class);
  }
  /** A STRING constant of rank 0: each innermost {@code byte[]} is one element. */
  public static Constant<String> create(Scope scope, byte[] data) {
    return create(scope, data, String.class);
  }
  /** A STRING constant of rank 1: each innermost {@code byte[]} is one element. */
  public static Constant<String> create(Scope scope, byte[][] data) {
    return create(scope, data, String.class);
  }
  /** A STRING constant of rank 2: each innermost {@code byte[]} is one element. */
  public static Constant<String> create(Scope scope, byte[][][] data) {
    return create(scope, data, String.class);
  }
  /** A STRING constant of rank 3: each innermost {@code byte[]} is one element. */
  public static Constant<String> create(Scope scope, byte[][][][] data) {
    return create(scope, data, String.class);
  }
  /** A STRING constant of rank 4: each innermost {@code byte[]} is one element. */
  public static Constant<String> create(Scope scope, byte[][][][][] data) {
    return create(scope, data, String.class);
  }
  /** A STRING constant of rank 5: each innermost {@code byte[]} is one element. */
  public static Constant<String> create(Scope scope, byte[][][][][][] data) {
    return create(scope, data, String.class);
  }
  /**
   * A constant of type {@code type} and {@code shape} from the remaining raw bytes of {@code data}
   * (native byte order).
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
   * A constant of any data type holding a copy of {@code value}'s contents (project extension;
   * the caller keeps ownership of {@code value} and may close it right after).
   *
   * @throws IllegalStateException if {@code value} has been closed
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
