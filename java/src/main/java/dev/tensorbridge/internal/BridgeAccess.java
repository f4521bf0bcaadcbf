package dev.tensorbridge.internal;

import java.nio.ByteBuffer;
import org.tensorflow.DataType;
import org.tensorflow.Tensor;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The package-private operations of {@link Tensor} and {@link TensorBuffer} that {@code
 * dev.tensorbridge.TensorBridge} needs, without making them public API: each class registers its
 * side once, from its static initialiser. Nothing here takes or returns a native handle.
 *
 * <p>Internal API: not for use outside tensorbridge.
 */
public final class BridgeAccess {
  private BridgeAccess() {}

  /** What {@link Tensor} offers. */
  public interface Tensors {
    /**
     * A tensor over the first {@code length} bytes of {@code storage} (direct, writable, native
     * order), without a copy; the tensor keeps {@code storage} reachable until it is released.
     *
     * @param type the element type
     * @param shape the dimension sizes
     * @param storage the direct buffer to share
     * @param length the byte count, which {@code type} and {@code shape} must need exactly
     * @return a new tensor owned by the caller
     */
    Tensor<?> share(DataType type, int[] shape, ByteBuffer storage, int length);

    /**
     * A writable, native-order direct view of the tensor's bytes that keeps the memory alive
     * while the view is reachable (also after the tensor is closed).
     *
     * @param tensor the tensor to view
     * @return the view, positioned at 0
     * @throws IllegalStateException if the tensor is closed or has no data
     */
    ByteBuffer writableView(Tensor<?> tensor);

    /**
     * A direct buffer the JVM creates over a new, uninitialised native block of {@code bytes}
     * bytes (an op result's storage), freed once that buffer, and so every buffer derived from it,
     * is unreachable. The block's handle stays inside {@code org.tensorflow}.
     *
     * @param bytes the size, at least 1
     * @return the buffer, position 0, limit {@code bytes}, big-endian (the JVM's default)
     * @throws OutOfMemoryError if the block cannot be allocated
     */
    ByteBuffer allocateStorage(int bytes);

    /**
     * Releases the handles of every owner the collector has found unreachable so far.
     *
     * @return how many were released
     */
    int drainReleased();
  }

  /** What {@link TensorBuffer} offers. */
  public interface Buffers {
    /**
     * A fixed-size buffer of {@code shape} whose storage is {@code storage} itself.
     *
     * @param storage the storage, kept by reference
     * @param shape the dimension sizes (copied)
     * @param dataType the element type
     * @return the new buffer
     */
    TensorBuffer wrapFixedSize(
        ByteBuffer storage, int[] shape, org.tensorflow.lite.DataType dataType);

    /**
     * A fixed-size buffer of {@code shape} over an op result's {@code storage} (rewound, native
     * order, exactly {@code flatSize} elements of {@code dataType}), made without a native call.
     *
     * @param storage the storage, kept by reference
     * @param shape the dimension sizes (copied)
     * @param flatSize the element count of {@code shape}
     * @param dataType the element type
     * @return the new buffer
     */
    TensorBuffer wrapResult(
        ByteBuffer storage, int[] shape, int flatSize, org.tensorflow.lite.DataType dataType);
  }

  private static volatile Tensors tensors;
  private static volatile Buffers buffers;

  /**
   * Called once by {@link Tensor}'s static initialiser; nobody else can register (the operations
   * must be declared inside {@link Tensor}).
   *
   * @param side the operations
   * @throws IllegalStateException on a second call, or for operations not declared in {@link
   *     Tensor}
   */
  public static synchronized void register(Tensors side) {
    checkDeclaredIn(side, Tensor.class);
    if (tensors != null) {
      throw new IllegalStateException("Tensor operations are registered already");
    }
    tensors = side;
  }

  /**
   * Called once by {@link TensorBuffer}'s static initialiser; nobody else can register (the
   * operations must be declared inside {@link TensorBuffer}).
   *
   * @param side the operations
   * @throws IllegalStateException on a second call, or for operations not declared in {@link
   *     TensorBuffer}
   */
  public static synchronized void register(Buffers side) {
    checkDeclaredIn(side, TensorBuffer.class);
    if (buffers != null) {
      throw new IllegalStateException("TensorBuffer operations are registered already");
    }
    buffers = side;
  }

  /**
   * {@link Tensor}'s side, initialising that class first if nobody has yet.
   *
   * @return the registered operations
   */
  public static Tensors tensors() {
    Tensors side = tensors;
    if (side == null) {
      initialize("org.tensorflow.Tensor");
      side = tensors;
    }
    return side;
  }

  /**
   * {@link TensorBuffer}'s side, initialising that class first if nobody has yet.
   *
   * @return the registered operations
   */
  public static Buffers buffers() {
    Buffers side = buffers;
    if (side == null) {
      initialize("org.tensorflow.lite.support.tensorbuffer.TensorBuffer");
      side = buffers;
    }
    return side;
  }

  /**
   * The operations must be a class nested in {@code owner}: only code in the owner's package
   * (which can reach its package-private members anyway) can declare one, so outside code cannot
   * take the owner's place before its static initialiser runs.
   */
  private static void checkDeclaredIn(Object side, Class<?> owner) {
    Class<?> c = side == null ? null : side.getClass();
    while (c != null && c != owner) {
      c = c.getEnclosingClass();
    }
    if (c == null) {
      throw new IllegalStateException("only " + owner.getName() + " registers its operations");
    }
  }

  private static void initialize(String className) {
    try {
      Class.forName(className, true, BridgeAccess.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("tensorbridge class missing: " + className, e);
    }
  }
}
