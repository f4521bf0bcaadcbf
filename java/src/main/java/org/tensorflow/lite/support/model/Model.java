package org.tensorflow.lite.support.model;

import android.content.Context;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.util.Map;
import org.tensorflow.lite.InterpreterApi;
import org.tensorflow.lite.InterpreterApi.Options.TfLiteRuntime;
import org.tensorflow.lite.Tensor;
import org.tensorflow.lite.support.common.FileUtil;
import org.tensorflow.lite.support.common.internal.SupportPreconditions;

/**
 * A TFLite model and the interpreter that runs it. The interpreter comes from TensorFlow Lite's
 * {@link InterpreterApi} (the app's {@code tensorflow-lite}, or another runtime chosen with {@link
 * Options.Builder#setTfLiteRuntime}); tensorbridge runs no models itself. Without a runtime,
 * creating a model fails with TensorFlow Lite's own exception.
 */
public class Model {

  /** Where the interpreter runs the model. */
  public enum Device {
    /** The CPU, with {@link Options.Builder#setNumThreads} threads. */
    CPU,
    /** Android's Neural Networks API. */
    NNAPI,
    /** The GPU delegate of {@code tensorflow-lite-gpu}. */
    GPU
  }

  /** How to run the model: the device (CPU by default), threads (1) and TFLite runtime. */
  public static class Options {
    private final Device device;
    private final int numThreads;
    private final TfLiteRuntime tfLiteRuntime;

    private Options(Builder builder) {
      device = builder.device;
      numThreads = builder.numThreads;
      tfLiteRuntime = builder.tfLiteRuntime;
    }

    /** Builds {@link Options}. */
    public static class Builder {
      private Device device = Device.CPU;
      private int numThreads = 1;
      private TfLiteRuntime tfLiteRuntime;

      /** A builder with the defaults: CPU, one thread, the interpreter's default runtime. */
      public Builder() {}

      /**
       * @param device the device
       * @return this builder
       */
      public Builder setDevice(Device device) {
        this.device = device;
        return this;
      }

      /**
       * @param numThreads the interpreter's thread count (used on the CPU)
       * @return this builder
       */
      public Builder setNumThreads(int numThreads) {
        this.numThreads = numThreads;
        return this;
      }

      /**
       * @param tfLiteRuntime which TFLite runtime to use; null keeps the interpreter's default
       * @return this builder
       */
      public Builder setTfLiteRuntime(TfLiteRuntime tfLiteRuntime) {
        this.tfLiteRuntime = tfLiteRuntime;
        return this;
      }

      /** @return the options */
      public Options build() {
        return new Options(this);
      }
    }
  }

  private final InterpreterApi interpreter;
  private final String modelPath;
  private final MappedByteBuffer byteModel;
  private final GpuDelegateProxy gpuDelegateProxy;

  /**
   * Loads a model from the assets and builds it with a device and thread count.
   *
   * @deprecated Use {@link Model#createModel(Context, String, Options)}.
   */
  @Deprecated
  public static class Builder {
    private final Options.Builder options = new Options.Builder();
    private final String modelPath;
    private final MappedByteBuffer byteModel;

    /**
     * Maps the model file from the assets.
     *
     * @param context the application context
     * @param modelPath the asset path of the .tflite file
     * @throws IOException if the file cannot be opened
     */
    public Builder(Context context, String modelPath) throws IOException {
      this.modelPath = modelPath;
      byteModel = FileUtil.loadMappedFile(context, modelPath);
    }

    /**
     * @param device the device (CPU by default)
     * @return this builder
     */
    public Builder setDevice(Device device) {
      options.setDevice(device);
      return this;
    }

    /**
     * @param numThreads the thread count (1 by default)
     * @return this builder
     */
    public Builder setNumThreads(int numThreads) {
      options.setNumThreads(numThreads);
      return this;
    }

    /** @return the model with a new interpreter */
    public Model build() {
      return createModel(byteModel, modelPath, options.build());
    }
  }

  private Model(
      String modelPath,
      MappedByteBuffer byteModel,
      InterpreterApi interpreter,
      GpuDelegateProxy gpuDelegateProxy) {
    this.modelPath = modelPath;
    this.byteModel = byteModel;
    this.interpreter = interpreter;
    this.gpuDelegateProxy = gpuDelegateProxy;
  }

