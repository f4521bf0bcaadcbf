package org.tensorflow.lite.support.label;

import java.util.Arrays;

/**
 * A classification result: a label, an optional display name, a score and an optional index (-1
 * when not given). Immutable.
 *
 * <p>{@link #equals} compares labels, display names and indices exactly and scores within an
 * absolute tolerance of {@code 1e-6f}; {@link #hashCode} hashes the exact score, so two equal
 * categories whose scores differ slightly may hash differently (as in TFLite Support).
 */
public final class Category {
  private static final int DEFAULT_INDEX = -1;
  private static final float TOLERANCE = 1e-6f;

  private final int index;
  private final String label;
  private final String displayName;
  private final float score;

  /**
   * Creates a category with every field.
   *
   * @param label the label
   * @param displayName the display name
   * @param score the score
   * @param index the label's index in its label list
   * @return the category
   */
  public static Category create(String label, String displayName, float score, int index) {
    return new Category(label, displayName, score, index);
  }

  /**
   * Creates a category with index -1.
   *
   * @param label the label
   * @param displayName the display name
   * @param score the score
   * @return the category
   */
  public static Category create(String label, String displayName, float score) {
    return new Category(label, displayName, score, DEFAULT_INDEX);
  }

  /**
   * Creates a category with an empty display name and index -1.
   *
   * @param label the label
   * @param score the score
   */
  public Category(String label, float score) {
    this(label, "", score, DEFAULT_INDEX);
  }

  private Category(String label, String displayName, float score, int index) {
    this.label = label;
    this.displayName = displayName;
    this.score = score;
    this.index = index;
  }

  /**
   * Returns the label.
   *
   * @return the label
   */
  public String getLabel() {
    return label;
  }

  /**
   * Returns the display name ({@code ""} unless given).
   *
   * @return the display name
   */
  public String getDisplayName() {
    return displayName;
  }

  /**
   * Returns the score.
   *
   * @return the score
   */
  public float getScore() {
    return score;
  }

  /**
   * Returns the index (-1 unless given).
   *
   * @return the index
   */
  public int getIndex() {
    return index;
  }

  /**
   * Whether {@code o} is a category with the same label, display name and index and a score less
   * than {@code 1e-6f} away. Throws {@link NullPointerException} when the other category's label
   * or display name is null.
   *
   * @param o the object to compare with
   * @return whether {@code o} is an equal category
   */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Category)) {
      return false;
    }
    Category other = (Category) o;
    return other.getLabel().equals(label)
        && other.getDisplayName().equals(displayName)
        && Math.abs(other.getScore() - score) < TOLERANCE
        && other.getIndex() == index;
  }

  @Override
  public int hashCode() {
    // Objects.hash(label, displayName, score, index), spelled out for API levels without it.
    return Arrays.hashCode(new Object[] {label, displayName, score, index});
  }

  /**
   * Formats the category as {@code <Category "label" (displayName=name score=0.5 index=-1)>}.
   *
   * @return the text form
   */
  @Override
  public String toString() {
    return "<Category \""
        + label
        + "\" (displayName="
        + displayName
        + " score="
        + score
        + " index="
        + index
        + ")>";
  }
}
