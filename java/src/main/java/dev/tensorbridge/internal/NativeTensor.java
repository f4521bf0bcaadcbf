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

  static native long createFromInts(int dtype, long[] shape, int[] data, int offset, int count);

  static native long createFromLongs(int dtype, long[] shape, long[] data, int offset, int count);

  static native long createFromFloats(int dtype, long[] shape, float[] data, int offset, int count);

  static native long createFromDoubles(int dtype, long[] shape, double[] data, int offset, int count);

  static native long createFromBooleans(int dtype, long[] shape, boolean[] data, int offset, int count);

  static native long createStrings(long[] shape, byte[] data, int[] lengths);

  static native long createFromEncodedStrings(long[] shape, byte[] data);

  static native long liveHandles();

  static native long[] describe(long handle);

  static native void release(long handle);
}
