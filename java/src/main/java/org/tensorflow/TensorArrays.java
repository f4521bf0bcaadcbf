package org.tensorflow;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * The TF 1.x rules that map Java objects (boxed scalars, nested primitive arrays, {@code byte[]}
 * byte strings) to tensor dtypes and shapes, and the copies between nested arrays and flat data.
 * The check order and messages are TF 1.15's (docs/contracts/tensor.md#factories,
 * docs/contracts/tensor.md#copyto).
 */
final class TensorArrays {
  private TensorArrays() {}

  /** The dtype of a Java element class, or null. {@code byte}: a byte string (STRING). */
  private static DataType elementType(Class<?> c) {
    if (c == float.class || c == Float.class) {
      return DataType.FLOAT;
    } else if (c == double.class || c == Double.class) {
      return DataType.DOUBLE;
    } else if (c == int.class || c == Integer.class) {
      return DataType.INT32;
    } else if (c == long.class || c == Long.class) {
      return DataType.INT64;
    } else if (c == boolean.class || c == Boolean.class) {
      return DataType.BOOL;
    } else if (c == byte.class || c == Byte.class) {
      return DataType.STRING;
    }
    return null;
  }

  /** The innermost component class of {@code o}'s class (its own class if not an array). */
  static Class<?> baseClass(Object o) {
    Class<?> c = o.getClass();
    while (c.isArray()) {
      c = c.getComponentType();
    }
    return c;
  }

  /** How deeply arrays are nested in {@code o}'s class (0 for a non-array). */
  static int arrayDepth(Object o) {
    Class<?> c = o.getClass();
    int depth = 0;
    while (c.isArray()) {
      c = c.getComponentType();
      depth++;
    }
    return depth;
  }

  /** The dtype of {@code o}'s element class; IAE {@code cannot create Tensors of type …}. */
  static DataType dataTypeOf(Object o) {
    Class<?> c = baseClass(o);
    DataType dataType = elementType(c);
    if (dataType == null) {
      throw new IllegalArgumentException("cannot create Tensors of type " + c.getName());
    }
    return dataType;
  }

  /** The tensor rank of {@code o} read as {@code dataType}: for STRING the last byte[] level is the element. */
  static int rank(Object o, DataType dataType) {
    int depth = arrayDepth(o);
    return dataType == DataType.STRING && depth > 0 ? depth - 1 : depth;
  }

  /**
   * Whether {@code o} can hold elements of {@code dataType} ({@code byte} arrays also hold
   * UINT8). Throws for unsupported element classes and for arrays of boxed values (TF 1.x throws
   * only when the rank is non-zero; a {@code Byte[]} has rank 0 as a string and crashed TF 1.x's
   * native code, so any boxed array is rejected here:
   * docs/contracts/tensor.md#undefined-inputs-are-rejected).
   */
  static boolean compatible(Object o, DataType dataType) {
    DataType own = dataTypeOf(o);
    rejectBoxedArrays(o);
    return own == dataType || (own == DataType.STRING && dataType == DataType.UINT8);
  }

  /** IAE for an array whose elements are boxed values. */
  static void rejectBoxedArrays(Object o) {
    if (!baseClass(o).isPrimitive() && arrayDepth(o) > 0) {
      throw new IllegalArgumentException(
          "cannot create non-scalar Tensors from arrays of boxed values");
    }
  }

  /** The shape of {@code o} with the given rank (TF 1.x shape discovery, depth first). */
  static long[] shapeOf(Object o, int rank) {
    long[] shape = new long[rank];
    fillShape(o, 0, shape);
    return shape;
  }

  private static void fillShape(Object o, int dim, long[] shape) {
    if (dim == shape.length) {
      return;
    }
    int length = Array.getLength(o);
    if (length == 0) {
      throw new IllegalArgumentException("cannot create Tensors with a 0 dimension");
    }
    if (shape[dim] == 0) {
      shape[dim] = length;
    } else if (shape[dim] != length) {
      throw new IllegalArgumentException(
          "mismatched lengths (" + shape[dim] + " and " + length + ") in dimension " + dim);
    }
    for (int i = 0; i < length; i++) {
      fillShape(Array.get(o, i), dim + 1, shape);
    }
  }

  /** TF 1.x's element count: the product of the dimensions, each cast to int, in int arithmetic. */
  static int wrappedElementCount(long[] shape) {
    int n = 1;
    for (long d : shape) {
      n *= (int) d;
    }
    return n;
  }

  /** The exact element count of a validated shape. */
  static long elementCount(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n *= d;
    }
    return n;
  }

  /**
   * The leaves of a nested primitive array of the given rank (≥ 1), concatenated in row-major
   * order into one array of the leaf type with {@code count} elements.
   */
  static Object flatten(Object o, int rank, int count) {
    if (rank == 1) {
      return o;
    }
    Object flat = Array.newInstance(baseClass(o), count);
    flattenInto(o, rank, flat, 0);
    return flat;
  }

  private static int flattenInto(Object o, int rank, Object flat, int position) {
    int length = Array.getLength(o);
    if (rank == 1) {
      System.arraycopy(o, 0, flat, position, length);
      return position + length;
    }
    for (int i = 0; i < length; i++) {
      position = flattenInto(Array.get(o, i), rank - 1, flat, position);
    }
    return position;
  }

  /** The {@code byte[]} elements of a nested array of the given rank (≥ 1), row-major. */
  static byte[][] stringElements(Object o, int rank, int count) {
    byte[][] out = new byte[count][];
    collectStrings(o, rank, out, 0);
    return out;
  }

  private static int collectStrings(Object o, int rank, byte[][] out, int position) {
    int length = Array.getLength(o);
    for (int i = 0; i < length; i++) {
      Object element = Array.get(o, i);
      if (rank == 1) {
        if (element == null) {
          throw new NullPointerException("null byte[] element at flat index " + position);
        }
        out[position++] = (byte[]) element;
      } else {
        position = collectStrings(element, rank - 1, out, position);
      }
    }
    return position;
  }

  /**
   * Copies row-major {@code flat} data into the nested array {@code o} of the given rank (≥ 1)
   * and returns the next position in {@code flat}.
   */
  static int scatter(Object flat, int position, Object o, int rank) {
    int length = Array.getLength(o);
    if (rank == 1) {
      System.arraycopy(flat, position, o, 0, length);
      return position + length;
    }
    for (int i = 0; i < length; i++) {
      position = scatter(flat, position, Array.get(o, i), rank - 1);
    }
    return position;
  }

  /** Stores {@code elements} (row-major) as the byte[] leaves of {@code o} (rank ≥ 1). */
  static int scatterStrings(byte[][] elements, int position, Object o, int rank) {
    int length = Array.getLength(o);
    for (int i = 0; i < length; i++) {
      if (rank == 1) {
        Array.set(o, i, elements[position++]);
      } else {
        position = scatterStrings(elements, position, Array.get(o, i), rank - 1);
      }
    }
    return position;
  }
}
