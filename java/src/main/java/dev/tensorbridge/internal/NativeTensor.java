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

  static native ByteBuffer dataView(long handle, long[] keepAlive);

  static native long numBytes(long handle);

  static native byte[] encodedStrings(long handle);

  static native byte[] readStrings(long handle, int[] lengths);

  static native String summarizeValue(long handle, long maxEntries, boolean printV2);

  static native String debugString(long handle, long numValues);

  static native String deviceSafeDebugString(long handle);

  static native long slice(long handle, long start, long limit);

  static native long subSlice(long handle, long index);

  static native long bitcastFrom(long otherHandle, int dtype, long[] shape);

  static native boolean copyFrom(long handle, long otherHandle, long[] shape);

  static native boolean sharesBufferWith(long handle, long otherHandle);

  static native boolean isAligned(long handle);

  static native boolean isInitialized(long handle);

  static native long totalBytes(long handle);

  static native long allocatedBytes(long handle);

  static native long fromProto(byte[] serialized, long maxBytes);

  static native byte[] asProtoTensorContent(long handle);

  static native byte[] asProtoField(long handle);
}
