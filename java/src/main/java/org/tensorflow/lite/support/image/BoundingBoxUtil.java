package org.tensorflow.lite.support.image;

import static org.tensorflow.lite.support.common.internal.SupportPreconditions.checkArgument;

import android.graphics.RectF;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Reads bounding boxes out of a FLOAT32 detection tensor as Android {@code RectF}s (so {@link
 * #convert} needs Android's classes at run time, like upstream; the enums do not).
 */
public final class BoundingBoxUtil {
  private BoundingBoxUtil() {}

  /** How the four values of a box describe it. */
  public enum Type {
    /** left, top, right, bottom. */
    BOUNDARIES,
    /** left, top, width, height. */
    UPPER_LEFT,
    /** center x, center y, width, height. */
    CENTER,
  }

  /** Whether the values are pixels or fractions of the image size. */
  public enum CoordinateType {
    /** Fractions of the image width (x) and height (y). */
    RATIO,
    /** Pixels. */
    PIXEL
  }

  /**
   * One rectangle per position of the other axes of {@code tensor}, in row-major order.
   *
   * @param tensor FLOAT32 values; the axis {@code boundingBoxAxis} has size 4
   * @param valueIndex where each of the type's four values sits along that axis
   * @param boundingBoxAxis the axis holding the four values; negative counts from the end
   * @param type how the values describe the box
   * @param coordinateType pixels, or ratios scaled by {@code height} and {@code width}
   * @param height the image height (for RATIO)
   * @param width the image width (for RATIO)
   * @return the boxes in pixels
   * @throws IllegalArgumentException if the axis is out of range, its size is not 4, {@code
   *     valueIndex} does not have 4 entries, or the tensor is not FLOAT32
   */
  public static List<RectF> convert(
      TensorBuffer tensor,
      int[] valueIndex,
      int boundingBoxAxis,
      Type type,
      CoordinateType coordinateType,
      int height,
      int width) {
    int[] shape = tensor.getShape();
    checkArgument(
        boundingBoxAxis >= -shape.length && boundingBoxAxis < shape.length,
        String.format(
            "Axis %d is not in range (-(D+1), D), where D is the number of dimensions of input"
                + " tensor (shape=%s)",
            boundingBoxAxis, Arrays.toString(shape)));
    int axis = boundingBoxAxis < 0 ? boundingBoxAxis + shape.length : boundingBoxAxis;
    checkArgument(
        shape[axis] == 4,
        String.format(
            "Size of bounding box dimension %d is not 4. Got %d in shape %s",
            axis, shape[axis], Arrays.toString(shape)));
    checkArgument(
        valueIndex.length == 4,
        String.format(
            "Bounding box index array length %d is not 4. Got index array %s",
            valueIndex.length, Arrays.toString(valueIndex)));
    checkArgument(
        tensor.getDataType() == DataType.FLOAT32,
        "Bounding Boxes only create from FLOAT32 buffers. Got: " + tensor.getDataType().name());
    // View the tensor as (outer, 4, inner): box (i, j) has its values at (i * 4 + k) * inner + j.
    int outer = 1;
    for (int i = 0; i < axis; i++) {
      outer *= shape[i];
    }
    int inner = 1;
    for (int i = axis + 1; i < shape.length; i++) {
      inner *= shape[i];
    }
    float[] values = tensor.getFloatArray();
    List<RectF> boxes = new ArrayList<RectF>();
    float[] box = new float[4];
    float[] ordered = new float[4];
    for (int i = 0; i < outer; i++) {
      for (int j = 0; j < inner; j++) {
        for (int k = 0; k < 4; k++) {
          box[k] = values[(i * 4 + k) * inner + j];
        }
        for (int k = 0; k < 4; k++) {
          ordered[k] = box[valueIndex[k]];
        }
        boxes.add(toRect(ordered, type, coordinateType, height, width));
      }
    }
    return boxes;
  }

  private static RectF toRect(
      float[] v, Type type, CoordinateType coordinateType, int height, int width) {
    float left;
    float top;
    float right;
    float bottom;
    switch (type) {
      case BOUNDARIES:
        left = v[0];
        top = v[1];
        right = v[2];
        bottom = v[3];
        break;
      case UPPER_LEFT:
        left = v[0];
        top = v[1];
        right = v[0] + v[2];
        bottom = v[1] + v[3];
        break;
      case CENTER:
        left = v[0] - v[2] / 2;
        top = v[1] - v[3] / 2;
        right = v[0] + v[2] / 2;
        bottom = v[1] + v[3] / 2;
        break;
      default:
        throw new IllegalArgumentException("Cannot recognize BoundingBox.Type " + type);
    }
    if (coordinateType == CoordinateType.PIXEL) {
      return new RectF(left, top, right, bottom);
    }
    if (coordinateType == CoordinateType.RATIO) {
      return new RectF(left * width, top * height, right * width, bottom * height);
    }
    throw new IllegalArgumentException("Cannot convert coordinate type " + coordinateType);
  }
}
