//! `tf.signal.hann_window(length)` (periodic), in float32 as TensorFlow computes it.

/// TensorFlow's periodic Hann window: `0.5 - 0.5 * cos(2π i / n)` with `n = length` for an even
/// length but `n = length - 1` for an odd one (TensorFlow applies "periodic" to even lengths
/// only), and `[1.0]` for length 1. The argument is rounded as TensorFlow's graph rounds it:
/// `(2π · i) / n` in float32.
pub fn hann_window(length: usize) -> Vec<f32> {
    if length == 1 {
        return vec![1.0];
    }
    let even = length.is_multiple_of(2);
    let n = if even { length } else { length - 1 } as f32;
    (0..length)
        .map(|i| {
            let arg = (std::f32::consts::TAU * i as f32) / n;
            0.5 - 0.5 * arg.cos()
        })
        .collect()
}
