package org.tensorflow.op;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tensorflow.ExecutionEnvironment;
import org.tensorflow.Operand;
import org.tensorflow.OperationBuilder;

/**
 * The context ops are created in: an environment, TF 1.x naming (unique names, sub-scope
 * prefixes) and control dependencies. Not thread-safe.
 *
 * <p>Names must match {@code [A-Za-z0-9.][A-Za-z0-9_.\-]*}. Repeated names get {@code _1},
 * {@code _2}, ... suffixes; a name is reserved before its op is built, so a failing op still
 * consumes it.
 */
public final class Scope {
  private final ExecutionEnvironment env;
  private final NameScope nameScope;
  private final List<Operand<?>> controls;

  /**
   * A root scope in {@code env}: no prefix, a fresh name counter, no control dependencies.
   *
   * @param env the environment that builds and runs the ops
   */
  public Scope(ExecutionEnvironment env) {
    this(env, new NameScope(), Collections.<Operand<?>>emptyList());
  }

  private Scope(ExecutionEnvironment env, NameScope nameScope, List<Operand<?>> controls) {
    this.env = env;
    this.nameScope = nameScope;
    this.controls = controls;
  }

  /**
   * The execution environment.
   *
   * @return the environment shared by this scope and every scope derived from it
   */
  public ExecutionEnvironment env() {
    return env;
  }

  /**
   * A scope whose ops are named {@code {prefix}/{unique child name}/...}, with a fresh name
   * counter. On a scope made by {@link #withName}, that name is used instead of
   * {@code childScopeName} (as in TF 1.x).
   *
   * @param childScopeName the sub-scope name, made unique among this scope's names
   * @return a new scope with the same environment and control dependencies
   * @throws IllegalArgumentException if the name is invalid
   */
  public Scope withSubScope(String childScopeName) {
    return new Scope(env, nameScope.withSubScope(childScopeName), controls);
  }

  /**
   * A scope sharing this one's prefix and name counter whose ops are named {@code opName}
   * (made unique) instead of their default names.
   *
   * @param opName the name for the ops created in the returned scope
   * @return a new scope
   * @throws IllegalArgumentException if the name is invalid
   */
  public Scope withName(String opName) {
    return new Scope(env, nameScope.withName(opName), controls);
  }

  /**
   * Reserves and returns a unique, fully qualified op name: {@code defaultName}, or the name
   * given to {@link #withName}. {@code defaultName} is validated either way.
   *
   * @param defaultName the op type's default name, e.g. {@code "Const"}
   * @return the reserved name, e.g. {@code layer/Const_1}
   * @throws IllegalArgumentException if a name is invalid
   */
  public String makeOpName(String defaultName) {
    return nameScope.makeOpName(defaultName);
  }

  /**
   * A scope sharing this one's names whose ops depend on {@code controls}.
   *
   * @param controls the operands to depend on (copied); replaces any earlier list
   * @return a new scope sharing this one's prefix and name counter
   * @throws NullPointerException if {@code controls} is null
   */
  public Scope withControlDependencies(Iterable<Operand<?>> controls) {
    List<Operand<?>> copy = new ArrayList<Operand<?>>();
    for (Operand<?> control : controls) {
      copy.add(control);
    }
    return new Scope(env, nameScope, Collections.unmodifiableList(copy));
  }

  /**
   * Adds this scope's control dependencies to {@code builder}. In eager mode a non-empty list
   * fails with {@code UnsupportedOperationException}.
   *
   * @param builder the builder of the op being created
   * @return the builder returned by the last {@code addControlInput}, or {@code builder} when the
   *     list is empty
   * @throws UnsupportedOperationException in eager mode, if the list is not empty
   */
  public OperationBuilder applyControlDependencies(OperationBuilder builder) {
    for (Operand<?> control : controls) {
      builder = builder.addControlInput(control.asOutput().op());
    }
    return builder;
  }
}
