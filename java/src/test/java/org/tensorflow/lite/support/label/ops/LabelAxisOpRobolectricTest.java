package org.tensorflow.lite.support.label.ops;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import android.content.Context;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.label.Category;
import org.tensorflow.lite.support.label.TensorLabel;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** LabelAxisOp.Builder's asset overload under Robolectric, on the real native buffers. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
@GraphicsMode(GraphicsMode.Mode.LEGACY)
public final class LabelAxisOpRobolectricTest {
  private final Context context = RuntimeEnvironment.getApplication();

  @Test
  public void labelsAnAxisFromAnAsset() throws IOException {
    TensorBuffer scores = TensorBuffer.createFixedSize(new int[] {1, 3}, DataType.FLOAT32);
    scores.loadArray(new float[] {0.25f, 0.5f, 0.125f});
    LabelAxisOp op = new LabelAxisOp.Builder().addAxisLabel(context, 1, "labels/animals.txt").build();
    TensorLabel labelled = op.apply(scores);
    Map<String, TensorBuffer> byLabel = labelled.getMapWithTensorBuffer();
    assertEquals(3, byLabel.size());
    assertEquals(0.5f, byLabel.get("dog").getFloatValue(0), 0f);
    assertEquals(
        Arrays.asList(
            new Category("cat", 0.25f), new Category("dog", 0.5f), new Category("bird", 0.125f)),
        labelled.getCategoryList());
  }

  @Test
  public void theAssetOverloadEqualsTheListOverload() throws IOException {
    TensorBuffer scores = TensorBuffer.createFixedSize(new int[] {3}, DataType.UINT8);
    scores.loadArray(new int[] {7, 255, 0});
    Map<String, Float> fromAsset =
        new LabelAxisOp.Builder().addAxisLabel(context, 0, "labels/animals.txt").build()
            .apply(scores).getMapWithFloatValue();
    Map<String, Float> fromList =
        new LabelAxisOp.Builder().addAxisLabel(0, Arrays.asList("cat", "dog", "bird")).build()
            .apply(scores).getMapWithFloatValue();
    assertEquals(fromList, fromAsset);
    assertEquals(255f, fromAsset.get("dog"), 0f);
  }

  @Test
  public void aLabelFileThatDoesNotFitTheAxisIsRejectedOnApply() throws IOException {
    // three.txt has 3 labels; the axis has 2 entries.
    LabelAxisOp op = new LabelAxisOp.Builder().addAxisLabel(context, 0, "labels/three.txt").build();
    TensorBuffer two = TensorBuffer.createFixedSize(new int[] {2}, DataType.FLOAT32);
    assertThrows(IllegalArgumentException.class, () -> op.apply(two));
  }

  @Test
  public void nullContextOrPathIsANullPointerException() {
    Context none = null;
    LabelAxisOp.Builder builder = new LabelAxisOp.Builder();
    assertEquals(
        "Context cannot be null.",
        assertThrows(NullPointerException.class, () -> builder.addAxisLabel(none, 0, "x.txt"))
            .getMessage());
    assertEquals(
        "File path cannot be null.",
        assertThrows(NullPointerException.class, () -> builder.addAxisLabel(context, 0, null))
            .getMessage());
  }
}
