package dev.tensorbridge;

import dev.tensorbridge.index.Index;
import dev.tensorbridge.index.Indices;
import java.util.ArrayList;
import java.util.List;

/**
 * The begin/end/strides vectors and five masks of a strided slice, as TensorFlow's Python
 * {@code __getitem__} encodes them: from {@link Index} entries ({@link #of}) or from Python-like
 * slice notation ({@link #parse}). For example {@code parse("2, 1:2, :, newaxis, ..., :4, 4::2")}
 * (Python {@code x[2, 1:2, :, tf.newaxis, ..., :4, 4::2]}) gives begin
 * {@code [2, 1, 0, 0, 0, 0, 4]}, end {@code [3, 2, 0, 0, 0, 4, 0]}, strides
 * {@code [1, 1, 1, 1, 1, 1, 2]}, begin mask 36, end mask 68, ellipsis mask 16, new axis mask 8
 * and shrink axis mask 1.
 *
 * <p>Immutable; the array accessors return copies.
 */
public final class SliceEncoding {
  private final int[] begin;
  private final int[] end;
  private final int[] strides;
  private final long beginMask;
  private final long endMask;
  private final long ellipsisMask;
  private final long newAxisMask;
  private final long shrinkAxisMask;

  private SliceEncoding(
      int[] begin, int[] end, int[] strides, long beginMask, long endMask, long ellipsisMask,
      long newAxisMask, long shrinkAxisMask) {
    this.begin = begin;
    this.end = end;
    this.strides = strides;
    this.beginMask = beginMask;
    this.endMask = endMask;
    this.ellipsisMask = ellipsisMask;
    this.newAxisMask = newAxisMask;
    this.shrinkAxisMask = shrinkAxisMask;
  }

  /**
   * Encodes {@code indices} entry by entry (the rules of {@code StridedSliceHelper}): a null entry
   * means {@link Indices#all()}; mask bit {@code i} ({@code 1L << i}) comes from entry {@code i}.
   * With 32 or more entries the masks use bits the op rejects (its int32 attribute check).
   *
   * @param indices the entries, one per sparse slice position; none gives the identity slice
   * @return the encoding
   * @throws NullPointerException if {@code indices} is null
   * @throws UnsupportedOperationException for an entry a strided slice cannot express
   * @throws IllegalArgumentException if a value does not fit an int, or for a second ellipsis
   */
  public static SliceEncoding of(Index... indices) {
    int n = indices.length;
    int[] begin = new int[n];
    int[] end = new int[n];
    int[] strides = new int[n];
    long beginMask = 0;
    long endMask = 0;
    long ellipsisMask = 0;
    long newAxisMask = 0;
    long shrinkAxisMask = 0;
    boolean seenEllipsis = false;
    for (int i = 0; i < n; i++) {
      Index idx = indices[i] == null ? Indices.all() : indices[i];
      if (!idx.isStridedSlicingCompliant()) {
        throw new UnsupportedOperationException("Index " + idx + " is not supported for Tensors");
      }
      begin[i] = narrow(idx.begin(), "begin", idx);
      end[i] = narrow(idx.end(), "end", idx);
      strides[i] = narrow(idx.stride(), "stride", idx);
      long bit = 1L << i;
      if (idx.beginMask()) {
        beginMask |= bit;
      }
      if (idx.endMask()) {
        endMask |= bit;
      }
      if (idx.isEllipsis()) {
        if (seenEllipsis) {
          throw new IllegalArgumentException("Can not have two ellipsis in a slice");
        }
        seenEllipsis = true;
        ellipsisMask |= bit;
      }
      if (idx.isNewAxis()) {
        newAxisMask |= bit;
      }
      if (idx.isPoint()) {
        shrinkAxisMask |= bit;
      }
    }
    return new SliceEncoding(
        begin, end, strides, beginMask, endMask, ellipsisMask, newAxisMask, shrinkAxisMask);
  }

