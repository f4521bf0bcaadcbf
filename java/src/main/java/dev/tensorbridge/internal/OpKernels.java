package dev.tensorbridge.internal;

/**
 * The checkpoint between the eager op runtime ({@code org.tensorflow.EagerSession}) and the op
 * natives. Callers pass live, non-zero tensor handles and keep their owners reachable and
 * unreleased until the call returns; zero handles are rejected here before any native call.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class OpKernels {
  private OpKernels() {}

  /**
   * Runs TensorFlow's {@code StridedSlice} kernel and returns the handle of the new output tensor.
   * The masks are passed as 64-bit attribute values so that the native side reports values outside
   * the int32 range with TensorFlow's message. Errors: {@code IllegalArgumentException} for
   * invalid arguments (the bare kernel message), {@code UnsupportedOperationException} for
   * {@code Unhandled input dimensions}, {@code TensorFlowException} for internal failures.
   *
   * @param input the live handle of the tensor to slice
   * @param begin the live handle of the begin vector
   * @param end the live handle of the end vector
   * @param strides the live handle of the strides vector
   * @param beginMask the begin mask attribute
   * @param endMask the end mask attribute
   * @param ellipsisMask the ellipsis mask attribute
   * @param newAxisMask the new axis mask attribute
   * @param shrinkAxisMask the shrink axis mask attribute
   * @return a new native handle of the result, owned by the caller
   * @throws NullPointerException if a handle is 0
   */
  public static long stridedSlice(
      long input,
      long begin,
      long end,
      long strides,
      long beginMask,
      long endMask,
      long ellipsisMask,
      long newAxisMask,
      long shrinkAxisMask) {
    TensorKernels.checkHandle(input);
    TensorKernels.checkHandle(begin);
    TensorKernels.checkHandle(end);
    TensorKernels.checkHandle(strides);
    return NativeOps.stridedSlice(
        input, begin, end, strides, beginMask, endMask, ellipsisMask, newAxisMask, shrinkAxisMask);
  }

  /**
   * A second handle to the same tensor value. The buffer is shared, not copied (shared buffers
   * are immutable); each handle must be released on its own with {@link TensorKernels#release}.
   *
   * @param handle a live tensor handle
   * @return a new native handle, owned by the caller
   * @throws NullPointerException if {@code handle} is 0
   */
  public static long share(long handle) {
    TensorKernels.checkHandle(handle);
    return NativeOps.share(handle);
  }
}
