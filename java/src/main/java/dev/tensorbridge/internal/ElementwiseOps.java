package dev.tensorbridge.internal;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Runs TFLite Support's elementwise tensor ops ({@code NormalizeOp}, {@code QuantizeOp}, {@code
 * DequantizeOp}, {@code CastOp}), alone or as a fused chain, in one native pass from the input's
 * storage into a new buffer. Not public API.
 *
 * <p>A chain is described by a {@link Plan}; the ops' package registers the {@link Planner} that
 * knows their fields. The result is what running the ops one by one gives, including its shape,
 * its dynamic-ness, the position left in the input's and the result's storage (a UINT8 storage
 * read or written in bulk ends at the element count, any other at 0) and the aliasing (a chain of
 * identities returns the input itself).
 */
public final class ElementwiseOps {
  static {
    NativeLoader.ensureLoaded();
  }

  private static final int NORMALIZE = 0;
  private static final int TO_UINT8 = 1;
  private static final int QUANTIZE_INTEGER = 2;
  private static final int CHANNELS_FIRST = 3; // only as the last step

  private static volatile Planner planner;

  private ElementwiseOps() {}

  /** Describes an op as steps of a {@link Plan}; implemented next to the ops. */
  public interface Planner {
    /**
     * Adds {@code op}'s steps to {@code plan}.
     *
     * @param op an operator
     * @param plan the plan to extend
     * @return false if {@code op} is not one of the fusable ops (exactly their classes)
     */
    boolean addTo(Object op, Plan plan);
  }

  /**
   * Registers the planner of the ops' package (called from their static initialisers).
   *
   * @param opsPlanner the planner
   */
  public static void registerPlanner(Planner opsPlanner) {
    planner = opsPlanner;
  }

  /** A chain of steps over an input of a known shape, tracking the element type. */
  public static final class Plan {
    private final int[] shape;
    private int[] resultShape;
    private boolean channelsFirst;
    private DataType type;
    private int[] program = new int[4];
    private int programLength;
    private float[] params = new float[0];
    private int paramsLength;
    private boolean rejected;
    private int applied; // ops that are not identities (a cast to FLOAT32 adds no step but counts)

    /**
     * A plan starting from elements of {@code type} in a buffer of {@code shape}.
     *
     * @param shape the input's shape (not copied)
     * @param type the input's element type
     */
    public Plan(int[] shape, DataType type) {
      this.shape = shape;
      this.resultShape = shape;
      this.type = type;
    }

    /**
     * Adds a normalisation {@code (x - mean[c]) / stddev[c]} (output FLOAT32), unless it is an
     * identity. A channel count that does not match the last dimension rejects the plan (the op
     * itself then throws when run alone).
     *
     * @param identity whether the op returns its input unchanged
     * @param mean per-channel means
     * @param stddev per-channel stddevs, as many as means
     */
    public void normalize(boolean identity, float[] mean, float[] stddev) {
      if (identity) {
        return;
      }
      int channels = mean.length;
      if (channelsFirst || !channelsMatch(channels, shape)) {
        rejected = true;
        return;
      }
      append(NORMALIZE, channels);
      ensureParams(paramsLength + 2 * channels);
      System.arraycopy(mean, 0, params, paramsLength, channels);
      System.arraycopy(stddev, 0, params, paramsLength + channels, channels);
      paramsLength += 2 * channels;
      type = DataType.FLOAT32;
      applied++;
    }

    /**
     * Adds a cast to {@code destination} (FLOAT32 or UINT8), unless the elements already have
     * that type.
     *
     * @param destination the element type after the cast
     */
    public void cast(DataType destination) {
      if (destination == type) {
        return;
      }
      if (channelsFirst) {
        rejected = true;
        return;
      }
      if (destination == DataType.UINT8) {
        append(TO_UINT8, 0);
      } else if (destination != DataType.FLOAT32) {
        rejected = true;
        return;
      }
      type = destination;
      applied++;
    }

