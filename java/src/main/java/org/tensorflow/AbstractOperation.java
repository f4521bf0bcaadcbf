package org.tensorflow;

/**
 * What an {@link Output} needs from the operation that produces it, in eager and graph mode
 * alike.
 */
abstract class AbstractOperation implements Operation {
  /** The static (graph) or computed (eager) shape of output {@code idx}. */
  abstract Shape shape(int idx);

  /** The element type of output {@code idx}. */
  abstract DataType dataType(int idx);

  /** The value of output {@code idx}, where the mode has one (eager only). */
  abstract Tensor<?> tensor(int idx);

  @Override
  public <T> Output<T> output(int idx) {
    if (idx < 0 || idx >= numOutputs()) {
      throw new IndexOutOfBoundsException(
          "Output index " + idx + " out of range for an op with " + numOutputs() + " output(s)");
    }
    return new Output<T>(this, idx);
  }

  @Override
  public Output<?>[] outputList(int idx, int length) {
    if (length < 0 || idx < 0 || idx > numOutputs() - length) {
      throw new IndexOutOfBoundsException(
          "Outputs [" + idx + ", " + idx + " + " + length + ") out of range for an op with "
              + numOutputs() + " output(s)");
    }
    Output<?>[] outputs = new Output<?>[length];
    for (int i = 0; i < length; i++) {
      outputs[i] = output(idx + i);
    }
    return outputs;
  }

  /** {@code <type 'name'>}. */
  @Override
  public String toString() {
    return "<" + type() + " '" + name() + "'>";
  }
}