  /**
   * Encodes Python-like slice notation: comma-separated entries, each an integer ({@code 2},
   * {@code -1}), a slice {@code start:stop[:step]} with any part left out ({@code 1:},
   * {@code ::-1}, {@code :}), {@code ...} (or {@code Ellipsis}), or {@code newaxis} (also
   * {@code None}, {@code tf.newaxis}). Whitespace around parts is ignored; an empty string is the
   * identity slice.
   *
   * @param spec the notation, without the surrounding brackets, e.g. {@code "1:, ::-2"}
   * @return the encoding
   * @throws NullPointerException if {@code spec} is null
   * @throws IllegalArgumentException for malformed notation (the message names the entry), a zero
   *     step, a value beyond the int range, or a second ellipsis
   */
  public static SliceEncoding parse(String spec) {
    return of(parseIndices(spec));
  }

  /**
   * The entries of {@link #parse}'s notation, as {@link Index} objects.
   *
   * @param spec the notation, as for {@link #parse}
   * @return a new array with one entry per comma-separated item
   * @throws NullPointerException if {@code spec} is null
   * @throws IllegalArgumentException for malformed notation or a zero step
   */
  public static Index[] parseIndices(String spec) {
    if (spec.trim().isEmpty()) {
      return new Index[0];
    }
    String[] items = spec.split(",", -1);
    List<Index> indices = new ArrayList<Index>(items.length);
    for (int i = 0; i < items.length; i++) {
      indices.add(parseEntry(items[i].trim(), i, spec));
    }
    return indices.toArray(new Index[0]);
  }

  private static Index parseEntry(String item, int position, String spec) {
    if (item.equals("...") || item.equals("Ellipsis")) {
      return Indices.ellipsis();
    }
    if (item.equals("newaxis") || item.equals("None") || item.equals("tf.newaxis")) {
      return Indices.newAxis();
    }
    String[] parts = item.split(":", -1);
    if (parts.length > 3 || item.isEmpty()) {
      throw malformed(item, position, spec);
    }
    if (parts.length == 1) {
      return Indices.at(number(parts[0], item, position, spec));
    }
    Long start = optional(parts[0], item, position, spec);
    Long stop = optional(parts[1], item, position, spec);
    Long step = parts.length == 3 ? optional(parts[2], item, position, spec) : null;
    return Indices.slice(start, stop, step == null ? 1L : step.longValue());
  }

  private static Long optional(String part, String item, int position, String spec) {
    String p = part.trim();
    return p.isEmpty() ? null : Long.valueOf(number(p, item, position, spec));
  }

  private static long number(String part, String item, int position, String spec) {
    try {
      return Long.parseLong(part.trim());
    } catch (NumberFormatException e) {
      throw malformed(item, position, spec);
    }
  }

  private static IllegalArgumentException malformed(String item, int position, String spec) {
    return new IllegalArgumentException(
        "Invalid slice entry '" + item + "' at position " + position + " of \"" + spec
            + "\": expected an integer, start:stop[:step], ... or newaxis");
  }

  private static int narrow(long value, String what, Index idx) {
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "Can't convert long " + what + " value to int for index " + idx + ": Out of bounds");
    }
    return (int) value;
  }

  /**
   * The begin vector (a copy).
   *
   * @return a new array with one begin value per entry
   */
  public int[] begin() {
    return begin.clone();
  }

  /**
   * The end vector (a copy).
   *
   * @return a new array with one end value per entry
   */
  public int[] end() {
    return end.clone();
  }

  /**
   * The strides vector (a copy).
   *
   * @return a new array with one stride per entry
   */
  public int[] strides() {
    return strides.clone();
  }

  /**
   * The begin mask.
   *
   * @return bit {@code i} set when entry {@code i} ignores its begin value
   */
  public long beginMask() {
    return beginMask;
  }

  /**
   * The end mask.
   *
   * @return bit {@code i} set when entry {@code i} ignores its end value
   */
  public long endMask() {
    return endMask;
  }

  /**
   * The ellipsis mask.
   *
   * @return bit {@code i} set when entry {@code i} is the ellipsis (at most one bit)
   */
  public long ellipsisMask() {
    return ellipsisMask;
  }

  /**
   * The new axis mask.
   *
   * @return bit {@code i} set when entry {@code i} inserts a size-1 dimension
   */
  public long newAxisMask() {
    return newAxisMask;
  }

  /**
   * The shrink axis mask.
   *
   * @return bit {@code i} set when entry {@code i} selects one element and drops the dimension
   */
  public long shrinkAxisMask() {
    return shrinkAxisMask;
  }
}
