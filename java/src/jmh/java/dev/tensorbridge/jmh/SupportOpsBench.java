package dev.tensorbridge.jmh;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tensorflow.lite.DataType;
import org.tensorflow.lite.support.common.TensorOperator;
import org.tensorflow.lite.support.common.TensorProcessor;
import org.tensorflow.lite.support.common.ops.CastOp;
import org.tensorflow.lite.support.common.ops.DequantizeOp;
import org.tensorflow.lite.support.common.ops.NormalizeOp;
import org.tensorflow.lite.support.common.ops.QuantizeOp;
import org.tensorflow.lite.support.label.TensorLabel;
import org.tensorflow.lite.support.tensorbuffer.TensorBuffer;

/**
 * TFLite Support's tensor ops, TensorProcessor and TensorLabel: tensorbridge ({@code *_ours}) next
 * to the relocated upstream 0.4.4 classes ({@code *_peer}). Workloads: per-channel NormalizeOp on
 * a 1920 x 1080 x 3 FLOAT32 frame (with a copy of the output bytes into fresh memory as the
 * floor); [Normalize, Quantize, Cast(UINT8)] on a 224 x 224 x 3 UINT8 frame, fused and op by op;
 * DequantizeOp + TensorLabel.getMapWithFloatValue on a 1001-class UINT8 output; each op on one
 * element.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SupportOpsBench {
  private static final float[] MEAN = {123.675f, 116.28f, 103.53f};
  private static final float[] STDDEV = {58.395f, 57.12f, 57.375f};

  TensorBuffer hdOurs;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer hdPeer;
  NormalizeOp normalizeOurs;
  peer.org.tensorflow.lite.support.common.ops.NormalizeOp normalizePeer;
  ByteBuffer hdOutputBytes;
  TensorBuffer hdInto;

  TensorBuffer frameOurs;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer framePeer;
  TensorProcessor processorOurs;
  TensorOperator[] chainOurs;
  TensorBuffer frameInto;
  peer.org.tensorflow.lite.support.common.TensorProcessor processorPeer;

  TensorBuffer logitsOurs;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer logitsPeer;
  DequantizeOp dequantizeOurs;
  peer.org.tensorflow.lite.support.common.ops.DequantizeOp dequantizePeer;
  List<String> labels;

  TensorBuffer oneFloatOurs;
  TensorBuffer oneByteOurs;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer oneFloatPeer;
  peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer oneBytePeer;
  CastOp castOurs;
  QuantizeOp quantizeOurs;
  NormalizeOp scalarNormalizeOurs;
  peer.org.tensorflow.lite.support.common.ops.CastOp castPeer;
  peer.org.tensorflow.lite.support.common.ops.QuantizeOp quantizePeer;
  peer.org.tensorflow.lite.support.common.ops.NormalizeOp scalarNormalizePeer;

  @Setup
  public void setUp() {
    int hd = 1920 * 1080 * 3;
    float[] pixels = new float[hd];
    for (int i = 0; i < hd; i++) {
      pixels[i] = (i * 31) % 256;
    }
    int[] hdShape = {1080, 1920, 3};
    hdOurs = TensorBuffer.createFixedSize(hdShape, DataType.FLOAT32);
    hdOurs.loadArray(pixels);
    hdPeer = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        hdShape, peer.org.tensorflow.lite.DataType.FLOAT32);
    hdPeer.loadArray(pixels);
    normalizeOurs = new NormalizeOp(MEAN, STDDEV);
    normalizePeer = new peer.org.tensorflow.lite.support.common.ops.NormalizeOp(MEAN, STDDEV);
    hdOutputBytes = normalizeOurs.apply(hdOurs).getBuffer();
    hdInto = TensorBuffer.createFixedSize(hdShape, DataType.FLOAT32);

    int frame = 224 * 224 * 3;
    int[] bytes = new int[frame];
    for (int i = 0; i < frame; i++) {
      bytes[i] = (i * 7) % 256;
    }
    int[] frameShape = {1, 224, 224, 3};
    frameOurs = TensorBuffer.createFixedSize(frameShape, DataType.UINT8);
    frameOurs.loadArray(bytes);
    framePeer = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        frameShape, peer.org.tensorflow.lite.DataType.UINT8);
    framePeer.loadArray(bytes);
    chainOurs = new TensorOperator[] {
      new NormalizeOp(127.5f, 127.5f), new QuantizeOp(128f, 1f / 128f), new CastOp(DataType.UINT8)
    };
    TensorProcessor.Builder b = new TensorProcessor.Builder();
    for (TensorOperator op : chainOurs) {
      b.add(op);
    }
    processorOurs = b.build();
    frameInto = TensorBuffer.createFixedSize(frameShape, DataType.UINT8);
    processorPeer = new peer.org.tensorflow.lite.support.common.TensorProcessor.Builder()
        .add(new peer.org.tensorflow.lite.support.common.ops.NormalizeOp(127.5f, 127.5f))
        .add(new peer.org.tensorflow.lite.support.common.ops.QuantizeOp(128f, 1f / 128f))
        .add(new peer.org.tensorflow.lite.support.common.ops.CastOp(peer.org.tensorflow.lite.DataType.UINT8))
        .build();

    int classes = 1001;
    int[] logits = new int[classes];
    labels = new ArrayList<>();
    for (int i = 0; i < classes; i++) {
      logits[i] = (i * 13) % 256;
      labels.add("class " + i);
    }
    int[] logitShape = {1, classes};
    logitsOurs = TensorBuffer.createFixedSize(logitShape, DataType.UINT8);
    logitsOurs.loadArray(logits);
    logitsPeer = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        logitShape, peer.org.tensorflow.lite.DataType.UINT8);
    logitsPeer.loadArray(logits);
    dequantizeOurs = new DequantizeOp(0f, 1f / 256f);
    dequantizePeer = new peer.org.tensorflow.lite.support.common.ops.DequantizeOp(0f, 1f / 256f);

    oneFloatOurs = TensorBuffer.createFixedSize(new int[] {1}, DataType.FLOAT32);
    oneFloatOurs.loadArray(new float[] {0.5f});
    oneByteOurs = TensorBuffer.createFixedSize(new int[] {1}, DataType.UINT8);
    oneByteOurs.loadArray(new int[] {200});
    oneFloatPeer = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        new int[] {1}, peer.org.tensorflow.lite.DataType.FLOAT32);
    oneFloatPeer.loadArray(new float[] {0.5f});
    oneBytePeer = peer.org.tensorflow.lite.support.tensorbuffer.TensorBuffer.createFixedSize(
        new int[] {1}, peer.org.tensorflow.lite.DataType.UINT8);
    oneBytePeer.loadArray(new int[] {200});
    castOurs = new CastOp(DataType.UINT8);
    quantizeOurs = new QuantizeOp(128f, 1f / 128f);
    scalarNormalizeOurs = new NormalizeOp(127.5f, 127.5f);
    castPeer = new peer.org.tensorflow.lite.support.common.ops.CastOp(peer.org.tensorflow.lite.DataType.UINT8);
    quantizePeer = new peer.org.tensorflow.lite.support.common.ops.QuantizeOp(128f, 1f / 128f);
    scalarNormalizePeer = new peer.org.tensorflow.lite.support.common.ops.NormalizeOp(127.5f, 127.5f);
  }

  @Benchmark
  public TensorBuffer normalizeHd_ours() {
    return normalizeOurs.apply(hdOurs);
  }

  @Benchmark
  public Object normalizeHd_peer() {
    return normalizePeer.apply(hdPeer);
  }

  /** The allocation-free extension: the same op into a caller's buffer. */
  @Benchmark
  public TensorBuffer normalizeHd_oursInto() {
    return normalizeOurs.apply(hdOurs, hdInto);
  }

  /** The floor: the output's bytes copied into one fresh malloc'ed block. */
  @Benchmark
  public long normalizeHd_memcpyFresh() {
    return FreshCopies.copyIntoFresh(hdOutputBytes, 1);
  }

  @Benchmark
  public TensorBuffer processor224_ours() {
    return processorOurs.process(frameOurs);
  }

  @Benchmark
  public TensorBuffer processor224_oursInto() {
    return processorOurs.process(frameOurs, frameInto);
  }

  @Benchmark
  public TensorBuffer processor224_oursOpByOp() {
    TensorBuffer x = frameOurs;
    for (TensorOperator op : chainOurs) {
      x = op.apply(x);
    }
    return x;
  }

  @Benchmark
  public Object processor224_peer() {
    return processorPeer.process(framePeer);
  }

  @Benchmark
  public Map<String, Float> dequantizeLabels1001_ours() {
    return new TensorLabel(labels, dequantizeOurs.apply(logitsOurs)).getMapWithFloatValue();
  }

  @Benchmark
  public Map<String, Float> dequantizeLabels1001_peer() {
    return new peer.org.tensorflow.lite.support.label.TensorLabel(labels, dequantizePeer.apply(logitsPeer))
        .getMapWithFloatValue();
  }

  @Benchmark
  public TensorBuffer normalize1_ours() {
    return scalarNormalizeOurs.apply(oneFloatOurs);
  }

  @Benchmark
  public Object normalize1_peer() {
    return scalarNormalizePeer.apply(oneFloatPeer);
  }

  @Benchmark
  public TensorBuffer quantize1_ours() {
    return quantizeOurs.apply(oneFloatOurs);
  }

  @Benchmark
  public Object quantize1_peer() {
    return quantizePeer.apply(oneFloatPeer);
  }

  @Benchmark
  public TensorBuffer dequantize1_ours() {
    return dequantizeOurs.apply(oneByteOurs);
  }

  @Benchmark
  public Object dequantize1_peer() {
    return dequantizePeer.apply(oneBytePeer);
  }

  @Benchmark
  public TensorBuffer cast1_ours() {
    return castOurs.apply(oneFloatOurs);
  }

  @Benchmark
  public Object cast1_peer() {
    return castPeer.apply(oneFloatPeer);
  }
}
