package org.tensorflow.op.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks an op wrapper class that the {@code Ops} facade exposes (source only). */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.SOURCE)
public @interface Operator {
  /**
   * The facade group, or the top level when empty.
   *
   * @return the group name; empty by default
   */
  String group() default "";

  /**
   * The facade method name, or the class name in lower camel case when empty.
   *
   * @return the method name; empty by default
   */
  String name() default "";
}
