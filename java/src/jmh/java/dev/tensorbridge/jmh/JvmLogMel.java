package dev.tensorbridge.jmh;

import org.jtransforms.fft.FloatFFT_1D;

/**
 * The benchmark's pure-JVM peer of {@code LogMelSpectrogramOp}: the same front end (TensorFlow's
 * periodic Hann window, framing without padding, real FFT, magnitudes, TensorFlow's HTK mel
 * matrix, log) over JTransforms' {@code FloatFFT_1D}, written for speed: window and mel matrix
 * precomputed (the matrix as one run of non-zero weights per band, as the native op keeps it),
 * every buffer reused, the FFT in place. Even {@code fftLength} only (JTransforms' packed real
 * layout differs for odd lengths). Not part of the library.
 */
final class JvmLogMel {
  private final int frameLength;
  private final int frameStep;
  private final int fftLength;
  private final int melBins;
  private final float logOffset;
  private final float[] window;
  private final int[] bandStart;
  private final float[][] bandWeights;
  private final FloatFFT_1D fft;
  private final float[] frame;
  private final float[] magnitudes;

  JvmLogMel(int sampleRate, int frameLength, int frameStep, int fftLength, int melBins,
      float lowerEdgeHertz, float upperEdgeHertz, float logOffset) {
    if (fftLength % 2 != 0 || fftLength < frameLength) {
      throw new IllegalArgumentException("even fftLength >= frameLength only");
    }
    this.frameLength = frameLength;
    this.frameStep = frameStep;
    this.fftLength = fftLength;
    this.melBins = melBins;
    this.logOffset = logOffset;
    this.window = new float[frameLength];
    int n = frameLength % 2 == 0 ? frameLength : frameLength - 1;
    for (int i = 0; i < frameLength; i++) {
      window[i] = frameLength == 1 ? 1f : 0.5f - 0.5f * (float) Math.cos((2 * (float) Math.PI * i) / n);
    }
    int bins = fftLength / 2 + 1;
    float[] binMel = new float[bins];
    float nyquist = sampleRate / 2f;
    float delta = nyquist / (bins - 1);
    for (int k = 1; k < bins; k++) {
      binMel[k] = mel(k == bins - 1 ? nyquist : delta * k);
    }
    float lo = mel(lowerEdgeHertz);
    float hi = mel(upperEdgeHertz);
    float step = (hi - lo) / (melBins + 1);
    float[] edges = new float[melBins + 2];
    for (int i = 0; i < edges.length; i++) {
      edges[i] = i == edges.length - 1 ? hi : lo + step * i;
    }
    bandStart = new int[melBins];
    bandWeights = new float[melBins][];
    for (int m = 0; m < melBins; m++) {
      float l = edges[m];
      float c = edges[m + 1];
      float u = edges[m + 2];
      int first = bins;
      int last = 0;
      float[] w = new float[bins];
      for (int k = 1; k < bins; k++) {
        w[k] = Math.max(0f, Math.min((binMel[k] - l) / (c - l), (u - binMel[k]) / (u - c)));
        if (w[k] > 0) {
          first = Math.min(first, k);
          last = k;
        }
      }
      bandStart[m] = first;
      bandWeights[m] = first > last ? new float[0] : java.util.Arrays.copyOfRange(w, first, last + 1);
    }
    fft = new FloatFFT_1D(fftLength);
    frame = new float[fftLength];
    magnitudes = new float[bins];
  }

  private static float mel(float hertz) {
    return 1127f * (float) Math.log(1f + hertz / 700f);
  }

  /** The {@code [frames * melBins]} log-mel values of {@code signal}. */
  float[] apply(float[] signal) {
    int frames = 1 + (signal.length - frameLength) / frameStep;
    float[] out = new float[frames * melBins];
    int half = fftLength / 2;
    for (int f = 0; f < frames; f++) {
      int start = f * frameStep;
      for (int i = 0; i < frameLength; i++) {
        frame[i] = signal[start + i] * window[i];
      }
      java.util.Arrays.fill(frame, frameLength, fftLength, 0f);
      fft.realForward(frame);
      // Packed layout: a[0] = Re X0, a[1] = Re X(n/2), a[2k], a[2k+1] = Re, Im Xk.
      magnitudes[0] = Math.abs(frame[0]);
      magnitudes[half] = Math.abs(frame[1]);
      for (int k = 1; k < half; k++) {
        float re = frame[2 * k];
        float im = frame[2 * k + 1];
        magnitudes[k] = (float) Math.sqrt(re * re + im * im);
      }
      int row = f * melBins;
      for (int m = 0; m < melBins; m++) {
        float[] w = bandWeights[m];
        int s = bandStart[m];
        float energy = 0;
        for (int i = 0; i < w.length; i++) {
          energy += w[i] * magnitudes[s + i];
        }
        out[row + m] = (float) Math.log(energy + logOffset);
      }
    }
    return out;
  }
}
