package dev.tensorbridge.demo;

import dev.tensorbridge.internal.NativeLoader;
import org.tensorflow.ndarray.Shape;

/**
 * A tour of what tensorbridge does, growing with each capability; run it with
 * {@code java -jar tensorbridge-<version>.jar}.
 */
public final class Demo {
  private Demo() {}

  public static void main(String[] args) {
    NativeLoader.ensureLoaded();
    System.out.println(
        "tensorbridge " + NativeLoader.javaVersion() + ", native library " + NativeLoader.nativeVersion());
    System.out.println("  loaded from " + NativeLoader.loadedFrom());

    System.out.println();
    System.out.println("org.tensorflow.ndarray.Shape");
    Shape image = Shape.of(224, 224, 3);
    Shape batch = image.prepend(Shape.UNKNOWN_SIZE);
    show("image", image);
    show("batch = image.prepend(UNKNOWN_SIZE)", batch);
    show("batch.tail()", batch.tail());
    show("batch.takeLast(2)", batch.takeLast(2));
    System.out.println("  batch.isCompatibleWith([8, 224, 224, 3]) = " + batch.isCompatibleWith(Shape.of(8, 224, 224, 3)));
    System.out.println("  image.get(-1) = " + image.get(-1));
    show("unknown()", Shape.unknown());
    try {
      Shape.scalar().head();
    } catch (IndexOutOfBoundsException e) {
      System.out.println("  scalar().head() -> " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private static void show(String label, Shape shape) {
    System.out.println("  " + label + " = " + shape + "  (rank " + shape.numDimensions() + ", size " + shape.size() + ")");
  }
}
