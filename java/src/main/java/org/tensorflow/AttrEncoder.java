package org.tensorflow;

import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * The attributes an op builder was given, encoded for its native call (decoded by
 * src/jni/op_attrs.rs). Both {@link EagerOperationBuilder} and {@link GraphOperationBuilder}
 * encode through this class; what an attribute may be is the op registry's business, in native
 * code. Not thread-safe: the builders call it under their own lock.
 *
 * <p>Encoding: one stream of longs and one pool of bytes. Per attribute, in the order set, the
 * stream holds its kind, its count (-1 for a single value, else the list length) and its name's
 * byte length (the name's UTF-8 bytes go to the pool), then its values: a string as its byte
 * length (bytes to the pool); an int, a bool (0/1) or a type as itself; a float as its raw bits;
 * a shape as its rank (-1: unknown) followed by the sizes; a tensor as its handle, written when
 * the stream is copied out for the native call.
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

  // Sized for the common case (two attributes of short names), grown as needed.
  private long[] stream = new long[8];
  private int length;
  private byte[] bytes = new byte[16];
  private int byteCount;
  /** The tensor values and their positions in the stream (parallel arrays, {@link #tensorCount}). */
  private TensorValue[] tensors;
  private int[] tensorSlots;
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
    put(value);
  }

  void putLongs(String name, long[] value) {
    begin(name, INT, value.length);
    for (long v : value) {
      put(v);
    }
  }

  void putFloat(String name, float value) {
    begin(name, FLOAT, -1);
    put(Float.floatToRawIntBits(value));
  }

  void putFloats(String name, float[] value) {
    begin(name, FLOAT, value.length);
    for (float v : value) {
      put(Float.floatToRawIntBits(v));
    }
  }

  void putBoolean(String name, boolean value) {
    begin(name, BOOL, -1);
    put(value ? 1L : 0L);
  }

  void putBooleans(String name, boolean[] value) {
    begin(name, BOOL, value.length);
    for (boolean v : value) {
      put(v ? 1L : 0L);
    }
  }

  void putType(String name, DataType value) {
    int c = value.c();
    begin(name, TYPE, -1);
    put(c);
  }

  void putTypes(String name, DataType[] value) {
    int[] c = new int[value.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = value[i].c();
    }
    begin(name, TYPE, c.length);
    for (int v : c) {
      put(v);
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
    putTensorSlot(value);
  }

  void putTensors(String name, TensorValue[] value) {
    begin(name, TENSOR, value.length);
    for (TensorValue v : value) {
      putTensorSlot(v);
    }
  }

  /** The length of the stream. */
  int length() {
    return length;
  }

  /**
   * Copies the stream into {@code dest} from {@code offset}, with the tensor values' live
   * handles; the caller holds the lock their release path takes until the native call that reads
   * them has returned.
   */
  void writeTo(long[] dest, int offset) {
    System.arraycopy(stream, 0, dest, offset, length);
    for (int i = 0; i < tensorCount; i++) {
      dest[offset + tensorSlots[i]] = tensors[i].handle.live();
    }
  }

  /** The stream alone (see {@link #writeTo}). */
  long[] stream() {
    long[] out = new long[length];
    writeTo(out, 0);
    return out;
  }

  /** The byte pool; only its first bytes are used (the stream says how many). */
  byte[] bytes() {
    return bytes;
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
        System.arraycopy(tensorSlots, i + 1, tensorSlots, i, tensorCount - i - 1);
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

  /** Starts an attribute: its kind, count and name. */
  private void begin(String name, int kind, int count) {
    int nameStart = byteCount;
    putName(name); // throws NullPointerException for a null name, before anything is recorded
    put(kind);
    put(count);
    put(byteCount - nameStart);
  }

  /** A name's UTF-8 bytes into the pool; ASCII (every attribute name) without a temporary array. */
  private void putName(String name) {
    int n = name.length();
    ensureBytes(n);
    for (int i = 0; i < n; i++) {
      char c = name.charAt(i);
      if (c >= 0x80) {
        byte[] utf8 = name.getBytes(UTF_8);
        ensureBytes(utf8.length);
        System.arraycopy(utf8, 0, bytes, byteCount, utf8.length);
        byteCount += utf8.length;
        return;
      }
      bytes[byteCount + i] = (byte) c;
    }
    byteCount += n;
  }

  private void putBytes(byte[] value) {
    put(value.length);
    ensureBytes(value.length);
    System.arraycopy(value, 0, bytes, byteCount, value.length);
    byteCount += value.length;
  }

  private void ensureBytes(int more) {
    if (byteCount + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, byteCount + more));
    }
  }

  private void put(long value) {
    if (length == stream.length) {
      stream = Arrays.copyOf(stream, length * 2);
    }
    stream[length++] = value;
  }

  private void putDims(long[] dims) {
    if (dims == null) {
      put(-1L);
      return;
    }
    put(dims.length);
    for (long d : dims) {
      put(d);
    }
  }

  private void putTensorSlot(TensorValue value) {
    if (tensors == null) {
      tensors = new TensorValue[1];
      tensorSlots = new int[1];
    } else if (tensorCount == tensors.length) {
      tensors = Arrays.copyOf(tensors, tensorCount * 2);
      tensorSlots = Arrays.copyOf(tensorSlots, tensorCount * 2);
    }
    tensors[tensorCount] = value;
    tensorSlots[tensorCount++] = length;
    put(0L); // the handle, written by writeTo
  }
}
