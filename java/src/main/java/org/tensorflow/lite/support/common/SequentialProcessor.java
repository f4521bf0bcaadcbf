package org.tensorflow.lite.support.common;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;

/**
 * A {@link Processor} that runs its operators one after the other, each on the previous one's
 * result, in the order they were added.
 *
 * @param <T> the type processed
 */
public class SequentialProcessor<T> implements Processor<T> {

  /** The operators, in the order they run. */
  protected final List<Operator<T>> operatorList;

  /** For each operator class name, the positions in {@link #operatorList} it occupies. */
  protected final Map<String, List<Integer>> operatorIndex;

  /**
   * Takes the builder's operators (the list itself, not a copy) and an unmodifiable view of its
   * index.
   *
   * @param builder the builder with the operators
   */
  protected SequentialProcessor(Builder<T> builder) {
    operatorList = builder.operatorList;
    operatorIndex = Collections.unmodifiableMap(builder.operatorIndex);
  }

  @Override
  public T process(T x) {
    for (Operator<T> op : operatorList) {
      x = op.apply(x);
    }
    return x;
  }

  /**
   * Collects the operators of a {@link SequentialProcessor}.
   *
   * @param <T> the type processed
   */
  protected static class Builder<T> {

    private final List<Operator<T>> operatorList;
    private final Map<String, List<Integer>> operatorIndex;

    /** An empty builder. */
    protected Builder() {
      operatorList = new ArrayList<>();
      operatorIndex = new HashMap<>();
    }

    /**
     * Appends {@code op}.
     *
     * @param op the operator to run after those added before
     * @return this builder
     * @throws NullPointerException if {@code op} is null
     */
    public Builder<T> add(Operator<T> op) {
      SupportPreconditions.checkNotNull(op, "Adding null Op is illegal.");
      operatorList.add(op);
      String name = op.getClass().getName();
      List<Integer> positions = operatorIndex.get(name);
      if (positions == null) {
        positions = new ArrayList<Integer>();
        operatorIndex.put(name, positions);
      }
      positions.add(operatorList.size() - 1);
      return this;
    }

    /**
     * Creates the processor.
     *
     * @return a processor over the operators added so far
     */
    public SequentialProcessor<T> build() {
      return new SequentialProcessor<T>(this);
    }
  }
}
