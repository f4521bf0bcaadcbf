//! `tf.image.rot90`: `k` quarter turns counter-clockwise; `k` is taken modulo 4 (Python's `%`,
//! so -1 is three turns, one turn clockwise).

use super::index_map::{IndexMap, axis_identity};

/// The map of rotating a `height` × `width` image by `k` quarter turns counter-clockwise.
pub fn map(height: usize, width: usize, k: i32) -> IndexMap {
    let reversed = |n: usize| -> Vec<Option<u32>> { (0..n as u32).rev().map(Some).collect() };
    let in_size = (height, width);
    match k.rem_euclid(4) {
        0 => IndexMap::identity(height, width),
        // out(y, x) = in(x, W - 1 - y): output rows run along source columns.
        1 => IndexMap {
            transposed: true,
            rows: axis_identity(height),
            cols: reversed(width),
            in_size,
        },
        2 => IndexMap::separable(in_size, reversed(height), reversed(width)),
        // out(y, x) = in(H - 1 - x, y).
        _ => IndexMap {
            transposed: true,
            rows: reversed(height),
            cols: axis_identity(width),
            in_size,
        },
    }
}
