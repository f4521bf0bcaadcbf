package org.tensorflow.lite.support.image;

import android.graphics.RectF;
import dev.tensorbridge.internal.ImageRules;
import java.util.ArrayList;
import java.util.List;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Reads bounding boxes out of a FLOAT32 detection tensor as Android {@code RectF}s (so {@link
 * #convert} needs Android's classes at run time, like upstream; the enums do not). The checks and
 * the arithmetic are Rust's ({@link ImageRules#boxes}); this class builds the rectangles.
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
   *     valueIndex} does not have 4 entries, or the tensor is not FLOAT32; for a null {@code
   *     coordinateType} when there is a box
   * @throws ArrayIndexOutOfBoundsException if an entry of {@code valueIndex} is outside 0..3 and
   *     there is a box
   * @throws NullPointerException if {@code tensor} or {@code valueIndex} is null, or {@code type}
   *     is null and there is a box
   */
  public static List<RectF> convert(
      TensorBuffer tensor,
      int[] valueIndex,
      int boundingBoxAxis,
      Type type,
      CoordinateType coordinateType,
      int height,
      int width) {
    float[] edges =
        ImageRules.boxes(
            tensor,
            valueIndex,
            boundingBoxAxis,
            type == null ? -1 : type.ordinal(),
            coordinateType == null ? -1 : coordinateType.ordinal(),
            height,
            width);
    List<RectF> boxes = new ArrayList<RectF>(edges.length / 4);
    for (int i = 0; i < edges.length; i += 4) {
      boxes.add(new RectF(edges[i], edges[i + 1], edges[i + 2], edges[i + 3]));
    }
    return boxes;
  }
}
