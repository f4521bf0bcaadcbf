package dev.tensorbridge.common.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.common.ops.CastOp;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.common.ops.QuantizeOp;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageProcessor;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.image.ops.TensorOperatorWrapper;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** Channels-first placement: alone, fused after the elementwise ops, and in image pipelines. */
class ToChannelsFirstOpTest {
  private static final Random RANDOM = new Random(31);

  /** The storage's elements as raw bytes, element by element, from index 0. */
  private static byte[] elementBytes(TensorBuffer b) {
    ByteBuffer s = b.getBuffer().duplicate();
    s.rewind();
    byte[] out = new byte[b.getFlatSize() * b.getTypeSize()];
    s.get(out);
    return out;
  }

  /** Element (p, c) of interleaved bytes at (c, p): the permutation by its definition. */
  private static byte[] planes(byte[] interleaved, int channels, int size) {
    int pixels = interleaved.length / size / channels;
    byte[] out = new byte[interleaved.length];
    for (int p = 0; p < pixels; p++) {
      for (int c = 0; c < channels; c++) {
        System.arraycopy(interleaved, (p * channels + c) * size, out, (c * pixels + p) * size, size);
      }
    }
    return out;
  }

  private static TensorBuffer random(int[] shape, DataType type, ByteOrder order) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, type);
    byte[] raw = new byte[b.getFlatSize() * b.getTypeSize()];
    RANDOM.nextBytes(raw);
    ByteBuffer storage = ByteBuffer.allocateDirect(raw.length).order(order);
    storage.put(raw).rewind();
    b.loadBuffer(storage, shape);
    return b;
  }

  @ParameterizedTest
  @EnumSource(
      value = DataType.class,
      names = {"FLOAT32", "UINT8", "INT8", "INT16", "INT32", "INT64"})
  void movesEveryTypeBitForBit(DataType type) {
    for (int[] shape : new int[][] {{4, 5, 3}, {1, 7, 2, 3}, {2, 3, 1}, {1, 1, 1, 5}, {0, 4, 3}}) {
      TensorBuffer input = random(shape, type, ByteOrder.nativeOrder());
      TensorBuffer result = new ToChannelsFirstOp().apply(input);
      int rank = shape.length;
      int[] expectedShape = {1, shape[rank - 1], shape[rank - 3], shape[rank - 2]};
      assertArrayEquals(expectedShape, result.getShape());
      assertEquals(type, result.getDataType());
      assertEquals(ByteOrder.nativeOrder(), result.getBuffer().order());
      assertArrayEquals(
          planes(elementBytes(input), shape[rank - 1], input.getTypeSize()), elementBytes(result));
    }
  }

  @Test
  void aBigEndianHeapInputComesOutInNativeOrder() {
    long[] values = {Long.MIN_VALUE, 1L << 60, -3, 0x0102030405060708L, 7, Long.MAX_VALUE};
    ByteBuffer heap = ByteBuffer.allocate(48).order(ByteOrder.BIG_ENDIAN);
    for (long v : values) {
      heap.putLong(v);
    }
    heap.rewind();
    TensorBuffer input = TensorBuffer.createDynamic(DataType.INT64);
    input.loadBuffer(heap, new int[] {1, 3, 2}); // 3 pixels of 2 channels
    TensorBuffer result = new ToChannelsFirstOp().apply(input);
    assertArrayEquals(new int[] {1, 2, 1, 3}, result.getShape());
    assertTrue(result.isDynamic());
    ByteBuffer out = result.getBuffer().duplicate().order(ByteOrder.nativeOrder());
    out.rewind();
    long[] got = new long[6];
    out.asLongBuffer().get(got);
    assertArrayEquals(new long[] {values[0], values[2], values[4], values[1], values[3], values[5]}, got);
  }

  @Test
  void refusesOtherRanksAndBatches() {
    ToChannelsFirstOp op = new ToChannelsFirstOp();
    IllegalArgumentException rank =
        assertThrows(
            IllegalArgumentException.class,
            () -> op.apply(TensorBuffer.createFixedSize(new int[] {4, 3}, DataType.FLOAT32)));
    assertEquals(
        "ToChannelsFirstOp takes a [height, width, channels] or [1, height, width, channels]"
            + " buffer, but the shape is [4, 3]",
        rank.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> op.apply(TensorBuffer.createFixedSize(new int[] {1, 1, 2, 2, 3}, DataType.UINT8)));
    IllegalArgumentException batch =
        assertThrows(
            IllegalArgumentException.class,
            () -> op.apply(TensorBuffer.createFixedSize(new int[] {2, 4, 4, 3}, DataType.FLOAT32)));
    assertEquals(
        "ToChannelsFirstOp takes a batch of one image, but the shape is [2, 4, 4, 3]",
        batch.getMessage());
    assertThrows(NullPointerException.class, () -> op.apply(null));
  }

  /** Fused chains against the same ops applied one by one, bit for bit. */
  @Test
  void aProcessorFusesTheOpsBeforeItWithTheirOneByOneResult() {
    TensorOperator[][] chains = {
      {new NormalizeOp(new float[] {1f, 2f, 3f}, new float[] {0.5f, 2f, 7f}), new ToChannelsFirstOp()},
      {new NormalizeOp(127.5f, 127.5f), new CastOp(DataType.UINT8), new ToChannelsFirstOp()},
      {new QuantizeOp(0f, 0.5f), new ToChannelsFirstOp()},
      {new ToChannelsFirstOp()},
      {new ToChannelsFirstOp(), new NormalizeOp(3f, 2f)}, // after it: op by op
      {new ToChannelsFirstOp(), new ToChannelsFirstOp()},
    };
    for (TensorOperator[] chain : chains) {
      for (DataType type : new DataType[] {DataType.FLOAT32, DataType.UINT8}) {
        for (int[] shape : new int[][] {{9, 11, 3}, {1, 40, 60, 3}, {1, 700, 3, 3}}) {
          TensorBuffer input = random(shape, type, ByteOrder.nativeOrder());
          TensorProcessor.Builder builder = new TensorProcessor.Builder();
          TensorBuffer expected = input;
          for (TensorOperator op : chain) {
            builder.add(op);
            expected = op.apply(expected);
          }
          TensorProcessor processor = builder.build();
          TensorBuffer fused = processor.process(input);
          String what = chain.length + " ops over " + type;
          assertArrayEquals(expected.getShape(), fused.getShape(), what);
          assertEquals(expected.getDataType(), fused.getDataType(), what);
          assertArrayEquals(elementBytes(expected), elementBytes(fused), what);
          TensorBuffer output = TensorBuffer.createFixedSize(expected.getShape(), expected.getDataType());
          processor.process(input, output);
          assertArrayEquals(elementBytes(expected), elementBytes(output), what + " into a buffer");
        }
      }
    }
  }

  @Test
  void theAllocationFreeFormChecksTheOutputShape() {
    TensorBuffer input = random(new int[] {2, 3, 3}, DataType.FLOAT32, ByteOrder.nativeOrder());
    TensorBuffer interleaved = TensorBuffer.createFixedSize(new int[] {2, 3, 3}, DataType.FLOAT32);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new ToChannelsFirstOp().apply(input, interleaved));
    assertEquals(
        "output has shape [2, 3, 3] but the result has shape [1, 3, 2, 3]", e.getMessage());
    TensorBuffer output = TensorBuffer.createFixedSize(new int[] {1, 3, 2, 3}, DataType.FLOAT32);
    new ToChannelsFirstOp().apply(input, output);
    assertArrayEquals(planes(elementBytes(input), 3, 4), elementBytes(output));
  }

  @Test
  void anImageProcessorEndsWithPlanesOfTheProcessedImage() {
    int[] pixels = new int[30 * 20 * 3];
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] = RANDOM.nextInt(256);
    }
    TensorImage image = new TensorImage(DataType.UINT8);
    image.load(pixels, new int[] {30, 20, 3});
    ImageProcessor interleavedSteps =
        new ImageProcessor.Builder()
            .add(new ResizeOp(12, 16, ResizeOp.ResizeMethod.BILINEAR))
            .add(new Rot90Op(1))
            .add(new TensorOperatorWrapper(new NormalizeOp(127.5f, 127.5f)))
            .build();
    ImageProcessor withPlanes =
        new ImageProcessor.Builder()
            .add(new ResizeOp(12, 16, ResizeOp.ResizeMethod.BILINEAR))
            .add(new Rot90Op(1))
            .add(new TensorOperatorWrapper(new NormalizeOp(127.5f, 127.5f)))
            .add(new TensorOperatorWrapper(new ToChannelsFirstOp()))
            .build();
    TensorImage copy = new TensorImage(DataType.UINT8);
    copy.load(pixels, new int[] {30, 20, 3});
    TensorBuffer interleaved = interleavedSteps.process(copy).getTensorBuffer();
    TensorImage result = withPlanes.process(image);
    assertArrayEquals(new int[] {1, 3, 16, 12}, result.getTensorBuffer().getShape());
    assertEquals(16, result.getHeight());
    assertEquals(12, result.getWidth());
    assertEquals(ColorSpaceType.RGB, result.getColorSpaceType());
    assertEquals(DataType.FLOAT32, result.getDataType());
    assertArrayEquals(planes(elementBytes(interleaved), 3, 4), elementBytes(result.getTensorBuffer()));
    // Image ops take interleaved pixels: after the planes they refuse the buffer's shape.
    ImageProcessor resizeAfter =
        new ImageProcessor.Builder().add(new ResizeOp(4, 4, ResizeOp.ResizeMethod.BILINEAR)).build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> resizeAfter.process(result));
    assertTrue(e.getMessage().endsWith("The provided image shape is [1, 3, 16, 12]"), e.getMessage());
  }

  @Test
  void aGrayscaleImageGivesOnePlane() {
    TensorImage gray = new TensorImage(DataType.UINT8);
    int[] values = new int[5 * 4];
    for (int i = 0; i < values.length; i++) {
      values[i] = i * 9;
    }
    TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {1, 5, 4, 1}, DataType.UINT8);
    buffer.loadArray(values);
    gray.load(buffer, ColorSpaceType.GRAYSCALE);
    TensorImage result = new TensorOperatorWrapper(new ToChannelsFirstOp()).apply(gray);
    assertArrayEquals(new int[] {1, 1, 5, 4}, result.getTensorBuffer().getShape());
    assertArrayEquals(values, result.getTensorBuffer().getIntArray());
    assertEquals(5, result.getHeight());
    assertEquals(4, result.getWidth());
  }
}
