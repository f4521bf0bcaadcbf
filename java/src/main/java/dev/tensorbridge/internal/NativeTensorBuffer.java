package dev.tensorbridge.internal;

import java.nio.ByteBuffer;

/**
 * Bulk conversions of TFLite Support's {@code TensorBuffer}, in Rust ({@code src/jni/tensor_buffer.rs}).
 * Only {@link TensorBufferKernels} calls these, after it has validated every argument. Each call
 * converts {@code array.length} elements starting at the direct buffer's address; {@code typeCode}
 * is the TfLiteType value of the element type.
 */
final class NativeTensorBuffer {
  static {
    NativeLoader.ensureLoaded();
  }

  private NativeTensorBuffer() {}

  static native void storeFloats(float[] src, ByteBuffer dst, int typeCode, boolean bigEndian);

  static native void storeInts(int[] src, ByteBuffer dst, int typeCode, boolean bigEndian);

  static native void loadFloats(ByteBuffer src, int typeCode, boolean bigEndian, float[] dst);

  static native void loadInts(ByteBuffer src, int typeCode, boolean bigEndian, int[] dst);
}
