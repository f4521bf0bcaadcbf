package dev.tensorbridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.TensorFlowException;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;

/**
 * No native handle can be passed in through the jar's public surface. Every class of the main
 * sources (read from the class-path directory they were compiled to) is inspected: no native
 * method is public or protected, and every public method of every public class that has a {@code
 * long} parameter is called with forged values there (1, 0xdeadbeef, {@code Long.MAX_VALUE},
 * {@code Long.MIN_VALUE} and the raw handle of a closed tensor), on a live and a closed instance
 * where the class has one. Each call must return or throw, never take the JVM down, never surface
 * a caught Rust panic; and a live tensor made before must read back unchanged afterwards.
 */
class ForgedHandleTest {

  private static List<Class<?>> mainClasses() throws URISyntaxException, ClassNotFoundException {
    File root = new File(Tensor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertTrue(root.isDirectory(), "main classes are a directory: " + root);
    List<Class<?>> out = new ArrayList<Class<?>>();
    collect(root, root, out);
    assertTrue(out.size() > 50, "found only " + out.size() + " classes under " + root);
    return out;
  }

  private static void collect(File root, File dir, List<Class<?>> out)
      throws ClassNotFoundException {
    File[] files = dir.listFiles();
    if (files == null) {
      return;
    }
    for (File f : files) {
      if (f.isDirectory()) {
        collect(root, f, out);
      } else if (f.getName().endsWith(".class") && !f.getName().contains("-info")) {
        String rel = root.toURI().relativize(f.toURI()).getPath();
        String name = rel.substring(0, rel.length() - ".class".length()).replace('/', '.');
        out.add(Class.forName(name, false, ForgedHandleTest.class.getClassLoader()));
      }
    }
  }

  @Test
  void noNativeMethodIsPublicOrProtected() throws Exception {
    int natives = 0;
    List<String> exposed = new ArrayList<String>();
    for (Class<?> c : mainClasses()) {
      for (Method m : c.getDeclaredMethods()) {
        if (Modifier.isNative(m.getModifiers())) {
          natives++;
          if (Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers())) {
            exposed.add(m.toString());
          }
        }
      }
    }
    assertTrue(natives > 30, "natives found: " + natives);
    assertEquals(Collections.emptyList(), exposed);
  }

