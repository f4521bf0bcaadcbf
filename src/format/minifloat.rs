//! Exact widening of the 8- and 4-bit float formats TensorFlow prints as numbers (float8_e5m2,
//! float8_e4m3fn, float8_e4m3b11fnuz, float4_e2m1fn) to float32.
//!
//! Every value of these formats is exactly representable in float32, so widening is lossless and the element
//! then prints through the float32 rule. The `half` crate covers only 16-bit formats and no maintained crate
//! covers all four of these, hence this small table-free decoder.

/// Bit layout and special-value convention of one small float format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MiniFloat {
    exponent_bits: u32,
    mantissa_bits: u32,
    bias: i32,
    specials: Specials,
}

/// How a format spends its bit patterns on infinities and NaN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Specials {
    /// IEEE style: all-ones exponent is infinity (zero mantissa) or NaN.
    Ieee,
    /// "fn": no infinities; only all-ones exponent with all-ones mantissa is NaN.
    FiniteAllOnesNan,
    /// "fnuz": no infinities, no negative zero; the pattern of negative zero is the single NaN.
    FiniteNegativeZeroNan,
    /// Every pattern is a finite number (float4_e2m1fn).
    FiniteOnly,
}

impl MiniFloat {
    /// float8_e5m2: IEEE-like, the upper byte of a half.
    pub const FLOAT8_E5M2: MiniFloat =
        MiniFloat { exponent_bits: 5, mantissa_bits: 2, bias: 15, specials: Specials::Ieee };
    /// float8_e4m3fn: max 448, no infinities.
    pub const FLOAT8_E4M3FN: MiniFloat =
        MiniFloat { exponent_bits: 4, mantissa_bits: 3, bias: 7, specials: Specials::FiniteAllOnesNan };
    /// float8_e4m3b11fnuz: exponent bias 11, no infinities, no negative zero.
    pub const FLOAT8_E4M3B11FNUZ: MiniFloat =
        MiniFloat { exponent_bits: 4, mantissa_bits: 3, bias: 11, specials: Specials::FiniteNegativeZeroNan };
    /// float4_e2m1fn: stored in the low 4 bits of a byte; values ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}.
    pub const FLOAT4_E2M1FN: MiniFloat =
        MiniFloat { exponent_bits: 2, mantissa_bits: 1, bias: 1, specials: Specials::FiniteOnly };

    fn total_bits(self) -> u32 {
        1 + self.exponent_bits + self.mantissa_bits
    }

    /// The exact float32 value of the bit pattern in the low bits of `byte`. Bits above the format's width
    /// are ignored (TensorFlow keeps them zero for 4-bit types).
    pub fn to_f32(self, byte: u8) -> f32 {
        let bits = u32::from(byte) & ((1u32 << self.total_bits()) - 1);
        let negative = bits >> (self.total_bits() - 1) != 0;
        let exponent_field = (bits >> self.mantissa_bits) & ((1 << self.exponent_bits) - 1);
        let mantissa = bits & ((1 << self.mantissa_bits) - 1);
        let exponent_all_ones = exponent_field == (1 << self.exponent_bits) - 1;
        let mantissa_all_ones = mantissa == (1 << self.mantissa_bits) - 1;

        let special = match self.specials {
            Specials::Ieee if exponent_all_ones => Some(if mantissa == 0 { f32::INFINITY } else { f32::NAN }),
            Specials::FiniteAllOnesNan if exponent_all_ones && mantissa_all_ones => Some(f32::NAN),
            Specials::FiniteNegativeZeroNan if negative && exponent_field == 0 && mantissa == 0 => {
                // The only NaN; its sign bit is set, and TensorFlow's float conversion yields a NaN that prints
                // with the sign of the resulting float.
                return -f32::NAN;
            }
            _ => None,
        };
        let magnitude = special.unwrap_or_else(|| {
            let mantissa_scale = (1u32 << self.mantissa_bits) as f32;
            if exponent_field == 0 {
                // Subnormal: no implicit leading one, minimum exponent.
                (mantissa as f32 / mantissa_scale) * pow2(1 - self.bias)
            } else {
                (1.0 + mantissa as f32 / mantissa_scale) * pow2(exponent_field as i32 - self.bias)
            }
        });
        if negative { -magnitude } else { magnitude }
    }
}

/// 2^exp for the small exponents these formats reach (well inside float32's normal range).
fn pow2(exp: i32) -> f32 {
    f32::from_bits(((exp + 127) as u32) << 23)
}

#[cfg(test)]
mod tests {
    use super::MiniFloat;

    #[test]
    fn float8_e5m2_matches_half_upper_byte() {
        for byte in 0..=255u8 {
            let expected = half::f16::from_bits(u16::from(byte) << 8).to_f32();
            let got = MiniFloat::FLOAT8_E5M2.to_f32(byte);
            assert!(got.to_bits() == expected.to_bits() || (got.is_nan() && expected.is_nan()), "{byte:#x}");
        }
    }

    #[test]
    fn known_values() {
        // Format definitions (OCP 8-bit float spec / ml_dtypes): max finite values and NaN patterns.
        assert_eq!(MiniFloat::FLOAT8_E4M3FN.to_f32(0x7E), 448.0);
        assert!(MiniFloat::FLOAT8_E4M3FN.to_f32(0x7F).is_nan());
        assert_eq!(MiniFloat::FLOAT8_E4M3FN.to_f32(0x01), 2f32.powi(-9));
        assert_eq!(MiniFloat::FLOAT8_E4M3FN.to_f32(0xB8), -1.0);
        assert_eq!(MiniFloat::FLOAT8_E4M3B11FNUZ.to_f32(0x7F), 30.0);
        assert!(MiniFloat::FLOAT8_E4M3B11FNUZ.to_f32(0x80).is_nan());
        assert_eq!(MiniFloat::FLOAT8_E4M3B11FNUZ.to_f32(0x00), 0.0);
        let e2m1: Vec<f32> = (0..16u8).map(|b| MiniFloat::FLOAT4_E2M1FN.to_f32(b)).collect();
        assert_eq!(e2m1, [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]);
    }
}
