package org.tensorflow.lite.support.common.internal;

/**
 * Argument and state checks used across TFLite Support, with its exception classes and messages.
 * A message argument is turned into text with {@link String#valueOf(Object)} (so {@code null}
 * gives {@code "null"}).
 */
public final class SupportPreconditions {

  /**
   * Returns {@code reference} if it is not null.
   *
   * @param reference the value to check
   * @param <T> its type
   * @return {@code reference}
   * @throws NullPointerException with "The object reference is null." if it is null
   */
  public static <T extends Object> T checkNotNull(T reference) {
    if (reference == null) {
      throw new NullPointerException("The object reference is null.");
    }
    return reference;
  }

  /**
   * Returns {@code reference} if it is not null.
   *
   * @param reference the value to check
   * @param errorMessage the message of the exception
   * @param <T> its type
   * @return {@code reference}
   * @throws NullPointerException if {@code reference} is null
   */
  public static <T extends Object> T checkNotNull(T reference, Object errorMessage) {
    if (reference == null) {
      throw new NullPointerException(String.valueOf(errorMessage));
    }
    return reference;
  }

  /**
   * Returns {@code string} if it is neither null nor empty.
   *
   * @param string the value to check
   * @return {@code string}
   * @throws IllegalArgumentException with "Given String is empty or null." otherwise
   */
  public static String checkNotEmpty(String string) {
    if (string == null || string.length() == 0) {
      throw new IllegalArgumentException("Given String is empty or null.");
    }
    return string;
  }

  /**
   * Returns {@code string} if it is neither null nor empty.
   *
   * @param string the value to check
   * @param errorMessage the message of the exception
   * @return {@code string}
   * @throws IllegalArgumentException otherwise
   */
  public static String checkNotEmpty(String string, Object errorMessage) {
    if (string == null || string.length() == 0) {
      throw new IllegalArgumentException(String.valueOf(errorMessage));
    }
    return string;
  }

  /**
   * Checks an argument condition.
   *
   * @param expression the condition
   * @throws IllegalArgumentException (no message) if it is false
   */
  public static void checkArgument(boolean expression) {
    if (!expression) {
      throw new IllegalArgumentException();
    }
  }

  /**
   * Checks an argument condition.
   *
   * @param expression the condition
   * @param errorMessage the message of the exception
   * @throws IllegalArgumentException if it is false
   */
  public static void checkArgument(boolean expression, Object errorMessage) {
    if (!expression) {
      throw new IllegalArgumentException(String.valueOf(errorMessage));
    }
  }

  /**
   * Checks that {@code index} is in {@code [0, size)}, describing it as "index".
   *
   * @param index the index
   * @param size the number of elements
   * @return {@code index}
   * @throws IndexOutOfBoundsException if it is out of range
   * @throws IllegalArgumentException if {@code size} is negative (and the index is not)
   */
  public static int checkElementIndex(int index, int size) {
    return checkElementIndex(index, size, "index");
  }

  /**
   * Checks that {@code index} is in {@code [0, size)}.
   *
   * @param index the index
   * @param size the number of elements
   * @param desc what the index is, for the message
   * @return {@code index}
   * @throws IndexOutOfBoundsException if it is out of range
   * @throws IllegalArgumentException if {@code size} is negative (and the index is not)
   */
  public static int checkElementIndex(int index, int size, String desc) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(badElementIndex(index, size, desc));
    }
    return index;
  }

  /**
   * Checks a state condition.
   *
   * @param expression the condition
   * @throws IllegalStateException (no message) if it is false
   */
  public static void checkState(boolean expression) {
    if (!expression) {
      throw new IllegalStateException();
    }
  }

  /**
   * Checks a state condition.
   *
   * @param expression the condition
   * @param errorMessage the message of the exception
   * @throws IllegalStateException if it is false
   */
  public static void checkState(boolean expression, Object errorMessage) {
    if (!expression) {
      throw new IllegalStateException(String.valueOf(errorMessage));
    }
  }

  private static String badElementIndex(int index, int size, String desc) {
    if (index < 0) {
      return String.format("%s (%s) must not be negative", desc, index);
    }
    if (size < 0) {
      // Thrown while building the message, so it replaces the IndexOutOfBoundsException.
      throw new IllegalArgumentException("negative size: " + size);
    }
    return String.format("%s (%s) must be less than size (%s)", desc, index, size);
  }

  private SupportPreconditions() {
    throw new AssertionError("SupportPreconditions is Uninstantiable.");
  }
}
