package org.tensorflow.lite.support.label;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** Turns buffers of label indices into label strings. */
public class LabelUtil {

  /**
   * Maps each element of {@code tensorBuffer} (read as int, floats truncated) plus {@code offset}
   * to the label at that index; an index outside {@code labels} gives {@code ""}.
   *
   * @param tensorBuffer the indices
   * @param labels the labels
   * @param offset added to every index
   * @return one label per element, in row-major order
   * @throws NullPointerException if {@code tensorBuffer} or {@code labels} is null
   */
  public static List<String> mapValueToLabels(
      TensorBuffer tensorBuffer, List<String> labels, int offset) {
    SupportPreconditions.checkNotNull(tensorBuffer, "Given tensor should not be null");
    SupportPreconditions.checkNotNull(labels, "Given labels should not be null");
    int[] values = tensorBuffer.getIntArray();
    int size = labels.size();
    List<String> result = new ArrayList<>(values.length);
    for (int value : values) {
      // int arithmetic, wrapping like upstream's
      int index = value + offset;
      result.add(index < 0 || index >= size ? "" : labels.get(index));
    }
    return result;
  }

  private LabelUtil() {}
}
