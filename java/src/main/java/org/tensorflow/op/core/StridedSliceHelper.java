package org.tensorflow.op.core;

import dev.tensorbridge.SliceEncoding;
import dev.tensorbridge.index.Index;
import java.nio.IntBuffer;
import org.tensorflow.Operand;
import org.tensorflow.op.Scope;

/**
 * Strided slices written with {@link Index} entries instead of begin/end/strides vectors and
 * masks (project extension after TF Java 0.3+, with the {@code at(-1, true)} fix of
 * docs/contracts/strided_slice.md#end-mask-fix-for-at-1-true).
 */
public final class StridedSliceHelper {
  private StridedSliceHelper() {}

  /**
   * {@code input[indices...]}: encodes the entries (see {@link SliceEncoding#of}), creates the
   * INT32 begin, end and strides constants in {@code scope} (in that order), then the
   * {@code StridedSlice} with all five masks. No entries at all is the identity slice.
   *
   * @param <T> the element type tag of {@code input} and of the result
   * @param scope the scope for the three constants and the slice ({@code Const}, {@code Const_1},
   *     {@code Const_2}, {@code StridedSlice} in a fresh scope)
   * @param input the tensor to slice
   * @param indices one entry per sparse slice position; a null entry means {@code all()}
   * @return the executed slice; its output tensor belongs to the session
   * @throws NullPointerException if {@code indices} is null
   * @throws UnsupportedOperationException for an entry a strided slice cannot express
   * @throws IllegalArgumentException for a value beyond the int range, a second ellipsis, or any
   *     kernel validation error
   */
  public static <T> StridedSlice<T> stridedSlice(Scope scope, Operand<T> input, Index... indices) {
    SliceEncoding e = SliceEncoding.of(indices);
    long[] shape = {indices.length};
    Constant<Integer> begin = Constant.create(scope, shape, IntBuffer.wrap(e.begin()));
    Constant<Integer> end = Constant.create(scope, shape, IntBuffer.wrap(e.end()));
    Constant<Integer> strides = Constant.create(scope, shape, IntBuffer.wrap(e.strides()));
    return StridedSlice.create(
        scope,
        input,
        begin,
        end,
        strides,
        StridedSlice.beginMask(e.beginMask()),
        StridedSlice.endMask(e.endMask()),
        StridedSlice.ellipsisMask(e.ellipsisMask()),
        StridedSlice.newAxisMask(e.newAxisMask()),
        StridedSlice.shrinkAxisMask(e.shrinkAxisMask()));
  }
}
