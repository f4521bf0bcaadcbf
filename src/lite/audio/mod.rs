//! Audio: TFLite Support's `TensorAudio` ring ([`ring`]), and a log-mel spectrogram front end with
//! TensorFlow's numbers (`dev.tensorbridge.audio.LogMelSpectrogramOp`):
//!
//! ```text
//! log(tensordot(|stft(x, frame_length, frame_step, fft_length, hann_window)|,
//!               linear_to_mel_weight_matrix(mel_bins, fft_length / 2 + 1, sample_rate, lo, hi), 1)
//!     + log_offset)
//! ```
//!
//! as `tf.signal` computes it in float32: TensorFlow's periodic Hann window ([`window`]), framing
//! without padding, a real FFT (the `realfft` crate), magnitudes, TensorFlow's HTK mel matrix
//! ([`mel`]) kept as one contiguous run of weights per band, and the natural log. The window, mel
//! matrix and FFT plan of one parameter set are built once ([`LogMel`]) and shared through a small
//! cache ([`plan_cache`]). Rules and accuracy: docs/contracts/audio-log-mel.md.

pub mod aligned;
pub mod ln;
pub mod log_mel;
pub mod mel;
pub mod params;
pub mod plan_cache;
pub mod ring;
pub mod window;

#[cfg(test)]
mod tests;

pub use log_mel::LogMel;
pub use params::LogMelParams;
