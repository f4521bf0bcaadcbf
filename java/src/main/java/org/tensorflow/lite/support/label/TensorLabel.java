package org.tensorflow.lite.support.label;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * A {@link TensorBuffer} with labels on some of its axes, for reading a model's output by label.
 *
 * <p>The buffer and the label lists are kept by reference; the shape is captured when the object
 * is made and the labels are checked against it then. The readers take "the labeled axis" to be
 * the first axis of size greater than 1 of the buffer's current shape.
 */
public class TensorLabel {
  private final Map<Integer, List<String>> axisLabels;
  private final TensorBuffer tensorBuffer;
  private final int[] shape;

  /**
   * Labels the axes named by the keys of {@code axisLabels}.
   *
   * @param axisLabels for each labeled axis, one label per index along it
   * @param tensorBuffer the buffer
   * @throws NullPointerException if an argument or a label list is null
   * @throws IllegalArgumentException if an axis is out of range or its label count differs from
   *     its size
   */
  public TensorLabel(Map<Integer, List<String>> axisLabels, TensorBuffer tensorBuffer) {
    SupportPreconditions.checkNotNull(axisLabels, "Axis labels cannot be null.");
    SupportPreconditions.checkNotNull(tensorBuffer, "Tensor Buffer cannot be null.");
    this.axisLabels = axisLabels;
    this.tensorBuffer = tensorBuffer;
    this.shape = tensorBuffer.getShape();
    for (Map.Entry<Integer, List<String>> entry : axisLabels.entrySet()) {
      int axis = entry.getKey();
      SupportPreconditions.checkArgument(
          axis >= 0 && axis < shape.length, "Invalid axis id: " + axis);
      SupportPreconditions.checkNotNull(entry.getValue(), "Label list is null on axis " + axis);
      SupportPreconditions.checkArgument(
          shape[axis] == entry.getValue().size(),
          "Label number " + entry.getValue().size() + " mismatch the shape on axis " + axis);
    }
  }

  /**
   * Labels the first axis of size greater than 1.
   *
   * @param axisLabels one label per index along that axis
   * @param tensorBuffer the buffer
   * @throws IllegalArgumentException if no axis has size greater than 1, or the label count
   *     differs from its size
   */
  public TensorLabel(List<String> axisLabels, TensorBuffer tensorBuffer) {
    this(singleAxis(firstAxisLongerThanOne(tensorBuffer), axisLabels), tensorBuffer);
  }

  /**
   * Splits the buffer along the labeled axis: for each label, a dynamic buffer viewing (not
   * copying) its slice of the storage, with the shape of the axes after the labeled one. Leaves
   * the storage's position at the start of the last slice.
   *
   * @return label to slice, in label order
   * @throws IllegalArgumentException if the labeled axis has no labels
   */
  public Map<String, TensorBuffer> getMapWithTensorBuffer() {
    int labeledAxis = firstAxisLongerThanOne(tensorBuffer);
    Map<String, TensorBuffer> result = new LinkedHashMap<>();
    SupportPreconditions.checkArgument(
        axisLabels.containsKey(labeledAxis),
        "get a <String, TensorBuffer> map requires the labels are set on the first non-1 axis.");
    List<String> labels = axisLabels.get(labeledAxis);
    DataType dataType = tensorBuffer.getDataType();
    int typeSize = tensorBuffer.getTypeSize();
    int flatSize = tensorBuffer.getFlatSize();
    ByteBuffer storage = tensorBuffer.getBuffer();
    storage.rewind();
    // Slices are contiguous only because the labeled axis is the first one longer than 1.
    int sliceBytes = flatSize / shape[labeledAxis] * typeSize;
    SupportPreconditions.checkNotNull(labels, "Label list should never be null");
    int[] sliceShape = Arrays.copyOfRange(shape, labeledAxis + 1, shape.length);
    int i = 0;
    for (String label : labels) {
      storage.position(i * sliceBytes);
      ByteBuffer slice = storage.slice();
      // slice() resets the byte order to big-endian.
      slice.order(storage.order()).limit(sliceBytes);
      TensorBuffer sliceBuffer = TensorBuffer.createDynamic(dataType);
      sliceBuffer.loadBuffer(slice, sliceShape.clone());
      result.put(label, sliceBuffer);
      i++;
    }
    return result;
  }

  /**
   * Each label of the last axis with its element as a float; the labeled axis must be the last
   * one (all others of size 1).
   *
   * @return label to value, in label order
   * @throws IllegalStateException if the labeled axis is not the last one, or the label count
   *     differs from the element count
   */
  public Map<String, Float> getMapWithFloatValue() {
    List<String> labels = lastAxisLabels(
        "get a <String, Scalar> map is only valid when the only labeled axis is the last one.");
    float[] data = tensorBuffer.getFloatArray();
    SupportPreconditions.checkState(labels.size() == data.length);
    Map<String, Float> result = new LinkedHashMap<>();
    int i = 0;
    for (String label : labels) {
      result.put(label, data[i++]);
    }
    return result;
  }

  /**
   * Like {@link #getMapWithFloatValue()}, as {@link Category} objects (empty display name, index
   * -1) in label order.
   *
   * @return one category per label
   * @throws IllegalStateException under the same conditions as {@link #getMapWithFloatValue()}
   */
  public List<Category> getCategoryList() {
    List<String> labels = lastAxisLabels(
        "get a Category list is only valid when the only labeled axis is the last one.");
    float[] data = tensorBuffer.getFloatArray();
    SupportPreconditions.checkState(labels.size() == data.length);
    List<Category> result = new ArrayList<>(labels.size());
    int i = 0;
    for (String label : labels) {
      result.add(new Category(label, data[i++]));
    }
    return result;
  }

  private List<String> lastAxisLabels(String notLastMessage) {
    int labeledAxis = firstAxisLongerThanOne(tensorBuffer);
    SupportPreconditions.checkState(
        labeledAxis == shape.length - 1, notLastMessage);
    return axisLabels.get(labeledAxis);
  }

  private static int firstAxisLongerThanOne(TensorBuffer tensorBuffer) {
    int[] shape = tensorBuffer.getShape();
    for (int i = 0; i < shape.length; i++) {
      if (shape[i] > 1) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "Cannot find an axis to label. A valid axis to label should have size larger than 1.");
  }

  private static Map<Integer, List<String>> singleAxis(int axis, List<String> labels) {
    Map<Integer, List<String>> map = new LinkedHashMap<>();
    map.put(axis, labels);
    return map;
  }
}