    /**
     * Adds TensorFlow Lite's quantization to INT8 or UINT8 (a project extension): {@code
     * clamp(round(x / scale) + zeroPoint)}, rounding half away from zero, NaN to the zero point.
     *
     * @param scale the real value of one step (checked by the op)
     * @param zeroPoint the quantized value of 0, within the type's range (checked by the op)
     * @param destination INT8 or UINT8
     */
    public void quantizeInteger(float scale, int zeroPoint, DataType destination) {
      boolean int8 = destination == DataType.INT8;
      if (channelsFirst || (!int8 && destination != DataType.UINT8)) {
        rejected = true;
        return;
      }
      append(QUANTIZE_INTEGER, 0);
      ensureParams(paramsLength + 4);
      params[paramsLength++] = scale;
      params[paramsLength++] = zeroPoint;
      params[paramsLength++] = int8 ? -128f : 0f;
      params[paramsLength++] = int8 ? 127f : 255f;
      type = destination;
      applied++;
    }

    /**
     * Places the result channels first: an {@code [H, W, C]} or {@code [1, H, W, C]} input gives
     * {@code [1, C, H, W]}. It must be the last step (a later one rejects the plan, as does a
     * second one or a shape it does not apply to): the ops after it see another shape.
     */
    public void channelsFirst() {
      int[] planes = channelsFirst ? null : channelsFirstShape(shape);
      if (planes == null) {
        rejected = true;
        return;
      }
      append(CHANNELS_FIRST, planes[1]);
      resultShape = planes;
      channelsFirst = true;
      applied++;
    }

    /**
     * Whether the result is placed channels first (image pipelines keep such a chain op by op).
     *
     * @return whether {@link #channelsFirst()} was added
     */
    public boolean isChannelsFirst() {
      return channelsFirst;
    }

    /**
     * The element type after the steps added so far.
     *
     * @return the type
     */
    public DataType type() {
      return type;
    }

    /**
     * Whether a step did not apply to the input (the ops must then run one by one).
     *
     * @return whether the plan is rejected
     */
    public boolean isRejected() {
      return rejected;
    }

    /**
     * The opcodes, in the encoding of the native {@code run} (a copy).
     *
     * @return the program
     */
    public int[] program() {
      return Arrays.copyOf(program, programLength);
    }

    /**
     * The constants of the program's steps, in order (a copy).
     *
     * @return the parameters
     */
    public float[] params() {
      return Arrays.copyOf(params, paramsLength);
    }

    private void append(int opcode, int argument) {
      if (programLength + 2 > program.length) {
        program = Arrays.copyOf(program, program.length * 2);
      }
      program[programLength++] = opcode;
      program[programLength++] = argument;
    }

    private void ensureParams(int length) {
      if (length > params.length) {
        params = Arrays.copyOf(params, Math.max(length, params.length * 2));
      }
    }
  }

  /**
   * Adds {@code op}'s steps to {@code plan} if it is one of the fusable ops (exactly their
   * classes) and applies to the plan's shape.
   *
   * @param op an operator
   * @param plan the plan to extend
   * @return false if the op cannot be fused (the caller then runs the ops one by one)
   */
  public static boolean addTo(Object op, Plan plan) {
    Planner p = planner;
    return op != null && (addOwn(op, plan) || (p != null && p.addTo(op, plan))) && !plan.rejected;
  }

  /**
   * Whether a normalisation with {@code channels} channels applies to {@code shape}: one channel
   * always, otherwise the last dimension must equal the channel count.
   *
   * @param channels the number of means (stddevs)
   * @param shape the input's shape
   * @return whether it applies
   */
  public static boolean channelsMatch(int channels, int[] shape) {
    return channels == 1 || (shape.length != 0 && shape[shape.length - 1] == channels);
  }

