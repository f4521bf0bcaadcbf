package dev.tensorbridge.jmh;

import dev.tensorbridge.TensorBridge;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.tensorflow.Tensor;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * {@link TensorBridge}'s two views at 1,000 and 6,220,800 (1080 x 1920 x 3) FLOAT32 elements,
 * whose cost must not depend on the size, next to today's copy into a {@code Tensor}. The state
 * of {@link TensorBridgeFlowBench} is here too.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TensorBridgeBench {
  static final int H = 1080;
  static final int W = 1920;
  static final int C = 3;
  static final int CROP = 224;

  @Param({"1000", "6220800"})
  int elements;

  TensorBuffer buffer;
  Tensor<Float> tensor;

  @Setup
  public void setUp() {
    buffer = TensorBuffer.createFixedSize(new int[] {elements}, DataType.FLOAT32);
    tensor = Tensor.create(new long[] {elements}, java.nio.FloatBuffer.allocate(elements));
  }

  @TearDown
  public void tearDown() {
    tensor.close();
  }

  /** A tensor over the buffer's storage, closed at once (its release is part of the cost). */
  @Benchmark
  public Tensor<?> asTensor() {
    Tensor<?> viewed = TensorBridge.asTensor(buffer);
    viewed.close();
    return viewed;
  }

  /** A TensorBuffer over the tensor's memory (its keep-alive is released by the safety net). */
  @Benchmark
  public TensorBuffer asTensorBuffer() {
    return TensorBridge.asTensorBuffer(tensor);
  }

  /** Today's way in, for scale: copying the buffer's elements into a new tensor. */
  @Benchmark
  public Tensor<?> copyIntoTensor() {
    ByteBuffer storage = buffer.getBuffer();
    storage.rewind();
    Tensor<?> copy = Tensor.create(new long[] {elements}, storage.asFloatBuffer());
    copy.close();
    return copy;
  }

  /** The model output of the flows (not parameterised: one size, 1080 x 1920 x 3). */
  @State(Scope.Thread)
  public static class Flow {
    TensorBuffer output;
    int[] begin;
    int[] end;
    int[] strides;

    @Setup
    public void setUp() {
      output = TensorBuffer.createFixedSize(new int[] {H, W, C}, DataType.FLOAT32);
      ByteBuffer bytes = output.getBuffer();
      for (int i = 0; i < H * W * C; i++) {
        bytes.putFloat(i * 4, i % 251);
      }
      int top = (H - CROP) / 2;
      int left = (W - CROP) / 2;
      // output[top:top+224, left+223:left-1:-1, :]
      begin = new int[] {top, left + CROP - 1, 0};
      end = new int[] {top + CROP, left - 1, C};
      strides = new int[] {1, -1, 1};
    }
  }
}
