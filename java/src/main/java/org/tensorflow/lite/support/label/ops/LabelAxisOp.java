package org.tensorflow.lite.support.label.ops;

import android.content.Context;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tensorflow.lite.support.common.FileUtil;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.label.TensorLabel;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Attaches a fixed set of axis labels to buffers, producing {@link TensorLabel}s. The label lists
 * are shared (not copied) with every result.
 */
public class LabelAxisOp {
  private final Map<Integer, List<String>> axisLabels;

  /**
   * Takes the builder's labels (the map itself, not a copy).
   *
   * @param builder the builder
   */
  protected LabelAxisOp(Builder builder) {
    axisLabels = builder.axisLabels;
  }

  /**
   * Labels {@code buffer}.
   *
   * @param buffer the buffer
   * @return a new {@link TensorLabel} over {@code buffer}
   * @throws NullPointerException if {@code buffer} is null
   * @throws IllegalArgumentException if the labels do not fit the buffer's shape
   */
  public TensorLabel apply(TensorBuffer buffer) {
    SupportPreconditions.checkNotNull(buffer, "Tensor buffer cannot be null.");
    return new TensorLabel(axisLabels, buffer);
  }

  /** Collects the labels of a {@link LabelAxisOp}; a later call for the same axis replaces it. */
  public static class Builder {
    private final Map<Integer, List<String>> axisLabels;

    /** An empty builder. */
    protected Builder() {
      axisLabels = new HashMap<>();
    }

    /**
     * Labels {@code axis} with the lines of an asset file (see {@link FileUtil#loadLabels(Context,
     * String)}).
     *
     * @param context the context whose assets hold the file
     * @param axis the axis
     * @param filePath the asset path
     * @return this builder
     * @throws IOException if the asset cannot be read
     * @throws NullPointerException if {@code context} or {@code filePath} is null
     */
    public Builder addAxisLabel(Context context, int axis, String filePath) throws IOException {
      SupportPreconditions.checkNotNull(context, "Context cannot be null.");
      SupportPreconditions.checkNotNull(filePath, "File path cannot be null.");
      axisLabels.put(axis, FileUtil.loadLabels(context, filePath));
      return this;
    }

    /**
     * Labels {@code axis} with {@code labels} (kept by reference).
     *
     * @param axis the axis
     * @param labels one label per index along the axis
     * @return this builder
     */
    public Builder addAxisLabel(int axis, List<String> labels) {
      axisLabels.put(axis, labels);
      return this;
    }

    /**
     * Creates the operator.
     *
     * @return an operator with the labels added so far
     */
    public LabelAxisOp build() {
      return new LabelAxisOp(this);
    }
  }
}
