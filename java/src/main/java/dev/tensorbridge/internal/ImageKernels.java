package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.tensorflow.lite.DataType;

/**
 * The native image kernels: a geometry program (resize, crop or pad, rot90, grayscale) followed by
 * the elementwise steps of an {@link ElementwiseOps.Plan}, run over an image's memory in as few
 * passes as possible, with TensorFlow's numbers. Not public API.
 *
 * <p>An image is stored row-major as height × width × channels elements of one {@link DataType},
 * starting at index 0 of its buffer (the buffer's position is ignored). The result is bit for bit
 * what running each step by itself gives, an integer image being rounded after every resize
 * (round half to even, clamped to the type's range).
 *
 * <p>Errors: {@link NullPointerException} for a null argument, {@link IllegalArgumentException}
 * for a non-positive or too large size, a malformed program or a buffer that is too short, {@link
 * UnsupportedOperationException} for grayscale on an integer type other than UINT8.
 */
public final class ImageKernels {
  static {
    NativeLoader.ensureLoaded();
  }

  /** Geometry opcode: bilinear resize to (height, width). */
  public static final int RESIZE_BILINEAR = 0;
  /** Geometry opcode: nearest-neighbour resize to (height, width). */
  public static final int RESIZE_NEAREST = 1;
  /** Geometry opcode: centred crop or zero pad to (height, width). */
  public static final int CROP_OR_PAD = 2;
  /** Geometry opcode: k quarter turns counter-clockwise (k, 0). */
  public static final int ROT90 = 3;
  /** Geometry opcode: RGB to grayscale (0, 0); a 1-channel image stays as it is. */
  public static final int GRAYSCALE = 4;

  private ImageKernels() {}

  /** A geometry program: {@code (opcode, a, b)} triples, appended in order. */
  public static final class Geometry {
    private int[] ops = new int[12];
    private int length;

    /**
     * Appends a resize.
     *
     * @param height target height
     * @param width target width
     * @param bilinear bilinear if true, nearest neighbour otherwise
     * @return this
     */
    public Geometry resize(int height, int width, boolean bilinear) {
      return append(bilinear ? RESIZE_BILINEAR : RESIZE_NEAREST, height, width);
    }

    /**
     * Appends a centred crop or zero pad.
     *
     * @param height target height
     * @param width target width
     * @return this
     */
    public Geometry cropOrPad(int height, int width) {
      return append(CROP_OR_PAD, height, width);
    }

    /**
     * Appends a rotation.
     *
     * @param k quarter turns counter-clockwise (any integer)
     * @return this
     */
    public Geometry rot90(int k) {
      return append(ROT90, k, 0);
    }

    /**
     * Appends a conversion to grayscale.
     *
     * @return this
     */
    public Geometry grayscale() {
      return append(GRAYSCALE, 0, 0);
    }

    /**
     * Whether no step was added.
     *
     * @return true for the empty program
     */
    public boolean isEmpty() {
      return length == 0;
    }

    /**
     * The program's triples.
     *
     * @return a copy of the encoded program
     */
    public int[] toArray() {
      return Arrays.copyOf(ops, length);
    }

    private Geometry append(int opcode, int a, int b) {
      if (length + 3 > ops.length) {
        ops = Arrays.copyOf(ops, ops.length * 2);
      }
      ops[length++] = opcode;
      ops[length++] = a;
      ops[length++] = b;
      return this;
    }
  }

  /**
   * The shape a geometry program gives an image.
   *
   * @param height input height
   * @param width input width
   * @param channels input channels
   * @param geometry the encoded program
   * @return {height, width, channels} of the output
   */
  public static int[] outputShape(int height, int width, int channels, int[] geometry) {
    if (geometry == null) {
      throw new NullPointerException("geometry is null");
    }
    int[] shape = new int[3];
    outputShape(height, width, channels, geometry, shape);
    return shape;
  }

