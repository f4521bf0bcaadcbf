package org.tensorflow.lite.support.common;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.ops.CastOp;
import org.tensorflow.lite.support.common.ops.DequantizeOp;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.common.ops.QuantizeOp;
import org.tensorflow.lite.support.label.Category;
import org.tensorflow.lite.support.label.LabelUtil;
import org.tensorflow.lite.support.label.TensorLabel;
import org.tensorflow.lite.support.label.ops.LabelAxisOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * Run in a child JVM whose class path has no Android classes (see {@link WithoutAndroidTest}):
 * uses every method of FileUtil and LabelAxisOp.Builder that does not take a Context, and the other
 * classes of the package, printing one line per check and "ok" at the end.
 */
public final class WithoutAndroidProbe {
  private WithoutAndroidProbe() {}

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
    System.out.println("passed: " + what);
  }

  private static final class Builder extends LabelAxisOp.Builder {}

  public static void main(String[] args) throws Exception {
    boolean android;
    try {
      Class.forName("android.content.Context");
      android = true;
    } catch (ClassNotFoundException e) {
      android = false;
    }
    check(!android, "android.content.Context is absent");
    byte[] text = "a\n\nb\nc\n".getBytes(StandardCharsets.UTF_8);
    List<String> labels = FileUtil.loadLabels(new ByteArrayInputStream(text));
    check(labels.equals(Arrays.asList("a", "b", "c")), "FileUtil.loadLabels(InputStream)");
    check(FileUtil.loadLabels(new ByteArrayInputStream(text), StandardCharsets.UTF_8).size() == 3,
        "FileUtil.loadLabels(InputStream, Charset)");
    check(FileUtil.loadSingleColumnTextFile(new ByteArrayInputStream(text), StandardCharsets.UTF_8).size() == 3,
        "FileUtil.loadSingleColumnTextFile(InputStream, Charset)");
    TensorBuffer scores = TensorBuffer.createFixedSize(new int[] {1, 3}, DataType.UINT8);
    scores.loadArray(new int[] {10, 20, 30});
    TensorProcessor processor = new TensorProcessor.Builder()
        .add(new DequantizeOp(0f, 0.5f)).add(new NormalizeOp(1f, 1f)).add(new QuantizeOp(0f, 1f))
        .add(new CastOp(DataType.UINT8)).build();
    TensorBuffer processed = processor.process(scores);
    check(Arrays.equals(processed.getIntArray(), new int[] {4, 9, 14}), "TensorProcessor with the four ops");
    LabelAxisOp op = new Builder().addAxisLabel(1, labels).build();
    TensorLabel tensorLabel = op.apply(processed);
    check(tensorLabel.getCategoryList().get(2).equals(new Category("c", 14f)), "LabelAxisOp, TensorLabel, Category");
    check(LabelUtil.mapValueToLabels(processed, labels, -4).get(0).equals("a"), "LabelUtil");
    // TensorAudio names AudioFormat and AudioRecord in two methods; the others need neither.
    org.tensorflow.lite.support.audio.TensorAudio audio = org.tensorflow.lite.support.audio.TensorAudio.create(
        org.tensorflow.lite.support.audio.TensorAudio.TensorAudioFormat.builder().setSampleRate(8000).build(), 2);
    audio.load(new short[] {0, 32767, 0});
    audio.load(java.nio.ByteBuffer.allocateDirect(4).putFloat(0, 0.5f), 4);
    check(Arrays.equals(audio.getTensorBuffer().getFloatArray(), new float[] {0f, 0.5f}),
        "TensorAudio without AudioFormat and AudioRecord");
    System.out.println("ok");
  }
}
