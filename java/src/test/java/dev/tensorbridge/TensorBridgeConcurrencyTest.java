package dev.tensorbridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.tensorflow.Tensor;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * One side closed, dropped or reloaded while other threads read the other side: reads see the
 * values or the documented closed-tensor exception, and nothing crashes (the suite runs under
 * {@code -Xcheck:jni}).
 */
class TensorBridgeConcurrencyTest {
  private static final int ELEMENTS = 4096;
  private static final int ROUNDS = 300;

  private static float[] ramp(float base) {
    float[] values = new float[ELEMENTS];
    for (int i = 0; i < values.length; i++) {
      values[i] = base + i;
    }
    return values;
  }

  /** Fails unless every element is {@code values[0] + i}: a whole load, never torn memory. */
  private static void checkRamp(float[] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] != values[0] + i) {
        throw new AssertionError("element " + i + " is " + values[i] + " after " + values[0]);
      }
    }
  }

  @Test
  void closingOneSideWhileTheOtherIsReadNeverCrashes() throws Throwable {
    AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
    for (int round = 0; round < ROUNDS && failure.get() == null; round++) {
      final TensorBuffer[] buffer = {TensorBuffer.createDynamic(DataType.FLOAT32)};
      buffer[0].loadArray(ramp(round), new int[] {ELEMENTS});
      final Tensor<?> tensor = TensorBridge.asTensor(buffer[0]);
      final TensorBuffer view = TensorBridge.asTensorBuffer(tensor);
      final CountDownLatch start = new CountDownLatch(1);
      final float expected = round;
      List<Thread> threads = new ArrayList<Thread>();
      // Reads the tensor until it is closed: values or the closed-tensor exception only.
      threads.add(new Thread(new Runnable() {
        @Override
        public void run() {
          try {
            start.await();
            float[] out = new float[ELEMENTS];
            for (int i = 0; i < 200; i++) {
              try {
                tensor.copyTo(out);
              } catch (NullPointerException closed) {
                assertEquals("close() was called on the Tensor", closed.getMessage());
                return;
              }
              assertEquals(expected, out[0]);
              checkRamp(out);
            }
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          }
        }
      }));
      // Reads the view, which must stay valid after the tensor is closed.
      threads.add(new Thread(new Runnable() {
        @Override
        public void run() {
          try {
            start.await();
            float[] out = new float[ELEMENTS];
            for (int i = 0; i < 50; i++) {
              view.getFloatArray(out);
              assertEquals(expected, out[0]);
              checkRamp(out);
              try (Tensor<?> again = TensorBridge.asTensor(view)) {
                checkRamp(TensorBridge.asTensorBuffer(again).getFloatArray());
              }
            }
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          }
        }
      }));
      // Moves the original buffer on to new storage and drops it, then collects.
      threads.add(new Thread(new Runnable() {
        @Override
        public void run() {
          try {
            start.await();
            buffer[0].loadArray(new float[] {1, 2}, new int[] {2});
            buffer[0] = null;
            if ((int) expected % 16 == 0) {
              System.gc();
            }
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          }
        }
      }));
      for (Thread t : threads) {
        t.start();
      }
      start.countDown();
      Thread.yield();
      tensor.close();
      for (Thread t : threads) {
        t.join();
      }
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }
}
