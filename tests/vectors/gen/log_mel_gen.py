"""Golden log-mel spectrograms from real TensorFlow (run with the throw-away TF 2.21 venv).

    python tests/vectors/gen/log_mel_gen.py > tests/vectors/log_mel.jsonl

One JSON object per line, of three kinds:
  {"kind": "signal", "name": ..., "pcm16": base64}
      a test signal as little-endian int16 samples; sample i as a float is pcm16[i] / 32768
      (exact in float32), so every reader rebuilds the same float input bit for bit.
  {"kind": "case", "signal": ..., "length": n, "params": [...], "frames": f, "mel_bins": m,
   "log_mel": base64}
      the first n samples of the signal through the front end below with params =
      [sampleRate, frameLength, frameStep, fftLength, melBins, lowerEdgeHertz, upperEdgeHertz,
      logOffset]; log_mel is the [f, m] float32 result, row-major, little-endian.
  {"kind": "refused", "params": [...], "tf_error": ...}
      parameters TensorFlow's linear_to_mel_weight_matrix refuses, with its message.

The front end is exactly
  tf.math.log(tf.tensordot(tf.abs(tf.signal.stft(x, frameLength, frameStep, fftLength,
      window_fn=tf.signal.hann_window)), tf.signal.linear_to_mel_weight_matrix(melBins,
      fftLength // 2 + 1, sampleRate, lowerEdgeHertz, upperEdgeHertz), 1) + logOffset)
in float32. The script is ours; TensorFlow is only run to observe results.
"""
import base64
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

SEED = 20261208
N = 4000  # samples per signal (0.25 s at 16 kHz)


def pcm(x):
    """Float samples in [-1, 1) to int16, rounded."""
    return np.clip(np.round(np.asarray(x) * 32768.0), -32768, 32767).astype("<i2")


def signals():
    t = np.arange(N, dtype=np.float64) / 16000.0
    rng = np.random.default_rng(SEED)
    tone = 0.5 * np.sin(2 * np.pi * 440.0 * t) + 0.25 * np.sin(2 * np.pi * 1000.0 * t + 0.3)
    noise = rng.uniform(-0.9, 0.9, N)
    # Linear sweep from 100 Hz to 7 kHz over the signal.
    f0, f1, dur = 100.0, 7000.0, N / 16000.0
    chirp = 0.8 * np.sin(2 * np.pi * (f0 * t + (f1 - f0) / (2 * dur) * t * t))
    # A quiet tone under loud clicks: a large dynamic range inside each frame.
    clicks = 0.001 * np.sin(2 * np.pi * 3000.0 * t)
    clicks[::397] = 0.99
    return {
        "tone": pcm(tone),
        "noise": pcm(noise),
        "chirp": pcm(chirp),
        "silence": np.zeros(N, dtype="<i2"),
        "clicks": pcm(clicks),
    }


# (name, params, signals, length)
PARAMS = [
    ("yamnet", [16000, 400, 160, 512, 64, 125.0, 7500.0, 0.001], None, N),
    # fftLength > frameLength and not a power of two; edges at 0 and Nyquist exactly.
    ("fft_480", [16000, 400, 160, 480, 40, 0.0, 8000.0, 1e-6], None, N),
    # Odd window (TensorFlow's periodic Hann uses n - 1 then), prime fftLength.
    ("odd_257", [22050, 255, 100, 257, 13, 20.0, 11025.0, 0.01], None, N),
    # frameStep = frameLength = fftLength, a small power of two.
    ("fft_64", [16000, 64, 64, 64, 8, 300.0, 3000.0, 0.001], None, N),
    # frameStep > frameLength: samples between frames are skipped.
    ("step_gt_frame", [44100, 100, 150, 128, 20, 50.0, 20000.0, 1e-4], None, N),
    ("fft_1024_mel_128", [16000, 400, 160, 1024, 128, 125.0, 7500.0, 0.001], ["tone", "noise"], N),
    # More mel bands than spectrogram bins, some of them empty.
    ("mel_gt_bins", [8000, 30, 20, 30, 24, 100.0, 3900.0, 0.1], ["chirp", "noise"], 1000),
    # The shortest input: exactly one frame.
    ("one_frame", [16000, 400, 160, 512, 64, 125.0, 7500.0, 0.001], ["tone", "silence"], 400),
    # Length not on a frame boundary (trailing samples dropped), a length-1 fft.
    ("fft_1", [16000, 1, 7, 1, 3, 10.0, 20.0, 0.5], ["noise"], 50),
    ("fft_2", [16000, 2, 3, 2, 3, 10.0, 8000.0, 0.5], ["noise"], 61),
]

REFUSED = [
    [16000, 400, 160, 512, 64, -1.0, 7500.0, 0.001],
    [16000, 400, 160, 512, 64, 7500.0, 125.0, 0.001],
    [16000, 400, 160, 512, 64, 125.0, 125.0, 0.001],
    [16000, 400, 160, 512, 64, 125.0, 8000.5, 0.001],
    [16000, 400, 160, 512, 0, 125.0, 7500.0, 0.001],
]


def log_mel(x, p):
    sr, fl, fs, fft, mel, lo, hi, off = p
    x = tf.constant(x, tf.float32)
    stft = tf.signal.stft(x, fl, fs, fft, window_fn=tf.signal.hann_window)
    w = tf.signal.linear_to_mel_weight_matrix(mel, fft // 2 + 1, sr, lo, hi)
    out = tf.math.log(tf.tensordot(tf.abs(stft), w, 1) + off)
    return out.numpy().astype("<f4")


def b64(a):
    return base64.b64encode(np.ascontiguousarray(a).tobytes()).decode()


def main(out):
    sigs = signals()
    for name, s in sigs.items():
        out.write(json.dumps({"kind": "signal", "name": name, "pcm16": b64(s)}) + "\n")
    for name, p, which, length in PARAMS:
        for sig in which or list(sigs):
            x = sigs[sig][:length].astype(np.float32) / np.float32(32768)
            y = log_mel(x, p)
            out.write(json.dumps({
                "kind": "case", "tag": name, "signal": sig, "length": length, "params": p,
                "frames": y.shape[0], "mel_bins": y.shape[1], "log_mel": b64(y),
            }) + "\n")
    for p in REFUSED:
        try:
            tf.signal.linear_to_mel_weight_matrix(p[4], p[3] // 2 + 1, p[0], p[5], p[6])
        except ValueError as e:
            out.write(json.dumps({"kind": "refused", "params": p, "tf_error": str(e)}) + "\n")
        else:
            raise SystemExit(f"TensorFlow accepted {p}")


if __name__ == "__main__":
    main(sys.stdout)
