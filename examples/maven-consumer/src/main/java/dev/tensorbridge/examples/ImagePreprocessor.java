package dev.tensorbridge.examples;

import dev.tensorbridge.index.Indices;
import java.nio.FloatBuffer;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * The kind of preprocessing an Android app runs before feeding a camera frame to a model, written
 * against the upstream TFLite Support and TensorFlow Java classes only. Images are height × width ×
 * channels, row-major, as TFLite image models expect.
 */
public final class ImagePreprocessor {

  private ImagePreprocessor() {}

  /** Wraps raw 8-bit pixels (values outside 0..255 are clamped by TensorBuffer) in a UINT8 buffer. */
  public static TensorBuffer pixels(int[] values, int height, int width, int channels) {
    TensorBuffer image = TensorBuffer.createFixedSize(new int[] {height, width, channels}, DataType.UINT8);
    image.loadArray(values);
    return image;
  }

  /**
   * Converts a UINT8 image to FLOAT32 and maps each value {@code v} to {@code (v - mean) / std}, the
   * usual "normalize" step (mean = std = 127.5 gives the range [-1, 1]).
   */
  public static TensorBuffer normalize(TensorBuffer uint8Image, float mean, float std) {
    TensorBuffer floats = TensorBuffer.createFrom(uint8Image, DataType.FLOAT32);
    float[] values = floats.getFloatArray();
    for (int i = 0; i < values.length; i++) {
      values[i] = (values[i] - mean) / std;
    }
    floats.loadArray(values, floats.getShape());
    return floats;
  }

  /** Crops {@code height × width} pixels starting at ({@code top}, {@code left}), all channels. */
  public static float[][][] crop(TensorBuffer floatImage, int top, int left, int height, int width) {
    int channels = floatImage.getShape()[2];
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      Constant<Float> image = constant(tf, floatImage);
      StridedSlice<Float> cropped =
          tf.stridedSlice(
              image,
              Indices.slice(top, top + height),
              Indices.slice(left, left + width),
              Indices.all());
      return cropped.output().tensor().copyTo(new float[height][width][channels]);
    }
  }

  /** Reverses the channel axis (RGB to BGR), for models trained on OpenCV-ordered images. */
  public static float[][][] rgbToBgr(TensorBuffer floatImage) {
    int[] shape = floatImage.getShape();
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      StridedSlice<Float> flipped =
          tf.stridedSlice(constant(tf, floatImage), Indices.all(), Indices.all(), Indices.flip());
      return flipped.output().tensor().copyTo(new float[shape[0]][shape[1]][shape[2]]);
    }
  }

  /**
   * One channel as a height × width plane, written as the raw op with masks, the way TF 1.x code
   * spells {@code image[:, :, channel]}.
   */
  public static float[][] channel(TensorBuffer floatImage, int channel) {
    int[] shape = floatImage.getShape();
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      StridedSlice<Float> plane =
          StridedSlice.create(
              tf.scope(),
              constant(tf, floatImage),
              tf.constant(new int[] {0, 0, channel}),
              tf.constant(new int[] {0, 0, channel + 1}),
              tf.constant(new int[] {1, 1, 1}),
              StridedSlice.beginMask(0b011L), // ignore begin for axes 0 and 1 ...
              StridedSlice.endMask(0b011L), // ... and end: take them whole
              StridedSlice.shrinkAxisMask(0b100L)); // drop the channel axis
      return plane.output().tensor().copyTo(new float[shape[0]][shape[1]]);
    }
  }

  /** A FLOAT32 TensorBuffer as a constant of the same shape (the Tensor is copied, then closed). */
  private static Constant<Float> constant(Ops tf, TensorBuffer floatImage) {
    int[] shape = floatImage.getShape();
    long[] dims = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      dims[i] = shape[i];
    }
    FloatBuffer values = FloatBuffer.wrap(floatImage.getFloatArray());
    try (Tensor<Float> tensor = Tensor.create(dims, values)) {
      return tf.constant(tensor);
    }
  }
}
