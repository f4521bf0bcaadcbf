package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The image ops and ImageProcessor declare methods taking android.graphics.PointF/RectF; on a JVM
 * without Android classes every other method must work. Android's classes are on this JVM's test
 * class path (provided scope), so the check runs in a child JVM with only the project's classes.
 */
class ImageWithoutAndroidTest {
  @Test
  void everyMethodWithoutPointFWorksWithoutAndroidClasses() throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    String classPath = System.getProperty("tensorbridge.test.classesDir") + File.pathSeparator
        + System.getProperty("tensorbridge.test.testClassesDir");
    List<String> command = new ArrayList<String>();
    command.add(java);
    command.add("-Xcheck:jni");
    command.add("-cp");
    command.add(classPath);
    command.add(ImageOpsWithoutAndroidProbe.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    InputStream in = process.getInputStream();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
      bytes.write(chunk, 0, n);
    }
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the child JVM did not exit");
    String out = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), out);
    assertTrue(out.contains("passed: android.graphics.PointF is absent"), out);
    assertTrue(out.endsWith("ok\n"), out);
  }
}
