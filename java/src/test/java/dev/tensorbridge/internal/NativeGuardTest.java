package dev.tensorbridge.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tensorflow.TensorFlowException;

/** The native guard: panics and core errors become the documented Java exceptions. */
class NativeGuardTest {
  /**
   * Rust ErrorKind::ALL order with the Java class each kind must raise: TensorFlow status codes
   * as TF 1.15 maps them (docs/contracts/README.md#error-model), then the kinds that mirror Java exceptions one to one.
   */
  private static final Class<?>[] EXPECTED_CLASS_BY_KIND = {
    IllegalArgumentException.class, // InvalidArgument
    IndexOutOfBoundsException.class, // OutOfRange
    UnsupportedOperationException.class, // Unimplemented
    IllegalStateException.class, // FailedPrecondition
    IllegalStateException.class, // ResourceExhausted
    TensorFlowException.class, // Internal
    IndexOutOfBoundsException.class, // IndexOutOfBounds
    ArrayIndexOutOfBoundsException.class, // ArrayIndexOutOfBounds
    NegativeArraySizeException.class, // NegativeArraySize
    NullPointerException.class, // NullPointer
    IllegalStateException.class, // IllegalState
    AssertionError.class, // UnsupportedDataType (TFLite Support)
    BufferUnderflowException.class, // BufferUnderflow
    BufferOverflowException.class, // BufferOverflow
    ReadOnlyBufferException.class, // ReadOnlyBuffer
    OutOfMemoryError.class, // OutOfMemory
    ArithmeticException.class, // Arithmetic
  };

  @BeforeAll
  static void load() {
    NativeLoader.ensureLoaded();
  }

  @Test
  void panicSurfacesAsTensorFlowExceptionAndTheJvmKeepsRunning() {
    for (int i = 0; i < 1000; i++) {
      final int value = i;
      TensorFlowException e =
          assertThrows(TensorFlowException.class, () -> TestNatives.panicForTest(value));
      assertTrue(
          e.getMessage().contains("deliberate panic for test, value " + value), e.getMessage());
    }
    // Still alive and the library still answers after a thousand panics.
    assertEquals(NativeLoader.javaVersion(), NativeDiagnostics.nativeVersion());
  }

  @Test
  void everyErrorKindRaisesItsJavaClassWithTheMessageVerbatim() {
    for (int kind = 0; kind < EXPECTED_CLASS_BY_KIND.length; kind++) {
      final int k = kind;
      String message = "message of kind " + kind + " with ünïcödé and 'quotes'";
      Throwable thrown = assertThrows(Throwable.class, () -> TestNatives.throwForTest(k, message));
      assertSame(EXPECTED_CLASS_BY_KIND[kind], thrown.getClass(), "kind " + kind);
      boolean messageless =
          thrown instanceof BufferUnderflowException
              || thrown instanceof BufferOverflowException
              || thrown instanceof ReadOnlyBufferException;
      if (messageless) {
        assertNull(thrown.getMessage(), "kind " + kind);
      } else {
        assertEquals(message, thrown.getMessage(), "kind " + kind);
      }
    }
  }

  @Test
  void anUnknownKindIsAnIllegalArgumentNotACrash() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> TestNatives.throwForTest(999, "x"));
    assertEquals("no error kind 999", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TestNatives.throwForTest(-1, null));
  }
}
