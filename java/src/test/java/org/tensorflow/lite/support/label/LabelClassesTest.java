package org.tensorflow.lite.support.label;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.label.ops.LabelAxisOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/** Category, LabelUtil, TensorLabel and LabelAxisOp, from TFLite Support's documented behaviour. */
class LabelClassesTest {

  @Test
  void categoryFieldsDefaultsAndText() {
    Category plain = new Category("cat", 0.5f);
    assertEquals("cat", plain.getLabel());
    assertEquals("", plain.getDisplayName());
    assertEquals(0.5f, plain.getScore());
    assertEquals(-1, plain.getIndex());
    Category full = Category.create("dog", "Dog", 0.25f, 7);
    assertEquals(7, full.getIndex());
    assertEquals(-1, Category.create("dog", "Dog", 0.25f).getIndex());
    assertEquals("<Category \"dog\" (displayName=Dog score=0.25 index=7)>", full.toString());
    assertEquals("<Category \"cat\" (displayName= score=0.5 index=-1)>", plain.toString());
  }

  @Test
  void categoryEqualityUsesAScoreToleranceOfOneMillionth() {
    Category a = Category.create("a", "A", 0.5f, 1);
    assertEquals(a, Category.create("a", "A", 0.5f + 5e-7f, 1));
    assertNotEquals(a, Category.create("a", "A", 0.5f + 2e-6f, 1));
    assertNotEquals(a, Category.create("b", "A", 0.5f, 1));
    assertNotEquals(a, Category.create("a", "B", 0.5f, 1));
    assertNotEquals(a, Category.create("a", "A", 0.5f, 2));
    assertFalse(a.equals("a"));
    assertFalse(a.equals(null));
    // The hash is that of the four fields (Objects.hash order).
    assertEquals(java.util.Objects.hash("a", "A", 0.5f, 1), a.hashCode());
    // A NaN score is never within tolerance, not even of itself.
    Category nan = new Category("n", Float.NaN);
    assertNotEquals(nan, new Category("n", Float.NaN));
    // Another category with a null label: equals dereferences it.
    assertThrows(NullPointerException.class, () -> a.equals(new Category(null, 0.5f)));
  }

  @Test
  void labelUtilMapsIndicesWithOffsetAndEmptyStringsOutOfRange() {
    TensorBuffer indices = TensorBuffer.createFixedSize(new int[] {5}, DataType.FLOAT32);
    indices.loadArray(new float[] {0f, 1.9f, -1f, 2f, 3f});
    List<String> labels = Arrays.asList("a", "b", "c");
    assertEquals(Arrays.asList("b", "c", "a", "", ""), LabelUtil.mapValueToLabels(indices, labels, 1));
    assertEquals(Arrays.asList("a", "b", "", "c", ""), LabelUtil.mapValueToLabels(indices, labels, 0));
    NullPointerException e = assertThrows(NullPointerException.class, () -> LabelUtil.mapValueToLabels(null, labels, 0));
    assertEquals("Given tensor should not be null", e.getMessage());
    e = assertThrows(NullPointerException.class, () -> LabelUtil.mapValueToLabels(indices, null, 0));
    assertEquals("Given labels should not be null", e.getMessage());
  }

  private static TensorBuffer probabilities(int[] shape, float... values) {
    TensorBuffer b = TensorBuffer.createFixedSize(shape, DataType.FLOAT32);
    b.loadArray(values);
    return b;
  }

  @Test
  void tensorLabelFloatMapAndCategories() {
    TensorBuffer b = probabilities(new int[] {1, 3}, 0.1f, 0.7f, 0.2f);
    TensorLabel label = new TensorLabel(Arrays.asList("x", "y", "z"), b);
    Map<String, Float> map = label.getMapWithFloatValue();
    assertEquals(Arrays.asList("x", "y", "z"), new ArrayList<>(map.keySet()));
    assertEquals(0.7f, map.get("y"));
    List<Category> categories = label.getCategoryList();
    assertEquals(3, categories.size());
    assertEquals(new Category("z", 0.2f), categories.get(2));
    assertEquals("", categories.get(0).getDisplayName());
  }

  @Test
  void tensorLabelUint8ScoresAreRawByteValues() {
    TensorBuffer b = TensorBuffer.createFixedSize(new int[] {3}, DataType.UINT8);
    b.loadArray(new int[] {0, 128, 255});
    Map<String, Float> map = new TensorLabel(Arrays.asList("a", "b", "c"), b).getMapWithFloatValue();
    assertEquals(255f, map.get("c"));
    assertEquals(128f, map.get("b"));
  }

