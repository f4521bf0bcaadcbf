//! Integer values of TensorFlow's sub-byte integer types (int4, uint4, int2, uint2). Each element occupies one
//! byte with the value in the low bits; the high bits are ignored on read, as ml_dtypes does.

/// Sign-extends the low `bits` bits of `byte` (int4: 4, int2: 2).
pub fn signed_low_bits(byte: u8, bits: u32) -> i16 {
    let shift = 16 - bits;
    (i16::from(byte) << shift) >> shift
}

/// The low `bits` bits of `byte` as an unsigned value (uint4: 4, uint2: 2).
pub fn unsigned_low_bits(byte: u8, bits: u32) -> u16 {
    u16::from(byte) & ((1u16 << bits) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_bits_only() {
        assert_eq!(signed_low_bits(0x0E, 4), -2);
        assert_eq!(signed_low_bits(0xF3, 4), 3);
        assert_eq!(signed_low_bits(0x07, 4), 7);
        assert_eq!(signed_low_bits(0x08, 4), -8);
        assert_eq!(signed_low_bits(0x03, 2), -1);
        assert_eq!(signed_low_bits(0x02, 2), -2);
        assert_eq!(signed_low_bits(0x01, 2), 1);
        assert_eq!(unsigned_low_bits(0x0E, 4), 14);
        assert_eq!(unsigned_low_bits(0xF3, 4), 3);
        assert_eq!(unsigned_low_bits(0x03, 2), 3);
        assert_eq!(unsigned_low_bits(0xFE, 2), 2);
    }
}