  /**
   * Runs {@code geometry}, then the elementwise {@code program}/{@code params} (the encoding of
   * {@link ElementwiseOps.Plan#program()} and {@link ElementwiseOps.Plan#params()}), over the
   * image in {@code src}, into new storage from {@link ResultStorage#allocate}.
   *
   * @param src the image's elements from index 0 (direct, heap or read-only heap buffer)
   * @param srcType the image's element type
   * @param height image height
   * @param width image width
   * @param channels image channels
   * @param geometry the encoded geometry program
   * @param program the elementwise opcodes (empty for none)
   * @param params the elementwise constants
   * @param dstType the result's element type (the plan's type; the image's type for no steps)
   * @return the result, {@code outputShape(...)} elements of {@code dstType}, position 0
   */
  public static ByteBuffer run(
      ByteBuffer src,
      DataType srcType,
      int height,
      int width,
      int channels,
      int[] geometry,
      int[] program,
      float[] params,
      DataType dstType) {
    return run(src, srcType, height, width, channels, geometry, program, params, dstType, false)[0];
  }

  /**
   * {@link #run(ByteBuffer, DataType, int, int, int, int[], int[], float[], DataType)}, and when
   * {@code keepGeometry} is set also the image after the geometry steps (in {@code srcType}),
   * written in the same pass: what the ops run one by one leave in the image.
   *
   * @param src the image's elements from index 0
   * @param srcType the image's element type
   * @param height image height
   * @param width image width
   * @param channels image channels
   * @param geometry the encoded geometry program
   * @param program the elementwise opcodes (empty for none)
   * @param params the elementwise constants
   * @param dstType the result's element type
   * @param keepGeometry whether to return the geometry result too
   * @return {result, geometry result or null}
   */
  public static ByteBuffer[] run(
      ByteBuffer src,
      DataType srcType,
      int height,
      int width,
      int channels,
      int[] geometry,
      int[] program,
      float[] params,
      DataType dstType,
      boolean keepGeometry) {
    if (src == null || srcType == null || dstType == null) {
      throw new NullPointerException("image buffer and data types must not be null");
    }
    if (geometry == null || program == null || params == null) {
      throw new NullPointerException("programs must not be null");
    }
    int[] out = outputShape(height, width, channels, geometry);
    long inBytes = (long) height * width * channels * srcType.byteSize();
    long outBytes = (long) out[0] * out[1] * out[2] * dstType.byteSize();
    if (outBytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "an image of " + out[0] + "x" + out[1] + "x" + out[2] + " " + dstType
              + " elements does not fit a buffer");
    }
    if (inBytes > src.capacity()) {
      throw new IllegalArgumentException(
          "the image needs " + inBytes + " bytes but its buffer holds " + src.capacity());
    }
    ByteBuffer dst = ResultStorage.allocate((int) outBytes);
    ByteBuffer kept = null;
    if (keepGeometry) {
      long keptBytes = (long) out[0] * out[1] * out[2] * srcType.byteSize();
      if (keptBytes > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("the resized image does not fit a buffer");
      }
      kept = ResultStorage.allocate((int) keptBytes);
    }
    boolean bigEndian = src.order() == ByteOrder.BIG_ENDIAN;
    if (src.isDirect()) {
      run(src, null, 0, srcType.ordinal(), bigEndian, height, width, channels, geometry, program,
          params, dst, dstType.ordinal(), kept);
    } else if (src.hasArray()) {
      run(null, src.array(), src.arrayOffset(), srcType.ordinal(), bigEndian, height, width,
          channels, geometry, program, params, dst, dstType.ordinal(), kept);
    } else {
      // Read-only heap storage does not hand out its array: copy the elements first.
      byte[] copy = new byte[(int) inBytes];
      ByteBuffer from = src.duplicate();
      from.clear();
      from.get(copy);
      run(null, copy, 0, srcType.ordinal(), bigEndian, height, width, channels, geometry,
          program, params, dst, dstType.ordinal(), kept);
    }
    return new ByteBuffer[] {dst, kept};
  }

  // src/jni/image_ops.rs; element types cross as DataType.ordinal() (Rust holds the type table)
  private static native void outputShape(
      int height, int width, int channels, int[] geometry, int[] shape);

  private static native void run(
      ByteBuffer srcDirect,
      byte[] srcHeap,
      int srcOffset,
      int srcType,
      boolean srcBigEndian,
      int height,
      int width,
      int channels,
      int[] geometry,
      int[] program,
      float[] params,
      ByteBuffer dst,
      int dstType,
      ByteBuffer geometryDst);
}
