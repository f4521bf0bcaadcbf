package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.image.ops.TransformToGrayscaleOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** {@link ImageProcessor} and the image ops: threads, inverse transforms, rotations, errors. */
class ImageProcessorTest {

  private static TensorImage rgb(long seed, int h, int w, DataType type) {
    int[] values = new int[h * w * 3];
    for (int i = 0; i < values.length; i++) {
      values[i] = (int) (ImageVectors.splitmix(seed, i) >>> 56);
    }
    TensorImage image = new TensorImage(type);
    image.load(values, new int[] {h, w, 3});
    return image;
  }

  private static ImageProcessor camera(TensorOperator last) {
    return new ImageProcessor.Builder()
        .add(new Rot90Op(1))
        .add(new ResizeWithCropOrPadOp(60, 50))
        .add(new ResizeOp(24, 24, ResizeOp.ResizeMethod.BILINEAR))
        .add(last)
        .build();
  }

  @Test
  void oneProcessorServesEightThreads() throws Exception {
    // A fused processor, and one with a tensor op it cannot fuse (run op by op).
    TensorOperator notFusable = new TensorOperator() {
      @Override
      public TensorBuffer apply(TensorBuffer input) {
        return new NormalizeOp(127.5f, 127.5f).apply(input);
      }
    };
    for (final ImageProcessor processor :
        new ImageProcessor[] {camera(new NormalizeOp(127.5f, 127.5f)), camera(notFusable)}) {
      final int images = 24;
      final List<float[]> want = new ArrayList<float[]>();
      for (int i = 0; i < images; i++) {
        want.add(processor.process(rgb(i, 40 + i, 70 - i, DataType.UINT8))
            .getTensorBuffer().getFloatArray());
      }
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<Integer>> done = new ArrayList<Future<Integer>>();
        for (int t = 0; t < 8; t++) {
          final int offset = t;
          done.add(pool.submit(new Callable<Integer>() {
            @Override
            public Integer call() {
              for (int round = 0; round < 20; round++) {
                int i = (round + offset) % images;
                float[] got = processor.process(rgb(i, 40 + i, 70 - i, DataType.UINT8))
                    .getTensorBuffer().getFloatArray();
                assertArrayEquals(want.get(i), got, "image " + i);
              }
              return 20;
            }
          }));
        }
        int total = 0;
        for (Future<Integer> f : done) {
          total += f.get();
        }
        assertEquals(160, total);
      } finally {
        pool.shutdown();
      }
    }
  }

  @Test
  void geometryOnlyProcessorsChangeTheImageInPlace() {
    TensorImage image = rgb(1, 10, 20, DataType.UINT8);
    ImageProcessor p = new ImageProcessor.Builder()
        .add(new Rot90Op(-1))
        .add(new ResizeOp(7, 5, ResizeOp.ResizeMethod.NEAREST_NEIGHBOR))
        .build();
    TensorImage out = p.process(image);
    assertSame(image, out);
    assertEquals(7, out.getHeight());
    assertEquals(5, out.getWidth());
    TensorImage withNormalize = new ImageProcessor.Builder()
        .add(new TransformToGrayscaleOp())
        .add(new NormalizeOp(0f, 255f))
        .build()
        .process(image);
    assertNotSame(image, withNormalize);
    assertEquals(ColorSpaceType.GRAYSCALE, image.getColorSpaceType());
    assertEquals(ColorSpaceType.GRAYSCALE, withNormalize.getColorSpaceType());
    assertEquals(DataType.FLOAT32, withNormalize.getDataType());
    assertArrayEquals(new int[] {1, 7, 5, 1}, withNormalize.getTensorBuffer().getShape());
  }

  @Test
  void updateNumberOfRotationsReplacesTheOp() {
    ImageProcessor p = new ImageProcessor.Builder().add(new Rot90Op(0)).add(new Rot90Op(0)).build();
    p.updateNumberOfRotations(1, 1);
    assertEquals(5, p.process(rgb(2, 3, 5, DataType.UINT8)).getHeight());
    // Now three turns and one: a full turn.
    p.updateNumberOfRotations(3);
    assertEquals(3, p.process(rgb(2, 3, 5, DataType.UINT8)).getHeight());
    assertThrows(IndexOutOfBoundsException.class, () -> p.updateNumberOfRotations(1, 2));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new ImageProcessor.Builder().build().updateNumberOfRotations(1));
    assertEquals("The Rot90Op has not been added to the ImageProcessor.", e.getMessage());
  }

  @Test
  void hostileInputsGiveTheDocumentedExceptions() {
    NullPointerException npe = assertThrows(NullPointerException.class,
        () -> new ImageProcessor.Builder().add((ImageOperator) null));
    assertEquals("Adding null Op is illegal.", npe.getMessage());
    ImageProcessor p = camera(new NormalizeOp(0f, 1f));
    assertThrows(NullPointerException.class, () -> p.process(null));
    IllegalStateException ise =
        assertThrows(IllegalStateException.class, () -> p.process(new TensorImage()));
    assertEquals("No image has been loaded yet.", ise.getMessage());

    TensorImage gray = rgb(3, 4, 4, DataType.UINT8);
    new TransformToGrayscaleOp().apply(gray);
    assertEquals(ColorSpaceType.GRAYSCALE, gray.getColorSpaceType());
    String[][] rejections = {
      {"ResizeOp", "x"}, {"ResizeWithCropOrPadOp", "x"}, {"Rot90Op", "x"},
    };
    ImageOperator[] ops = {
      new ResizeOp(2, 2, ResizeOp.ResizeMethod.BILINEAR), new ResizeWithCropOrPadOp(2, 2),
      new Rot90Op(1),
    };
    for (int i = 0; i < ops.length; i++) {
      final ImageOperator op = ops[i];
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> op.apply(gray));
      assertEquals("Only RGB images are supported in " + rejections[i][0] + ", but not GRAYSCALE",
          e.getMessage());
      IllegalArgumentException viaProcessor = assertThrows(IllegalArgumentException.class,
          () -> new ImageProcessor.Builder().add(op).build().process(gray));
      assertEquals(e.getMessage(), viaProcessor.getMessage());
    }
    assertSame(gray, new TransformToGrayscaleOp().apply(gray));

    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> new ResizeOp(0, 5, ResizeOp.ResizeMethod.BILINEAR).apply(rgb(4, 2, 2, DataType.UINT8)));
    assertEquals("width and height must be > 0", zero.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ResizeWithCropOrPadOp(-1, 3));
    IllegalArgumentException huge = assertThrows(IllegalArgumentException.class,
        () -> new ResizeOp(70000, 70000, ResizeOp.ResizeMethod.NEAREST_NEIGHBOR)
            .apply(rgb(5, 2, 2, DataType.FLOAT32)));
    assertEquals("image of 70000x70000x3 elements is too large", huge.getMessage());
  }

  @Test
  void float32ImagesKeepTheFloatResult() {
    TensorImage image = new TensorImage(DataType.FLOAT32);
    image.load(new float[] {0f, 0f, 0f, 1f, 1f, 1f}, new int[] {1, 2, 3});
    new ResizeOp(1, 4, ResizeOp.ResizeMethod.BILINEAR).apply(image);
    // Coordinates -0.25, 0.25, 0.75, 1.25: weights 0, 0.25, 0.75, 1 on [0, 1].
    float[] got = image.getTensorBuffer().getFloatArray();
    assertArrayEquals(new float[] {0, 0, 0, .25f, .25f, .25f, .75f, .75f, .75f, 1, 1, 1}, got);
  }
}
