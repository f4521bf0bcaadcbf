package org.tensorflow.lite.support.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.lite.InterpreterApi.Options.TfLiteRuntime;
import org.tensorflow.lite.InterpreterFactoryImpl;
import org.tensorflow.lite.InterpreterFactoryImpl.StandIn;
import org.tensorflow.lite.gpu.GpuDelegate;
import org.tensorflow.lite.support.model.Model.Device;

/**
 * Model over the test runtime (InterpreterFactoryImpl, GpuDelegate stand-ins in the test sources),
 * and, in a child JVM without them, over TensorFlow Lite's API alone and over nothing.
 */
class ModelTest {
  @TempDir Path dir;

  private MappedByteBuffer mapped() throws IOException {
    Path file = dir.resolve("model.tflite");
    Files.write(file, new byte[] {1, 2, 3, 4});
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      return raf.getChannel().map(FileChannel.MapMode.READ_ONLY, 0, 4);
    }
  }

  private static StandIn last() {
    synchronized (InterpreterFactoryImpl.CREATED) {
      return InterpreterFactoryImpl.CREATED.get(InterpreterFactoryImpl.CREATED.size() - 1);
    }
  }

  @Test
  void optionsReachTheInterpreter() throws IOException {
    MappedByteBuffer data = mapped();
    Model model = Model.createModel(data, "m.tflite",
        new Model.Options.Builder().setNumThreads(3).setDevice(Device.NNAPI).build());
    StandIn interpreter = last();
    assertSame(data, interpreter.model);
    assertEquals(3, interpreter.numThreads);
    assertTrue(interpreter.useNnapi);
    assertTrue(interpreter.delegates.isEmpty());
    assertSame(data, model.getData());
    assertEquals("m.tflite", model.getPath());

    Model cpu = Model.createModel(data, "m", new Model.Options.Builder().build());
    assertEquals(1, last().numThreads);
    assertFalse(last().useNnapi);
    cpu.close();
  }

  @Test
  void runAndTensorsGoToTheInterpreterUntilClosed() throws IOException {
    Model model = Model.createModel(mapped(), "m", new Model.Options.Builder()
        .setTfLiteRuntime(TfLiteRuntime.PREFER_SYSTEM_OVER_APPLICATION).build());
    float[] sum = new float[1];
    Map<Integer, Object> outputs = new HashMap<>();
    outputs.put(0, sum);
    model.run(new Object[] {new float[] {1.5f}, new float[] {0.5f}}, outputs);
    assertEquals(2.0f, sum[0]);
    assertArrayEquals(new int[] {1, 3}, model.getOutputTensorShape(1));
    assertArrayEquals(new int[] {1}, model.getInputTensor(0).shape());
    assertNotNull(model.getOutputTensor(0));
    model.close();
    assertTrue(last().closed);
    assertThrows(IllegalStateException.class, () -> model.getInputTensor(0));
  }

  @Test
  void theGpuDeviceUsesTheDelegateAndClosesIt() throws IOException {
    int closedBefore = GpuDelegate.closed;
    Model model = Model.createModel(mapped(), "m",
        new Model.Options.Builder().setDevice(Device.GPU).build());
    StandIn interpreter = last();
    assertEquals(1, interpreter.delegates.size());
    assertEquals(42, interpreter.delegates.get(0).getNativeHandle());
    model.close();
    assertEquals(closedBefore + 1, GpuDelegate.closed);
  }

  @Test
  void anEmptyAssetPathIsRefusedFirst() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Model.createModel((android.content.Context) null, "", new Model.Options.Builder().build()));
    assertEquals("Model path in the asset folder cannot be empty.", e.getMessage());
  }

  @Test
  void withoutARuntimeOrWithoutTheApiModelFailsAsUpstreamDoes() throws Exception {
    String classes = System.getProperty("tensorbridge.test.classesDir");
    String api = System.getProperty("tensorbridge.test.tfliteApiJar");
    // Only the probe's own class: the stand-in runtime and delegate must not be visible.
    Path probeDir = dir.resolve("probe");
    String probePath = ModelWithoutRuntimeProbe.class.getName().replace('.', '/') + ".class";
    Path target = probeDir.resolve(probePath);
    Files.createDirectories(target.getParent());
    try (InputStream in = ModelTest.class.getClassLoader().getResourceAsStream(probePath)) {
      Files.copy(in, target);
    }
    String withApi = run(classes + File.pathSeparator + api + File.pathSeparator + probeDir, "api");
    assertTrue(withApi.contains("gpu: null"), withApi);
    assertTrue(withApi.contains("gpu device: java.lang.IllegalArgumentException: Cannot inference with GPU."
        + " Did you add \"tensorflow-lite-gpu\" as dependency?"), withApi);
    assertTrue(withApi.contains("cpu device: java.lang.IllegalStateException: Couldn't find TensorFlow Lite"
        + " runtime's InterpreterFactoryImpl class"), withApi);
    String withoutApi = run(classes + File.pathSeparator + probeDir, "none");
    // Without the API the model classes do not link at all (Model verifies against
    // GpuDelegateProxy, a Delegate), as upstream's do.
    assertTrue(withoutApi.contains("cpu device: java.lang.NoClassDefFoundError: org/tensorflow/lite/Delegate"),
        withoutApi);
  }

  private static String run(String classPath, String label) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    command.add("-cp");
    command.add(classPath);
    command.add(ModelWithoutRuntimeProbe.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] chunk = new byte[4096];
    try (InputStream in = process.getInputStream()) {
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        bytes.write(chunk, 0, n);
      }
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), label);
    String out = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), out);
    return out;
  }
}
