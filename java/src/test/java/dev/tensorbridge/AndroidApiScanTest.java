package dev.tensorbridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tensorflow.ndarray.Shape;

/**
 * Keeps the jar's classes loadable on Android API 21: scans every class file under target/classes,
 * which is exactly what the jar (and the AAR's classes.jar) holds: org.tensorflow.*, the
 * dev.tensorbridge internals, SliceEncoding and the demo. It fails, listing each offending
 * reference, if one names a class or member that API level lacks (docs/android.md). The scan reads
 * the constant pool itself ({@link ClassFileReferences}), so it sees exactly what the runtime would have to resolve.
 */
class AndroidApiScanTest {

  /** Packages absent on API 21, with the API level that added them. */
  private static final String[][] FORBIDDEN_PACKAGES = {
    {"java/nio/file/", "java.nio.file (Android API 26)"},
    {"java/util/stream/", "java.util.stream (Android API 24)"},
    {"java/util/function/", "java.util.function (Android API 24)"},
    {"java/time/", "java.time (Android API 26)"},
  };

  /** Classes absent on API 21 (nested classes included by prefix). */
  private static final String[][] FORBIDDEN_CLASSES = {
    {"java/lang/ref/Cleaner", "java.lang.ref.Cleaner (Android API 33)"},
    {"java/lang/invoke/VarHandle", "java.lang.invoke.VarHandle (Android API 33)"},
    {"java/util/Optional", "java.util.Optional (Android API 24)"},
    {"java/util/OptionalInt", "java.util.OptionalInt (Android API 24)"},
    {"java/util/OptionalLong", "java.util.OptionalLong (Android API 24)"},
    {"java/util/OptionalDouble", "java.util.OptionalDouble (Android API 24)"},
    {"java/util/concurrent/CompletableFuture", "CompletableFuture (Android API 24)"},
  };

  /** Members absent on API 21 although their class exists: owner, name. */
  private static final String[][] FORBIDDEN_MEMBERS = {
    {"java/lang/ref/Reference", "reachabilityFence", "Reference.reachabilityFence (Android API 28)"},
  };

  /** Buffer methods that JDK 9+ overrides with covariant return types (compiling without --release 8). */
  private static final String[] COVARIANT_BUFFER_METHODS = {
    "position", "limit", "mark", "reset", "clear", "flip", "rewind"
  };

  /** Why a single internal class name is forbidden, or null. */
  static String forbiddenClass(String internalName) {
    for (String[] rule : FORBIDDEN_PACKAGES) {
      if (internalName.startsWith(rule[0])) {
        return rule[1];
      }
    }
    for (String[] rule : FORBIDDEN_CLASSES) {
      if (internalName.equals(rule[0]) || internalName.startsWith(rule[0] + "$")) {
        return rule[1];
      }
    }
    return null;
  }

  /** Why a member reference is forbidden (beyond its owner or descriptor types), or null. */
  static String forbiddenMember(ClassFileReferences.MemberRef ref) {
    for (String[] rule : FORBIDDEN_MEMBERS) {
      if (ref.owner.equals(rule[0]) && ref.name.equals(rule[1])) {
        return rule[2];
      }
    }
    boolean buffer = ref.owner.startsWith("java/nio/") && ref.owner.endsWith("Buffer")
        && !ref.owner.equals("java/nio/Buffer");
    if (buffer && ref.descriptor.endsWith(")L" + ref.owner + ";")) {
      for (String name : COVARIANT_BUFFER_METHODS) {
        if (ref.name.equals(name)) {
          return "covariant " + name + "() override of JDK 9+ (absent on Java 8 and older Android)";
        }
      }
    }
    return null;
  }

  /** Every offending reference of one class file, one line each. */
  static List<String> offences(ClassFileReferences refs) {
    List<String> found = new ArrayList<String>();
    for (String name : refs.classes) {
      String why = forbiddenClass(name);
      if (why != null) {
        found.add(refs.className + ": class " + name + " — " + why);
      }
    }
    for (ClassFileReferences.MemberRef ref : refs.members) {
      String why = forbiddenMember(ref);
      if (why != null) {
        found.add(refs.className + ": member " + ref + " — " + why);
      }
    }
    for (String descriptor : refs.descriptors) {
      for (String type : ClassFileReferences.typesIn(descriptor)) {
        String why = forbiddenClass(type);
        if (why != null) {
          found.add(refs.className + ": descriptor " + descriptor + " — " + why);
        }
      }
    }
    return found;
  }

  // ---- locating and reading class files ----

