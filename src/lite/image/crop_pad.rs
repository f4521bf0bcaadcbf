//! `tf.image.resize_with_crop_or_pad`: a centred window of the target size; where the target is
//! larger the image sits in the middle of zeros. The offset is `(larger - smaller) / 2`, rounded
//! down, on each axis (TensorFlow's and TFLite Support's rule alike).

use super::index_map::IndexMap;

/// Source index per target index along one axis of `size` pixels cropped or padded to `target`.
pub fn axis(size: usize, target: usize) -> Vec<Option<u32>> {
    if target > size {
        let offset = (target - size) / 2;
        (0..target)
            .map(|i| {
                i.checked_sub(offset)
                    .filter(|&s| s < size)
                    .map(|s| s as u32)
            })
            .collect()
    } else {
        let offset = (size - target) / 2;
        (0..target).map(|i| Some((i + offset) as u32)).collect()
    }
}

/// The map of cropping or padding `height` × `width` to `target_height` × `target_width`.
pub fn map(height: usize, width: usize, target_height: usize, target_width: usize) -> IndexMap {
    IndexMap::separable(
        (height, width),
        axis(height, target_height),
        axis(width, target_width),
    )
}
