package org.tensorflow.lite.support.common.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The allocation-free forms refuse an output that shares memory with the input on every path: an
 * identity op (which only copies), a native pass, a fused chain, and a chain with an operator of
 * the caller's that runs one by one. Each refusal leaves both buffers as they were.
 */
class StorageOverlapTest {
  private static final String OVERLAP = "input and output storage overlap";
  private static final float[] VALUES = {1f, 2f, 3f, 4f};

  /** A FLOAT32 [4] buffer over 16 bytes of {@code block} from {@code offset}. */
  private static TensorBuffer floatsAt(ByteBuffer block, int offset) {
    ByteBuffer d = block.duplicate();
    d.position(offset).limit(offset + 16);
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {4}, DataType.FLOAT32);
    b.loadBuffer(d.slice().order(ByteOrder.nativeOrder()));
    return b;
  }

  private static TensorBuffer filled() {
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {4}, DataType.FLOAT32);
    b.loadArray(VALUES);
    return b;
  }

  private static void assertRefused(Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(OVERLAP, e.getMessage());
  }

  /** An operator of the caller's: the processor cannot fuse it and runs the chain one by one. */
  private static final class AddOne implements TensorOperator {
    @Override
    public TensorBuffer apply(TensorBuffer input) {
      float[] v = input.getFloatArray();
      for (int i = 0; i < v.length; i++) {
        v[i] += 1f;
      }
      TensorBuffer out = TensorBuffer.createFixedSize(input.getShape(), DataType.FLOAT32);
      out.loadArray(v);
      return out;
    }
  }

  @Test
  void identityOpsRefuseTheirOwnInput() {
    TensorBuffer x = filled();
    assertRefused(() -> new CastOp(DataType.FLOAT32).apply(x, x));
    assertRefused(() -> new NormalizeOp(0f, 1f).apply(x, x));
    assertRefused(() -> new QuantizeOp(0f, 0f).apply(x, x));
    assertRefused(() -> new DequantizeOp(0f, 1f).apply(x, x));
    assertArrayEquals(VALUES, x.getFloatArray());
  }

  @Test
  void aNativePassRefusesAnOutputOneFloatFurtherOn() {
    ByteBuffer block = ByteBuffer.allocateDirect(20);
    TensorBuffer in = floatsAt(block, 0);
    in.loadArray(VALUES);
    TensorBuffer shifted = floatsAt(block, 4);
    assertRefused(() -> new NormalizeOp(0f, 1f).apply(in, shifted));
    assertRefused(() -> new NormalizeOp(1f, 2f).apply(in, shifted));
    assertRefused(() -> new NormalizeOp(1f, 2f).apply(shifted, in));
    assertArrayEquals(VALUES, in.getFloatArray());
  }

  @Test
  void storagesSideBySideInOneBlockAreAccepted() {
    ByteBuffer block = ByteBuffer.allocateDirect(32);
    TensorBuffer in = floatsAt(block, 0);
    in.loadArray(VALUES);
    TensorBuffer next = floatsAt(block, 16);
    assertSame(next, new NormalizeOp(1f, 2f).apply(in, next));
    assertArrayEquals(new float[] {0f, 0.5f, 1f, 1.5f}, next.getFloatArray());
    assertSame(next, new CastOp(DataType.FLOAT32).apply(in, next));
    assertArrayEquals(VALUES, next.getFloatArray());
  }

  @Test
  void fusedAndIdentityChainsRefuseTheirOwnInput() {
    TensorBuffer y = filled();
    TensorProcessor fused =
        new TensorProcessor.Builder().add(new NormalizeOp(1f, 2f)).add(new NormalizeOp(0f, 3f))
            .build();
    assertRefused(() -> fused.process(y, y));
    TensorProcessor identities =
        new TensorProcessor.Builder().add(new NormalizeOp(0f, 1f))
            .add(new CastOp(DataType.FLOAT32)).build();
    assertRefused(() -> identities.process(y, y));
    assertArrayEquals(VALUES, y.getFloatArray());
  }

  @Test
  void aChainRunOneByOneRefusesItsOwnInputBeforeRunning() {
    TensorBuffer y = filled();
    int[] runs = {0};
    TensorOperator counting = input -> {
      runs[0]++;
      return new AddOne().apply(input);
    };
    TensorProcessor p =
        new TensorProcessor.Builder().add(new NormalizeOp(1f, 2f)).add(counting).build();
    assertRefused(() -> p.process(y, y));
    assertEquals(0, runs[0], "the chain ran before the output was refused");
    assertArrayEquals(VALUES, y.getFloatArray());

    // A separate output gets the chain's result: (x - 1) / 2 + 1.
    TensorBuffer out = TensorBuffer.createFixedSize(new int[] {4}, DataType.FLOAT32);
    assertSame(out, p.process(y, out));
    assertArrayEquals(new float[] {1f, 1.5f, 2f, 2.5f}, out.getFloatArray());
    assertEquals(1, runs[0]);
  }

  @Test
  void nullOutputIsRefusedOnEveryPath() {
    TensorBuffer y = filled();
    TensorProcessor oneByOne =
        new TensorProcessor.Builder().add(new AddOne()).build();
    NullPointerException e = assertThrows(NullPointerException.class, () -> oneByOne.process(y, null));
    assertEquals("output cannot be null", e.getMessage());
    assertThrows(NullPointerException.class, () -> new CastOp(DataType.FLOAT32).apply(y, null));
  }
}
