package org.tensorflow.op;

import java.util.ArrayList;
import java.util.List;
import org.tensorflow.Operand;
import org.tensorflow.Output;

/** Helpers for lists of operands. */
public final class Operands {
  private Operands() {}

  /** The outputs of {@code inputs}, in order. */
  public static Output<?>[] asOutputs(Iterable<? extends Operand<?>> inputs) {
    List<Output<?>> outputs = new ArrayList<Output<?>>();
    for (Operand<?> input : inputs) {
      outputs.add(input.asOutput());
    }
    return outputs.toArray(new Output<?>[0]);
  }
}
