package dev.tensorbridge.hostile;

import static dev.tensorbridge.hostile.Cases.ANY_MESSAGE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.tensorflow.DataType;
import org.tensorflow.Tensor;

/**
 * {@link Tensor} from a careless caller's side: TF 1.x's check order and messages, the life
 * cycle, the rejections of input TF 1.x left undefined, uninitialised tensors and the decisions
 * of docs/contracts/tensor.md, malformed and random protos, rank-255 shapes,
 * slice and bit-cast arguments. Each case must end in its documented Java exception, never a JVM
 * crash (tests run under {@code -Xcheck:jni}).
 */
class TensorHostileTest {
  private static final Class<IllegalArgumentException> IAE = IllegalArgumentException.class;
  private static final Class<IllegalStateException> ISE = IllegalStateException.class;
  private static final Class<NullPointerException> NPE = NullPointerException.class;
  private static final String CLOSED = "close() was called on the Tensor";

  @TestFactory
  List<DynamicTest> createFromObjectChecksInOrder() {
    Cases c = new Cases();
    c.fails("type Short", IAE, "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(new short[] {1}, Short.class));
    c.fails("type float.class", IAE, "float objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(new float[] {1}, float.class));
    c.fails("type Object, null data: class check first", IAE,
        "java.lang.Object objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(null, Object.class));
    c.fails("char[] data", IAE, "cannot create Tensors of type char", () -> Tensor.create(new char[] {'a'}));
    c.fails("String[] data", IAE, "cannot create Tensors of type java.lang.String",
        () -> Tensor.create(new String[] {"a"}));
    c.fails("Object data", IAE, "cannot create Tensors of type java.lang.Object", () -> Tensor.create(new Object()));
    c.fails("boxed Float[]", IAE, "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Float[] {1f}));
    c.fails("boxed Long[][] with class", IAE, "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Long[][] {{1L}}, Long.class));
    c.fails("int[] as Float", IAE, "DataType of object does not match T (expected FLOAT, got INT32)",
        () -> Tensor.create(new int[] {1}, Float.class));
    c.fails("long scalar as Integer", IAE, "DataType of object does not match T (expected INT32, got INT64)",
        () -> Tensor.create(7L, Integer.class));
    c.fails("boolean[][] as Double", IAE, "DataType of object does not match T (expected DOUBLE, got BOOL)",
        () -> Tensor.create(new boolean[][] {{true}}, Double.class));
    c.fails("zero-length outer array", IAE, "cannot create Tensors with a 0 dimension", () -> Tensor.create(new int[0]));
    c.fails("zero-length inner array", IAE, "cannot create Tensors with a 0 dimension",
        () -> Tensor.create(new float[3][0]));
    c.fails("zero-length string list", IAE, "cannot create Tensors with a 0 dimension",
        () -> Tensor.create(new byte[0][]));
    c.fails("ragged dim 1", IAE, "mismatched lengths (2 and 1) in dimension 1",
        () -> Tensor.create(new long[][] {{1, 2}, {3}}));
    c.fails("ragged dim 2", IAE, "mismatched lengths (1 and 3) in dimension 2",
        () -> Tensor.create(new double[][][] {{{1}, {1, 2, 3}}}));
    c.fails("null data", NPE, ANY_MESSAGE, () -> Tensor.create(null));
    c.fails("null data with class", NPE, ANY_MESSAGE, () -> Tensor.create(null, Integer.class));
    c.fails("null row", NPE, ANY_MESSAGE, () -> Tensor.create(new float[][] {{1}, null}));
    c.fails("null class", NPE, ANY_MESSAGE, () -> Tensor.create(new int[] {1}, null));
    // TF 1.15 maps Byte to STRING, whose scalar must be a byte[], and failed with a
    // ClassCastException; this is the documented IllegalArgumentException
    // (docs/contracts/tensor.md#factories).
    String byteScalar =
        "cannot create Tensors of type java.lang.Byte (a STRING scalar is a byte[]; use UInt8.class"
            + " for a UINT8 scalar)";
    c.fails("Byte scalar without a class", IAE, byteScalar, () -> Tensor.create(Byte.valueOf((byte) 5)));
    c.fails("byte primitive, boxed by the call", IAE, byteScalar, () -> Tensor.create((byte) 5));
    c.fails("Byte scalar as String", IAE, byteScalar, () -> Tensor.create(Byte.valueOf((byte) 5), String.class));
    c.fails("Byte scalar as Integer: the type check comes first", IAE,
        "DataType of object does not match T (expected INT32, got STRING)",
        () -> Tensor.create(Byte.valueOf((byte) 5), Integer.class));
    c.fails("Byte[] as String: boxed arrays first", IAE, "cannot create non-scalar Tensors from arrays of boxed values",
        () -> Tensor.create(new Byte[] {5}, String.class));
    c.succeeds("Byte scalar as UInt8 is a UINT8 scalar", () -> {
      try (Tensor<?> t = Tensor.create(Byte.valueOf((byte) -1), org.tensorflow.types.UInt8.class)) {
        assertEquals(DataType.UINT8, t.dataType());
        assertEquals(0, t.numDimensions());
        assertEquals(-1, t.tensorData().get(0));
      }
    });
    c.fails("a rank-255 Java array (TensorShape allows 254)", IAE, ANY_MESSAGE, () -> Tensor.create(nested(255)));
    c.succeeds("a rank-254 Java array", () -> {
      try (Tensor<?> t = Tensor.create(nested(254))) {
        assertEquals(254, t.numDimensions());
        assertEquals(1, t.numElementsLong());
        assertEquals(254, t.shape().length);
      }
    });
    c.succeeds("huge but legal bytes element", () -> {
      try (Tensor<?> t = Tensor.create(new byte[1 << 20])) {
        assertEquals(DataType.STRING, t.dataType());
        assertEquals(1 << 20, t.bytesValue().length);
      }
    });
    return c.build();
  }

  /** An int array of the given rank with every dimension 1. */
  private static Object nested(int rank) {
    return java.lang.reflect.Array.newInstance(int.class, filled(rank));
  }

  private static int[] filled(int rank) {
    int[] dims = new int[rank];
    java.util.Arrays.fill(dims, 1);
    return dims;
  }

  @TestFactory
  List<DynamicTest> bufferFactories() {
    Cases c = new Cases();
    c.fails("IntBuffer too short", IAE, "buffer with 3 elements is not compatible with a Tensor with shape [2, 2]",
        () -> Tensor.create(new long[] {2, 2}, IntBuffer.allocate(3)));
    c.fails("FloatBuffer too long", IAE, "buffer with 5 elements is not compatible with a Tensor with shape [4]",
        () -> Tensor.create(new long[] {4}, FloatBuffer.allocate(5)));
    c.fails("DoubleBuffer, position moved", IAE,
        "buffer with 2 elements is not compatible with a Tensor with shape [3]",
        () -> Tensor.create(new long[] {3}, DoubleBuffer.allocate(3).position(1)));
    c.fails("LongBuffer, limit shrunk", IAE, "buffer with 1 elements is not compatible with a Tensor with shape [2]",
        () -> Tensor.create(new long[] {2}, LongBuffer.allocate(2).limit(1)));
    c.fails("negative dimension, element count matches", IAE, "shape [-1, -1] has a negative dimension",
        () -> Tensor.create(new long[] {-1, -1}, IntBuffer.allocate(1)));
    c.fails("negative dimension with a zero", IAE, "shape [-2, 0] has a negative dimension",
        () -> Tensor.create(new long[] {-2, 0}, FloatBuffer.allocate(0)));
    c.fails("negative dimension, ByteBuffer", IAE, "shape [0, -3] has a negative dimension",
        () -> Tensor.create(Integer.class, new long[] {0, -3}, ByteBuffer.allocate(0)));
    c.fails("int-wrapping shape [65536, 65536] with 0 elements", IAE, "tensor of shape [65536, 65536] is too large",
        () -> Tensor.create(new long[] {65536, 65536}, IntBuffer.allocate(0)));
    c.fails("long-wrapping shape [2^32, 2^32]", IAE, "tensor of shape [4294967296, 4294967296] is too large",
        () -> Tensor.create(Long.class, new long[] {1L << 32, 1L << 32}, ByteBuffer.allocate(0)));
    c.fails("ByteBuffer not a multiple of the element", IAE,
        "ByteBuffer with 7 bytes is not compatible with a INT64 Tensor (8 bytes/element)",
        () -> Tensor.create(Long.class, new long[] {1}, ByteBuffer.allocate(7)));
    c.fails("ByteBuffer element count", IAE, "buffer with 2 elements is not compatible with a Tensor with shape [3]",
        () -> Tensor.create(Float.class, new long[] {3}, ByteBuffer.allocate(8)));
    c.fails("ByteBuffer with unsupported class", IAE,
        "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
        () -> Tensor.create(Short.class, new long[] {1}, ByteBuffer.allocate(2)));
    c.fails("null IntBuffer", NPE, ANY_MESSAGE, () -> Tensor.create(new long[] {1}, (IntBuffer) null));
    c.fails("null shape", NPE, ANY_MESSAGE, () -> Tensor.create((long[]) null, IntBuffer.allocate(1)));
    c.fails("null ByteBuffer", NPE, ANY_MESSAGE, () -> Tensor.create(Float.class, new long[] {1}, null));
    c.fails("null DataType", NPE, ANY_MESSAGE, () -> Tensor.create((DataType) null, new long[] {1}, ByteBuffer.allocate(4)));
    // Legal but awkward sources: each is read from its position, and advanced to its limit.
    c.succeeds("direct big-endian ByteBuffer is copied raw", () -> {
      ByteBuffer b = ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN);
      b.putInt(0, 1).putInt(4, 2);
      try (Tensor<Integer> t = Tensor.create(Integer.class, new long[] {2}, b)) {
        assertArrayEquals(new int[] {Integer.reverseBytes(1), Integer.reverseBytes(2)}, t.copyTo(new int[2]));
      }
      assertEquals(8, b.position());
    });
    c.succeeds("read-only heap ByteBuffer with moved position", () -> {
      ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
      b.putInt(0, 9).putInt(4, 10).putInt(8, 11);
      ByteBuffer ro = b.asReadOnlyBuffer();
      ro.position(4);
      try (Tensor<Integer> t = Tensor.create(Integer.class, new long[] {2}, ro)) {
        assertArrayEquals(new int[] {10, 11}, t.copyTo(new int[2]));
      }
      assertEquals(12, ro.position());
    });
    c.succeeds("sliced heap ByteBuffer (non-zero array offset)", () -> {
      ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
      b.putLong(8, -5L);
      b.position(8);
      ByteBuffer slice = b.slice();
      try (Tensor<Long> t = Tensor.create(Long.class, new long[] {}, slice)) {
        assertEquals(-5L, t.longValue());
      }
    });
    c.succeeds("direct IntBuffer view with moved position", () -> {
      IntBuffer ints = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder()).asIntBuffer();
      ints.put(new int[] {1, 2, 3, 4});
      ints.position(1);
      try (Tensor<Integer> t = Tensor.create(new long[] {3}, ints)) {
        assertArrayEquals(new int[] {2, 3, 4}, t.copyTo(new int[3]));
      }
      assertEquals(4, ints.position());
    });
    c.succeeds("read-only sliced FloatBuffer", () -> {
      FloatBuffer f = FloatBuffer.wrap(new float[] {0, 1, 2, 3, 4});
      f.position(2);
      FloatBuffer ro = f.slice().asReadOnlyBuffer();
      try (Tensor<Float> t = Tensor.create(new long[] {3}, ro)) {
        assertArrayEquals(new float[] {2, 3, 4}, t.copyTo(new float[3]));
      }
    });
    c.succeeds("empty shape [0, 2^40] is legal", () -> {
      try (Tensor<Float> t = Tensor.create(new long[] {0, 1L << 40}, FloatBuffer.allocate(0))) {
        assertEquals(0, t.numElementsLong());
        assertEquals(0, t.numBytes());
      }
    });
    return c.build();
  }

  /**
   * 4 threads use one tensor through {@code use} while the test thread closes it: each use
   * either sees the tensor's full, correct data or the documented closed-tensor NPE.
   */
  private static void raceWithClose(java.util.function.ToIntFunction<Tensor<Integer>> use) throws Exception {
    int[] data = new int[4096];
    java.util.Arrays.fill(data, 42);
    Tensor<Integer> t = Tensor.create(data, Integer.class);
    java.util.concurrent.atomic.AtomicReference<Throwable> bad = new java.util.concurrent.atomic.AtomicReference<Throwable>();
    java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(4);
    List<Thread> threads = new java.util.ArrayList<Thread>();
    for (int i = 0; i < 4; i++) {
      Thread th = new Thread(() -> {
        running.countDown();
        for (int k = 0; k < 200_000; k++) {
          try {
            if (use.applyAsInt(t) != 42) {
              bad.compareAndSet(null, new AssertionError("wrong value read"));
            }
          } catch (NullPointerException e) {
            if (!CLOSED.equals(e.getMessage())) {
              bad.compareAndSet(null, e);
            }
            return; // closed: every later use fails the same way
          } catch (Throwable e) {
            bad.compareAndSet(null, e);
            return;
          }
        }
      });
      threads.add(th);
      th.start();
    }
    running.await();
    Thread.sleep(5);
    t.close();
    for (Thread th : threads) {
      th.join();
    }
    if (bad.get() != null) {
      throw new AssertionError(bad.get());
    }
  }

  @TestFactory
  List<DynamicTest> closeWhileInUse() {
    Cases c = new Cases();
    c.succeeds("copyTo racing close", () -> raceWithClose(t -> t.copyTo(new int[4096])[4095]));
    c.succeeds("writeTo racing close", () -> raceWithClose(t -> {
      IntBuffer b = IntBuffer.allocate(4096);
      t.writeTo(b);
      return b.get(4095);
    }));
    c.succeeds("tensorData racing close (views outlive the tensor)", () -> raceWithClose(t -> {
      ByteBuffer d = t.tensorData();
      Thread.yield();
      return d.getInt(4 * 4095);
    }));
    c.succeeds("slice racing close (slices outlive the tensor)", () -> raceWithClose(t -> {
      Tensor<Integer> s = t.slice(4000, 4096);
      Thread.yield();
      try {
        return s.copyTo(new int[96])[95];
      } finally {
        s.close();
      }
    }));
    c.succeeds("summarizeValue racing close", () -> raceWithClose(t -> Integer.parseInt(t.summarizeValue(1, false).split(" ")[0].replace("...", ""))));
    c.succeeds("proto round trip racing close", () -> raceWithClose(t -> {
      try (Tensor<?> p = Tensor.fromProto(t.asProtoTensorContent())) {
        return p.expect(Integer.class).copyTo(new int[4096])[7];
      }
    }));
    return c.build();
  }

  /** {@code [0, ...dims].subSlice(0)}: shape {@code dims}, elements but no buffer (C++ quirk). */
  private static Tensor<?> uninitialised(DataType dtype, long... dims) {
    long[] shape = new long[dims.length + 1];
    System.arraycopy(dims, 0, shape, 1, dims.length);
    try (Tensor<?> empty = Tensor.create(dtype, shape, ByteBuffer.allocate(0))) {
      Tensor<?> t = empty.subSlice(0);
      assertTrue(!t.isInitialized() && t.numElementsLong() > 0, "not an uninitialised tensor");
      return t;
    }
  }

  /** A scalar with no buffer: the row of an uninitialised {@code [1]}. */
  private static Tensor<?> uninitialisedScalar(DataType dtype) {
    try (Tensor<?> row = uninitialised(dtype, 1)) {
      return row.subSlice(0);
    }
  }

  @TestFactory
  List<DynamicTest> uninitialisedTensorsHaveNoValuesToRead() {
    Cases c = new Cases();
    Class<org.tensorflow.TensorFlowException> tfe = org.tensorflow.TensorFlowException.class;
    String three = "null buf_ with non-zero shape size 3";
    String one = "null buf_ with non-zero shape size 1";
    c.fails("intValue", tfe, one, () -> uninitialisedScalar(DataType.INT32).intValue());
    c.fails("floatValue", tfe, one, () -> uninitialisedScalar(DataType.FLOAT).floatValue());
    c.fails("doubleValue", tfe, one, () -> uninitialisedScalar(DataType.DOUBLE).doubleValue());
    c.fails("longValue", tfe, one, () -> uninitialisedScalar(DataType.INT64).longValue());
    c.fails("booleanValue", tfe, one, () -> uninitialisedScalar(DataType.BOOL).booleanValue());
    c.fails("bytesValue", tfe, one, () -> uninitialisedScalar(DataType.STRING).bytesValue());
    c.fails("copyTo(boolean[3])", tfe, three, () -> uninitialised(DataType.BOOL, 3).copyTo(new boolean[3]));
    c.fails("copyTo(int[3])", tfe, three, () -> uninitialised(DataType.INT32, 3).copyTo(new int[3]));
    c.fails("copyTo(float[3])", tfe, three, () -> uninitialised(DataType.FLOAT, 3).copyTo(new float[3]));
    c.fails("copyTo(byte[3]) UINT8", tfe, three, () -> uninitialised(DataType.UINT8, 3).copyTo(new byte[3]));
    c.fails("copyTo(byte[3][]) STRING", tfe, three, () -> uninitialised(DataType.STRING, 3).copyTo(new byte[3][]));
    c.fails("writeTo(IntBuffer) writes nothing and says so", tfe, three, () -> {
      IntBuffer dst = IntBuffer.allocate(3);
      try {
        uninitialised(DataType.INT32, 3).writeTo(dst);
      } finally {
        assertEquals(0, dst.position());
      }
    });
    c.fails("writeTo(LongBuffer)", tfe, three, () -> uninitialised(DataType.INT64, 3).writeTo(LongBuffer.allocate(3)));
    c.fails("writeTo(ByteBuffer) INT32", tfe, three, () -> {
      ByteBuffer dst = ByteBuffer.allocate(12);
      try {
        uninitialised(DataType.INT32, 3).writeTo(dst);
      } finally {
        assertEquals(0, dst.position());
      }
    });
    c.fails("writeTo(ByteBuffer) STRING", tfe, three,
        () -> uninitialised(DataType.STRING, 3).writeTo(ByteBuffer.allocate(64)));
    // tensor_data() of a null buffer is an empty view in C++, and stays one here.
    c.succeeds("tensorData is empty", () -> {
      try (Tensor<?> t = uninitialised(DataType.INT32, 3)) {
        assertEquals(0, t.tensorData().remaining());
      }
    });
    // No elements means nothing to read: reads of empty tensors succeed.
    c.succeeds("writeTo of an empty tensor writes nothing", () -> {
      try (Tensor<Integer> t = Tensor.create(new long[] {0}, IntBuffer.allocate(0))) {
        IntBuffer dst = IntBuffer.allocate(1);
        t.writeTo(dst);
        assertEquals(0, dst.position());
      }
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> tensorDataIsLittleEndian() {
    Cases c = new Cases();
    c.succeeds("empty INT32 from an IntBuffer", () -> {
      try (Tensor<Integer> t = Tensor.create(new long[] {0}, IntBuffer.allocate(0))) {
        assertEquals(ByteOrder.LITTLE_ENDIAN, t.tensorData().order());
      }
    });
    for (DataType d : DataType.values()) {
      if (d == DataType.STRING || d == DataType.RESOURCE || d == DataType.VARIANT) {
        continue; // tensor_data() is not available for them
      }
      c.succeeds("empty " + d, () -> {
        try (Tensor<?> t = Tensor.create(d, new long[] {2, 0}, ByteBuffer.allocate(0))) {
          assertEquals(ByteOrder.LITTLE_ENDIAN, t.tensorData().order());
        }
      });
      c.succeeds("uninitialised " + d, () -> {
        try (Tensor<?> t = uninitialised(d, 3)) {
          assertEquals(ByteOrder.LITTLE_ENDIAN, t.tensorData().order());
        }
      });
    }
    c.succeeds("non-empty INT32: bytes read little-endian", () -> {
      try (Tensor<Integer> t = Tensor.create(new int[] {0x01020304}, Integer.class)) {
        ByteBuffer data = t.tensorData();
        assertEquals(ByteOrder.LITTLE_ENDIAN, data.order());
        assertEquals(0x01020304, data.getInt(0));
        assertEquals(4, data.get(0));
      }
    });
    return c.build();
  }

  private static Tensor<Integer> closedMatrix() {
    Tensor<Integer> t = Tensor.create(new int[][] {{1, 2}, {3, 4}}, Integer.class);
    t.close();
    t.close(); // idempotent
    return t;
  }

  @TestFactory
  List<DynamicTest> closedTensor() {
    Cases c = new Cases();
    Tensor<Integer> t = closedMatrix();
    Tensor<Float> s = Tensor.create(1f, Float.class);
    s.close();
    c.fails("numBytes", NPE, CLOSED, t::numBytes);
    c.fails("floatValue", NPE, CLOSED, s::floatValue);
    c.fails("intValue of a closed float scalar", NPE, CLOSED, s::intValue);
    c.fails("bytesValue", NPE, CLOSED, s::bytesValue);
    c.fails("copyTo after Java checks", NPE, CLOSED, () -> t.copyTo(new int[2][2]));
    c.fails("copyTo wrong rank: Java check first", IAE, "cannot copy Tensor with 2 dimensions into an object with 1",
        () -> t.copyTo(new int[4]));
    c.fails("writeTo(IntBuffer)", NPE, CLOSED, () -> t.writeTo(IntBuffer.allocate(4)));
    c.fails("writeTo(FloatBuffer): dtype check first", IAE,
        "cannot use java.nio.HeapFloatBuffer with Tensor of type INT32", () -> t.writeTo(FloatBuffer.allocate(4)));
    c.fails("writeTo(ByteBuffer)", NPE, CLOSED, () -> t.writeTo(ByteBuffer.allocate(16)));
    c.fails("tensorData", NPE, CLOSED, t::tensorData);
    c.fails("slice", NPE, CLOSED, () -> t.slice(0, 1));
    c.fails("subSlice", NPE, CLOSED, () -> t.subSlice(0));
    c.fails("summarizeValue", NPE, CLOSED, () -> t.summarizeValue(3, false));
    c.fails("debugString", NPE, CLOSED, t::debugString);
    c.fails("asProtoTensorContent", NPE, CLOSED, t::asProtoTensorContent);
    c.fails("asProtoField", NPE, CLOSED, t::asProtoField);
    c.fails("totalBytes", NPE, CLOSED, t::totalBytes);
    c.fails("isAligned", NPE, CLOSED, t::isAligned);
    c.fails("bitcastFrom a closed tensor", NPE, CLOSED,
        () -> Tensor.bitcastFrom(t, DataType.INT8, new long[] {16}));
    c.fails("copyFrom a closed source", NPE, CLOSED, () -> {
      try (Tensor<Integer> live = Tensor.create(new int[] {1, 2, 3, 4}, Integer.class)) {
        live.copyFrom(t, new long[] {4});
      }
    });
    c.fails("sharesBufferWith a closed tensor", NPE, CLOSED, () -> {
      try (Tensor<Integer> live = Tensor.create(new int[] {1}, Integer.class)) {
        live.sharesBufferWith(t);
      }
    });
    c.succeeds("metadata survives close", () -> {
      assertEquals(DataType.INT32, t.dataType());
      assertEquals(2, t.numDimensions());
      assertEquals(4, t.numElements());
      assertArrayEquals(new long[] {2, 2}, t.shape());
      assertEquals("INT32 tensor with shape [2, 2]", t.toString());
      assertSame(t, t.expect(Integer.class));
    });
    return c.build();
  }

  @TestFactory
  List<DynamicTest> accessorsOnTheWrongTensor() {
    Cases c = new Cases();
    Tensor<Integer> vector = Tensor.create(new int[] {1, 2}, Integer.class);
    Tensor<Integer> scalar = Tensor.create(3, Integer.class);
    Tensor<String> str = Tensor.create("x".getBytes(), String.class);
    Tensor<?> uint8 = Tensor.create(new byte[] {1, 2}, org.tensorflow.types.UInt8.class);
    c.fails("floatValue on a vector", ISE, "Tensor is not a scalar", vector::floatValue);
    c.fails("bytesValue on a vector", ISE, "Tensor is not a scalar", vector::bytesValue);
    c.fails("floatValue on int", ISE, "Tensor is not a Float scalar", scalar::floatValue);
    c.fails("doubleValue on int", ISE, "Tensor is not a Double scalar", scalar::doubleValue);
    c.fails("longValue on int", ISE, "Tensor is not a Long scalar", scalar::longValue);
    c.fails("booleanValue on int", ISE, "Tensor is not a Boolean scalar", scalar::booleanValue);
    c.fails("intValue on string", ISE, "Tensor is not a Int scalar", str::intValue);
    c.fails("bytesValue on int", IAE, "Tensor is not a string/bytes scalar", scalar::bytesValue);
    c.fails("expect Float", IAE, "Cannot cast from tensor of INT32 to tensor of FLOAT", () -> scalar.expect(Float.class));
    c.fails("expect Short", IAE, "java.lang.Short objects cannot be used as elements in a TensorFlow Tensor",
        () -> scalar.expect(Short.class));
    c.fails("copyTo boxed scalar", IAE,
        "copyTo() is not meant for scalar Tensors, use the scalar accessor (floatValue(), intValue() etc.) instead",
        () -> scalar.copyTo(Integer.valueOf(0)));
    c.fails("copyTo Integer[]", IAE, "cannot create non-scalar Tensors from arrays of boxed values",
        () -> vector.copyTo(new Integer[2]));
    c.fails("copyTo long[]", IAE, "cannot copy Tensor with DataType INT32 into an object of type [J",
        () -> vector.copyTo(new long[2]));
    c.fails("copyTo short[]", IAE, "cannot create Tensors of type short", () -> vector.copyTo(new short[2]));
    c.fails("copyTo wrong length", IAE, "cannot copy Tensor with shape [2] into object with shape [3]",
        () -> vector.copyTo(new int[3]));
    c.fails("copyTo empty destination", IAE, "cannot create Tensors with a 0 dimension", () -> vector.copyTo(new int[0]));
    c.fails("copyTo UINT8 into int[]", IAE, "cannot copy Tensor with DataType UINT8 into an object of type [I",
        () -> uint8.copyTo(new int[2]));
    c.fails("writeTo DoubleBuffer on INT32", IAE, "cannot use java.nio.HeapDoubleBuffer with Tensor of type INT32",
        () -> vector.writeTo(DoubleBuffer.allocate(2)));
    c.fails("writeTo LongBuffer on UINT8", IAE, "cannot use java.nio.HeapLongBuffer with Tensor of type UINT8",
        () -> uint8.writeTo(LongBuffer.allocate(2)));
    c.fails("writeTo IntBuffer without room", BufferOverflowException.class, ANY_MESSAGE,
        () -> vector.writeTo(IntBuffer.allocate(1)));
    c.fails("writeTo IntBuffer, position near the limit", BufferOverflowException.class, ANY_MESSAGE,
        () -> vector.writeTo(IntBuffer.allocate(4).position(3)));
    c.fails("writeTo ByteBuffer without room", BufferOverflowException.class, ANY_MESSAGE,
        () -> vector.writeTo(ByteBuffer.allocateDirect(7)));
    c.fails("writeTo read-only IntBuffer", ReadOnlyBufferException.class, ANY_MESSAGE,
        () -> vector.writeTo(IntBuffer.allocate(2).asReadOnlyBuffer()));
    c.succeeds("writeTo a sliced direct ByteBuffer at a moved position", () -> {
      ByteBuffer b = ByteBuffer.allocateDirect(32);
      b.position(4);
      ByteBuffer slice = b.slice().order(ByteOrder.nativeOrder());
      slice.position(3);
      vector.writeTo(slice);
      assertEquals(11, slice.position());
      assertEquals(2, slice.getInt(7));
    });
    c.succeeds("writeTo a big-endian heap ByteBuffer copies raw native bytes", () -> {
      ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN);
      vector.writeTo(b);
      assertEquals(Integer.reverseBytes(2), b.getInt(4));
    });
    c.succeeds("tensorData is read-only", () -> {
      ByteBuffer data = vector.tensorData();
      Executable write = () -> data.put(0, (byte) 9);
      Cases.check(ReadOnlyBufferException.class, ANY_MESSAGE, write);
      assertTrue(data.isReadOnly());
    });
    c.fails("tensorData of STRING", ISE, ANY_MESSAGE, str::tensorData);
    c.fails("debugString(-1) is fine, slice on a scalar is not", IAE, ANY_MESSAGE, () -> scalar.slice(0, 0));
    return c.build();
  }

  // --- malformed protos, hostile shapes, slice and bit-cast arguments ---------------------------
  // A tiny TensorProto writer (field numbers of TensorFlow's tensor.proto and tensor_shape.proto).

  private static void varint(ByteArrayOutputStream out, long v) {
    while ((v & ~0x7fL) != 0) {
      out.write((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
  }

  private static void bytesField(ByteArrayOutputStream out, int field, byte[] value) {
    varint(out, (field << 3) | 2);
    varint(out, value.length);
    out.write(value, 0, value.length);
  }

  /** TensorProto{dtype, tensor_shape{dim{size}...}, tensor_content?, extra bytes}. */
  private static byte[] proto(int dtype, long[] dims, byte[] content, byte[] extra) {
    ByteArrayOutputStream shape = new ByteArrayOutputStream();
    for (long d : dims) {
      ByteArrayOutputStream dim = new ByteArrayOutputStream();
      varint(dim, 1 << 3);
      varint(dim, d);
      bytesField(shape, 2, dim.toByteArray());
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    varint(out, 1 << 3);
    varint(out, dtype);
    bytesField(out, 2, shape.toByteArray());
    if (content != null) {
      bytesField(out, 4, content);
    }
    if (extra != null) {
      out.write(extra, 0, extra.length);
    }
    return out.toByteArray();
  }

  private static DynamicTest rejected(String name, final byte[] serialized) {
    return DynamicTest.dynamicTest(
        name,
        new Executable() {
          @Override
          public void execute() {
            IllegalArgumentException e =
                assertThrows(
                    IllegalArgumentException.class,
                    new Executable() {
                      @Override
                      public void execute() {
                        Tensor.fromProto(serialized).close();
                      }
                    });
            assertTrue(e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
          }
        });
  }

  @TestFactory
  List<DynamicTest> malformedProtosAreRejected() {
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    tests.add(rejected("dtype 0", proto(0, new long[] {1}, new byte[4], null)));
    tests.add(rejected("dtype 99", proto(99, new long[] {1}, new byte[4], null)));
    tests.add(rejected("dtype 99, no elements", proto(99, new long[] {0}, null, null)));
    tests.add(rejected("reference dtype 101", proto(101, new long[] {0}, null, null)));
    tests.add(rejected("negative dtype", proto(-1, new long[] {1}, null, null)));
    tests.add(rejected("dim -1", proto(1, new long[] {-1}, null, null)));
    tests.add(rejected("dim -2^63", proto(1, new long[] {Long.MIN_VALUE}, null, null)));
    tests.add(rejected("prefix overflow", proto(1, new long[] {1L << 62, 4}, null, null)));
    tests.add(rejected("prefix overflow then 0", proto(1, new long[] {1L << 62, 4, 0}, null, null)));
    long[] rank255 = new long[255];
    Arrays.fill(rank255, 1);
    tests.add(rejected("255 dims", proto(1, rank255, null, null)));
    for (int length : new int[] {1, 3, 5, 8, 1000}) {
      tests.add(rejected("float[1] content of " + length, proto(1, new long[] {1}, new byte[length], null)));
    }
    for (int dtype : new int[] {2, 3, 4, 5, 6, 8, 9, 14, 17, 18, 19, 22, 23}) {
      tests.add(rejected("dtype " + dtype + " one byte short", proto(dtype, new long[] {2}, new byte[1], null)));
    }
    for (int b : new int[] {2, 3, 0x10, 0x7f, 0x80, 0xff}) {
      tests.add(rejected("bool byte " + b, proto(10, new long[] {2}, new byte[] {1, (byte) b}, null)));
    }
    tests.add(rejected("string truncated varint", proto(7, new long[] {1}, new byte[] {(byte) 0x80}, null)));
    tests.add(rejected("string lengths too long", proto(7, new long[] {2}, new byte[] {1, 5, 'a'}, null)));
    tests.add(rejected("string lengths too short", proto(7, new long[] {1}, new byte[] {1, 'a', 'b'}, null)));
    tests.add(rejected("string huge length", proto(7, new long[] {1}, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, null)));
    tests.add(rejected("resource garbage", proto(20, new long[] {1}, new byte[] {3, (byte) 0xff, (byte) 0xff, (byte) 0xff}, null)));
    tests.add(rejected("variant garbage", proto(21, new long[] {1}, new byte[] {2, (byte) 0xff, 0x01}, null)));
    tests.add(rejected("truncated varint", new byte[] {0x08}));
    tests.add(rejected("truncated length", new byte[] {0x12, 0x05, 0x12}));
    tests.add(rejected("wire type 7", new byte[] {0x0f, 0x00}));
    tests.add(rejected("field 0", new byte[] {0x00, 0x01}));
    tests.add(rejected("ff ff", new byte[] {(byte) 0xff, (byte) 0xff}));
    tests.add(rejected("end group only", new byte[] {0x0c}));
    tests.add(rejected("overlong varint", new byte[] {0x08, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01}));
    // Allocation bombs: a few bytes asking for petabytes fail cleanly (fallible allocation).
    tests.add(rejected("2^48 floats, no data", proto(1, new long[] {1L << 48}, null, null)));
    tests.add(rejected("2^60 bytes of int8, no data", proto(6, new long[] {1L << 30, 1L << 30}, null, null)));
    tests.add(rejected("2^40 strings, no data", proto(7, new long[] {1L << 40}, null, null)));
    return tests;
  }

  @Test
  void aSizeLimitRejectsLargeRequestsBeforeAllocating() {
    byte[] bomb = proto(1, new long[] {1 << 20}, null, null); // 4 MiB of zeros, no data
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tensor.fromProto(bomb, 1024));
    assertTrue(e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
    try (Tensor<?> t = Tensor.fromProto(bomb)) { // no limit: TensorFlow parity
      assertEquals(1 << 20, t.numElements());
    }
  }

  @TestFactory
  List<DynamicTest> randomBytesNeverCrash() {
    List<DynamicTest> tests = new ArrayList<DynamicTest>();
    final Random random = new Random(20261122);
    byte[] valid = proto(1, new long[] {2, 2}, new byte[16], null);
    for (int i = 0; i < 150; i++) {
      final byte[] input;
      if (i % 2 == 0) {
        input = new byte[random.nextInt(40)];
        random.nextBytes(input);
      } else { // mutate a valid proto
        input = valid.clone();
        for (int k = 0; k <= random.nextInt(3); k++) {
          input[random.nextInt(input.length)] = (byte) random.nextInt(256);
        }
      }
      tests.add(
          DynamicTest.dynamicTest(
              "random #" + i,
              new Executable() {
                @Override
                public void execute() {
                  try {
                    Tensor<?> t = Tensor.fromProto(input, 1 << 20);
                    try {
                      t.summarizeValue(10, true);
                      t.debugString();
                      if (t.dataType() == DataType.STRING) {
                        t.asProtoField();
                      } else {
                        t.asProtoTensorContent();
                      }
                    } finally {
                      t.close();
                    }
                  } catch (IllegalArgumentException e) {
                    assertTrue(
                        e.getMessage().startsWith("Cannot parse tensor from proto"), e.getMessage());
                  }
                }
              }));
    }
    return tests;
  }

  @Test
  void hostileShapes() {
    long[] rank255 = new long[255];
    Arrays.fill(rank255, 1);
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, rank255, ByteBuffer.allocate(4)));
    assertThrows(
        IllegalArgumentException.class, () -> Tensor.create(rank255, IntBuffer.allocate(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, new long[] {Long.MAX_VALUE, 2, 0}, ByteBuffer.allocate(0)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.FLOAT, new long[] {Long.MIN_VALUE}, ByteBuffer.allocate(0)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.RESOURCE, new long[] {1}, ByteBuffer.allocate(8)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Tensor.create(DataType.VARIANT, new long[] {0}, ByteBuffer.allocate(1)));
    assertThrows(NullPointerException.class, () -> Tensor.create(DataType.FLOAT, null, ByteBuffer.allocate(4)));
  }

  @Test
  void hostileSlicesAndViews() {
    try (Tensor<?> t = Tensor.create(new float[][] {{1, 2}, {3, 4}})) {
      long[] bad = {Long.MIN_VALUE, -1, 3, Long.MAX_VALUE};
      for (long a : bad) {
        assertThrows(IllegalArgumentException.class, () -> t.subSlice(a));
        assertThrows(IllegalArgumentException.class, () -> t.slice(a, 2));
        assertThrows(IllegalArgumentException.class, () -> t.slice(0, a == 3 ? 3 : a));
      }
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, new long[] {Long.MAX_VALUE, Long.MAX_VALUE}));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, new long[] {-16}));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, new long[255]));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.RESOURCE, new long[] {1}));
      assertThrows(IllegalArgumentException.class, () -> Tensor.bitcastFrom(t, DataType.COMPLEX128, new long[] {2}));
      assertThrows(IllegalArgumentException.class, () -> t.copyFrom(t, new long[] {Long.MAX_VALUE, 2}));
      assertEquals(false, t.copyFrom(t, new long[] {1L << 40}));
      assertThrows(NullPointerException.class, () -> Tensor.bitcastFrom(null, DataType.INT8, new long[] {16}));
      assertThrows(NullPointerException.class, () -> Tensor.bitcastFrom(t, null, new long[] {16}));
      assertThrows(NullPointerException.class, () -> Tensor.bitcastFrom(t, DataType.INT8, null));
      assertThrows(NullPointerException.class, () -> t.copyFrom(null, new long[] {4}));
      assertThrows(NullPointerException.class, () -> t.copyFrom(t, null));
      assertThrows(NullPointerException.class, () -> t.sharesBufferWith(null));
      assertThrows(NullPointerException.class, () -> t.isSameSize(null));
      assertThrows(NullPointerException.class, () -> t.copyTo(null));
      assertThrows(NullPointerException.class, () -> t.writeTo((ByteBuffer) null));
      assertThrows(ReadOnlyBufferException.class, () -> t.writeTo(ByteBuffer.allocate(16).asReadOnlyBuffer()));
      assertThrows(NullPointerException.class, () -> Tensor.fromProto(null));
      // A bit cast to a larger element keeps reading inside the buffer.
      try (Tensor<?> wide = Tensor.bitcastFrom(t, DataType.COMPLEX128, new long[] {1})) {
        assertEquals(16, wide.tensorData().remaining());
        assertEquals("?", wide.summarizeValue(-1, false));
      }
    }
  }

  @Test
  void hostileJavaObjects() {
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new Object[] {new int[] {1}}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new Number[] {1}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new int[][] {{1, 2}, {3}}));
    assertThrows(NullPointerException.class, () -> Tensor.create(new int[][] {{1, 2}, null}));
    assertThrows(NullPointerException.class, () -> Tensor.create(new byte[][][] {{{1}, null}}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new char[2][2]));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new short[] {1}));
    assertThrows(IllegalArgumentException.class, () -> Tensor.create(new Boolean[][] {{true}}));
    try (Tensor<?> t = Tensor.create(new int[] {1, 2})) {
      assertThrows(IllegalArgumentException.class, () -> t.copyTo(new Object()));
      assertThrows(IllegalArgumentException.class, () -> t.copyTo(new int[][] {{1}}));
    }
    try (Tensor<?> s = Tensor.create(new byte[][] {{1}, {2}})) {
      assertThrows(IllegalArgumentException.class, () -> s.copyTo(new byte[2]));
      byte[][] out = s.copyTo(new byte[2][7]); // leaves are replaced, whatever their length
      assertEquals(1, out[0].length);
      assertEquals(2, out[1][0]);
    }
  }
}
