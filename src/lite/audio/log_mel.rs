//! The front end itself: one parameter set's window, mel matrix and FFT plan, run over a signal.

use std::sync::Arc;

use num_complex::Complex32;
use realfft::{RealFftPlanner, RealToComplex};

use super::aligned::Aligned;
use super::ln::ln;
use super::mel::{LANES, MelMatrix};
use super::params::LogMelParams;
use super::window::hann_window;
use crate::lite::ByteOrder;
use crate::{Error, Result};

/// What one parameter set precomputes; shared by every call with those parameters.
pub struct LogMel {
    params: LogMelParams,
    window: Vec<f32>,
    mel: MelMatrix,
    fft: Arc<dyn RealToComplex<f32>>,
}

impl std::fmt::Debug for LogMel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogMel").field("params", &self.params).finish_non_exhaustive()
    }
}

/// Per-call buffers, sized by the plan.
struct Scratch {
    frame: Aligned<f32>,
    spectrum: Aligned<Complex32>,
    fft: Aligned<Complex32>,
    magnitudes: Vec<f32>,
    /// `LANES` frames' magnitudes, bin-major (see [`MelMatrix::band_energies`]).
    lanes: Vec<f32>,
}

impl LogMel {
    /// Builds the window, the mel matrix and the FFT plan.
    pub fn new(params: LogMelParams) -> Self {
        let mel = MelMatrix::new(
            params.mel_bins,
            params.spectrogram_bins(),
            params.sample_rate as f32,
            params.lower_edge_hertz,
            params.upper_edge_hertz,
        );
        let fft = RealFftPlanner::<f32>::new().plan_fft_forward(params.fft_length);
        LogMel { params, window: hann_window(params.frame_length), mel, fft }
    }

    /// The parameters.
    pub fn params(&self) -> &LogMelParams {
        &self.params
    }

    /// The mel matrix.
    pub fn mel_matrix(&self) -> &MelMatrix {
        &self.mel
    }

    /// Approximate heap bytes held (the FFT plan counted as its twiddles and scratch).
    pub fn heap_bytes(&self) -> usize {
        self.window.len() * 4 + self.mel.heap_bytes() + self.params.fft_length * 16
    }

    /// The log-mel spectrogram of `signal` into `out` (`[frames, mel_bins]` row-major, `frames`
    /// as [`LogMelParams::frames`] gives for `signal.len()`).
    pub fn run(&self, signal: &[f32], out: &mut [f32]) -> Result<()> {
        let p = &self.params;
        let frames = p.frames(signal.len())?;
        if out.len() != frames * p.mel_bins {
            return Err(Error::internal(format!(
                "log-mel output holds {} values, {frames} x {} needed",
                out.len(),
                p.mel_bins
            )));
        }
        let bins = p.spectrogram_bins();
        let mut s = Scratch {
            frame: Aligned::new(p.fft_length, 0.0),
            spectrum: Aligned::new(bins, Complex32::default()),
            fft: Aligned::new(self.fft.get_scratch_len(), Complex32::default()),
            magnitudes: vec![0.0; bins],
            lanes: vec![0.0; bins * LANES],
        };
        for (block, rows) in out.chunks_mut(p.mel_bins * LANES).enumerate() {
            let count = rows.len() / p.mel_bins;
            for j in 0..count {
                let start = (block * LANES + j) * p.frame_step;
                self.magnitudes(&signal[start..start + p.frame_length], &mut s)?;
                for (k, &m) in s.magnitudes.iter().enumerate() {
                    s.lanes[k * LANES + j] = m;
                }
            }
            // Lanes past `count` hold an earlier block's values; their results are not stored.
            let mut logs = [0f32; LANES];
            for band in 0..p.mel_bins {
                let energies = self.mel.band_energies(&s.lanes, band).map(|e| e + p.log_offset);
                ln(&energies, &mut logs);
                for (row, &log) in rows.chunks_exact_mut(p.mel_bins).zip(&logs) {
                    row[band] = log;
                }
            }
        }
        Ok(())
    }

    /// One frame's spectrum magnitudes into `s.magnitudes`: window, zero-pad, FFT, `|z|`.
    fn magnitudes(&self, samples: &[f32], s: &mut Scratch) -> Result<()> {
        let frame = s.frame.as_mut_slice();
        let spectrum = s.spectrum.as_mut_slice();
        let (head, tail) = frame.split_at_mut(samples.len());
        for ((dst, &x), &w) in head.iter_mut().zip(samples).zip(&self.window) {
            *dst = x * w;
        }
        // The transform uses its input as scratch: the padding is rewritten every frame.
        tail.fill(0.0);
        self.fft
            .process_with_scratch(frame, spectrum, s.fft.as_mut_slice())
            .map_err(|e| Error::internal(format!("FFT failed: {e}")))?;
        // Where re² + im² leaves the normal float range (beyond f32::MAX, below
        // f32::MIN_POSITIVE, zero or NaN), |z| is redone in double, as TensorFlow's hypot-based
        // complex abs gets it. The flag is an OR over the loop, so the loop stays vectorised.
        let mut redo = false;
        for (m, z) in s.magnitudes.iter_mut().zip(spectrum.iter()) {
            let square = z.re * z.re + z.im * z.im;
            redo |= !(f32::MIN_POSITIVE..=f32::MAX).contains(&square);
            *m = square.sqrt();
        }
        if redo {
            for (m, z) in s.magnitudes.iter_mut().zip(spectrum.iter()) {
                let (re, im) = (f64::from(z.re), f64::from(z.im));
                *m = (re * re + im * im).sqrt() as f32;
            }
        }
        Ok(())
    }

    /// [`Self::run`] over stored floats: `signal` holds float32 samples in `order`, `out` receives
    /// float32 values in native order; either may be unaligned.
    pub fn run_bytes(&self, signal: &[u8], order: ByteOrder, out: &mut [u8]) -> Result<()> {
        let native = order == ByteOrder::NATIVE;
        let decoded;
        let samples: &[f32] = match bytemuck::try_cast_slice(signal) {
            Ok(floats) if native => floats,
            _ => {
                decoded = decode(signal, order)?;
                &decoded
            }
        };
        match bytemuck::try_cast_slice_mut::<u8, f32>(out) {
            Ok(values) => self.run(samples, values),
            Err(_) => {
                let mut values = vec![0f32; out.len() / 4];
                self.run(samples, &mut values)?;
                if out.len() != values.len() * 4 {
                    return Err(Error::internal("log-mel output is not whole floats"));
                }
                for (dst, v) in out.chunks_exact_mut(4).zip(&values) {
                    dst.copy_from_slice(&v.to_ne_bytes());
                }
                Ok(())
            }
        }
    }
}

/// Float32 samples from bytes in `order`.
fn decode(bytes: &[u8], order: ByteOrder) -> Result<Vec<f32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(Error::internal("log-mel input is not whole floats"));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|b| {
            let b = [b[0], b[1], b[2], b[3]];
            match order {
                ByteOrder::Big => f32::from_be_bytes(b),
                ByteOrder::Little => f32::from_le_bytes(b),
            }
        })
        .collect())
}
