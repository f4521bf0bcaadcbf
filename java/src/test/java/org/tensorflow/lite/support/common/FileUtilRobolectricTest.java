package org.tensorflow.lite.support.common;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import android.content.Context;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.MappedByteBuffer;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.List;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;

/**
 * FileUtil's Context-taking loaders under Robolectric, reading the test app's assets
 * (java/src/test/android/assets, packed into a resource APK by aapt at build time).
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
@GraphicsMode(GraphicsMode.Mode.LEGACY)
public final class FileUtilRobolectricTest {
  private static final Charset LATIN_1 = Charset.forName("ISO-8859-1");
  private final Context context = RuntimeEnvironment.getApplication();

  /** The asset's bytes, read through the platform's AssetManager, not through FileUtil. */
  private byte[] assetBytes(String path) throws IOException {
    InputStream in = context.getAssets().open(path);
    try {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      byte[] chunk = new byte[512];
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        out.write(chunk, 0, n);
      }
      return out.toByteArray();
    } finally {
      in.close();
    }
  }

  @Test
  public void loadLabelsSkipsBlankLinesAndKeepsTheOthersUntrimmed() throws IOException {
    // The asset has a blank and a whitespace-only line and no final newline.
    assertEquals(
        Arrays.asList("background", "  padded label  ", "last-without-newline"),
        FileUtil.loadLabels(context, "labels/three.txt"));
  }

  @Test
  public void loadLabelsDecodesWithTheGivenCharset() throws IOException {
    // "café" and "naïve" stored in ISO-8859-1 (one byte each for é and ï).
    List<String> labels = FileUtil.loadLabels(context, "labels/latin1.txt", LATIN_1);
    assertEquals(Arrays.asList("caf\u00e9", "na\u00efve"), labels);
    assertEquals(labels, FileUtil.loadSingleColumnTextFile(context, "labels/latin1.txt", LATIN_1));
  }

  @Test
  public void contextAndStreamLoadersAgree() throws IOException {
    assertEquals(
        FileUtil.loadLabels(context.getAssets().open("labels/animals.txt")),
        FileUtil.loadLabels(context, "labels/animals.txt"));
    assertEquals(
        Arrays.asList("cat", "dog", "bird"), FileUtil.loadLabels(context, "labels/animals.txt"));
  }

  @Test
  public void loadMappedFileMapsTheWholeAssetReadOnly() throws IOException {
    byte[] expected = assetBytes("weights.bin");
    assertEquals(1028, expected.length);
    MappedByteBuffer mapped = FileUtil.loadMappedFile(context, "weights.bin");
    assertTrue(mapped.isReadOnly());
    assertEquals(0, mapped.position());
    assertEquals(expected.length, mapped.remaining());
    byte[] actual = new byte[mapped.remaining()];
    mapped.get(actual);
    assertArrayEquals(expected, actual);
  }

  @Test
  public void loadByteFromFileReturnsTheAssetsBytes() throws IOException {
    byte[] bytes = FileUtil.loadByteFromFile(context, "weights.bin");
    assertArrayEquals(assetBytes("weights.bin"), bytes);
    assertEquals((byte) 0x80, bytes[bytes.length - 1]);
    assertEquals((byte) 0xff, bytes[255]);
  }

  @Test
  public void aMissingAssetIsAnIOException() {
    assertThrows(FileNotFoundException.class, () -> FileUtil.loadLabels(context, "absent.txt"));
    assertThrows(IOException.class, () -> FileUtil.loadMappedFile(context, "absent.bin"));
  }

  @Test
  public void nullArgumentsAreNullPointerExceptionsWithTheirMessages() {
    Context none = null;
    assertEquals(
        "Context cannot be null.",
        assertThrows(NullPointerException.class, () -> FileUtil.loadLabels(none, "labels/three.txt"))
            .getMessage());
    assertEquals(
        "File path cannot be null.",
        assertThrows(NullPointerException.class, () -> FileUtil.loadLabels(context, null))
            .getMessage());
    assertEquals(
        "Context should not be null.",
        assertThrows(NullPointerException.class, () -> FileUtil.loadMappedFile(none, "weights.bin"))
            .getMessage());
    assertEquals(
        "File path cannot be null.",
        assertThrows(NullPointerException.class, () -> FileUtil.loadMappedFile(context, null))
            .getMessage());
  }
}
