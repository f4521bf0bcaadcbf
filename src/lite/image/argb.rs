//! Android's packed `ARGB_8888` pixels (one Java `int` each: alpha in the top byte, then red,
//! green, blue) and RGB tensors (three values per pixel). These are the only places a `Bitmap`'s
//! pixels meet a tensor: `TensorImage.load(Bitmap)` and `getBitmap()`.

use crate::{Error, Result};

/// Opaque alpha, as Android's `Color.rgb` sets it.
const OPAQUE: u32 = 0xff00_0000;

/// Red, green and blue bytes of each `ARGB` pixel, alpha dropped.
///
/// # Errors
/// `InvalidArgument` if `rgb` does not hold exactly three bytes per pixel.
pub fn argb_to_rgb(argb: &[i32], rgb: &mut [u8]) -> Result<()> {
    check_len(argb.len(), rgb.len())?;
    for (px, out) in argb.iter().zip(rgb.chunks_exact_mut(3)) {
        let p = *px as u32;
        out[0] = (p >> 16) as u8;
        out[1] = (p >> 8) as u8;
        out[2] = p as u8;
    }
    Ok(())
}

/// Opaque `ARGB` pixels of RGB bytes.
///
/// # Errors
/// `InvalidArgument` if `rgb` does not hold exactly three bytes per pixel.
pub fn rgb_bytes_to_argb(rgb: &[u8], argb: &mut [i32]) -> Result<()> {
    check_len(argb.len(), rgb.len())?;
    for (out, px) in argb.iter_mut().zip(rgb.chunks_exact(3)) {
        *out = (OPAQUE | u32::from(px[0]) << 16 | u32::from(px[1]) << 8 | u32::from(px[2])) as i32;
    }
    Ok(())
}

/// `Color.rgb(r, g, b)` of each triple of ints, with its Java arithmetic: no clamping, so a value
/// outside 0..=255 spills into the neighbouring bits exactly as on Android.
///
/// # Errors
/// `InvalidArgument` if `rgb` does not hold exactly three values per pixel.
pub fn rgb_ints_to_argb(rgb: &[i32], argb: &mut [i32]) -> Result<()> {
    check_len(argb.len(), rgb.len())?;
    for (out, px) in argb.iter_mut().zip(rgb.chunks_exact(3)) {
        *out = OPAQUE as i32 | px[0].wrapping_shl(16) | px[1].wrapping_shl(8) | px[2];
    }
    Ok(())
}

fn check_len(pixels: usize, values: usize) -> Result<()> {
    if pixels.checked_mul(3) != Some(values) {
        return Err(Error::invalid_argument(format!(
            "{values} RGB values do not match {pixels} pixels"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpacks_and_packs_by_hand() {
        let argb = [0x80_11_22_33u32 as i32, 0xff_00_ff_7f_u32 as i32];
        let mut rgb = [0u8; 6];
        argb_to_rgb(&argb, &mut rgb).unwrap();
        assert_eq!(rgb, [0x11, 0x22, 0x33, 0x00, 0xff, 0x7f]);
        let mut back = [0i32; 2];
        rgb_bytes_to_argb(&rgb, &mut back).unwrap();
        assert_eq!(back, [0xff_11_22_33u32 as i32, 0xff_00_ff_7f_u32 as i32]);
    }

    #[test]
    fn ints_spill_like_java() {
        // Java: 0xff000000 | (-1 << 16) | (256 << 8) | 300 == 0xffff012c
        let mut out = [0i32; 1];
        rgb_ints_to_argb(&[-1, 256, 300], &mut out).unwrap();
        assert_eq!(out[0] as u32, 0xffff_0000 | 0x0001_0000 | 0x12c);
        rgb_ints_to_argb(&[1, 2, 3], &mut out).unwrap();
        assert_eq!(out[0] as u32, 0xff01_0203);
    }

    #[test]
    fn refuses_mismatched_lengths() {
        assert!(argb_to_rgb(&[0; 2], &mut [0; 5]).is_err());
        assert!(rgb_bytes_to_argb(&[0; 4], &mut [0; 1]).is_err());
        assert!(rgb_ints_to_argb(&[0; 3], &mut [0; 2]).is_err());
    }
}