  /**
   * Loads a model from the assets, run on the CPU with one thread.
   *
   * @param context the application context
   * @param modelPath the asset path of the .tflite file
   * @return the model
   * @throws IOException if the file cannot be opened
   */
  public static Model createModel(Context context, String modelPath) throws IOException {
    return createModel(context, modelPath, new Options.Builder().build());
  }

  /**
   * Loads a model from the assets with the given options.
   *
   * @param context the application context
   * @param modelPath the asset path of the .tflite file, not empty
   * @param options how to run it
   * @return the model
   * @throws IOException if the file cannot be opened
   */
  public static Model createModel(Context context, String modelPath, Options options)
      throws IOException {
    SupportPreconditions.checkNotEmpty(
        modelPath, "Model path in the asset folder cannot be empty.");
    MappedByteBuffer byteModel = FileUtil.loadMappedFile(context, modelPath);
    return createModel(byteModel, modelPath, options);
  }

  /**
   * A model over mapped model data, with a new interpreter.
   *
   * @param byteModel the model data
   * @param modelPath the path to report from {@link #getPath()}
   * @param options how to run it
   * @return the model
   * @throws IllegalArgumentException if the device is GPU and {@code tensorflow-lite-gpu} is absent
   */
  public static Model createModel(
      MappedByteBuffer byteModel, String modelPath, Options options) {
    InterpreterApi.Options interpreterOptions = new InterpreterApi.Options();
    GpuDelegateProxy gpuDelegateProxy = null;
    switch (options.device) {
      case NNAPI:
        interpreterOptions.setUseNNAPI(true);
        break;
      case GPU:
        gpuDelegateProxy = GpuDelegateProxy.maybeNewInstance();
        SupportPreconditions.checkArgument(
            gpuDelegateProxy != null,
            "Cannot inference with GPU. Did you add \"tensorflow-lite-gpu\" as dependency?");
        interpreterOptions.addDelegate(gpuDelegateProxy);
        break;
      case CPU:
        break;
    }
    interpreterOptions.setNumThreads(options.numThreads);
    if (options.tfLiteRuntime != null) {
      interpreterOptions.setRuntime(options.tfLiteRuntime);
    }
    InterpreterApi interpreter = InterpreterApi.create(byteModel, interpreterOptions);
    return new Model(modelPath, byteModel, interpreter, gpuDelegateProxy);
  }

  /** @return the mapped model data */
  public MappedByteBuffer getData() {
    return byteModel;
  }

  /** @return the model's path as given at creation */
  public String getPath() {
    return modelPath;
  }

  /**
   * @param inputIndex the input's index
   * @return the interpreter's input tensor
   * @throws IllegalStateException if the interpreter is closed
   */
  public Tensor getInputTensor(int inputIndex) {
    return interpreter.getInputTensor(inputIndex);
  }

  /**
   * @param outputIndex the output's index
   * @return the interpreter's output tensor
   * @throws IllegalStateException if the interpreter is closed
   */
  public Tensor getOutputTensor(int outputIndex) {
    return interpreter.getOutputTensor(outputIndex);
  }

  /**
   * @param outputIndex the output's index
   * @return the output's shape, known once the interpreter has its graph
   * @throws IllegalStateException if the interpreter is closed
   */
  public int[] getOutputTensorShape(int outputIndex) {
    return interpreter.getOutputTensor(outputIndex).shape();
  }

  /**
   * Runs the model.
   *
   * @param inputs the inputs in the model's order: arrays or {@link java.nio.ByteBuffer}s
   * @param outputs output index to the array or buffer that receives it
   */
  public void run(Object[] inputs, Map<Integer, Object> outputs) {
    interpreter.runForMultipleInputsOutputs(inputs, outputs);
  }

  /** Closes the interpreter and the GPU delegate, if any. */
  public void close() {
    if (interpreter != null) {
      interpreter.close();
    }
    if (gpuDelegateProxy != null) {
      gpuDelegateProxy.close();
    }
  }
}
