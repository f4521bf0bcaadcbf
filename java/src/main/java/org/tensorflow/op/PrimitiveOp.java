package org.tensorflow.op;

import org.tensorflow.Operation;

/** An op wrapper around a single {@link Operation}. */
public abstract class PrimitiveOp implements Op {
  /** The wrapped operation. */
  protected final Operation operation;

  /**
   * Wraps {@code operation}; subclasses capture their outputs from it.
   *
   * @param operation the executed operation; never null
   */
  protected PrimitiveOp(Operation operation) {
    this.operation = operation;
  }

  /**
   * The wrapped operation.
   *
   * @return the operation passed to the constructor
   */
  public Operation op() {
    return operation;
  }

  @Override
  public final int hashCode() {
    return operation.hashCode();
  }

  /** True for any op wrapper (whatever its class) around an equal operation. */
  @Override
  public final boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (!(obj instanceof PrimitiveOp)) {
      return false;
    }
    return operation.equals(((PrimitiveOp) obj).operation);
  }

  /** {@code <type 'name'>}, e.g. {@code <StridedSlice 'StridedSlice_1'>}. */
  @Override
  public final String toString() {
    return String.format("<%s '%s'>", operation.type(), operation.name());
  }
}