  /**
   * The channels-first shape {@code [1, C, H, W]} of an {@code [H, W, C]} or {@code [1, H, W, C]}
   * shape.
   *
   * @param shape the input's shape
   * @return the shape, or null if {@code shape} has another rank or a batch other than 1
   */
  public static int[] channelsFirstShape(int[] shape) {
    int rank = shape.length;
    if ((rank != 3 && rank != 4) || (rank == 4 && shape[0] != 1)) {
      return null;
    }
    return new int[] {1, shape[rank - 1], shape[rank - 3], shape[rank - 2]};
  }

  /**
   * Adds an op that is not one of the planner's: {@code ToChannelsFirstOp} (exactly its class).
   *
   * @return false if {@code op} is not such an op
   */
  private static boolean addOwn(Object op, Plan plan) {
    if (op.getClass() == dev.tensorbridge.common.ops.ToChannelsFirstOp.class) {
      plan.channelsFirst();
      return true;
    }
    return false;
  }

  /**
   * Runs {@code ops} over {@code input} in one pass if every op is one of the fusable ops and the
   * chain applies to the input as it is; otherwise returns null and the caller runs the ops one
   * by one (which also produces any exception in the upstream order).
   *
   * @param ops the operators, in order
   * @param input the input buffer
   * @return the result, {@code input} itself if every op is an identity, or null
   */
  public static TensorBuffer tryFused(List<?> ops, TensorBuffer input) {
    int[] shape = shapeOrNull(input);
    Plan plan = shape == null ? null : plan(ops, input, shape);
    return plan == null ? null : run(input, shape, plan);
  }

  /**
   * As {@link #tryFused}, into {@code output} (see {@link #runInto} for the rules); returns null
   * when the chain cannot run fused, and the caller then runs the ops one by one and copies the
   * result with {@link #copyInto}.
   *
   * @param ops the operators, in order
   * @param input the input buffer
   * @param output the buffer to write
   * @return {@code output}, or null
   */
  public static TensorBuffer tryFusedInto(List<?> ops, TensorBuffer input, TensorBuffer output) {
    int[] shape = shapeOrNull(input);
    Plan plan = shape == null ? null : plan(ops, input, shape);
    return plan == null ? null : runInto(input, shape, plan, output);
  }

  /**
   * Copies {@code result}'s elements exactly into {@code output}, under the rules of {@link
   * #runInto} for a chain of identities.
   *
   * @param result the buffer to copy
   * @param output the buffer to write
   * @return {@code output}
   */
  public static TensorBuffer copyInto(TensorBuffer result, TensorBuffer output) {
    int[] shape = result.getShape();
    return runInto(result, shape, new Plan(shape, result.getDataType()), output);
  }

  /** The input's shape, or null when there is nothing to fuse over. */
  private static int[] shapeOrNull(TensorBuffer input) {
    if (input == null) {
      return null;
    }
    try {
      return input.getShape();
    } catch (IllegalStateException e) {
      return null; // storage changed behind the buffer's back: leave it to the ops themselves
    }
  }

  /** The fused plan of {@code ops} over {@code input}, or null if they cannot run fused. */
  private static Plan plan(List<?> ops, TensorBuffer input, int[] shape) {
    Planner p = planner != null ? planner : (op, steps) -> false;
    if (ops.isEmpty()) {
      return null;
    }
    Plan plan = new Plan(shape, input.getDataType());
    for (Object op : ops) {
      if (op == null || !(addOwn(op, plan) || p.addTo(op, plan)) || plan.rejected) {
        return null;
      }
    }
    return plan;
  }

