package dev.tensorbridge.examples.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import dev.tensorbridge.common.ops.ToChannelsFirstOp;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.image.ImageProcessor;
import org.tensorflow.lite.support.image.TensorImage;
import org.tensorflow.lite.support.image.ops.ResizeOp;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * The input of an ONNX image model, [1, 3, size, size] floats: each frame is resized, then
 * normalized and placed channels first in one pass straight into the memory of one OnnxTensor,
 * which is created once and read by every run (no copy, no allocation per frame for the planes).
 */
public final class ChannelsFirstInput implements AutoCloseable {
  private final ImageProcessor resize;
  private final TensorProcessor toPlanes;
  private final TensorBuffer planes;
  private final OnnxTensor tensor;

  /**
   * @param env the ONNX Runtime environment
   * @param size the model's input height and width
   * @param mean per-channel means (R, G, B)
   * @param stddev per-channel standard deviations
   * @throws OrtException if ONNX Runtime refuses the tensor
   */
  public ChannelsFirstInput(OrtEnvironment env, int size, float[] mean, float[] stddev)
      throws OrtException {
    resize =
        new ImageProcessor.Builder()
            .add(new ResizeOp(size, size, ResizeOp.ResizeMethod.BILINEAR))
            .build();
    toPlanes =
        new TensorProcessor.Builder()
            .add(new NormalizeOp(mean, stddev))
            .add(new ToChannelsFirstOp())
            .build();
    planes = TensorBuffer.createFixedSize(new int[] {1, 3, size, size}, DataType.FLOAT32);
    // Direct, native order: ORT wraps the memory instead of copying it.
    tensor =
        OnnxTensor.createTensor(env, planes.getBuffer().asFloatBuffer(), new long[] {1, 3, size, size});
  }

  /**
   * Writes {@code frame}'s planes into the tensor.
   *
   * @param frame an RGB image
   * @return the tensor to pass to {@code OrtSession.run} (the same one every call)
   */
  public OnnxTensor load(TensorImage frame) {
    TensorImage resized = resize.process(frame);
    toPlanes.process(resized.getTensorBuffer(), planes);
    return tensor;
  }

  @Override
  public void close() {
    tensor.close();
  }
}
