package dev.tensorbridge.index;

/** The whole dimension. */
final class All implements Index {
  static final All INSTANCE = new All();

  private All() {}

  @Override
  public boolean beginMask() {
    return true;
  }

  @Override
  public boolean endMask() {
    return true;
  }

  @Override
  public String toString() {
    return "All()";
  }
}
