//! `tf.signal.linear_to_mel_weight_matrix` (HTK mel scale), in float32 as TensorFlow builds it,
//! stored as one run of weights per mel band.

/// `_hertz_to_mel`: `1127 · ln(1 + f / 700)`, each operation rounded to float32.
pub fn hertz_to_mel(hertz: f32) -> f32 {
    1127.0 * (1.0 + hertz / 700.0).ln()
}

/// `tf.linspace(start, stop, num)` in float32: `start`, then `start + delta · i` for
/// `i = 1..num - 1`, then `stop` exactly, with `delta = (stop - start) / max(num - 1, 1)`.
pub fn linspace(start: f32, stop: f32, num: usize) -> Vec<f32> {
    let delta = (stop - start) / num.saturating_sub(1).max(1) as f32;
    (0..num)
        .map(|i| match i {
            0 => start,
            _ if i == num - 1 => stop,
            _ => start + delta * i as f32,
        })
        .collect()
}

/// Frames whose mel energies [`MelMatrix::band_energies`] computes together.
pub const LANES: usize = 8;

/// The mel weight matrix `[spectrogram_bins, mel_bins]`, each band's non-zero weights kept as
/// one run `weights[offsets[m]..offsets[m + 1]]` starting at spectrogram bin `starts[m]`.
#[derive(Debug, Clone)]
pub struct MelMatrix {
    spectrogram_bins: usize,
    starts: Vec<usize>,
    offsets: Vec<usize>,
    weights: Vec<f32>,
}

impl MelMatrix {
    /// TensorFlow's construction: the spectrogram bins' centre frequencies are
    /// `linspace(0, sample_rate / 2, bins)`; the DC bin gets no weight (HTK); the band edges are
    /// `linspace(mel(lo), mel(hi), mel_bins + 2)` taken three at a time; a bin's weight in a
    /// band is `max(0, min((b - lower) / (center - lower), (upper - b) / (upper - center)))` with
    /// `b` the bin's mel value. The arguments must have been validated
    /// ([`super::LogMelParams`]).
    pub fn new(mel_bins: usize, spectrogram_bins: usize, sample_rate: f32, lo: f32, hi: f32) -> Self {
        let nyquist = sample_rate / 2.0;
        let bins_mel: Vec<f32> = linspace(0.0, nyquist, spectrogram_bins)
            .into_iter()
            .skip(1)
            .map(hertz_to_mel)
            .collect();
        let edges = linspace(hertz_to_mel(lo), hertz_to_mel(hi), mel_bins + 2);
        let mut matrix = MelMatrix {
            spectrogram_bins,
            starts: Vec::with_capacity(mel_bins),
            offsets: Vec::with_capacity(mel_bins + 1),
            weights: Vec::new(),
        };
        matrix.offsets.push(0);
        for band in edges.windows(3) {
            let (lower, center, upper) = (band[0], band[1], band[2]);
            let weight = |b: f32| {
                let rising = (b - lower) / (center - lower);
                let falling = (upper - b) / (upper - center);
                0f32.max(rising.min(falling))
            };
            // Only bins strictly inside (lower, upper) can weigh anything. The mel values rise
            // with the bin, so the band is one run; two bins of margin each side absorb any
            // rounding wobble, and the zero ends are trimmed below.
            let first = bins_mel.partition_point(|&b| b <= lower).saturating_sub(2);
            let last = (bins_mel.partition_point(|&b| b < upper) + 2).min(bins_mel.len());
            let run: Vec<f32> = bins_mel[first..last.max(first)].iter().map(|&b| weight(b)).collect();
            let lead = run.iter().position(|&w| w != 0.0).unwrap_or(run.len());
            let end = run.iter().rposition(|&w| w != 0.0).map_or(lead, |i| i + 1);
            let kept = &run[lead..end];
            // +1: `bins_mel` starts at spectrogram bin 1 (the DC row is all zero).
            matrix.starts.push(first + lead + 1);
            matrix.weights.extend_from_slice(kept);
            matrix.offsets.push(matrix.weights.len());
        }
        matrix
    }

    /// The number of mel bands.
    pub fn mel_bins(&self) -> usize {
        self.starts.len()
    }

    /// The number of spectrogram bins (rows).
    pub fn spectrogram_bins(&self) -> usize {
        self.spectrogram_bins
    }

    /// The weight of spectrogram bin `bin` in band `band` (0 outside the band's run).
    pub fn get(&self, bin: usize, band: usize) -> f32 {
        let run = &self.weights[self.offsets[band]..self.offsets[band + 1]];
        bin.checked_sub(self.starts[band])
            .and_then(|i| run.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// Band `band`'s energy in each of [`LANES`] frames: `Σ_k magnitudes[k][j] · weight[k][band]`
    /// over the band's run, in float32, with `magnitudes` bin-major (`magnitudes[k * LANES + j]`
    /// is bin `k` of frame `j`, `spectrogram_bins * LANES` values), so that the frames are summed
    /// side by side in vector registers.
    pub fn band_energies(&self, magnitudes: &[f32], band: usize) -> [f32; LANES] {
        let run = &self.weights[self.offsets[band]..self.offsets[band + 1]];
        let start = self.starts[band] * LANES;
        let (columns, _) = magnitudes[start..start + run.len() * LANES].as_chunks::<LANES>();
        let mut acc = [0f32; LANES];
        for (&w, column) in run.iter().zip(columns) {
            for (a, &x) in acc.iter_mut().zip(column) {
                *a += w * x;
            }
        }
        acc
    }

    /// Heap bytes held (for the plan cache's budget).
    pub fn heap_bytes(&self) -> usize {
        self.weights.len() * 4 + (self.starts.len() + self.offsets.len()) * size_of::<usize>()
    }
}
