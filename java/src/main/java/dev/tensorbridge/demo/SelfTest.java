package dev.tensorbridge.demo;

import dev.tensorbridge.index.Indices;
import dev.tensorbridge.internal.NativeLoader;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tensorflow.DataType;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.TensorFlowException;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Constant;
import org.tensorflow.op.core.StridedSlice;

/**
 * A quick check that the jar works on the platform it runs on: loads the native library, then runs
 * a few known cases through each part of the API and compares them with the values the upstream
 * libraries give (documented in {@code docs/}). Prints one line per check and a summary; the exit
 * status is 0 only if every check passed. Used by {@code scripts/platform-smoke.sh} on each
 * platform that can be run, natively or under emulation:
 * {@code java -cp tensorbridge-<version>.jar dev.tensorbridge.demo.SelfTest}.
 */
public final class SelfTest {
  private SelfTest() {}

  /**
   * The product's one deliberate panic: Rust panics with {@code "deliberate panic for test, value
   * <value>"}, and the native guard must turn it into a {@code TensorFlowException}.
   */
  private static native int deliberatePanic(int value);

  /**
   * Runs every check, prints the results to standard output and exits with status 0 if all passed,
   * 1 otherwise.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    int failed = run(System.out);
    System.out.flush();
    System.exit(failed == 0 ? 0 : 1);
  }

  /**
   * Runs every check, printing one line each and then {@code "selftest: N passed, M failed"}.
   *
   * @param out where the lines go
   * @return the number of failed checks
   */
  public static int run(PrintStream out) {
    int failed = 0;
    List<Check> checks = checks();
    for (Check check : checks) {
      String detail;
      try {
        detail = check.run();
      } catch (Throwable e) {
        // Anything, including UnsatisfiedLinkError or an AssertionError from expect(), is a failure
        // of this check only; the others still run so the output shows the whole picture.
        failed++;
        out.println("  FAIL  " + check.name + ": " + e);
        continue;
      }
      out.println("  ok    " + check.name + ": " + detail);
    }
    out.println("selftest: " + (checks.size() - failed) + " passed, " + failed + " failed");
    return failed;
  }

  /** One named check; {@link #run} returns what it saw, or throws. */
  private abstract static class Check {
    final String name;

    Check(String name) {
      this.name = name;
    }

    abstract String run() throws Exception;
  }

