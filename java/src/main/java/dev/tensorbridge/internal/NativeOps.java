package dev.tensorbridge.internal;

/** Eager op natives over tensor handles; reached only through {@link OpKernels}. */
final class NativeOps {
  static {
    NativeLoader.ensureLoaded();
  }

  private NativeOps() {}

  static native long stridedSlice(
      long input,
      long begin,
      long end,
      long strides,
      long beginMask,
      long endMask,
      long ellipsisMask,
      long newAxisMask,
      long shrinkAxisMask);

  static native long share(long handle);
}
