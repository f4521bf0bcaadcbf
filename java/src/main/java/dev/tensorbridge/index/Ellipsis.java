package dev.tensorbridge.index;

/** All remaining dimensions. */
final class Ellipsis implements Index {
  static final Ellipsis INSTANCE = new Ellipsis();

  private Ellipsis() {}

  @Override
  public boolean isEllipsis() {
    return true;
  }

  @Override
  public String toString() {
    return "Ellipsis()";
  }
}
