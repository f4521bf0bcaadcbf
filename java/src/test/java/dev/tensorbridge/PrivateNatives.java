package dev.tensorbridge;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Calls a class's private native methods from tests, as a hostile caller that got past the Java
 * facade would: the native code must refuse bad arguments on its own.
 */
public final class PrivateNatives {
  private PrivateNatives() {}

  /**
   * Invokes the (only) native method {@code name} of {@code owner} with {@code args}, rethrowing
   * what it throws.
   *
   * @param owner the class declaring the native method
   * @param name the native method's name
   * @param args the arguments (boxed primitives)
   * @return the result, boxed
   * @throws Throwable whatever the native method throws
   */
  public static Object call(Class<?> owner, String name, Object... args) throws Throwable {
    Method method = nativeMethod(owner, name);
    try {
      return method.invoke(null, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * The native method {@code name} of {@code owner}, made accessible.
   *
   * @param owner the class declaring the native method
   * @param name the native method's name
   * @return the method
   */
  public static Method nativeMethod(Class<?> owner, String name) {
    for (Method m : owner.getDeclaredMethods()) {
      if (m.getName().equals(name) && Modifier.isNative(m.getModifiers())) {
        m.setAccessible(true);
        return m;
      }
    }
    throw new IllegalArgumentException("no native method " + name + " in " + owner.getName());
  }
}
