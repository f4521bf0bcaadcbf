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

  /** A root scope in {@code env}: no prefix, a fresh name counter, no control dependencies. */
  public Scope(ExecutionEnvironment env) {
    this(env, new NameScope(), Collections.<Operand<?>>emptyList());
  }

  private Scope(ExecutionEnvironment env, NameScope nameScope, List<Operand<?>> controls) {
    this.env = env;
    this.nameScope = nameScope;
    this.controls = controls;
  }

  /** The execution environment. */
  public ExecutionEnvironment env() {
    return env;
  }

  /**
   * A scope whose ops are named {@code {prefix}/{unique child name}/...}, with a fresh name
   * counter. On a scope made by {@link #withName}, that name is used instead of
   * {@code childScopeName} (as in TF 1.x).
   *
   * @throws IllegalArgumentException if the name is invalid
   */
  public Scope withSubScope(String childScopeName) {
    return new Scope(env, nameScope.withSubScope(childScopeName), controls);
  }

  /**
   * A scope sharing this one's prefix and name counter whose ops are named {@code opName}
   * (made unique) instead of their default names.
   *
   * @throws IllegalArgumentException if the name is invalid
   */
  public Scope withName(String opName) {
    return new Scope(env, nameScope.withName(opName), controls);
  }

  /**
   * Reserves and returns a unique, fully qualified op name: {@code defaultName}, or the name
   * given to {@link #withName}. {@code defaultName} is validated either way.
   *
   * @throws IllegalArgumentException if a name is invalid
   */
  public String makeOpName(String defaultName) {
    return nameScope.makeOpName(defaultName);
  }

  /** A scope sharing this one's names whose ops depend on {@code controls}. */
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
   */
  public OperationBuilder applyControlDependencies(OperationBuilder builder) {
    for (Operand<?> control : controls) {
      builder = builder.addControlInput(control.asOutput().op());
    }
    return builder;
  }
}
