package org.tensorflow.op;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Output;

/** Helpers for lists of operands. */
public final class Operands {
  private Operands() {}

  /**
   * The outputs of {@code inputs}, in order.
   *
   * @param inputs the operands, iterated once
   * @return a new array of {@code asOutput()} of each operand
   * @throws NullPointerException if {@code inputs} or an element is null
   */
  public static Output<?>[] asOutputs(Iterable<? extends Operand<?>> inputs) {
    List<Output<?>> outputs = new ArrayList<Output<?>>();
    for (Operand<?> input : inputs) {
      outputs.add(input.asOutput());
    }
    return outputs.toArray(new Output<?>[0]);
  }
}