  /** The consumer R8 rules name exactly the classes that declare natives (their names must stay). */
  @Test
  void theR8RulesKeepEveryClassWithNatives() throws Exception {
    java.util.Set<String> withNatives = new java.util.TreeSet<String>();
    for (Class<?> c : mainClasses()) {
      for (Method m : c.getDeclaredMethods()) {
        if (Modifier.isNative(m.getModifiers())) {
          withNatives.add(c.getName());
        }
      }
    }
    String rules =
        new String(
            java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("android", "proguard.txt")),
            java.nio.charset.StandardCharsets.UTF_8);
    java.util.Set<String> kept = new java.util.TreeSet<String>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("-keepclasseswithmembernames class ([^{]*)\\{").matcher(rules);
    while (m.find()) {
      for (String name : m.group(1).split(",")) {
        kept.add(name.trim());
      }
    }
    assertEquals(withNatives, kept);
  }

  @Test
  void theInternalPackageExposesNoLongParameters() throws Exception {
    for (Class<?> c : mainClasses()) {
      if (!c.getName().startsWith("dev.tensorbridge.internal.") || !Modifier.isPublic(c.getModifiers())) {
        continue;
      }
      for (Method m : c.getDeclaredMethods()) {
        if (Modifier.isPublic(m.getModifiers())) {
          for (Class<?> p : m.getParameterTypes()) {
            assertFalse(p == long.class || p == long[].class, m.toString());
          }
        }
      }
    }
  }

  @Test
  void forgedLongsThroughEveryPublicMethodCrashNothing() throws Throwable {
    Tensor<?> sentinel = Tensor.create(new int[] {4, 5, 6});
    Tensor<?> closed = Tensor.create(new int[] {1, 2});
    long closedHandle = rawHandle(closed);
    closed.close();
    long[] forged = {1, 0xdeadbeefL, Long.MAX_VALUE, Long.MIN_VALUE, closedHandle};

    EagerSession session = EagerSession.create();
    EagerSession closedSession = EagerSession.create();
    Ops tf = Ops.create(session);
    Map<Class<?>, List<Object>> instances = new HashMap<Class<?>, List<Object>>();
    Tensor<?> open = Tensor.create(new int[][] {{1, 2, 3}, {4, 5, 6}});
    Tensor<?> closedToo = Tensor.create(new float[] {1, 2});
    closedToo.close();
    put(instances, open, closedToo);
    put(instances, session, closedSession);
    put(instances, tf);
    put(instances, tf.constant(new int[] {1, 2, 3}));
    put(instances, tf.constant(new int[] {1, 2, 3}).asOutput());
    put(instances, session.opBuilder("StridedSlice", "forged"));
    org.tensorflow.Graph graph = new org.tensorflow.Graph();
    put(instances, graph.opBuilder("StridedSlice", "forged"));
    put(instances, graph);
    put(instances, Shape.of(2, 3));
    put(instances, TensorBuffer.createFixedSize(new int[] {2}, DataType.FLOAT32));
    put(instances, TensorBuffer.createDynamic(DataType.UINT8));
    closedSession.close();

    int calls = 0;
    List<String> panics = new ArrayList<String>();
    try {
      for (Class<?> c : mainClasses()) {
        if (!Modifier.isPublic(c.getModifiers())) {
          continue;
        }
        for (Method m : c.getMethods()) {
          if (m.getDeclaringClass().getName().startsWith("java.") || !hasLong(m)) {
            continue;
          }
          List<Object> receivers = new ArrayList<Object>();
          if (Modifier.isStatic(m.getModifiers())) {
            receivers.add(null);
          } else {
            for (Map.Entry<Class<?>, List<Object>> e : instances.entrySet()) {
              if (c.isAssignableFrom(e.getKey())) {
                receivers.addAll(e.getValue());
              }
            }
          }
          for (Object receiver : receivers) {
            for (long value : forged) {
              calls++;
              Throwable thrown = invoke(m, receiver, value);
              if (thrown instanceof TensorFlowException
                  && String.valueOf(thrown.getMessage()).contains("panic")) {
                panics.add(m + " with " + value + ": " + thrown.getMessage());
              }
            }
          }
        }
      }
    } finally {
      session.close();
      graph.close();
      open.close();
    }
    assertTrue(calls > 100, "only " + calls + " calls made");
    assertEquals(Collections.emptyList(), panics);
    // Nothing released or overwrote a live tensor.
    assertArrayEquals(new int[] {4, 5, 6}, sentinel.copyTo(new int[3]));
    sentinel.close();
  }

  private static void put(Map<Class<?>, List<Object>> map, Object... values) {
    List<Object> list = new ArrayList<Object>();
    Collections.addAll(list, values);
    map.put(values[0].getClass(), list);
  }

  private static boolean hasLong(Method m) {
    for (Class<?> p : m.getParameterTypes()) {
      if (p == long.class || p == Long.class) {
        return true;
      }
    }
    return false;
  }

  /** Calls {@code m} with {@code value} for every long parameter; returns what it threw. */
  private static Throwable invoke(Method m, Object receiver, long value) throws IllegalAccessException {
    Class<?>[] types = m.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      args[i] = sample(types[i], value);
    }
    try {
      m.invoke(receiver, args);
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause();
    }
  }

  private static Object sample(Class<?> type, long value) {
    if (type == long.class || type == Long.class) {
      return value;
    } else if (type == int.class) {
      return 1;
    } else if (type == boolean.class) {
      return false;
    } else if (type == float.class) {
      return 1f;
    } else if (type == double.class) {
      return 1d;
    } else if (type == byte.class) {
      return (byte) 1;
    } else if (type == short.class) {
      return (short) 1;
    } else if (type == char.class) {
      return 'a';
    } else if (type == String.class) {
      return "begin_mask";
    } else if (type == long[].class) {
      return new long[] {value};
    }
    return null;
  }

  /** The raw handle a tensor owns, read reflectively (nothing public hands it out). */
  static long rawHandle(Tensor<?> t) throws Exception {
    Field owner = Tensor.class.getDeclaredField("handle");
    owner.setAccessible(true);
    Object nativeHandle = owner.get(t);
    Field raw = nativeHandle.getClass().getDeclaredField("handle");
    raw.setAccessible(true);
    return raw.getLong(nativeHandle);
  }
}
