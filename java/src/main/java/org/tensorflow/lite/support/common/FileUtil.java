package org.tensorflow.lite.support.common;

import android.content.Context;
import android.content.res.AssetFileDescriptor;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;

/**
 * Loads label files and model files.
 *
 * <p>The methods taking a {@code android.content.Context} read the app's assets and need Android
 * classes (a device, an emulator or Robolectric); the {@link InputStream} ones work on any JVM. A
 * label file has one label per line; lines that are empty after trimming are skipped, the others
 * are kept as they are (untrimmed).
 */
public class FileUtil {
  private FileUtil() {}

  /**
   * Reads the labels of an asset in the platform's default charset.
   *
   * @param context the context whose assets hold the file
   * @param filePath the asset path
   * @return the labels, in file order
   * @throws IOException if the asset cannot be read
   * @throws NullPointerException if an argument is null
   */
  public static List<String> loadLabels(Context context, String filePath) throws IOException {
    return loadLabels(context, filePath, Charset.defaultCharset());
  }

  /**
   * Reads the labels of an asset in charset {@code cs}.
   *
   * @param context the context whose assets hold the file
   * @param filePath the asset path
   * @param cs the file's charset
   * @return the labels, in file order
   * @throws IOException if the asset cannot be read
   * @throws NullPointerException if {@code context} or {@code filePath} is null
   */
  public static List<String> loadLabels(Context context, String filePath, Charset cs)
      throws IOException {
    SupportPreconditions.checkNotNull(context, "Context cannot be null.");
    SupportPreconditions.checkNotNull(filePath, "File path cannot be null.");
    InputStream inputStream = context.getAssets().open(filePath);
    try {
      return loadLabels(inputStream, cs);
    } finally {
      inputStream.close();
    }
  }

  /**
   * Reads labels from a stream in the platform's default charset, then closes it.
   *
   * @param inputStream the file's contents
   * @return the labels, in file order
   * @throws IOException if the stream cannot be read
   */
  public static List<String> loadLabels(InputStream inputStream) throws IOException {
    return loadLabels(inputStream, Charset.defaultCharset());
  }

  /**
   * Reads labels from a stream in charset {@code cs}, then closes it.
   *
   * @param inputStream the file's contents
   * @param cs the charset
   * @return the labels, in file order
   * @throws IOException if the stream cannot be read
   * @throws NullPointerException if {@code inputStream} or {@code cs} is null
   */
  public static List<String> loadLabels(InputStream inputStream, Charset cs) throws IOException {
    List<String> labels = new ArrayList<>();
    BufferedReader reader = new BufferedReader(new InputStreamReader(inputStream, cs));
    try {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.trim().length() > 0) {
          labels.add(line);
        }
      }
      return labels;
    } finally {
      reader.close();
    }
  }

  /**
   * Same as {@link #loadLabels(Context, String, Charset)}.
   *
   * @param context the context whose assets hold the file
   * @param filePath the asset path
   * @param cs the file's charset
   * @return the non-blank lines
   * @throws IOException if the asset cannot be read
   */
  public static List<String> loadSingleColumnTextFile(Context context, String filePath, Charset cs)
      throws IOException {
    return loadLabels(context, filePath, cs);
  }

  /**
   * Same as {@link #loadLabels(InputStream, Charset)}.
   *
   * @param inputStream the file's contents
   * @param cs the charset
   * @return the non-blank lines
   * @throws IOException if the stream cannot be read
   */
  public static List<String> loadSingleColumnTextFile(InputStream inputStream, Charset cs)
      throws IOException {
    return loadLabels(inputStream, cs);
  }

  /**
   * Maps an asset (typically a {@code .tflite} model) read-only into memory. The asset must be
   * stored uncompressed in the APK.
   *
   * @param context the context whose assets hold the file
   * @param filePath the asset path
   * @return the mapped bytes
   * @throws IOException if the asset cannot be opened or mapped
   * @throws NullPointerException if an argument is null
   */
  public static MappedByteBuffer loadMappedFile(Context context, String filePath)
      throws IOException {
    SupportPreconditions.checkNotNull(context, "Context should not be null.");
    SupportPreconditions.checkNotNull(filePath, "File path cannot be null.");
    AssetFileDescriptor fileDescriptor = context.getAssets().openFd(filePath);
    try {
      FileInputStream inputStream = new FileInputStream(fileDescriptor.getFileDescriptor());
      try {
        FileChannel channel = inputStream.getChannel();
        return channel.map(
            FileChannel.MapMode.READ_ONLY,
            fileDescriptor.getStartOffset(),
            fileDescriptor.getDeclaredLength());
      } finally {
        inputStream.close();
      }
    } finally {
      // AssetFileDescriptor is Closeable only from API 19: close it explicitly.
      fileDescriptor.close();
    }
  }

  /**
   * Reads a whole asset into a new array (through {@link #loadMappedFile}).
   *
   * @param context the context whose assets hold the file
   * @param filePath the asset path
   * @return the asset's bytes
   * @throws IOException if the asset cannot be opened or mapped
   */
  public static byte[] loadByteFromFile(Context context, String filePath) throws IOException {
    ByteBuffer buffer = loadMappedFile(context, filePath);
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