  /**
   * Runs {@code plan} over {@code input}, whose shape is {@code shape}, into a new buffer; returns
   * {@code input} when every op of the plan was an identity.
   *
   * @param input the input buffer
   * @param shape its shape
   * @param plan the steps
   * @return the result
   * @throws IllegalArgumentException if the plan was rejected
   */
  public static TensorBuffer run(TensorBuffer input, int[] shape, Plan plan) {
    if (plan.rejected) {
      throw new IllegalArgumentException("plan does not apply to the input");
    }
    if (plan.applied == 0) {
      return input;
    }
    int count = checkedCount(input);
    DataType outType = plan.type;
    int[] resultShape = plan.resultShape;
    TensorBuffer result;
    if (input.isDynamic()) {
      result = TensorBuffer.createDynamic(outType);
      result.loadBuffer(ResultStorage.allocate(count * outType.byteSize()), resultShape);
    } else if (elements(shape) == count) {
      ByteBuffer dst = ResultStorage.allocate(count * outType.byteSize());
      result = BridgeAccess.buffers().wrapResult(dst, resultShape, count, outType);
    } else {
      // Not the ops' case (their plans have the input's element count): storage sized by the
      // shape, zero-filled, which the native pass refuses to overrun.
      result = TensorBuffer.createFixedSize(resultShape, outType);
    }
    runNative(input, count, plan, result.getBuffer(), outType);
    return result;
  }

  /** The product of the dimensions, only compared with an element count. */
  private static long elements(int[] shape) {
    long product = 1;
    for (int d : shape) {
      product *= d;
    }
    return product;
  }

  /**
   * Runs {@code plan} over {@code input}, whose shape is {@code shape}, into {@code output}'s
   * storage, allocating no result storage: the allocation-free form of the ops and of {@code
   * TensorProcessor} (a project extension). The rules: {@code output} has the element type the
   * result would have (the input's own for a chain of identities, whose elements are then copied
   * exactly) and the input's shape, and its storage is a writable direct buffer in native byte
   * order (what {@code createFixedSize} and {@code createDynamic} give) whose memory does not
   * overlap the input's. The positions left in both storages are those {@link #run} leaves.
   *
   * @param input the input buffer
   * @param shape its shape
   * @param plan the steps
   * @param output the buffer to write
   * @return {@code output}
   * @throws NullPointerException if {@code output} is null
   * @throws IllegalArgumentException if {@code output}'s type or shape differ from the result's,
   *     its storage is not direct in native order, or it overlaps the input's
   * @throws java.nio.ReadOnlyBufferException if {@code output}'s storage is read-only
   */
  public static TensorBuffer runInto(
      TensorBuffer input, int[] shape, Plan plan, TensorBuffer output) {
    if (plan.rejected) {
      throw new IllegalArgumentException("plan does not apply to the input");
    }
    if (output == null) {
      throw new NullPointerException("output cannot be null");
    }
    DataType outType = plan.applied == 0 ? input.getDataType() : plan.type;
    if (output.getDataType() != outType) {
      throw new IllegalArgumentException(
          "output has type " + output.getDataType() + " but the result has type " + outType);
    }
    int[] outShape = output.getShape();
    if (!Arrays.equals(outShape, plan.resultShape)) {
      throw new IllegalArgumentException(
          "output has shape " + Arrays.toString(outShape) + " but the result has shape "
              + Arrays.toString(plan.resultShape));
    }
    ByteBuffer dst = output.getBuffer();
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (!dst.isDirect() || dst.order() != ByteOrder.nativeOrder()) {
      throw new IllegalArgumentException(
          "output storage must be a direct buffer in native byte order");
    }
    requireDisjoint(input, output);
    int count = checkedCount(input);
    if (plan.applied == 0) {
      copyElements(input.getBuffer(), count, outType.byteSize(), dst);
    } else {
      runNative(input, count, plan, dst, outType);
    }
    return output;
  }

