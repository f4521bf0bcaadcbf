package dev.tensorbridge.internal;

import java.nio.ByteBuffer;

/** Natives over tensor handles; reached only through {@link TensorKernels}, which checks arguments. */
final class NativeTensor {
  static {
    NativeLoader.ensureLoaded();
  }

  private NativeTensor() {}

  static native long createFromBytes(int dtype, long[] shape, byte[] data, int offset, int length);

  static native long createFromDirect(int dtype, long[] shape, ByteBuffer data, int position, int length);

  static native long[] describe(long handle);

  static native void release(long handle);
}
