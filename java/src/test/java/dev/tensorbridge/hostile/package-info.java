/**
 * Hostile-input suite: one {@code <Class>HostileTest} per public class of the main sources, in a
 * package of its own so that every case goes through the public API, as a real caller's would.
 * Each case is a {@code DynamicTest} (counted by Surefire), expects the exact exception class the
 * specs document (a subclass does not pass) and the exact message where the spec gives one. The
 * whole suite runs under {@code -Xcheck:jni}.
 *
 * <p>Public types without a test class of their own, and where they are covered:
 *
 * <ul>
 *   <li>{@code org.tensorflow.ExecutionEnvironment} (interface): through {@code EagerSession}, its
 *       only implementation ({@link dev.tensorbridge.hostile.EagerSessionHostileTest}).
 *   <li>{@code org.tensorflow.Operand} (interface): through {@code Output}, {@code Constant},
 *       {@code StridedSlice} and a caller-made lambda in {@code OperandsHostileTest}.
 *   <li>{@code org.tensorflow.op.Op} (marker interface): through {@code PrimitiveOpHostileTest}.
 *   <li>{@code dev.tensorbridge.index.Index} (interface): caller-made implementations in
 *       {@code StridedSliceHelperHostileTest} and {@code SliceEncodingHostileTest}; the project's
 *       own in {@code IndicesHostileTest}.
 *   <li>{@code org.tensorflow.TensorFlow} ({@code version()}, no input) and
 *       {@code org.tensorflow.op.annotation.Operator} (SOURCE-retention annotation, nothing at run
 *       time): nothing a caller can pass.
 * </ul>
 *
 * <p>One hostile test needs package-private access, so it lives next to its class and is part of
 * the suite: {@code org.tensorflow.lite.support.tensorbuffer.TensorBufferHostileTest} (the
 * factories, and storage shrunk or swapped through the protected fields, byte order changed
 * behind the buffer's back, races). {@code org.tensorflow.TensorNativesTest} and {@code
 * org.tensorflow.lite.support.tensorbuffer.ElementConversionsTest} call the natives
 * directly (forged, stale and released handles; arguments only native code checks), and {@code
 * dev.tensorbridge.ForgedHandleTest} passes forged {@code long}s through every public method.
 * {@link dev.tensorbridge.hostile.ConcurrencyStressTest} is the 8-thread stress run.
 *
 * <p>Known gap, not testable without killing the test JVM: a memory-mapped file
 * ({@code FileChannel.map}) truncated by someone else after it was attached with {@code
 * TensorBuffer.loadBuffer} or passed to {@code Tensor.create(..., ByteBuffer)}. Java code reading
 * such a buffer gets HotSpot's {@code InternalError}; the native bulk paths read it with a plain
 * memory copy and the process dies of SIGBUS (checked by hand in a separate JVM). The JDK offers
 * no public way to tell a file mapping from an {@code allocateDirect} buffer.
 */
package dev.tensorbridge.hostile;
