package org.tensorflow.op;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Name validation is a hand-written character test (a regex match per op was measurable); it must
 * accept exactly the names TF 1.x's pattern {@code [A-Za-z0-9.][A-Za-z0-9_.\-]*} accepts.
 */
class NameScopeTest {
  private static final Pattern TF_NAME = Pattern.compile("[A-Za-z0-9.][A-Za-z0-9_.\\-]*");

  /** Every string of up to two characters over ASCII and a few non-ASCII letters and digits. */
  @Test
  void acceptsExactlyWhatTheRegexAccepts() {
    StringBuilder alphabet = new StringBuilder();
    for (char c = 0; c < 128; c++) {
      alphabet.append(c);
    }
    alphabet.append("\u00e9\u00c5\u0661\uff10\u212a\u0130\u00b7");
    String chars = alphabet.toString();
    check("");
    for (int i = 0; i < chars.length(); i++) {
      String one = String.valueOf(chars.charAt(i));
      check(one);
      for (int j = 0; j < chars.length(); j++) {
        check(one + chars.charAt(j));
      }
    }
    check("StridedSlice_12");
    check("a.b-c_d");
    check("a b");
    check("ab\n");
  }

  private static void check(String name) {
    boolean valid = TF_NAME.matcher(name).matches();
    if (valid) {
      NameScope.validate(name);
    } else {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> NameScope.validate(name), name);
      assertEquals(
          "invalid name: '" + name + "' does not match the regular expression "
              + "[A-Za-z0-9.][A-Za-z0-9_.\\-]*",
          e.getMessage());
    }
  }
}
