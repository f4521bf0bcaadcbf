/**
 * Index helpers for {@code Ops.stridedSlice(operand, Index...)}, with the factory names of TF Java's
 * {@code org.tensorflow.ndarray.index.Indices} ({@code at}, {@code all}, {@code slice}, {@code
 * newAxis}, {@code ellipsis}, ...). Code written against TF Java's helpers needs only its import
 * changed.
 */
package dev.tensorbridge.index;
