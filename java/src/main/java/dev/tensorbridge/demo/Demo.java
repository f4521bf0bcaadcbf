package dev.tensorbridge.demo;

import dev.tensorbridge.SliceEncoding;
import dev.tensorbridge.TensorBridge;
import dev.tensorbridge.index.Indices;
import dev.tensorbridge.internal.NativeLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.Tensors;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.StridedSlice;

/**
 * A tour of what tensorbridge does, growing with each capability; run it with
 * {@code java -jar tensorbridge-<version>.jar}.
 */
public final class Demo {
  private Demo() {}

  /**
   * Loads the native library, prints where it came from and its version, then runs each
   * capability once and prints the results to standard output.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    NativeLoader.ensureLoaded();
    System.out.println(
        "tensorbridge " + NativeLoader.javaVersion() + ", native library " + NativeLoader.nativeVersion());
    System.out.println("  loaded from " + NativeLoader.loadedFrom());

    System.out.println();
    System.out.println("org.tensorflow.ndarray.Shape");
    Shape image = Shape.of(224, 224, 3);
    Shape batch = image.prepend(Shape.UNKNOWN_SIZE);
    show("image", image);
    show("batch = image.prepend(UNKNOWN_SIZE)", batch);
    show("batch.tail()", batch.tail());
    show("batch.takeLast(2)", batch.takeLast(2));
    System.out.println("  batch.isCompatibleWith([8, 224, 224, 3]) = " + batch.isCompatibleWith(Shape.of(8, 224, 224, 3)));
    System.out.println("  image.get(-1) = " + image.get(-1));
    show("unknown()", Shape.unknown());
    try {
      Shape.scalar().head();
    } catch (IndexOutOfBoundsException e) {
      System.out.println("  scalar().head() -> " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    System.out.println();
    System.out.println("org.tensorflow.Tensor");
    showTensors();
    stridedSlice();
    bridge();
    graphMode();
    cameraFrame();
    audio();
  }

  /**
   * One second of a generated 440 Hz tone at 16 kHz through TensorAudio's ring, then YAMNet's
   * log-mel front end (TensorFlow's numbers), with the time of the front end (best of five).
   */
  private static void audio() {
    System.out.println();
    System.out.println("org.tensorflow.lite.support.audio.TensorAudio, then dev.tensorbridge.audio.LogMelSpectrogramOp");
    int rate = 16000;
    float[] tone = new float[rate];
    for (int i = 0; i < tone.length; i++) {
      tone[i] = (float) (0.5 * Math.sin(2 * Math.PI * 440 * i / rate));
    }
    org.tensorflow.lite.support.audio.TensorAudio audio =
        org.tensorflow.lite.support.audio.TensorAudio.create(
            org.tensorflow.lite.support.audio.TensorAudio.TensorAudioFormat.builder()
                .setSampleRate(rate).build(),
            rate);
    audio.load(tone);
    TensorBuffer ring = audio.getTensorBuffer();
    System.out.println("  TensorAudio 16 kHz mono, 1 s of a 440 Hz tone: shape "
        + Arrays.toString(ring.getShape()));
    TensorBuffer samples = TensorBuffer.createFixedSize(new int[] {rate}, org.tensorflow.lite.DataType.FLOAT32);
    samples.loadArray(ring.getFloatArray());
    dev.tensorbridge.audio.LogMelSpectrogramOp yamnet =
        new dev.tensorbridge.audio.LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125f, 7500f, 0.001f);
    TensorBuffer logMel = null;
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      long start = System.nanoTime();
      logMel = yamnet.apply(samples);
      best = Math.min(best, System.nanoTime() - start);
    }
    System.out.println("  LogMelSpectrogramOp(16000, 400, 160, 512, 64, 125, 7500, 0.001): shape "
        + Arrays.toString(logMel.getShape())
        + String.format(Locale.ROOT, " in %.3f ms", best / 1e6));
  }

  /**
   * A camera-sized NV21 frame (1920 x 1080) as a TensorImage, converted to RGB in Rust on this
   * plain JVM (no Android classes needed), with the time of the conversion (best of five).
   */
  private static void cameraFrame() {
    System.out.println();
    System.out.println("org.tensorflow.lite.support.image.TensorImage (a camera frame, NV21 1920 x 1080)");
    int width = 1920;
    int height = 1080;
    java.nio.ByteBuffer nv21 = java.nio.ByteBuffer.allocateDirect(width * height * 3 / 2);
    for (int i = 0; i < nv21.capacity(); i++) {
      nv21.put(i, (byte) (i < width * height ? (i % width) * 255 / width : 128));
    }
    org.tensorflow.lite.support.image.TensorImage frame =
        new org.tensorflow.lite.support.image.TensorImage();
    frame.load(nv21, org.tensorflow.lite.support.image.ImageProperties.builder()
        .setHeight(height).setWidth(width)
        .setColorSpaceType(org.tensorflow.lite.support.image.ColorSpaceType.NV21).build());
    System.out.println("  frame: " + frame.getColorSpaceType() + " " + frame.getWidth() + " x "
        + frame.getHeight() + ", " + frame.getTensorBuffer().getFlatSize() + " bytes");
    org.tensorflow.lite.support.image.TensorImage rgb = null;
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      long start = System.nanoTime();
      rgb = dev.tensorbridge.image.YuvImages.toRgb(frame);
      best = Math.min(best, System.nanoTime() - start);
    }
    System.out.println("  YuvImages.toRgb(frame): " + rgb.getColorSpaceType() + " "
        + rgb.getDataType() + " shape " + Arrays.toString(rgb.getTensorBuffer().getShape())
        + String.format(Locale.ROOT, " in %.2f ms", best / 1e6));
    org.tensorflow.lite.support.image.ImageProcessor processor =
        new org.tensorflow.lite.support.image.ImageProcessor.Builder()
            .add(new org.tensorflow.lite.support.image.ops.ResizeOp(
                224, 224, org.tensorflow.lite.support.image.ops.ResizeOp.ResizeMethod.BILINEAR))
            .add(new org.tensorflow.lite.support.common.ops.NormalizeOp(127.5f, 127.5f))
            .build();
    org.tensorflow.lite.support.image.TensorImage out = null;
    best = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      // The ops take RGB images, as upstream's: the frame is converted first (timed with them).
      long start = System.nanoTime();
      out = processor.process(dev.tensorbridge.image.YuvImages.toRgb(frame));
      best = Math.min(best, System.nanoTime() - start);
    }
    System.out.println("  toRgb, then ImageProcessor [ResizeOp(224, 224, BILINEAR),"
        + " NormalizeOp(127.5, 127.5)]: " + out.getDataType() + " shape "
        + Arrays.toString(out.getTensorBuffer().getShape())
        + String.format(Locale.ROOT, " in %.2f ms", best / 1e6));
  }

  /**
   * A TFLite-style flow: a model's FLOAT32 output in a TensorBuffer, viewed as a tensor without a
   * copy, centre-cropped and flipped left-right with StridedSlice, read back as a TensorBuffer.
   */
  private static void bridge() {
    System.out.println();
    System.out.println("dev.tensorbridge.TensorBridge (TensorBuffer <-> Tensor without copies)");
    int height = 6;
    int width = 8;
    int channels = 2;
    // What a segmentation model might leave in its output buffer: pixel (y, x), channel c holds
    // y + x / 10 + c / 100, so every value names its position.
    float[] scores = new float[height * width * channels];
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        for (int c = 0; c < channels; c++) {
          scores[(y * width + x) * channels + c] = y + x / 10f + c / 100f;
        }
      }
    }
    TensorBuffer output =
        TensorBuffer.createFixedSize(new int[] {height, width, channels}, org.tensorflow.lite.DataType.FLOAT32);
    output.loadArray(scores);
    try (EagerSession session = EagerSession.create();
        Tensor<?> viewed = TensorBridge.asTensor(output)) {
      Ops tf = Ops.create(session);
      System.out.println("  output " + Arrays.toString(output.getShape()) + " viewed as " + viewed);
      @SuppressWarnings("unchecked")
      Constant<Float> map = tf.constant((Tensor<Float>) viewed);
      // Centre crop 4 x 4 (rows 1..4, columns 2..5), columns reversed, all channels:
      // output[1:5, 5:1:-1, :].
      StridedSlice<Float> crop =
          tf.stridedSlice(map, tf.constant(new int[] {1, 5, 0}), tf.constant(new int[] {5, 1, 0}),
              tf.constant(new int[] {1, -1, 1}), StridedSlice.endMask(0b100L));
      TensorBuffer cropped = TensorBridge.asTensorBuffer(crop.output().tensor());
      System.out.println("  output[1:5, 5:1:-1, :] -> TensorBuffer " + Arrays.toString(cropped.getShape())
          + " " + cropped.getDataType());
      float[] values = cropped.getFloatArray();
      for (int y = 0; y < 4; y++) {
        StringBuilder row = new StringBuilder("   ");
        for (int x = 0; x < 4; x++) {
          row.append(String.format(Locale.ROOT, " %5.2f", values[(y * 4 + x) * channels]));
        }
        System.out.println(row);
      }
      output.getBuffer().putFloat(4 * ((1 * width + 5) * channels), -1f);
      System.out.println("  after writing -1 at output[1, 5, 0], the constant (no copy) reads "
          + tf.stridedSlice(map, tf.constant(new int[] {1, 5, 0}), tf.constant(new int[] {2, 6, 1}),
                  tf.constant(new int[] {1, 1, 1}))
              .output().tensor().copyTo(new float[1][1][1])[0][0][0]);
    }
  }

  /** TensorFlow 1.x style: build a graph with a partially known input, then run it. */
  private static void graphMode() {
    System.out.println();
    System.out.println("org.tensorflow.Graph and Session (graph mode)");
    try (Graph g = new Graph()) {
      Ops tf = Ops.create(g);
      Placeholder<Float> x =
          tf.placeholder(Float.class, Placeholder.shape(org.tensorflow.Shape.make(-1, 4)));
      StridedSlice<Float> y =
          tf.stridedSlice(
              x,
              tf.constant(new int[] {0, 1}),
              tf.constant(new int[] {0, 3}),
              tf.constant(new int[] {1, 1}),
              StridedSlice.beginMask(1L),
              StridedSlice.endMask(1L));
      System.out.println("  x[:, 1:3] of x " + x.asOutput().shape() + ": shape " + y.asOutput().shape());
      try (Session s = new Session(g);
          Tensor<Float> in = Tensors.create(new float[][] {{1, 2, 3, 4}, {5, 6, 7, 8}});
          Tensor<?> out = s.runner().feed(x, in).fetch(y).run().get(0)) {
        System.out.println(
            "  fed [[1, 2, 3, 4], [5, 6, 7, 8]] -> " + Arrays.deepToString(out.copyTo(new float[2][2])));
      }
      try (Session s = new Session(g)) {
        s.runner().fetch(y).run();
      } catch (IllegalArgumentException e) {
        System.out.println("  run without a feed -> " + e.getMessage().split("\n")[0]);
      }
      System.out.println("  GraphDef: " + g.toGraphDef().length + " bytes");
    }
  }

  private static void stridedSlice() {
    System.out.println();
    System.out.println("org.tensorflow.op.core.StridedSlice (eager)");
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Integer> grid = tf.constant(new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
      StridedSlice<Integer> corners =
          tf.stridedSlice(
              grid,
              tf.constant(new int[] {1, 0}),
              tf.constant(new int[] {0, 0}),
              tf.constant(new int[] {1, -2}),
              StridedSlice.beginMask(0b10L).endMask(0b11L));
      System.out.println(
          "  grid[1:, ::-2] = " + Arrays.deepToString(corners.output().tensor().copyTo(new int[2][2]))
              + "  " + corners.output());
      StridedSlice<Integer> column = tf.stridedSlice(grid, Indices.all(), Indices.newAxis(), Indices.at(2));
      System.out.println(
          "  grid[:, None, 2] = " + Arrays.deepToString(column.output().tensor().copyTo(new int[3][1])));
      StridedSlice<Integer> last = tf.stridedSlice(grid, SliceEncoding.parseIndices("-1:"));
      System.out.println(
          "  grid[-1:] = " + Arrays.deepToString(last.output().tensor().copyTo(new int[1][4])));
      SliceEncoding e = SliceEncoding.parse("1, 2:4, newaxis, ..., :-3:-1, :");
      System.out.println(
          "  \"1, 2:4, newaxis, ..., :-3:-1, :\" -> begin " + Arrays.toString(e.begin()) + ", end "
              + Arrays.toString(e.end()) + ", strides " + Arrays.toString(e.strides())
              + ", masks " + e.beginMask() + "/" + e.endMask() + "/" + e.ellipsisMask() + "/"
              + e.newAxisMask() + "/" + e.shrinkAxisMask());
      try {
        tf.stridedSlice(grid, Indices.at(5));
      } catch (IllegalArgumentException ex) {
        System.out.println("  grid[5] -> IllegalArgumentException: " + ex.getMessage());
      }
    }
  }

  private static void showTensors() {
    ByteBuffer rowData;
    try (Tensor<Float> matrix =
            Tensor.create(new float[][] {{0.1f, 1f / 3, 2.5f}, {1e20f, -0f, 123456789f}}, Float.class);
        Tensor<Float> row = matrix.subSlice(1)) {
      System.out.println("  " + matrix + ", numBytes " + matrix.numBytes());
      System.out.println("  debugString()      = " + matrix.debugString());
      System.out.println("  summarizeValue(-1, printV2) =\n    "
          + matrix.summarizeValue(-1, true).replace("\n", "\n    "));
      System.out.println("  subSlice(1)        = " + row.debugString(10)
          + ", aligned " + row.isAligned() + ", shares buffer " + row.sharesBufferWith(matrix));
      byte[] proto = matrix.asProtoTensorContent();
      System.out.println("  asProtoTensorContent() = " + hex(proto));
      try (Tensor<?> back = Tensor.fromProto(proto)) {
        System.out.println("  fromProto(...)     = " + back.debugString(6));
      }
      rowData = row.tensorData();
    }
    System.out.println("  tensorData() of the row after both tensors closed: " + rowData.remaining()
        + " bytes, first float " + rowData.getFloat(0));
    byte[][] words = {"hello".getBytes(StandardCharsets.UTF_8), "tensor".getBytes(StandardCharsets.UTF_8)};
    try (Tensor<String> strings = Tensor.create(words, String.class)) {
      System.out.println("  " + strings.debugString() + ", asProtoField() = " + hex(strings.asProtoField()));
    }
    try (Tensor<?> half = Tensor.create(DataType.HALF, new long[] {2}, ByteBuffer.wrap(new byte[] {0, 0x3c, 0, (byte) 0xc0}))) {
      System.out.println("  " + half.debugString());
    }
    try {
      Tensor.create(new int[][] {{1, 2}, {3}});
    } catch (IllegalArgumentException e) {
      System.out.println("  create(ragged int[][]) -> " + e.getMessage());
    }
    try {
      Tensor.fromProto(new byte[] {8, 1, 18, 4, 18, 2, 8, 3, 34, 1, 0});
    } catch (IllegalArgumentException e) {
      System.out.println("  fromProto(3 floats, 1 content byte) -> " + e.getMessage());
    }
  }

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return s.toString();
  }

  private static void show(String label, Shape shape) {
    System.out.println("  " + label + " = " + shape + "  (rank " + shape.numDimensions() + ", size " + shape.size() + ")");
  }
}
