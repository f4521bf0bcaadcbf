package org.tensorflow.lite.support.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;

/** SupportPreconditions, FileUtil's stream loaders and SequentialProcessor. */
class CommonClassesTest {

  @Test
  void preconditionsMessages() {
    assertEquals("The object reference is null.",
        assertThrows(NullPointerException.class, () -> SupportPreconditions.checkNotNull(null)).getMessage());
    assertEquals("null",
        assertThrows(NullPointerException.class, () -> SupportPreconditions.checkNotNull(null, null)).getMessage());
    assertEquals("Given String is empty or null.",
        assertThrows(IllegalArgumentException.class, () -> SupportPreconditions.checkNotEmpty("")).getMessage());
    assertEquals("e", assertThrows(IllegalArgumentException.class,
        () -> SupportPreconditions.checkNotEmpty(null, "e")).getMessage());
    assertNull(assertThrows(IllegalArgumentException.class, () -> SupportPreconditions.checkArgument(false)).getMessage());
    assertEquals("42", assertThrows(IllegalArgumentException.class,
        () -> SupportPreconditions.checkArgument(false, 42)).getMessage());
    assertNull(assertThrows(IllegalStateException.class, () -> SupportPreconditions.checkState(false)).getMessage());
    assertEquals("s", assertThrows(IllegalStateException.class, () -> SupportPreconditions.checkState(false, "s")).getMessage());
    assertEquals(2, SupportPreconditions.checkElementIndex(2, 3));
    assertEquals("index (-1) must not be negative", assertThrows(IndexOutOfBoundsException.class,
        () -> SupportPreconditions.checkElementIndex(-1, 3)).getMessage());
    assertEquals("row (3) must be less than size (3)", assertThrows(IndexOutOfBoundsException.class,
        () -> SupportPreconditions.checkElementIndex(3, 3, "row")).getMessage());
    assertEquals("negative size: -2", assertThrows(IllegalArgumentException.class,
        () -> SupportPreconditions.checkElementIndex(0, -2)).getMessage());
    assertSame("x", SupportPreconditions.checkNotEmpty("x"));
  }

  private static final class Tracking extends ByteArrayInputStream {
    boolean closed;

    Tracking(byte[] bytes) {
      super(bytes);
    }

    @Override
    public void close() throws IOException {
      closed = true;
      super.close();
    }
  }

  @Test
  void loadLabelsSkipsBlankLinesKeepsOthersVerbatimAndCloses() throws IOException {
    byte[] text = "cat\n\n  \n dog \r\nbird\u00e9\n\t\n".getBytes(StandardCharsets.UTF_8);
    Tracking in = new Tracking(text);
    List<String> labels = FileUtil.loadLabels(in, StandardCharsets.UTF_8);
    assertEquals(Arrays.asList("cat", " dog ", "bird\u00e9"), labels);
    assertTrue(in.closed);
    assertEquals(labels, FileUtil.loadSingleColumnTextFile(new ByteArrayInputStream(text), StandardCharsets.UTF_8));
    // ISO-8859-1 reads the two UTF-8 bytes of é as two characters.
    assertEquals("bird\u00c3\u00a9", FileUtil.loadLabels(new ByteArrayInputStream(text), StandardCharsets.ISO_8859_1).get(2));
    assertThrows(NullPointerException.class, () -> FileUtil.loadLabels((InputStream) null));
  }

  private static final class Twice implements Operator<Integer> {
    @Override
    public Integer apply(Integer x) {
      return x * 2;
    }
  }

  private static final class Builder extends SequentialProcessor.Builder<Integer> {}

  @Test
  void sequentialProcessorRunsInOrderAndIndexesByClassName() {
    Operator<Integer> plusOne = x -> x + 1;
    Builder builder = new Builder();
    builder.add(new Twice()).add(plusOne).add(new Twice());
    SequentialProcessor<Integer> p = builder.build();
    assertEquals(((3 * 2) + 1) * 2, p.process(3));
    assertEquals(Arrays.asList(0, 2), p.operatorIndex.get(Twice.class.getName()));
    assertThrows(UnsupportedOperationException.class, () -> p.operatorIndex.put("x", null));
    // The processor shares the builder's list: later additions are seen.
    builder.add(new Twice());
    assertEquals(28, p.process(3));
    assertEquals("Adding null Op is illegal.",
        assertThrows(NullPointerException.class, () -> new Builder().add(null)).getMessage());
  }
}