  private static List<Check> checks() {
    List<Check> checks = new ArrayList<Check>();
    checks.add(
        new Check("native library") {
          @Override
          String run() {
            NativeLoader.ensureLoaded();
            expect(NativeLoader.javaVersion(), NativeLoader.nativeVersion(), "native version");
            return "version " + NativeLoader.nativeVersion() + ", " + NativeLoader.loadedFrom()
                + " (" + System.getProperty("os.name") + ", " + System.getProperty("os.arch")
                + ", Java " + System.getProperty("java.version") + ")";
          }
        });
    checks.add(
        new Check("Shape") {
          @Override
          String run() {
            Shape batch = Shape.of(224, 224, 3).prepend(Shape.UNKNOWN_SIZE);
            expect("[-1, 224, 224, 3]", batch.toString(), "toString");
            expect(-1L, batch.size(), "size of a shape with an unknown dimension");
            expect(true, batch.isCompatibleWith(Shape.of(8, 224, 224, 3)), "isCompatibleWith");
            expect(150528L, batch.tail().size(), "tail().size()");
            try {
              Shape.scalar().head();
              throw new AssertionError("scalar().head() did not throw");
            } catch (IndexOutOfBoundsException expected) {
              // The documented outcome.
            }
            return batch + ", tail size " + batch.tail().size();
          }
        });
    checks.add(
        new Check("TensorBuffer FLOAT32 -> UINT8") {
          @Override
          String run() {
            TensorBuffer floats = TensorBuffer.createFixedSize(new int[] {2, 3}, org.tensorflow.lite.DataType.FLOAT32);
            floats.loadArray(new float[] {500.1f, 4.2f, 3.3f, 2.4f, 1.5f, 6.1f});
            int[] bytes = TensorBuffer.createFrom(floats, org.tensorflow.lite.DataType.UINT8).getIntArray();
            expect("[255, 4, 3, 2, 1, 6]", Arrays.toString(bytes), "createFrom(FLOAT32 buffer, UINT8)");
            expect("[500, 4, 3, 2, 1, 6]", Arrays.toString(floats.getIntArray()), "getIntArray of FLOAT32");
            TensorBuffer clamped = TensorBuffer.createFixedSize(new int[] {5}, org.tensorflow.lite.DataType.UINT8);
            clamped.loadArray(new float[] {-0.9f, 1.5f, 255.5f, Float.NaN, Float.POSITIVE_INFINITY});
            expect("[0, 1, 255, 0, 255]", Arrays.toString(clamped.getIntArray()), "UINT8 loadArray(float[])");
            return Arrays.toString(bytes) + ", clamped " + Arrays.toString(clamped.getIntArray());
          }
        });
    checks.add(
        new Check("TensorBuffer UINT8 -> FLOAT32") {
          @Override
          String run() {
            TensorBuffer bytes = TensorBuffer.createFixedSize(new int[] {6}, org.tensorflow.lite.DataType.UINT8);
            bytes.loadArray(new int[] {500, 4, 3, 2, 1, -6});
            float[] floats = TensorBuffer.createFrom(bytes, org.tensorflow.lite.DataType.FLOAT32).getFloatArray();
            expect("[255.0, 4.0, 3.0, 2.0, 1.0, 0.0]", Arrays.toString(floats), "createFrom(UINT8 buffer, FLOAT32)");
            return Arrays.toString(floats);
          }
        });
    checks.add(
        new Check("Tensor proto round trip") {
          @Override
          String run() {
            String hex;
            try (Tensor<Integer> ints = Tensor.create(new int[] {1, 2, 3}, Integer.class)) {
              // TensorProto: dtype DT_INT32 (field 1), shape [3] (field 2, dim field 2, size field 1),
              // tensor_content (field 4): 12 little-endian bytes.
              hex = hex(ints.asProtoTensorContent());
              expect("0803120412020803220c010000000200000003000000", hex, "asProtoTensorContent of int[] {1, 2, 3}");
            }
            float[][] values = {{0.1f, 1f / 3, 2.5f}, {1e20f, -0f, Float.MIN_VALUE}};
            try (Tensor<Float> matrix = Tensor.create(values, Float.class);
                Tensor<?> back = Tensor.fromProto(matrix.asProtoTensorContent())) {
              expect(DataType.FLOAT, back.dataType(), "dtype after fromProto");
              expect("[2, 3]", Arrays.toString(back.shape()), "shape after fromProto");
              float[][] copy = back.expect(Float.class).copyTo(new float[2][3]);
              for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 3; j++) {
                  expect(Float.floatToRawIntBits(values[i][j]), Float.floatToRawIntBits(copy[i][j]), "bits of [" + i + "][" + j + "]");
                }
              }
              return hex + "; float[2][3] back bit for bit";
            }
          }
        });
    checks.add(
        new Check("StridedSlice") {
          @Override
          String run() {
            try (EagerSession session = EagerSession.create()) {
              Ops tf = Ops.create(session);
              Constant<Integer> grid = tf.constant(new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}});
              // grid[1:, ::-2]: rows 1 and 2, columns 3 and 1.
              StridedSlice<Integer> corners =
                  tf.stridedSlice(
                      grid,
                      tf.constant(new int[] {1, 0}),
                      tf.constant(new int[] {0, 0}),
                      tf.constant(new int[] {1, -2}),
                      StridedSlice.beginMask(0b10L).endMask(0b11L));
              String picked = Arrays.deepToString(corners.output().tensor().copyTo(new int[2][2]));
              expect("[[7, 5], [11, 9]]", picked, "grid[1:, ::-2]");
              StridedSlice<Integer> column = tf.stridedSlice(grid, Indices.all(), Indices.newAxis(), Indices.at(2));
              expect("[3, 1]", column.output().shape().toString(), "shape of grid[:, None, 2]");
              try {
                tf.stridedSlice(grid, Indices.at(5));
                throw new AssertionError("grid[5] did not throw");
              } catch (IllegalArgumentException e) {
                expect("slice index 5 of dimension 0 out of bounds.", e.getMessage(), "grid[5]");
              }
              return "grid[1:, ::-2] = " + picked + ", grid[5] refused";
            }
          }
        });
    checks.add(
        new Check("native panic -> exception") {
          @Override
          String run() {
            try {
              NativeLoader.ensureLoaded();
              deliberatePanic(42);
              throw new AssertionError("the deliberate panic returned normally");
            } catch (TensorFlowException e) {
              String message = String.valueOf(e.getMessage());
              if (!message.contains("deliberate panic for test, value 42")) {
                throw new AssertionError("unexpected message: " + message);
              }
            }
            // The library must still answer after the panic.
            try (Tensor<Integer> t = Tensor.create(new int[] {7, 8}, Integer.class)) {
              expect("[7, 8]", Arrays.toString(t.copyTo(new int[2])), "a tensor created after the panic");
            }
            return "TensorFlowException, library still answers";
          }
        });
    return checks;
  }

  private static void expect(Object expected, Object actual, String what) {
    if (expected == null ? actual != null : !expected.equals(actual)) {
      throw new AssertionError(what + ": expected " + expected + ", got " + actual);
    }
  }

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return s.toString();
  }
}
