package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import java.util.List;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.image.ColorSpaceType;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Runs TFLite Support's image ops on a {@link TensorImage}'s stored pixels through {@link
 * ImageKernels}: one op at a time (the ops' {@code apply}), or a whole {@code ImageProcessor} list
 * planned as one native call. Not public API.
 *
 * <p>The fused run gives what the ops run one by one give: the result (the image itself after
 * geometry ops only, else a new image from the last tensor op), and the state the geometry ops
 * leave in the input image. Ops that leave the image as it is add nothing to the plan, so they
 * never re-lay out its buffer. Whatever it cannot plan (other operator classes, a geometry op after a
 * tensor op, an image an op would reject) it leaves to the one-by-one path, which also throws the
 * ops' own exceptions.
 */
public final class ImageSteps {
  private static final int[] NO_PROGRAM = new int[0];
  private static final float[] NO_PARAMS = new float[0];

  private static volatile Planner planner;

  private ImageSteps() {}

  /** Describes the image ops to a plan; implemented next to them. */
  public interface Planner {
    /**
     * Appends {@code op}'s geometry to {@code geometry} if it is one of the geometry ops (exactly
     * their classes) and accepts an image of {@code colorSpace}.
     *
     * @param op an operator
     * @param geometry the program to extend
     * @param colorSpace the color space the op would see
     * @return the color space after the op, or null if it cannot be planned
     */
    ColorSpaceType addGeometry(Object op, ImageKernels.Geometry geometry, ColorSpaceType colorSpace);

    /**
     * The tensor operator a {@code TensorOperatorWrapper} (exactly that class) wraps.
     *
     * @param op an operator
     * @return the wrapped operator, or null if {@code op} is not a wrapper
     */
    Object wrapped(Object op);
  }

  /**
   * Registers the planner of the image ops' package (called from their static initialisers).
   *
   * @param opsPlanner the planner
   */
  public static void registerPlanner(Planner opsPlanner) {
    planner = opsPlanner;
  }

  /**
   * The pixels an op reads (see {@link ImageAccess.Images#pixels}); an RGB image's buffer must
   * have an RGB shape, as upstream's ops need a bitmap of it.
   *
   * @param image a loaded image
   * @return its pixels, shape (h, w, c)
   * @throws IllegalArgumentException if an RGB image's buffer does not have an RGB shape
   * @throws IllegalStateException if nothing is loaded
   */
  public static TensorBuffer pixels(TensorImage image) {
    return ImageAccess.images().pixels(image);
  }

  /**
   * Replaces {@code image}'s pixels by the result of {@code geometry} on them (one op's apply).
   *
   * @param image an RGB or GRAYSCALE image
   * @param pixels its pixels, from {@link #pixels}
   * @param geometry the encoded program
   * @param resultSpace the color space of the result
   */
  public static void apply(
      TensorImage image, TensorBuffer pixels, int[] geometry, ColorSpaceType resultSpace) {
    int[] s = pixels.getShape();
    DataType type = pixels.getDataType();
    int[] out = ImageKernels.outputShape(s[0], s[1], s[2], geometry);
    ByteBuffer result =
        ImageKernels.run(pixels.getBuffer(), type, s[0], s[1], s[2], geometry, NO_PROGRAM,
            NO_PARAMS, type);
    ImageAccess.images().setPixels(image, wrap(result, imageShape(out, resultSpace), type),
        resultSpace);
  }

  /**
   * Runs {@code ops} over {@code image} in one native call when it can plan them: geometry ops
   * (at least one), then only tensor-op wrappers around fusable tensor ops.
   *
   * @param ops the processor's operators
   * @param image the input image
   * @return the result, or null to run the ops one by one
   */
  public static TensorImage tryFused(List<?> ops, TensorImage image) {
    Planner p = planner;
    if (p == null || image == null || ops.isEmpty()) {
      return null;
    }
    ColorSpaceType space;
    try {
      space = image.getColorSpaceType();
    } catch (RuntimeException e) {
      return null; // nothing loaded: the ops throw their own exception
    }
    if (space != ColorSpaceType.RGB && space != ColorSpaceType.GRAYSCALE) {
      return null;
    }
    ColorSpaceType initial = space;
    ImageKernels.Geometry geometry = new ImageKernels.Geometry();
    int index = 0;
    for (; index < ops.size(); index++) {
      Object op = ops.get(index);
      if (op == null || p.wrapped(op) != null) {
        break;
      }
      ColorSpaceType next = p.addGeometry(op, geometry, space);
      if (next == null) {
        return null;
      }
      space = next;
    }
    if (geometry.isEmpty()) {
      // No geometry op, or only ones that leave the image as it is (Rot90Op(0), GRAYSCALE to
      // GRAYSCALE): op by op keeps the image's buffer and shape; tensor ops alone run fused by
      // their own classes.
      return null;
    }
    ImageAccess.Images side = ImageAccess.images();
    TensorBuffer pixels = side.pixels(image);
    int[] s = pixels.getShape();
    DataType type = pixels.getDataType();
    if (space != initial && type != DataType.UINT8 && type != DataType.FLOAT32) {
      return null; // grayscale refuses this type: fail where the one-by-one path fails
    }
    int[] program = geometry.toArray();
    int[] shape = imageShape(ImageKernels.outputShape(s[0], s[1], s[2], program), space);
    if (index == ops.size()) {
      ByteBuffer result =
          ImageKernels.run(pixels.getBuffer(), type, s[0], s[1], s[2], program, NO_PROGRAM,
              NO_PARAMS, type);
      side.setPixels(image, wrap(result, shape, type), space);
      return image;
    }
    DataType imageType = image.getDataType();
    if (type != imageType && !(type == DataType.UINT8 && widensExactly(imageType))) {
      return null; // the tensor ops would read converted values; keep their own path
    }
    ElementwiseOps.Plan plan = new ElementwiseOps.Plan(shape, imageType);
    for (; index < ops.size(); index++) {
      Object op = ops.get(index);
      Object tensorOp = op == null ? null : p.wrapped(op);
      if (tensorOp == null || !ElementwiseOps.addTo(tensorOp, plan)) {
        return null;
      }
    }
    if (plan.isChannelsFirst()) {
      return null; // the wrapper loads planes into the image: op by op
    }
    ByteBuffer[] results =
        ImageKernels.run(pixels.getBuffer(), type, s[0], s[1], s[2], program, plan.program(),
            plan.params(), plan.type(), true);
    side.setPixels(image, wrap(results[1], shape, type), space);
    TensorImage result = new TensorImage(plan.type());
    result.load(wrap(results[0], shape, plan.type()), space);
    return result;
  }

  private static boolean widensExactly(DataType to) {
    return to == DataType.FLOAT32 || to == DataType.INT16 || to == DataType.INT32
        || to == DataType.INT64;
  }

  /** The buffer shape the ops give their results: (h, w, 3) for RGB, (1, h, w, 1) for gray. */
  private static int[] imageShape(int[] hwc, ColorSpaceType space) {
    return space == ColorSpaceType.GRAYSCALE
        ? new int[] {1, hwc[0], hwc[1], 1}
        : new int[] {hwc[0], hwc[1], hwc[2]};
  }

  private static TensorBuffer wrap(ByteBuffer storage, int[] shape, DataType type) {
    return BridgeAccess.buffers().wrapFixedSize(storage, shape, type);
  }
}
