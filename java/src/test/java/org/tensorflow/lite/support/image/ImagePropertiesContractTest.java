package org.tensorflow.lite.support.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ImagePropertiesContractTest {
  @Test
  void buildsAndCompares() {
    ImageProperties p = ImageProperties.builder().setHeight(2).setWidth(3)
        .setColorSpaceType(ColorSpaceType.NV21).build();
    assertEquals(2, p.getHeight());
    assertEquals(3, p.getWidth());
    assertEquals(ColorSpaceType.NV21, p.getColorSpaceType());
    ImageProperties q = ImageProperties.builder().setColorSpaceType(ColorSpaceType.NV21)
        .setWidth(3).setHeight(2).build();
    assertEquals(p, q);
    assertEquals(p.hashCode(), q.hashCode());
    assertNotEquals(p, ImageProperties.builder().setHeight(2).setWidth(4)
        .setColorSpaceType(ColorSpaceType.NV21).build());
    assertEquals("ImageProperties{height=2, width=3, colorSpaceType=NV21}", p.toString());
  }

  @Test
  void zeroSizesAreAllowed() {
    ImageProperties p = ImageProperties.builder().setHeight(0).setWidth(0)
        .setColorSpaceType(ColorSpaceType.RGB).build();
    assertEquals(0, p.getHeight());
  }

  @Test
  void checksAndMessages() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ImageProperties.builder().setColorSpaceType(ColorSpaceType.RGB).build());
    assertEquals("Negative image height is not allowed.", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> ImageProperties.builder().setHeight(1)
        .setColorSpaceType(ColorSpaceType.RGB).build());
    assertEquals("Negative image width is not allowed.", e.getMessage());
    e = assertThrows(IllegalStateException.class,
        () -> ImageProperties.builder().setHeight(1).setWidth(1).build());
    assertEquals("Missing required properties: colorSpaceType", e.getMessage());
    NullPointerException n = assertThrows(NullPointerException.class,
        () -> ImageProperties.builder().setColorSpaceType(null));
    assertEquals("Null colorSpaceType", n.getMessage());
    e = assertThrows(IllegalStateException.class, () -> ImageProperties.builder()
        .setHeight(Integer.MIN_VALUE).setWidth(1).setColorSpaceType(ColorSpaceType.RGB).build());
    assertEquals("Negative image height is not allowed.", e.getMessage());
  }

  @Test
  void theClassAndItsBuilderAreAbstractWithPublicConstructorsAsUpstreams() throws Throwable {
    Class<?> upstream =
        org.tensorflow.lite.support.common.Upstream.type("org.tensorflow.lite.support.image.ImageProperties");
    Class<?> upstreamBuilder =
        org.tensorflow.lite.support.common.Upstream.type("org.tensorflow.lite.support.image.ImageProperties$Builder");
    assertEquals(upstream.getModifiers(), ImageProperties.class.getModifiers());
    assertEquals(upstreamBuilder.getModifiers(), ImageProperties.Builder.class.getModifiers());
    assertEquals(upstream.getConstructor().getModifiers(), ImageProperties.class.getConstructor().getModifiers());
    assertEquals(upstreamBuilder.getConstructor().getModifiers(),
        ImageProperties.Builder.class.getConstructor().getModifiers());
    // A subclass outside the generated value class is usable where properties are read.
    ImageProperties own = new ImageProperties() {
      @Override
      public int getHeight() {
        return 2;
      }

      @Override
      public int getWidth() {
        return 3;
      }

      @Override
      public ColorSpaceType getColorSpaceType() {
        return ColorSpaceType.GRAYSCALE;
      }
    };
    ImageProperties built = ImageProperties.builder().setHeight(2).setWidth(3)
        .setColorSpaceType(ColorSpaceType.GRAYSCALE).build();
    assertEquals(built, own, "the value class compares by properties, as upstream's");
  }
}
