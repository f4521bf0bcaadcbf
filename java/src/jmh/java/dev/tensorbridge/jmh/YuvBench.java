package dev.tensorbridge.jmh;

import dev.tensorbridge.image.YuvColorMatrix;
import dev.tensorbridge.image.YuvImages;
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
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.ImageProperties;
import org.tensorflow.lite.support.image.TensorImage;

/**
 * An NV21 1920 x 1080 camera frame to a UINT8 RGB {@link TensorImage} through the public API
 * ({@code nv21ToRgb}), next to a copy of the output's 6,220,800 bytes into fresh direct memory
 * ({@code copyOutputBytes}), the floor the target is measured against (within 2x). Upstream has
 * no YUV conversion to compare with.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class YuvBench {
  private static final int W = 1920;
  private static final int H = 1080;

  TensorImage frame;
  ByteBuffer outputSized;

  @Setup
  public void setUp() {
    ByteBuffer nv21 = ByteBuffer.allocateDirect(W * H * 3 / 2);
    for (int i = 0; i < nv21.capacity(); i++) {
      nv21.put(i, (byte) ((i * 2654435761L) >>> 13));
    }
    frame = new TensorImage();
    frame.load(nv21, ImageProperties.builder().setHeight(H).setWidth(W)
        .setColorSpaceType(ColorSpaceType.NV21).build());
    outputSized = ByteBuffer.allocateDirect(W * H * 3);
  }

  @Benchmark
  public TensorImage nv21ToRgb() {
    return YuvImages.toRgb(frame);
  }

  /** Full-range (JFIF) BT.601: the same rule with other coefficients, at the same speed. */
  @Benchmark
  public TensorImage nv21ToRgbFullRange() {
    return YuvImages.toRgb(frame, YuvColorMatrix.BT601_FULL);
  }

  @Benchmark
  public TensorImage nv21ToRgbBt709() {
    return YuvImages.toRgb(frame, YuvColorMatrix.BT709_LIMITED);
  }

  @Benchmark
  public ByteBuffer copyOutputBytes() {
    ByteBuffer out = ByteBuffer.allocateDirect(W * H * 3).order(ByteOrder.nativeOrder());
    outputSized.clear();
    out.put(outputSized);
    return out;
  }
}
