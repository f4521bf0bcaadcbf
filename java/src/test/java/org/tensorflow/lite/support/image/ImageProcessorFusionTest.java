package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.CastOp;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.common.ops.QuantizeOp;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.image.ops.TensorOperatorWrapper;
import org.tensorflow.lite.support.image.ops.TransformToGrayscaleOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A fused {@link ImageProcessor} gives what its ops give one by one, in the result, its shape,
 * the exception, and the input image's state afterwards, including ops that leave an image as it
 * is (a multiple of four turns, GRAYSCALE to GRAYSCALE) and inputs that are 4-D, flat (loaded
 * through {@link ImageProperties}) or GRAYSCALE. The expected side is the ops' own {@code apply},
 * one after the other; the rules they follow (the RGB shape an op needs, upstream's messages) are
 * pinned down by the named cases first.
 */
class ImageProcessorFusionTest {
  private static final String RGB_SHAPE =
      "The shape of a RGB image should be (h, w, c) or (1, h, w, c), and channels representing R,"
          + " G, B in order. The provided image shape is ";

  private static TensorImage loaded(TensorBuffer buffer, ColorSpaceType space) {
    TensorImage image = new TensorImage(buffer.getDataType());
    image.load(buffer, space);
    return image;
  }

  private static TensorImage withProperties(TensorBuffer buffer, ColorSpaceType space, int h,
      int w) {
    TensorImage image = new TensorImage(buffer.getDataType());
    image.load(buffer, ImageProperties.builder().setColorSpaceType(space).setHeight(h)
        .setWidth(w).build());
    return image;
  }

  private static TensorBuffer counting(int[] shape, DataType type) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, type);
    int[] v = new int[b.getFlatSize()];
    for (int i = 0; i < v.length; i++) {
      v[i] = i % 100;
    }
    b.loadArray(v);
    return b;
  }

  @Test
  void quarterTurnsOfZeroKeepAFourDimensionalImage() {
    TensorImage image = loaded(counting(new int[] {1, 2, 2, 3}, DataType.UINT8),
        ColorSpaceType.RGB);
    TensorBuffer before = image.getTensorBuffer();
    TensorImage result = new ImageProcessor.Builder().add(new Rot90Op(0)).add(new Rot90Op(4))
        .add(new Rot90Op(-8)).build().process(image);
    assertSame(image, result);
    assertSame(before, image.getTensorBuffer());
    assertArrayEquals(new int[] {1, 2, 2, 3}, image.getTensorBuffer().getShape());
    assertSame(image, new Rot90Op(0).apply(image));
    assertArrayEquals(new int[] {1, 2, 2, 3}, image.getTensorBuffer().getShape());
  }

  @Test
  void quarterTurnsOfZeroStillNeedAnRgbShapedBuffer() {
    // Six values loaded as a 1x2 RGB image: upstream's ops draw the buffer's bitmap, which needs
    // an RGB shape, so even a turn of zero throws.
    TensorImage image =
        withProperties(counting(new int[] {6}, DataType.FLOAT32), ColorSpaceType.RGB, 1, 2);
    ImageProcessor processor = new ImageProcessor.Builder().add(new Rot90Op(0))
        .add(new NormalizeOp(new float[] {1, 2, 3}, new float[] {1, 1, 1})).build();
    IllegalArgumentException fused =
        assertThrows(IllegalArgumentException.class, () -> processor.process(image));
    assertEquals(RGB_SHAPE + "[6]", fused.getMessage());
    IllegalArgumentException alone =
        assertThrows(IllegalArgumentException.class, () -> new Rot90Op(0).apply(image));
    assertEquals(fused.getMessage(), alone.getMessage());
    assertArrayEquals(new int[] {6}, image.getTensorBuffer().getShape());
  }

  @Test
  void grayscaleImagesPassTheGrayscaleOpUnchanged() {
    TensorImage image = loaded(counting(new int[] {2, 3}, DataType.UINT8),
        ColorSpaceType.GRAYSCALE);
    TensorBuffer before = image.getTensorBuffer();
    TensorImage result = new ImageProcessor.Builder().add(new TransformToGrayscaleOp())
        .add(new NormalizeOp(1f, 2f)).build().process(image);
    assertArrayEquals(new int[] {2, 3}, result.getTensorBuffer().getShape());
    assertArrayEquals(new float[] {-0.5f, 0f, 0.5f, 1f, 1.5f, 2f},
        result.getTensorBuffer().getFloatArray(), 0f);
    assertSame(before, image.getTensorBuffer());
    assertArrayEquals(new int[] {2, 3}, image.getTensorBuffer().getShape());

    TensorImage flat = withProperties(counting(new int[] {3}, DataType.INT8),
        ColorSpaceType.GRAYSCALE, 1, 1);
    TensorImage same = new ImageProcessor.Builder().add(new TransformToGrayscaleOp()).build()
        .process(flat);
    assertSame(flat, same);
    assertEquals(3, same.getTensorBuffer().getFlatSize());
  }

  @Test
  void sizesThatWrapAnIntGiveUpstreamsShapeMessage() {
    TensorImage image =
        withProperties(counting(new int[] {12}, DataType.UINT8), ColorSpaceType.RGB, 46341, 46341);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ResizeOp(2, 2, ResizeOp.ResizeMethod.BILINEAR).apply(image));
    assertEquals(RGB_SHAPE + "[12]", e.getMessage());
    for (int size : new int[] {46341, 65536, Integer.MAX_VALUE}) {
      TensorImage wrapped =
          withProperties(counting(new int[] {12}, DataType.UINT8), ColorSpaceType.RGB, size, size);
      for (ImageOperator op : new ImageOperator[] {
          new ResizeOp(2, 2, ResizeOp.ResizeMethod.NEAREST_NEIGHBOR),
          new ResizeWithCropOrPadOp(2, 2), new Rot90Op(1), new Rot90Op(0)}) {
        IllegalArgumentException each =
            assertThrows(IllegalArgumentException.class, () -> op.apply(wrapped));
        assertEquals(RGB_SHAPE + "[12]", each.getMessage(), op + " at " + size);
      }
    }
  }

  @Test
  void opsReadTheBuffersOwnShapeAsUpstreamsBitmap() {
    // 2x2 pixels loaded as a 1x2 image: the ops see the 2x2 buffer, as upstream's bitmap.
    TensorImage image =
        withProperties(counting(new int[] {2, 2, 3}, DataType.UINT8), ColorSpaceType.RGB, 1, 2);
    new Rot90Op(2).apply(image);
    assertArrayEquals(new int[] {2, 2, 3}, image.getTensorBuffer().getShape());
    assertArrayEquals(new int[] {9, 10, 11, 6, 7, 8, 3, 4, 5, 0, 1, 2},
        image.getTensorBuffer().getIntArray());
  }

  // ---- random chains: fused against one by one ----

  private static final DataType[] TYPES = {
    DataType.UINT8, DataType.FLOAT32, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };

  /** How an input image is built, so that two identical copies can be made. */
  private static final class Input {
    final int kind; // 0 (h,w,3), 1 (1,h,w,3), 2 flat RGB, 3 (h,w) gray, 4 (1,h,w,1), 5 flat gray
    final DataType type;
    final int h;
    final int w;
    final int extra; // flat inputs: values beyond what the size needs
    final long seed;

    Input(Random r) {
      kind = r.nextInt(6);
      type = TYPES[r.nextInt(TYPES.length)];
      h = 1 + r.nextInt(5);
      w = 1 + r.nextInt(5);
      extra = r.nextInt(3);
      seed = r.nextLong();
    }

    boolean rgb() {
      return kind < 3;
    }

    int[] shape() {
      int c = rgb() ? 3 : 1;
      switch (kind) {
        case 0:
          return new int[] {h, w, 3};
        case 1:
          return new int[] {1, h, w, 3};
        case 3:
          return new int[] {h, w};
        case 4:
          return new int[] {1, h, w, 1};
        default:
          return new int[] {h * w * c + extra};
      }
    }

    TensorImage build() {
      int[] shape = shape();
      TensorBuffer b = TensorBuffer.createFixedSize(shape, type);
      Random values = new Random(seed);
      int[] v = new int[b.getFlatSize()];
      for (int i = 0; i < v.length; i++) {
        v[i] = values.nextInt(256) - (type == DataType.UINT8 ? 0 : 100);
      }
      b.loadArray(v);
      ColorSpaceType space = rgb() ? ColorSpaceType.RGB : ColorSpaceType.GRAYSCALE;
      return shape.length == 1 ? withProperties(b, space, h, w) : loaded(b, space);
    }

    @Override
    public String toString() {
      return "input " + Arrays.toString(shape()) + " " + type + (rgb() ? " RGB" : " GRAYSCALE");
    }
  }

  private static ImageOperator randomGeometry(Random r) {
    switch (r.nextInt(5)) {
      case 0:
        return new Rot90Op(4 * (r.nextInt(5) - 2)); // a whole number of turns
      case 1:
        return new Rot90Op(r.nextInt(11) - 5);
      case 2:
        return new ResizeOp(1 + r.nextInt(6), 1 + r.nextInt(6),
            r.nextBoolean() ? ResizeOp.ResizeMethod.BILINEAR
                : ResizeOp.ResizeMethod.NEAREST_NEIGHBOR);
      case 3:
        return new ResizeWithCropOrPadOp(1 + r.nextInt(6), 1 + r.nextInt(6));
      default:
        return new TransformToGrayscaleOp();
    }
  }

  private static ImageOperator randomTensorOp(Random r) {
    switch (r.nextInt(5)) {
      case 0:
        return new TensorOperatorWrapper(new NormalizeOp(r.nextInt(3) == 0 ? 0f : 127.5f,
            r.nextInt(3) == 0 ? 1f : 127.5f));
      case 1:
        return new TensorOperatorWrapper(
            new NormalizeOp(new float[] {1f, 2f, 3f}, new float[] {2f, 4f, 8f}));
      case 2:
        return new TensorOperatorWrapper(
            new CastOp(r.nextBoolean() ? DataType.FLOAT32 : DataType.UINT8));
      case 3:
        return new TensorOperatorWrapper(new QuantizeOp(r.nextInt(3) == 0 ? 0f : 3f, 0.5f));
      default:
        return new TensorOperatorWrapper(new NormalizeOp(0f, 1f));
    }
  }

  /** What a run left: the exception, or the result and the input image as they ended up. */
  private static String outcome(ImageProcessor processor, List<ImageOperator> ops,
      TensorImage image, boolean fused) {
    TensorImage result;
    try {
      if (fused) {
        result = processor.process(image);
      } else {
        result = image;
        for (ImageOperator op : ops) {
          result = op.apply(result);
        }
      }
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage() + "; input " + describe(image);
    }
    return "result " + (result == image ? "is the input " : "") + describe(result) + "; input "
        + describe(image);
  }

  private static String describe(TensorImage image) {
    StringBuilder s = new StringBuilder();
    s.append(image.getDataType()).append(' ').append(image.getColorSpaceType()).append(' ');
    TensorBuffer b = image.getTensorBuffer();
    s.append(b.getDataType()).append(Arrays.toString(b.getShape())).append(' ');
    for (float f : b.getFloatArray()) {
      // Every NaN is one NaN: its sign depends on the vector code (documented).
      s.append(Float.isNaN(f) ? "NaN" : Float.toString(f)).append(',');
    }
    return s.toString();
  }

  @Test
  void randomChainsRunFusedAsOneByOne() {
    Random r = new Random(32);
    int fusedRuns = 0;
    int failures = 0;
    for (int round = 0; round < 1500; round++) {
      Input input = new Input(r);
      List<ImageOperator> ops = new ArrayList<ImageOperator>();
      int geometry = 1 + r.nextInt(3);
      for (int i = 0; i < geometry; i++) {
        ops.add(randomGeometry(r));
      }
      int tensorOps = r.nextInt(3);
      for (int i = 0; i < tensorOps; i++) {
        ops.add(randomTensorOp(r));
      }
      ImageProcessor.Builder builder = new ImageProcessor.Builder();
      for (ImageOperator op : ops) {
        builder.add(op);
      }
      ImageProcessor processor = builder.build();
      String want = outcome(processor, ops, input.build(), false);
      String got = outcome(processor, ops, input.build(), true);
      if (!want.equals(got)) {
        fail("round " + round + ", " + input + ", ops " + ops + "\n one by one: " + want
            + "\n fused:      " + got);
      }
      if (want.startsWith("result")) {
        fusedRuns++;
      } else {
        failures++;
      }
    }
    // Both kinds of outcome are exercised in numbers.
    assertTrue(fusedRuns > 300, "results: " + fusedRuns);
    assertTrue(failures > 100, "exceptions: " + failures);
  }
}
