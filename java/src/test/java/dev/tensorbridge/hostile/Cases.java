package dev.tensorbridge.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrowsExactly;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * Collects hostile-input cases as {@link DynamicTest}s, so that Surefire counts each one. Every
 * failure case names the exact exception class the spec documents (a subclass does not pass) and,
 * where the spec gives one, the exact message. Public for the hostile tests that live in the
 * package of their class (to reach package-private state).
 */
public final class Cases {
  /** The spec fixes the class only (JVM-generated or project-defined text). */
  public static final String ANY_MESSAGE = "\u0000any";
  /** The spec requires {@code getMessage() == null}. */
  public static final String NULL_MESSAGE = "\u0000null";

  private final List<DynamicTest> tests = new ArrayList<DynamicTest>();

  /** {@code body} must throw exactly {@code type} with exactly {@code message}. */
  public Cases fails(String name, Class<? extends Throwable> type, String message, Executable body) {
    tests.add(DynamicTest.dynamicTest(name, () -> check(type, message, body)));
    return this;
  }

  /** {@code body} must throw exactly {@code type} whose message starts with {@code prefix}. */
  public Cases failsWithPrefix(
      String name, Class<? extends Throwable> type, String prefix, Executable body) {
    tests.add(
        DynamicTest.dynamicTest(
            name,
            () -> {
              Throwable t = assertThrowsExactly(type, body);
              assertTrue(
                  t.getMessage() != null && t.getMessage().startsWith(prefix),
                  "message <" + t.getMessage() + "> should start with <" + prefix + ">");
            }));
    return this;
  }

  /** Hostile but legal input: {@code body} runs its own assertions on the result. */
  public Cases succeeds(String name, Executable body) {
    tests.add(DynamicTest.dynamicTest(name, body));
    return this;
  }

  public List<DynamicTest> build() {
    return tests;
  }

  public static void check(Class<? extends Throwable> type, String message, Executable body) {
    Throwable t = assertThrowsExactly(type, body);
    if (message == NULL_MESSAGE) {
      assertNull(t.getMessage(), "message must be null");
    } else if (message != ANY_MESSAGE) {
      assertEquals(message, t.getMessage());
    }
  }
}
