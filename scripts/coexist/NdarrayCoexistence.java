import java.util.Arrays;
import org.tensorflow.EagerSession;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.IntNdArray;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.index.Indices;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.StridedSlice;

/**
 * Run by scripts/check-coexistence.sh with TF Java's org.tensorflow:ndarray and tensorbridge on one
 * class path, in either order: ndarray's own slicing (its org.tensorflow.ndarray.index) and
 * tensorbridge's StridedSlice with its dev.tensorbridge.index helpers must both give their results.
 * Prints one line per check; exits with 1 if any fails.
 */
public final class NdarrayCoexistence {
  private static int failures;

  public static void main(String[] args) {
    System.out.println("Shape from " + where(Shape.class) + "; ndarray's Indices from " + where(Indices.class)
        + "; tensorbridge's Indices from " + where(dev.tensorbridge.index.Indices.class));

    // ndarray: m[i][j] = 10 * i + j, 3 x 4
    IntNdArray m = NdArrays.ofInts(Shape.of(3, 4));
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 4; j++) {
        m.setInt(10 * i + j, i, j);
      }
    }
    IntNdArray row = m.slice(Indices.at(1), Indices.range(1, 3));
    check("ndarray m.slice(at(1), range(1, 3))", "[2] 11 12",
        Arrays.toString(row.shape().asArray()) + " " + row.getInt(0) + " " + row.getInt(1));
    IntNdArray flipped = m.slice(Indices.all(), Indices.flip());
    check("ndarray m.slice(all(), flip())", "[3, 4] 3 20",
        Arrays.toString(flipped.shape().asArray()) + " " + flipped.getInt(0, 0) + " " + flipped.getInt(2, 3));
    IntNdArray strided = m.slice(Indices.sliceFrom(1), Indices.step(2));
    check("ndarray m.slice(sliceFrom(1), step(2))", "[2, 2] 10 12 22",
        Arrays.toString(strided.shape().asArray()) + " " + strided.getInt(0, 0) + " " + strided.getInt(0, 1)
            + " " + strided.getInt(1, 1));
    IntNdArray picked = m.slice(Indices.odd(), Indices.seq(3, 0));
    check("ndarray m.slice(odd(), seq(3, 0))", "[1, 2] 13 10",
        Arrays.toString(picked.shape().asArray()) + " " + picked.getInt(0, 0) + " " + picked.getInt(0, 1));
    IntNdArray lastRow = m.slice(Indices.at(2));
    check("ndarray m.slice(at(2))", "[4] 23", Arrays.toString(lastRow.shape().asArray()) + " " + lastRow.getInt(3));

    // tensorbridge: v[-1:] and grid[:, ::-1]
    try (EagerSession session = EagerSession.create()) {
      Ops tf = Ops.create(session);
      StridedSlice<Integer> last =
          tf.stridedSlice(tf.constant(new int[] {1, 2, 3}), dev.tensorbridge.index.Indices.at(-1, true));
      Tensor<Integer> t = last.output().tensor();
      check("tensorbridge stridedSlice([1, 2, 3], at(-1, true))", "[1] [3]",
          Arrays.toString(t.shape()) + " " + Arrays.toString(t.copyTo(new int[1])));
      StridedSlice<Integer> reversed =
          tf.stridedSlice(tf.constant(new int[][] {{0, 1, 2, 3}, {4, 5, 6, 7}}),
              dev.tensorbridge.index.Indices.all(), dev.tensorbridge.index.Indices.flip());
      check("tensorbridge stridedSlice(grid, all(), flip())", "[[3, 2, 1, 0], [7, 6, 5, 4]]",
          Arrays.deepToString(reversed.output().tensor().copyTo(new int[2][4])));
    }
    System.out.println(failures == 0 ? "all checks passed" : failures + " check(s) FAILED");
    System.exit(failures == 0 ? 0 : 1);
  }

  private static void check(String what, String expected, String actual) {
    boolean ok = expected.equals(actual);
    if (!ok) {
      failures++;
    }
    System.out.println((ok ? "ok   " : "FAIL ") + what + ": " + actual + (ok ? "" : " (expected " + expected + ")"));
  }

  private static String where(Class<?> c) {
    java.security.CodeSource source = c.getProtectionDomain().getCodeSource();
    String path = source == null ? "?" : source.getLocation().getPath();
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
