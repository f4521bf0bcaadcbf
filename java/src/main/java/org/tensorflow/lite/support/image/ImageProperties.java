package org.tensorflow.lite.support.image;

/**
 * The height, width and color space of an image held in a flat buffer (see {@link
 * TensorImage#load(org.tensorflow.lite.support.tensorbuffer.TensorBuffer, ImageProperties)}).
 * Immutable; equal when the three properties are equal.
 */
public abstract class ImageProperties {
  private static final int UNSET = -1;

  /** Public, as upstream's: subclasses may supply their own properties. */
  public ImageProperties() {}

  /** @return the image height */
  public abstract int getHeight();

  /** @return the image width */
  public abstract int getWidth();

  /** @return the color space */
  public abstract ColorSpaceType getColorSpaceType();

  /** @return a builder whose height and width are -1 until set */
  public static Builder builder() {
    return new ValueBuilder().setHeight(UNSET).setWidth(UNSET);
  }

  /**
   * Builds {@link ImageProperties}; every property must be set, height and width not negative.
   * Abstract with a public constructor, as upstream's generated builder base is; {@link
   * #builder()} returns the one implementation.
   */
  public abstract static class Builder {
    /** Public, as upstream's. */
    public Builder() {}

    /**
     * Sets the image height.
     *
     * @param height the image height
     * @return this builder
     */
    public abstract Builder setHeight(int height);

    /**
     * Sets the image width.
     *
     * @param width the image width
     * @return this builder
     */
    public abstract Builder setWidth(int width);

    /**
     * @param colorSpaceType the color space, not null
     * @return this builder
     * @throws NullPointerException if {@code colorSpaceType} is null
     */
    public abstract Builder setColorSpaceType(ColorSpaceType colorSpaceType);

    /** The properties as set, or "Missing required properties: …". */
    abstract ImageProperties autoBuild();

    /**
     * @return the properties
     * @throws IllegalStateException if the color space is not set ("Missing required properties:
     *     colorSpaceType"), or the height or width is negative
     */
    public ImageProperties build() {
      ImageProperties properties = autoBuild();
      if (properties.getHeight() < 0) {
        throw new IllegalStateException("Negative image height is not allowed.");
      }
      if (properties.getWidth() < 0) {
        throw new IllegalStateException("Negative image width is not allowed.");
      }
      return properties;
    }
  }

  private static final class ValueBuilder extends Builder {
    private int height;
    private int width;
    private ColorSpaceType colorSpaceType;
    private boolean heightSet;
    private boolean widthSet;

    @Override
    public Builder setHeight(int height) {
      this.height = height;
      heightSet = true;
      return this;
    }

    @Override
    public Builder setWidth(int width) {
      this.width = width;
      widthSet = true;
      return this;
    }

    @Override
    public Builder setColorSpaceType(ColorSpaceType colorSpaceType) {
      if (colorSpaceType == null) {
        throw new NullPointerException("Null colorSpaceType");
      }
      this.colorSpaceType = colorSpaceType;
      return this;
    }

    @Override
    ImageProperties autoBuild() {
      String missing = (heightSet ? "" : " height") + (widthSet ? "" : " width")
          + (colorSpaceType != null ? "" : " colorSpaceType");
      if (!missing.isEmpty()) {
        throw new IllegalStateException("Missing required properties:" + missing);
      }
      return new Value(height, width, colorSpaceType);
    }
  }

  private static final class Value extends ImageProperties {
    private final int height;
    private final int width;
    private final ColorSpaceType colorSpaceType;

    Value(int height, int width, ColorSpaceType colorSpaceType) {
      this.height = height;
      this.width = width;
      this.colorSpaceType = colorSpaceType;
    }

    @Override
    public int getHeight() {
      return height;
    }

    @Override
    public int getWidth() {
      return width;
    }

    @Override
    public ColorSpaceType getColorSpaceType() {
      return colorSpaceType;
    }

    @Override
    public boolean equals(Object o) {
      if (o == this) {
        return true;
      }
      if (!(o instanceof ImageProperties)) {
        return false;
      }
      ImageProperties that = (ImageProperties) o;
      return height == that.getHeight()
          && width == that.getWidth()
          && colorSpaceType.equals(that.getColorSpaceType());
    }

    @Override
    public int hashCode() {
      // The value-class hash: each property folded in with 1000003, as generated value classes do.
      int h = 1000003 ^ height;
      h = h * 1000003 ^ width;
      return h * 1000003 ^ colorSpaceType.hashCode();
    }

    @Override
    public String toString() {
      return "ImageProperties{height=" + height + ", width=" + width + ", colorSpaceType="
          + colorSpaceType + "}";
    }
  }
}