  /**
   * Refuses an {@code output} whose storage shares memory with {@code input}'s, the one rule of
   * every allocation-free form ({@code apply(input, output)}, {@code process(input, output)}),
   * whichever path it takes: checked before anything is written. Only two direct storages can
   * share memory ({@code output}'s must be direct).
   *
   * @param input the input buffer (null: nothing to check, the ops throw their own exception)
   * @param output the buffer to write
   * @throws NullPointerException if {@code output} is null ("output cannot be null")
   * @throws IllegalArgumentException if the storages overlap ("input and output storage overlap")
   */
  public static void requireDisjoint(TensorBuffer input, TensorBuffer output) {
    if (output == null) {
      throw new NullPointerException("output cannot be null");
    }
    if (input == null) {
      return;
    }
    ByteBuffer in = input.getBuffer();
    ByteBuffer out = output.getBuffer();
    if (in.isDirect() && out.isDirect()) {
      checkDisjoint(in, out);
    }
  }

  /**
   * The exact copy of a chain of identities: {@code count} elements of {@code size} bytes from
   * {@code src} (in its byte order) into {@code dst}, rewound afterwards; {@code src}'s position
   * is left alone, as the identities leave their input.
   */
  private static void copyElements(ByteBuffer src, int count, int size, ByteBuffer dst) {
    ByteBuffer from = src.duplicate().order(src.order());
    from.rewind();
    from.limit(count * size);
    ByteBuffer to = dst.duplicate().order(dst.order());
    to.clear();
    if (size == 1 || from.order() == to.order()) {
      to.put(from);
    } else if (size == 2) {
      to.asShortBuffer().put(from.asShortBuffer());
    } else if (size == 4) {
      to.asIntBuffer().put(from.asIntBuffer());
    } else {
      to.asLongBuffer().put(from.asLongBuffer());
    }
    dst.rewind();
  }

  /** The input's element count, failing as reading its elements would. */
  private static int checkedCount(TensorBuffer input) {
    int count = input.getFlatSize();
    if (count < 0) {
      // A wrapped element count: fail exactly as reading the elements does.
      input.getFloatArray();
    }
    ByteBuffer src = input.getBuffer();
    if ((long) count * input.getDataType().byteSize() > src.limit()) {
      throw new BufferUnderflowException();
    }
    return count;
  }

  /**
   * One native pass from the input's storage into {@code dst} (direct, native order, holding
   * {@code count} elements of {@code outType}); leaves the positions of the one-by-one run.
   */
  private static void runNative(
      TensorBuffer input, int count, Plan plan, ByteBuffer dst, DataType outType) {
    DataType inType = input.getDataType();
    ByteBuffer src = input.getBuffer();
    src.rewind();
    int[] program = Arrays.copyOf(plan.program, plan.programLength);
    float[] params = Arrays.copyOf(plan.params, plan.paramsLength);
    boolean bigEndian = src.order() == ByteOrder.BIG_ENDIAN;
    if (src.isDirect()) {
      run(src, null, 0, inType.ordinal(), bigEndian, count, dst, outType.ordinal(), program, params);
    } else if (src.hasArray()) {
      run(null, src.array(), src.arrayOffset(), inType.ordinal(), bigEndian, count, dst,
          outType.ordinal(), program, params);
    } else {
      // Read-only heap storage: its array is not handed out, so copy the elements first.
      byte[] copy = new byte[count * inType.byteSize()];
      ByteBuffer from = src.duplicate();
      from.rewind();
      from.get(copy);
      run(null, copy, 0, inType.ordinal(), bigEndian, count, dst, outType.ordinal(), program, params);
    }
    if (inType == DataType.UINT8) {
      src.position(count);
    }
    dst.rewind();
    if (outType == DataType.UINT8) {
      dst.position(count);
    }
  }

  // src/jni/elementwise_ops.rs; element types cross as DataType.ordinal() (Rust holds the type table)
  private static native void checkDisjoint(ByteBuffer input, ByteBuffer output);

  private static native void run(
      ByteBuffer srcDirect,
      byte[] srcHeap,
      int srcOffset,
      int srcType,
      boolean srcBigEndian,
      int count,
      ByteBuffer dst,
      int dstType,
      int[] program,
      float[] params);
}
