//! A map from output pixels to source pixels that is separable by axis, possibly with the axes
//! swapped: the form of crop/pad, rot90 and nearest-neighbour resizing, closed under composition.

/// `out(y, x) = in(rows[y], cols[x])`, or with `transposed`, `out(y, x) = in(rows[x], cols[y])`.
/// `None` selects a zero pixel (padding). `rows` holds source rows, `cols` source columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexMap {
    /// Whether output rows run along source columns.
    pub transposed: bool,
    /// Source row per output row (per output column if transposed).
    pub rows: Vec<Option<u32>>,
    /// Source column per output column (per output row if transposed).
    pub cols: Vec<Option<u32>>,
    /// Source height and width.
    pub in_size: (usize, usize),
}

impl IndexMap {
    /// The identity on an image of `height` × `width`.
    pub fn identity(height: usize, width: usize) -> IndexMap {
        IndexMap::separable((height, width), axis_identity(height), axis_identity(width))
    }

    /// A map that keeps the axes: output row `y` from `rows[y]`, column `x` from `cols[x]`.
    pub fn separable(
        in_size: (usize, usize),
        rows: Vec<Option<u32>>,
        cols: Vec<Option<u32>>,
    ) -> IndexMap {
        IndexMap {
            transposed: false,
            rows,
            cols,
            in_size,
        }
    }

    /// Output height and width.
    pub fn out_size(&self) -> (usize, usize) {
        if self.transposed {
            (self.cols.len(), self.rows.len())
        } else {
            (self.rows.len(), self.cols.len())
        }
    }

    /// Whether every output pixel has a source pixel (no padding).
    pub fn is_total(&self) -> bool {
        self.rows.iter().chain(&self.cols).all(Option::is_some)
    }

    /// Whether the map is the identity.
    pub fn is_identity(&self) -> bool {
        !self.transposed
            && self.out_size() == self.in_size
            && is_axis_identity(&self.rows)
            && is_axis_identity(&self.cols)
    }

    /// This map followed by `next` (which maps this map's output to a new output).
    pub fn then(&self, next: &IndexMap) -> IndexMap {
        let through = |first: &[Option<u32>], second: &[Option<u32>]| -> Vec<Option<u32>> {
            second
                .iter()
                .map(|i| i.and_then(|i| first[i as usize]))
                .collect()
        };
        let (transposed, rows, cols) = match (next.transposed, self.transposed) {
            (false, false) => (
                false,
                through(&self.rows, &next.rows),
                through(&self.cols, &next.cols),
            ),
            (false, true) => (
                true,
                through(&self.rows, &next.cols),
                through(&self.cols, &next.rows),
            ),
            (true, false) => (
                true,
                through(&self.rows, &next.rows),
                through(&self.cols, &next.cols),
            ),
            (true, true) => (
                false,
                through(&self.rows, &next.cols),
                through(&self.cols, &next.rows),
            ),
        };
        IndexMap {
            transposed,
            rows,
            cols,
            in_size: self.in_size,
        }
    }

    /// Element offsets into the source (row-major, `channels` values per pixel) split into a part
    /// per output row and a part per output column: the source pixel of `(y, x)` starts at
    /// `per_row[y] + per_col[x]`, and is a zero pixel when either is `None`.
    pub fn offsets(&self, channels: usize) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
        let row_stride = self.in_size.1 * channels;
        let scale = |v: &[Option<u32>], k: usize| -> Vec<Option<usize>> {
            v.iter().map(|i| i.map(|i| i as usize * k)).collect()
        };
        if self.transposed {
            (scale(&self.cols, channels), scale(&self.rows, row_stride))
        } else {
            (scale(&self.rows, row_stride), scale(&self.cols, channels))
        }
    }
}

/// `0, 1, …, n - 1`.
pub fn axis_identity(n: usize) -> Vec<Option<u32>> {
    (0..n as u32).map(Some).collect()
}

fn is_axis_identity(v: &[Option<u32>]) -> bool {
    v.iter().enumerate().all(|(i, s)| *s == Some(i as u32))
}
