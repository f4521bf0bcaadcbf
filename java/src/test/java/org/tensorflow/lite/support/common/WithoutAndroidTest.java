package org.tensorflow.lite.support.common;

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
 * FileUtil and LabelAxisOp declare methods taking android.content.Context; on a JVM without
 * Android classes every other method of theirs, and the rest of the package, must work. The
 * Android stub is on this JVM's test class path (provided scope), so the check runs in a child
 * JVM with only the project's classes.
 */
class WithoutAndroidTest {
  @Test
  void everyMethodWithoutAContextWorksWithoutAndroidClasses() throws Exception {
    String out = runProbe(WithoutAndroidProbe.class.getName());
    assertTrue(out.contains("passed: android.content.Context is absent"), out);
  }

  /**
   * The image classes: TensorImage, ColorSpaceType, BoundingBoxUtil, ... name Bitmap,
   * android.media.Image and RectF in some signatures; every other method must work without them.
   */
  @Test
  void imageClassesWorkWithoutAndroidClasses() throws Exception {
    String out = runProbe("org.tensorflow.lite.support.image.ImageWithoutAndroidProbe");
    assertTrue(out.contains("passed: android.graphics.Bitmap is absent"), out);
    assertTrue(out.contains("passed: every image class loads and links"), out);
  }

  private static String runProbe(String probe) throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    String classPath = System.getProperty("tensorbridge.test.classesDir") + File.pathSeparator
        + System.getProperty("tensorbridge.test.testClassesDir");
    List<String> command = new ArrayList<String>();
    command.add(java);
    command.add("-Xcheck:jni");
    command.add("-cp");
    command.add(classPath);
    command.add(probe);
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
    assertTrue(out.endsWith("ok\n"), out);
    return out;
  }
}
