//! The natural log of a block of floats, vectorised: the front end's last step, where calling
//! libm's `logf` once per value was a sixth of the whole op.

/// `out[i] = ln(x[i])`. For `x = 2^e · m` with `m` in `[√½, √2)`: `ln x = e · ln 2 + 2 · atanh(s)`
/// with `s = (m - 1) / (m + 1)`, `|s| ≤ 0.172`, and the series `s + s³/3 + … + s⁹/9` leaves out
/// less than `1e-9`. `ln 2` is split in two (the first part has few enough bits that `e · LN2_HI`
/// is exact), so the result is within a few float ulps of `ln x`. A value that is not positive,
/// normal and finite (0, subnormal, negative, infinite, NaN) goes to `f32::ln`. `out` is as long
/// as `x`.
pub fn ln(x: &[f32], out: &mut [f32]) {
    const LN2_HI: f32 = 0.693_145_75;
    const LN2_LO: f32 = 1.428_606_8e-6;
    let mut special = false;
    for (o, &v) in out.iter_mut().zip(x) {
        special |= !(f32::MIN_POSITIVE..=f32::MAX).contains(&v);
        let bits = v.to_bits();
        let high = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000) > std::f32::consts::SQRT_2;
        // m in [1, 2), halved above √2 (with the exponent one up) to land in [√½, √2).
        let e = ((bits >> 23) & 0xff) as i32 - 127 + i32::from(high);
        let m = f32::from_bits((bits & 0x007f_ffff) | if high { 0x3f00_0000 } else { 0x3f80_0000 });
        let s = (m - 1.0) / (m + 1.0);
        let s2 = s * s;
        let series = s * (2.0 + s2 * (2.0 / 3.0 + s2 * (2.0 / 5.0 + s2 * (2.0 / 7.0 + s2 * (2.0 / 9.0)))));
        let e = e as f32;
        *o = (e * LN2_LO + series) + e * LN2_HI;
    }
    if special {
        for (o, &v) in out.iter_mut().zip(x) {
            if !(f32::MIN_POSITIVE..=f32::MAX).contains(&v) {
                *o = v.ln();
            }
        }
    }
}
