package dev.tensorbridge.image;

/**
 * How a YUV frame's values map to RGB: the standard (BT.601 for SD and most phone cameras' JPEG
 * path, BT.709 for HD video) and the range. Every matrix uses the same integer rule: 16-bit fixed
 * point coefficients, each channel rounded half up and clamped to 0..255, chroma taken once per
 * 2×2 block (docs/contracts/image.md, YUV frames).
 *
 * <p>Which one a frame is: Android's camera2 and CameraX report it on the frame's {@code
 * android.hardware.DataSpace} ({@code Image.getDataSpace()}, API 33+): {@code RANGE_FULL} with
 * {@code STANDARD_BT601_*} is {@link #BT601_FULL} (JFIF, what the JPEG path and most
 * YUV_420_888 preview streams deliver), {@code RANGE_LIMITED} is a limited matrix, {@code
 * STANDARD_BT709} a BT.709 one. Without that information, a frame whose luma reaches below 16 or
 * above 235 is full range.
 */
public enum YuvColorMatrix {
  /** ITU-R BT.601, limited ("video") range: Y 16..235, U and V 16..240. The default. */
  BT601_LIMITED,
  /** BT.601, full range as JFIF defines it: Y, U and V 0..255. */
  BT601_FULL,
  /** ITU-R BT.709, limited range. */
  BT709_LIMITED,
  /** BT.709, full range. */
  BT709_FULL;

  /** The matrix's code in the native conversion (Rust's {@code yuv::Matrix::from_code}). */
  int code() {
    return ordinal();
  }
}
