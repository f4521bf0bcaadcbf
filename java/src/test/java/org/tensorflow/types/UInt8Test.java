package org.tensorflow.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** {@link UInt8}: a non-instantiable {@code Number} type tag (docs/contracts/tensor.md#data-types). */
class UInt8Test {

  @Test
  void isANumberWithOnlyAPrivateConstructor() throws Exception {
    assertTrue(Number.class.isAssignableFrom(UInt8.class));
    Constructor<?>[] constructors = UInt8.class.getDeclaredConstructors();
    assertEquals(1, constructors.length);
    assertTrue(Modifier.isPrivate(constructors[0].getModifiers()));
    java.lang.reflect.Field uid = UInt8.class.getDeclaredField("serialVersionUID");
    uid.setAccessible(true);
    assertEquals(1L, uid.getLong(null));
  }
}
