package org.tensorflow;

import java.util.Objects;

/**
 * A symbolic handle to output {@code index} of an {@link Operation}. In eager mode its value is
 * already computed and available through {@link #tensor()}; in graph mode it is computed by
 * running a {@link Session}. Thread-safe.
 *
 * @param <T> the type tag of the elements
 */
public final class Output<T> implements Operand<T> {
  private final AbstractOperation operation;
  private final int index;

  Output(AbstractOperation operation, int index) {
    this.operation = operation;
    this.index = index;
  }

  /**
   * The operation that produces this output.
   *
   * @return the producing operation
   */
  public Operation op() {
    return operation;
  }

  /**
   * The index of this output in its operation.
   *
   * @return the output index, from 0
   */
  public int index() {
    return index;
  }

  /**
   * The shape of the value: fully known in eager mode; in graph mode the shape inferred when the
   * operation was added, possibly partial ({@code [?, 2]}) or of unknown rank.
   *
   * @return the TensorFlow 1.x shape
   * @throws IllegalStateException if the eager session was closed before {@link #tensor()} was
   *     called, or the graph has been closed
   */
  public Shape shape() {
    return operation.shape(index);
  }

  /**
   * The element type of the value.
   *
   * @return the data type
   * @throws IllegalStateException if the eager session was closed before {@link #tensor()} was
   *     called, or the graph has been closed
   */
  public DataType dataType() {
    return operation.dataType(index);
  }

  /**
   * The computed value. The first call creates the tensor; later calls return the same instance.
   * It is owned by the session, which closes it when the session closes; the caller may close it
   * earlier, and this output stays usable as an op input.
   *
   * @return the session-owned tensor; do not expect it to outlive the session
   * @throws IllegalStateException if the session was closed before the first call; always in
   *     graph mode ({@code Graph tensors must be fetched by running a session})
   */
  @SuppressWarnings("unchecked")
  public Tensor<T> tensor() {
    return (Tensor<T>) operation.tensor(index);
  }

  @Override
  public Output<T> asOutput() {
    return this;
  }

  @Override
  public int hashCode() {
    return Objects.hash(operation, index);
  }

  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (o instanceof Output<?>) {
      Output<?> that = (Output<?>) o;
      return index == that.index && operation.equals(that.operation);
    }
    return false;
  }

  /** For example {@code <StridedSlice 'StridedSlice:0' shape=[2, 2] dtype=INT32>}. */
  @Override
  public String toString() {
    return String.format(
        "<%s '%s:%d' shape=%s dtype=%s>",
        operation.type(), operation.name(), index, shape(), dataType());
  }

  /**
   * The live native handle of this output's value, for an op that reads it inside a use of the
   * session.
   */
  long liveHandle() {
    return eagerOperation().outputHandle(index);
  }

  /**
   * Fails as {@link #liveHandle()} would, without reading the handle (outside a use).
   *
   * @throws IllegalStateException {@code Tensor handle has been deleted} once the value is released
   */
  void checkLive() {
    eagerOperation().checkOutputLive(index);
  }

  EagerSession session() {
    return eagerOperation().session();
  }

  /** The producing operation as an eager one, for the eager op builder. */
  private EagerOperation eagerOperation() {
    if (!(operation instanceof EagerOperation)) {
      throw new IllegalArgumentException(
          "Output " + operation.name() + ":" + index
              + " belongs to a Graph and cannot be an input of an eager operation");
    }
    return (EagerOperation) operation;
  }

  /** The producing operation, for the graph op builder and the session runner. */
  AbstractOperation operation() {
    return operation;
  }
}
