package org.tensorflow;

import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * The attributes an op builder was given, in the flat typed arrays its native call takes (decoded
 * by src/jni/op_attrs.rs). Both {@link EagerOperationBuilder} and {@link GraphOperationBuilder}
 * encode through this class; what an attribute may be is the op registry's business, in native
 * code. Not thread-safe: the builders call it under their own lock.
 *
 * <p>Layout: {@link #kinds()} holds a {@code (kind, count)} pair per attribute in the order set,
 * {@code count} -1 for a single value, else the list length. The attribute's name comes first
 * from {@link #bytes()} (its byte length in {@link #ints()}); then its values: strings as a
 * length in {@code ints} plus bytes; ints, bools (0/1) and types in {@code ints}; floats in
 * {@link #floats()}; shapes as a rank (-1: unknown) followed by the sizes in {@code ints}; tensors
 * as handles in {@link #tensorHandles()}.
 */
final class AttrEncoder {
  private static final Charset UTF_8 = Charset.forName("UTF-8");
  // Value kinds of the encoding (src/jni/op_attrs.rs). A String and a byte[] make the same
  // attribute value; they are told apart only so that a message can name what was given.
  private static final int STRING = 0;
  private static final int INT = 1;
  private static final int FLOAT = 2;
  private static final int BOOL = 3;
  private static final int TYPE = 4;
  private static final int SHAPE = 5;
  private static final int TENSOR = 6;
  private static final int BYTES = 7;

  /** A tensor attribute's value: a native handle owned on behalf of this object. */
  static final class TensorValue {
    /** Set by the builder right after construction, adopted with this object as its owner. */
    NativeHandle handle;
  }

  private int[] kinds = new int[8];
  private int kindCount;
  private long[] ints = new long[16];
  private int intCount;
  private float[] floats = new float[0];
  private int floatCount;
  private byte[] bytes = new byte[64];
  private int byteCount;
  private TensorValue[] tensors = new TensorValue[0];
  private int tensorCount;

  void putString(String name, String value) {
    byte[] v = value.getBytes(UTF_8);
    begin(name, STRING, -1);
    putBytes(v);
  }

  void putStrings(String name, String[] value) {
    byte[][] v = new byte[value.length][];
    for (int i = 0; i < v.length; i++) {
      v[i] = value[i].getBytes(UTF_8);
    }
    begin(name, STRING, v.length);
    for (byte[] s : v) {
      putBytes(s);
    }
  }

  void putBytes(String name, byte[] value) {
    if (value == null) {
      throw new NullPointerException();
    }
    begin(name, BYTES, -1);
    putBytes(value);
  }

  void putLong(String name, long value) {
    begin(name, INT, -1);
    putInt(value);
  }

  void putLongs(String name, long[] value) {
    begin(name, INT, value.length);
    for (long v : value) {
      putInt(v);
    }
  }

  void putFloat(String name, float value) {
    begin(name, FLOAT, -1);
    putFloat(value);
  }

  void putFloats(String name, float[] value) {
    begin(name, FLOAT, value.length);
    for (float v : value) {
      putFloat(v);
    }
  }

  void putBoolean(String name, boolean value) {
    begin(name, BOOL, -1);
    putInt(value ? 1L : 0L);
  }

  void putBooleans(String name, boolean[] value) {
    begin(name, BOOL, value.length);
    for (boolean v : value) {
      putInt(v ? 1L : 0L);
    }
  }

  void putType(String name, DataType value) {
    int c = value.c();
    begin(name, TYPE, -1);
    putInt(c);
  }

  void putTypes(String name, DataType[] value) {
    int[] c = new int[value.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = value[i].c();
    }
    begin(name, TYPE, c.length);
    for (int v : c) {
      putInt(v);
    }
  }

  void putShape(String name, Shape value) {
    long[] dims = value.asArray();
    begin(name, SHAPE, -1);
    putDims(dims);
  }

  void putShapes(String name, Shape[] value) {
    long[][] dims = new long[value.length][];
    for (int i = 0; i < dims.length; i++) {
      dims[i] = value[i].asArray();
    }
    begin(name, SHAPE, dims.length);
    for (long[] d : dims) {
      putDims(d);
    }
  }

  void putTensor(String name, TensorValue value) {
    begin(name, TENSOR, -1);
    addTensor(value);
  }

  void putTensors(String name, TensorValue[] value) {
    begin(name, TENSOR, value.length);
    for (TensorValue v : value) {
      addTensor(v);
    }
  }

  /** The number of attributes put so far. */
  int count() {
    return kindCount / 2;
  }

  int[] kinds() {
    return Arrays.copyOf(kinds, kindCount);
  }

  long[] ints() {
    return Arrays.copyOf(ints, intCount);
  }

  float[] floats() {
    return Arrays.copyOf(floats, floatCount);
  }

  byte[] bytes() {
    return Arrays.copyOf(bytes, byteCount);
  }

  /**
   * The live handles of the tensor values, in order; the caller holds the lock their release
   * path takes until the native call that reads them has returned.
   */
  long[] tensorHandles() {
    long[] out = new long[tensorCount];
    for (int i = 0; i < tensorCount; i++) {
      out[i] = tensors[i].handle.live();
    }
    return out;
  }

  /**
   * Removes the tensor value whose handle is {@code handle} (the last one, if put twice) and
   * returns it, so that an operation can take over its handle; null if there is none.
   */
  TensorValue takeTensor(long handle) {
    for (int i = tensorCount - 1; i >= 0; i--) {
      if (tensors[i].handle.live() == handle) {
        TensorValue taken = tensors[i];
        System.arraycopy(tensors, i + 1, tensors, i, tensorCount - i - 1);
        tensors[--tensorCount] = null;
        return taken;
      }
    }
    return null;
  }

  /** Releases the handles of the tensor values (once the native call no longer needs them). */
  void releaseTensors() {
    for (int i = 0; i < tensorCount; i++) {
      tensors[i].handle.release();
    }
  }

  /** Starts an attribute: its kind and count, then its name. */
  private void begin(String name, int kind, int count) {
    byte[] encodedName = name.getBytes(UTF_8);
    if (kindCount + 2 > kinds.length) {
      kinds = Arrays.copyOf(kinds, kinds.length * 2);
    }
    kinds[kindCount++] = kind;
    kinds[kindCount++] = count;
    putBytes(encodedName);
  }

  private void putBytes(byte[] value) {
    putInt(value.length);
    if (byteCount + value.length > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, byteCount + value.length));
    }
    System.arraycopy(value, 0, bytes, byteCount, value.length);
    byteCount += value.length;
  }

  private void putInt(long value) {
    if (intCount == ints.length) {
      ints = Arrays.copyOf(ints, ints.length * 2);
    }
    ints[intCount++] = value;
  }

  private void putFloat(float value) {
    if (floatCount == floats.length) {
      floats = Arrays.copyOf(floats, Math.max(4, floats.length * 2));
    }
    floats[floatCount++] = value;
  }

  private void putDims(long[] dims) {
    if (dims == null) {
      putInt(-1L);
      return;
    }
    putInt(dims.length);
    for (long d : dims) {
      putInt(d);
    }
  }

  private void addTensor(TensorValue value) {
    if (tensorCount == tensors.length) {
      tensors = Arrays.copyOf(tensors, Math.max(2, tensors.length * 2));
    }
    tensors[tensorCount++] = value;
  }
}
