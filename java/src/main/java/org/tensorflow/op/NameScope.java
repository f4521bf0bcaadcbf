package org.tensorflow.op;

import java.util.HashMap;
import java.util.Map;

/**
 * TF 1.x op naming: a prefix, an optional fixed name for the next ops, and a use counter shared
 * by every scope derived with {@code withName} (sub-scopes get a fresh one). Not thread-safe.
 */
final class NameScope {
  private static final String NAME_REGEX = "[A-Za-z0-9.][A-Za-z0-9_.\\-]*";

  /** {@code null} at the root; otherwise {@code a/b}. */
  private final String prefix;
  /** Set by {@code withName}: replaces every default op name (and the sub-scope name, a quirk). */
  private final String fixedName;
  /**
   * Name → times requested (a one-element array, counted in place: no boxing or second map
   * update per op); the n-th repeat of {@code X} is {@code X_n}.
   */
  private final Map<String, int[]> uses;

  NameScope() {
    this(null, null, new HashMap<String, int[]>());
  }

  private NameScope(String prefix, String fixedName, Map<String, int[]> uses) {
    this.prefix = prefix;
    this.fixedName = fixedName;
    this.uses = uses;
  }

  NameScope withSubScope(String childScopeName) {
    validate(childScopeName);
    String child = fixedName != null ? fixedName : childScopeName;
    return new NameScope(qualify(unique(child)), null, new HashMap<String, int[]>());
  }

  NameScope withName(String opName) {
    validate(opName);
    return new NameScope(prefix, opName, uses);
  }

  String makeOpName(String defaultName) {
    validate(defaultName);
    return qualify(unique(fixedName != null ? fixedName : defaultName));
  }

  private String unique(String name) {
    int[] count = uses.get(name);
    if (count == null) {
      uses.put(name, new int[] {1});
      return name;
    }
    int n = count[0]++;
    return name + "_" + n; // TF 1.x: String.format("%s_%d", name, count)
  }

  private String qualify(String name) {
    return prefix == null ? name : prefix + "/" + name;
  }

  static void validate(String name) {
    if (name == null) {
      throw new IllegalArgumentException("Names cannot be null");
    }
    if (!isValidName(name)) {
      throw new IllegalArgumentException(
          "invalid name: '" + name + "' does not match the regular expression " + NAME_REGEX);
    }
  }

  /**
   * {@code name} matches {@link #NAME_REGEX}. Hand-written because a regex match was a visible
   * share of every op's creation (a name is validated on each {@code makeOpName}).
   */
  private static boolean isValidName(String name) {
    int length = name.length();
    if (length == 0) {
      return false;
    }
    char first = name.charAt(0);
    if (!(isAsciiAlphanumeric(first) || first == '.')) {
      return false;
    }
    for (int i = 1; i < length; i++) {
      char c = name.charAt(i);
      if (!(isAsciiAlphanumeric(c) || c == '_' || c == '.' || c == '-')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isAsciiAlphanumeric(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }
}
