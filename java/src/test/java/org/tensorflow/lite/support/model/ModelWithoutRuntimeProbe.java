package org.tensorflow.lite.support.model;

import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;

/**
 * Run by ModelTest in a child JVM with no TensorFlow Lite runtime (and no Android classes, with or
 * without TensorFlow Lite's API): prints what each way of creating a model gives.
 */
public final class ModelWithoutRuntimeProbe {
  private ModelWithoutRuntimeProbe() {}

  /**
   * Prints the outcomes.
   *
   * @param args unused
   */
  public static void main(String[] args) {
    try {
      System.out.println("gpu: " + GpuDelegateProxy.maybeNewInstance());
    } catch (Throwable t) {
      System.out.println("gpu: " + t);
    }
    MappedByteBuffer none = null;
    for (Model.Device device : new Model.Device[] {Model.Device.GPU, Model.Device.CPU}) {
      String name = device == Model.Device.GPU ? "gpu device" : "cpu device";
      try {
        Model.createModel(none, "m", new Model.Options.Builder().setDevice(device).build());
        System.out.println(name + ": created");
      } catch (Throwable t) {
        System.out.println(name + ": " + t);
      }
    }
    if (ByteBuffer.allocate(0) == null) {
      throw new AssertionError();
    }
  }
}