  @Test
  void tensorLabelSplitsAlongTheLabeledAxisWithoutCopying() {
    TensorBuffer b = probabilities(new int[] {1, 2, 3}, 1, 2, 3, 4, 5, 6);
    TensorLabel label = new TensorLabel(Arrays.asList("first", "second"), b);
    Map<String, TensorBuffer> parts = label.getMapWithTensorBuffer();
    TensorBuffer second = parts.get("second");
    assertEquals(Arrays.toString(new int[] {3}), Arrays.toString(second.getShape()));
    assertEquals(Arrays.toString(new float[] {4, 5, 6}), Arrays.toString(second.getFloatArray()));
    assertTrue(second.isDynamic());
    // a view: a write through the original storage shows up in the part
    b.getBuffer().putFloat(12, 40f);
    assertEquals(40f, second.getFloatValue(0));
    // the last-axis readers refuse a labeled axis that is not the last one
    IllegalStateException e = assertThrows(IllegalStateException.class, label::getMapWithFloatValue);
    assertEquals("get a <String, Scalar> map is only valid when the only labeled axis is the last one.", e.getMessage());
    e = assertThrows(IllegalStateException.class, label::getCategoryList);
    assertEquals("get a Category list is only valid when the only labeled axis is the last one.", e.getMessage());
  }

  @Test
  void tensorLabelChecksAxesAndCounts() {
    TensorBuffer b = probabilities(new int[] {2, 3}, 1, 2, 3, 4, 5, 6);
    Map<Integer, List<String>> bad = new HashMap<>();
    bad.put(2, Arrays.asList("a"));
    assertEquals("Invalid axis id: 2", assertThrows(IllegalArgumentException.class, () -> new TensorLabel(bad, b)).getMessage());
    Map<Integer, List<String>> wrongCount = new HashMap<>();
    wrongCount.put(1, Arrays.asList("a", "b"));
    assertEquals("Label number 2 mismatch the shape on axis 1",
        assertThrows(IllegalArgumentException.class, () -> new TensorLabel(wrongCount, b)).getMessage());
    Map<Integer, List<String>> nullList = new HashMap<>();
    nullList.put(0, null);
    assertEquals("Label list is null on axis 0",
        assertThrows(NullPointerException.class, () -> new TensorLabel(nullList, b)).getMessage());
    TensorBuffer ones = probabilities(new int[] {1, 1}, 1);
    assertEquals("Cannot find an axis to label. A valid axis to label should have size larger than 1.",
        assertThrows(IllegalArgumentException.class, () -> new TensorLabel(Arrays.asList("a"), ones)).getMessage());
    Map<Integer, List<String>> onSecond = new HashMap<>();
    onSecond.put(1, Arrays.asList("a", "b", "c"));
    TensorLabel l = new TensorLabel(onSecond, b);
    assertEquals("get a <String, TensorBuffer> map requires the labels are set on the first non-1 axis.",
        assertThrows(IllegalArgumentException.class, l::getMapWithTensorBuffer).getMessage());
    assertEquals("Axis labels cannot be null.",
        assertThrows(NullPointerException.class, () -> new TensorLabel((Map<Integer, List<String>>) null, b)).getMessage());
    assertEquals("Tensor Buffer cannot be null.",
        assertThrows(NullPointerException.class, () -> new TensorLabel(onSecond, null)).getMessage());
  }

  /** The builder's constructor is protected (as upstream): subclass to reach it. */
  private static final class Builder extends LabelAxisOp.Builder {}

  @Test
  void labelAxisOpLabelsEachBufferAndSharesItsLists() {
    List<String> labels = new ArrayList<>(Arrays.asList("p", "q"));
    LabelAxisOp op = new Builder().addAxisLabel(0, Arrays.asList("x")).addAxisLabel(1, labels).build();
    TensorBuffer b = probabilities(new int[] {1, 2}, 0.25f, 0.75f);
    TensorLabel label = op.apply(b);
    assertEquals(0.75f, label.getMapWithFloatValue().get("q"));
    assertEquals("Tensor buffer cannot be null.",
        assertThrows(NullPointerException.class, () -> op.apply(null)).getMessage());
    TensorLabel again = op.apply(b);
    assertSame(labels.get(0), again.getCategoryList().get(0).getLabel());
  }
}
