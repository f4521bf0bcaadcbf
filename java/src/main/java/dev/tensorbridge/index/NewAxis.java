package dev.tensorbridge.index;

/** A new dimension of size 1. */
final class NewAxis implements Index {
  static final NewAxis INSTANCE = new NewAxis();

  private NewAxis() {}

  @Override
  public boolean isNewAxis() {
    return true;
  }

  @Override
  public String toString() {
    return "NewAxis()";
  }
}
