//! The parameters of a log-mel front end and their checks (messages: docs/contracts/audio-log-mel.md).

use crate::{Error, Result};

/// Largest `fftLength`: beyond it a transform's plan and scratch alone need hundreds of MiB (and
/// an allocation failure aborts the process instead of failing the call).
pub const MAX_FFT_LENGTH: usize = 1 << 20;
/// Largest `melBins`, for the same reason (one weight run per band).
pub const MAX_MEL_BINS: usize = 1 << 16;

/// A validated parameter set, in the order of the Java constructor.
#[derive(Debug, Clone, Copy)]
pub struct LogMelParams {
    /// Samples per second.
    pub sample_rate: usize,
    /// Samples per frame (the window's length).
    pub frame_length: usize,
    /// Samples between the starts of two frames.
    pub frame_step: usize,
    /// Length of the real FFT; frames are zero-padded to it.
    pub fft_length: usize,
    /// Number of mel bands.
    pub mel_bins: usize,
    /// Lower edge of the lowest band, in Hz.
    pub lower_edge_hertz: f32,
    /// Upper edge of the highest band, in Hz.
    pub upper_edge_hertz: f32,
    /// Added to each mel energy before the log.
    pub log_offset: f32,
}

fn positive(name: &str, value: i32) -> Result<usize> {
    usize::try_from(value)
        .ok()
        .filter(|&v| v > 0)
        .ok_or_else(|| Error::invalid_argument(format!("{name} must be positive, got {value}")))
}

impl LogMelParams {
    /// Checks the Java constructor's arguments: every size positive, `fftLength >= frameLength`,
    /// `fftLength <= 2^20`, `melBins <= 2^16`, both edges within `[0, sampleRate / 2]` (NaN is
    /// outside) and `lowerEdgeHertz < upperEdgeHertz` (TensorFlow's own refusal). The log offset
    /// is taken as it is, as TensorFlow takes it.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        sample_rate: i32,
        frame_length: i32,
        frame_step: i32,
        fft_length: i32,
        mel_bins: i32,
        lower_edge_hertz: f32,
        upper_edge_hertz: f32,
        log_offset: f32,
    ) -> Result<Self> {
        let params = LogMelParams {
            sample_rate: positive("sampleRate", sample_rate)?,
            frame_length: positive("frameLength", frame_length)?,
            frame_step: positive("frameStep", frame_step)?,
            fft_length: positive("fftLength", fft_length)?,
            mel_bins: positive("melBins", mel_bins)?,
            lower_edge_hertz,
            upper_edge_hertz,
            log_offset,
        };
        if params.fft_length < params.frame_length {
            return Err(Error::invalid_argument(format!(
                "fftLength must be at least frameLength, got fftLength {fft_length} and frameLength {frame_length}"
            )));
        }
        if params.fft_length > MAX_FFT_LENGTH {
            return Err(Error::invalid_argument(format!(
                "fftLength must be at most {MAX_FFT_LENGTH}, got {fft_length}"
            )));
        }
        if params.mel_bins > MAX_MEL_BINS {
            return Err(Error::invalid_argument(format!(
                "melBins must be at most {MAX_MEL_BINS}, got {mel_bins}"
            )));
        }
        // Compared in double, as TensorFlow compares Python floats with sample_rate / 2.
        let nyquist = f64::from(sample_rate) / 2.0;
        for (name, edge) in [("lowerEdgeHertz", lower_edge_hertz), ("upperEdgeHertz", upper_edge_hertz)] {
            if !(0.0..=nyquist).contains(&f64::from(edge)) {
                return Err(Error::invalid_argument(format!(
                    "{name} must be within [0, sampleRate / 2] = [0, {nyquist:?}], got {edge:?}"
                )));
            }
        }
        if lower_edge_hertz >= upper_edge_hertz {
            return Err(Error::invalid_argument(format!(
                "lowerEdgeHertz must be less than upperEdgeHertz, got {lower_edge_hertz:?} and {upper_edge_hertz:?}"
            )));
        }
        Ok(params)
    }

    /// `fftLength / 2 + 1`, the rows of the mel matrix.
    pub fn spectrogram_bins(&self) -> usize {
        self.fft_length / 2 + 1
    }

    /// The frames of an `n`-sample signal, `1 + (n - frameLength) / frameStep` (no padding);
    /// refuses `n < frameLength` and a result whose float32 bytes exceed a Java buffer.
    pub fn frames(&self, n: usize) -> Result<usize> {
        if n < self.frame_length {
            return Err(Error::invalid_argument(format!(
                "input has {n} samples, fewer than frameLength {}",
                self.frame_length
            )));
        }
        let frames = 1 + (n - self.frame_length) / self.frame_step;
        let fits = frames
            .checked_mul(self.mel_bins)
            .and_then(|v| v.checked_mul(4))
            .is_some_and(|bytes| bytes <= i32::MAX as usize);
        if !fits {
            return Err(Error::invalid_argument(format!(
                "result of {frames} frames x {} mel bins exceeds 2^31 - 1 bytes",
                self.mel_bins
            )));
        }
        Ok(frames)
    }

    /// Identity of a parameter set for the plan cache (floats by their bits, so NaN offsets
    /// compare equal to themselves).
    pub fn key(&self) -> [u64; 8] {
        [
            self.sample_rate as u64,
            self.frame_length as u64,
            self.frame_step as u64,
            self.fft_length as u64,
            self.mel_bins as u64,
            u64::from(self.lower_edge_hertz.to_bits()),
            u64::from(self.upper_edge_hertz.to_bits()),
            u64::from(self.log_offset.to_bits()),
        ]
    }
}
