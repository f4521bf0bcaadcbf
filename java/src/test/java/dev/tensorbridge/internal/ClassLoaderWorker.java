package dev.tensorbridge.internal;

import java.util.Arrays;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.ndarray.Shape;

/**
 * Defined anew by each class loader of {@link MultiClassLoaderProbe}: loads the library through its
 * own copy of the tensorbridge classes and makes native calls with it.
 */
public final class ClassLoaderWorker {
  private ClassLoaderWorker() {}

  /**
   * Loads the library and uses it.
   *
   * @return where it came from, then the results of a Shape and a TensorBuffer call, tab-separated
   */
  public static String run() {
    NativeLoader.ensureLoaded();
    long size = Shape.of(2, 3, 4).size();
    TensorBuffer buffer = TensorBuffer.createFixedSize(new int[] {3}, DataType.FLOAT32);
    buffer.loadArray(new float[] {1.5f, -2.5f, 7f});
    return NativeLoader.loadedFrom() + "\t" + size + "\t" + Arrays.toString(buffer.getIntArray());
  }
}
