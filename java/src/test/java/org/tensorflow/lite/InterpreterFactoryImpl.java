package org.tensorflow.lite;

import java.io.File;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tensorflow.lite.nnapi.NnApiDelegate;

/**
 * A stand-in TensorFlow Lite runtime for the tests: InterpreterApi.create finds it by this name, as
 * it finds tensorflow-lite's. Its interpreter records what it was given and "runs" a model that
 * adds its float inputs (as upstream's add.tflite does).
 */
public final class InterpreterFactoryImpl implements InterpreterFactoryApi {
  /** Every interpreter created, oldest first. */
  public static final List<StandIn> CREATED = new ArrayList<>();

  /** Public: the runtime lookup instantiates it by reflection. */
  public InterpreterFactoryImpl() {}

  @Override
  public InterpreterApi create(File modelFile, InterpreterApi.Options options) {
    throw new UnsupportedOperationException("the tests create models from buffers");
  }

  @Override
  public InterpreterApi create(ByteBuffer model, InterpreterApi.Options options) {
    StandIn interpreter = new StandIn(model, options);
    synchronized (CREATED) {
      CREATED.add(interpreter);
    }
    return interpreter;
  }

  @Override
  public String runtimeVersion() {
    return "stand-in";
  }

  @Override
  public String schemaVersion() {
    return "3";
  }

  @Override
  public NnApiDelegate.PrivateInterface createNnApiDelegateImpl(NnApiDelegate.Options options) {
    throw new UnsupportedOperationException();
  }

  /** The stand-in interpreter. */
  public static final class StandIn implements InterpreterApi {
    /** The model data it was created with. */
    public final ByteBuffer model;
    /** Its options' thread count, NNAPI flag, delegates and runtime, read at creation. */
    public final int numThreads;
    /** Whether NNAPI was asked for. */
    public final boolean useNnapi;
    /** The delegates added. */
    public final List<Delegate> delegates;
    /** Whether close() was called. */
    public boolean closed;

    StandIn(ByteBuffer model, InterpreterApi.Options options) {
      this.model = model;
      this.numThreads = options.getNumThreads();
      this.useNnapi = options.getUseNNAPI();
      this.delegates = new ArrayList<>(options.getDelegates());
    }

    @Override
    public void run(Object input, Object output) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void runForMultipleInputsOutputs(Object[] inputs, Map<Integer, Object> outputs) {
      checkOpen();
      float sum = 0;
      for (Object in : inputs) {
        sum += ((float[]) in)[0];
      }
      ((float[]) outputs.get(0))[0] = sum;
    }

    @Override
    public void allocateTensors() {}

    @Override
    public void resizeInput(int index, int[] dims) {}

    @Override
    public void resizeInput(int index, int[] dims, boolean strict) {}

    @Override
    public int getInputTensorCount() {
      return 2;
    }

    @Override
    public int getInputIndex(String name) {
      return 0;
    }

    @Override
    public Tensor getInputTensor(int index) {
      checkOpen();
      return tensor(new int[] {1});
    }

    @Override
    public int getOutputTensorCount() {
      return 1;
    }

    @Override
    public int getOutputIndex(String name) {
      return 0;
    }

    @Override
    public Tensor getOutputTensor(int index) {
      checkOpen();
      return tensor(new int[] {1, index + 2});
    }

    @Override
    public Long getLastNativeInferenceDurationNanoseconds() {
      return null;
    }

    @Override
    public void close() {
      closed = true;
    }

    private void checkOpen() {
      if (closed) {
        throw new IllegalStateException("Internal error: The Interpreter has already been closed.");
      }
    }

    /** A tensor that answers shape() and nothing else. */
    private static Tensor tensor(int[] shape) {
      return (Tensor) Proxy.newProxyInstance(Tensor.class.getClassLoader(), new Class<?>[] {Tensor.class},
          (proxy, method, args) -> {
            if (method.getName().equals("shape")) {
              return shape.clone();
            }
            throw new UnsupportedOperationException(method.getName());
          });
    }
  }
}
