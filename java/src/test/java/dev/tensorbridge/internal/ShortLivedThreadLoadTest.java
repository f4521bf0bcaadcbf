package dev.tensorbridge.internal;

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
 * The native library loaded by a thread that exits, then used by new threads. A library (or its
 * allocator) that keeps per-thread state from the loading thread crashes here; a fresh JVM is
 * needed because a library loads once per JVM, and this one loaded it long ago.
 */
class ShortLivedThreadLoadTest {
  @Test
  void newThreadsAllocateAfterTheLoadingThreadExited() throws Exception {
    String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
    String classPath =
        System.getProperty("tensorbridge.test.classesDir")
            + File.pathSeparator
            + System.getProperty("tensorbridge.test.testClassesDir");
    String library = System.getProperty("tensorbridge.test.cargoLibrary");
    assertTrue(new File(library).isFile(), library);
    List<String> command = new ArrayList<String>();
    command.add(java);
    command.add("-Xcheck:jni");
    command.add("-cp");
    command.add(classPath);
    command.add("-D" + NativeLoader.LIBRARY_PATH_PROPERTY + "=" + library);
    command.add(ShortLivedThreadProbe.class.getName());
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
    assertTrue(out.startsWith("loaded by: short-lived-loader\n"), out);
    assertTrue(out.endsWith("ok\n"), out);
  }
}
