package dev.tensorbridge.jmh;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageProcessor;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.image.ops.ResizeWithCropOrPadOp;
import org.tensorflow.lite.support.image.ops.Rot90Op;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A camera frame (1920 x 1080 RGB UINT8) through an {@link ImageProcessor} [ResizeOp 224 x 224
 * BILINEAR, NormalizeOp(127.5, 127.5)] to FLOAT32, and the same after Rot90Op(1) and a centre crop
 * to 1080 x 1080 ({@code *_ours}), next to what a JVM app writes today ({@code *_peer}): the JDK's
 * Java2D bilinear scaling ({@code BufferedImage} + {@code Graphics2D}, {@code
 * VALUE_INTERPOLATION_BILINEAR}; the rotation as a Java2D transform, the crop as a sub-image)
 * followed by upstream 0.4.4's {@code NormalizeOp} on the pixels.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ImageProcessorBench {
  private static final int H = 1080;
  private static final int W = 1920;
  private static final int OUT = 224;

  TensorBuffer frame;
  TensorImage image;
  ImageProcessor resizeNormalize;
  ImageProcessor rotateCropResizeNormalize;

  BufferedImage source;
  peer.org.tensorflow.lite.support.common.ops.NormalizeOp normalizePeer;

  @Setup
  public void setUp() {
    byte[] pixels = new byte[H * W * 3];
    for (int i = 0; i < pixels.length; i++) {
      pixels[i] = (byte) ((i * 2654435761L) >>> 13);
    }
    ByteBuffer direct = ByteBuffer.allocateDirect(pixels.length).order(ByteOrder.nativeOrder());
    direct.put(pixels);
    direct.rewind();
    frame = TensorBuffer.createFixedSize(new int[] {H, W, 3}, DataType.UINT8);
    frame.loadBuffer(direct);
    image = new TensorImage(DataType.UINT8);
    resizeNormalize = new ImageProcessor.Builder()
        .add(new ResizeOp(OUT, OUT, ResizeOp.ResizeMethod.BILINEAR))
        .add(new NormalizeOp(127.5f, 127.5f))
        .build();
    rotateCropResizeNormalize = new ImageProcessor.Builder()
        .add(new Rot90Op(1))
        .add(new ResizeWithCropOrPadOp(H, H))
        .add(new ResizeOp(OUT, OUT, ResizeOp.ResizeMethod.BILINEAR))
        .add(new NormalizeOp(127.5f, 127.5f))
        .build();

    source = new BufferedImage(W, H, BufferedImage.TYPE_3BYTE_BGR);
    byte[] raster = ((DataBufferByte) source.getRaster().getDataBuffer()).getData();
    System.arraycopy(pixels, 0, raster, 0, raster.length);
    normalizePeer = new peer.org.tensorflow.lite.support.common.ops.NormalizeOp(127.5f, 127.5f);
  }

  @Benchmark
  public TensorImage resizeNormalize_ours() {
    // The geometry ops change their input image, so each run starts from the frame again.
    image.load(frame, ColorSpaceType.RGB);
    return resizeNormalize.process(image);
  }

  @Benchmark
  public TensorImage rotateCropResizeNormalize_ours() {
    image.load(frame, ColorSpaceType.RGB);
    return rotateCropResizeNormalize.process(image);
  }

  @Benchmark
  public peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer resizeNormalize_peer() {
    return normalizePeer.apply(pixelsOf(scale(source)));
  }

  @Benchmark
  public peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer
      rotateCropResizeNormalize_peer() {
    BufferedImage rotated = new BufferedImage(H, W, BufferedImage.TYPE_3BYTE_BGR);
    Graphics2D g = rotated.createGraphics();
    // A quarter turn counter-clockwise: (x, y) -> (y, W - x).
    AffineTransform turn = new AffineTransform(0, -1, 1, 0, 0, W);
    g.drawImage(source, turn, null);
    g.dispose();
    return normalizePeer.apply(pixelsOf(scale(rotated.getSubimage(0, (W - H) / 2, H, H))));
  }

  private static BufferedImage scale(BufferedImage from) {
    BufferedImage to = new BufferedImage(OUT, OUT, BufferedImage.TYPE_3BYTE_BGR);
    Graphics2D g = to.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    g.drawImage(from, 0, 0, OUT, OUT, null);
    g.dispose();
    return to;
  }

  private static peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer pixelsOf(
      BufferedImage image) {
    byte[] bytes = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
    peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer pixels =
        peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
            new int[] {OUT, OUT, 3}, peer.org.tensorflow.lite.DataType.UINT8);
    pixels.loadBuffer(ByteBuffer.wrap(bytes));
    return pixels;
  }
}