  /** target/classes: from Surefire's property, else from where this build's Shape was loaded. */
  static File mainClassesDir() throws URISyntaxException {
    String configured = System.getProperty("tensorbridge.test.classesDir");
    if (configured != null) {
      return new File(configured);
    }
    return new File(Shape.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static void collectClassFiles(File dir, List<File> out) {
    File[] children = dir.listFiles();
    if (children == null) {
      return;
    }
    for (File child : children) {
      if (child.isDirectory()) {
        collectClassFiles(child, out);
      } else if (child.getName().endsWith(".class")) {
        out.add(child);
      }
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      byte[] chunk = new byte[8192];
      int n;
      while ((n = in.read(chunk)) > 0) {
        bytes.write(chunk, 0, n);
      }
      return bytes.toByteArray();
    } finally {
      in.close();
    }
  }

  private static ClassFileReferences readClass(Class<?> type) throws IOException {
    String resource = "/" + type.getName().replace('.', '/') + ".class";
    InputStream in = type.getResourceAsStream(resource);
    assertTrue(in != null, "class file of " + type.getName() + " not found");
    return ClassFileReferences.read(readAll(in));
  }

  // ---- the scan of the main classes ----

  @Test
  void mainClassesUseOnlyApisPresentOnAndroid21() throws Exception {
    File dir = mainClassesDir();
    List<File> files = new ArrayList<File>();
    collectClassFiles(dir, files);
    Collections.sort(files);
    assertFalse(files.isEmpty(), "no class files under " + dir);
    // The whole output directory, not a package subset: spot-check one class of each root package.
    for (String expected :
        new String[] {
          "org/tensorflow/ndarray/Shape.class",
          "org/tensorflow/lite/support/tensorbuffer/TensorBuffer.class",
          "dev/tensorbridge/internal/NativeLoader.class",
          "dev/tensorbridge/demo/Demo.class"
        }) {
      assertTrue(files.contains(new File(dir, expected)), "expected " + expected + " among the scanned files under " + dir);
    }

    List<String> found = new ArrayList<String>();
    for (File file : files) {
      ClassFileReferences refs = ClassFileReferences.read(readAll(new FileInputStream(file)));
      found.addAll(offences(refs));
      if (refs.majorVersion > 52) {
        found.add(refs.className + ": class-file version " + refs.majorVersion + " > 52 (Java 8)");
      }
    }
    if (!found.isEmpty()) {
      fail(found.size() + " references to APIs absent on Android API 21:\n  " + String.join("\n  ", found));
    }
  }

  // ---- self-checks: the scanner can fail ----

  /** Deliberately refers to everything the scan forbids; compiled with the tests, never run. */
  @SuppressWarnings("unused")
  static final class DeliberateOffender {
    Supplier<String> supplier;

    static long count(Stream<String> lines) {
      return lines.count();
    }

    static Path path() {
      return Paths.get("x");
    }

    static Object cleaner() {
      return Cleaner.create();
    }

    static Object varHandle() throws ReflectiveOperationException {
      VarHandle handle =
          MethodHandles.lookup().findVarHandle(DeliberateOffender.class, "supplier", Supplier.class);
      return handle;
    }

    static void fence(Object o) {
      Reference.reachabilityFence(o);
    }

    static ByteBuffer covariantFlip(ByteBuffer buffer) {
      return buffer.flip(); // compiled for Java 17: ByteBuffer.flip()Ljava/nio/ByteBuffer;
    }
  }

  /** Refers to nothing the scan forbids. */
  @SuppressWarnings("unused")
  static final class CleanClass {
    static long size(Shape shape) {
      return shape.size();
    }

    static int remaining(ByteBuffer buffer) {
      return buffer.remaining();
    }
  }

  private static boolean mentions(List<String> offences, String text) {
    for (String offence : offences) {
      if (offence.contains(text)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void scannerReportsEveryForbiddenReferenceOfADeliberateOffender() throws IOException {
    List<String> found = offences(readClass(DeliberateOffender.class));
    String all = String.join("\n", found);
    assertTrue(mentions(found, "class java/util/function/Supplier"), all);
    assertTrue(mentions(found, "descriptor Ljava/util/function/Supplier;"), all);
    assertTrue(mentions(found, "java/util/stream/Stream"), all);
    assertTrue(mentions(found, "java/nio/file/Path"), all);
    assertTrue(mentions(found, "java/lang/ref/Cleaner"), all);
    assertTrue(mentions(found, "java/lang/invoke/VarHandle"), all);
    assertTrue(mentions(found, "member java/lang/ref/Reference.reachabilityFence"), all);
    assertTrue(mentions(found, "member java/nio/ByteBuffer.flip()Ljava/nio/ByteBuffer;"), all);
    for (String offence : found) {
      assertTrue(offence.startsWith(DeliberateOffender.class.getName().replace('.', '/') + ": "), offence);
    }
  }

  @Test
  void scannerReportsNothingForACleanClass() throws IOException {
    ClassFileReferences refs = readClass(CleanClass.class);
    assertEquals(CleanClass.class.getName().replace('.', '/'), refs.className);
    assertTrue(refs.classes.contains("org/tensorflow/ndarray/Shape"), refs.classes.toString());
    assertEquals(Collections.<String>emptyList(), offences(refs));
  }

  @Test
  void classRulesMatchWholeNamesAndArrays() {
    assertTrue(forbiddenClass("java/util/OptionalInt") != null);
    assertTrue(forbiddenClass("java/lang/ref/Cleaner$Cleanable") != null);
    assertEquals(null, forbiddenClass("java/lang/ref/CleanerLike"));
    assertEquals(null, forbiddenClass("java/nio/ByteBuffer"));
    assertEquals(null, forbiddenClass("java/util/functional/Thing"));
    assertEquals(
        Collections.singletonList("java/util/function/Supplier"),
        ClassFileReferences.typesIn("([[Ljava/util/function/Supplier;IJ)V"));
  }
}
