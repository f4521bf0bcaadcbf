//! The element types an image can hold, read as float32 and written back after an op.
//!
//! An op that computes (bilinear resizing, grayscale) computes in float32; on an integer image its
//! result is stored back into the image's type, and the next op reads that stored value. The rule
//! for bilinear results is round half to even, then clamp to the type's range
//! (`tf.cast(tf.round(x), dtype)` for values within the range); a FLOAT32 image keeps the float.

use crate::lite::ElementType;

/// An element type of image memory.
pub trait Pixel: bytemuck::Pod + Default + Send + Sync + 'static {
    /// The matching element type.
    const TYPE: ElementType;
    /// The value as float32 (the `TensorBuffer` reading rule: exact, or round to nearest for
    /// wide integers).
    fn to_f32(self) -> f32;
    /// Stores a value that [`Pixel::round`] produced (or any float for FLOAT32).
    fn from_f32(v: f32) -> Self;
    /// The rule for a computed float result on an image of this type.
    fn round(v: f32) -> f32;
    /// Whether arithmetic on these values must flush subnormals (only floats can be subnormal).
    const FLUSH: bool = false;
    /// The value as an operand of arithmetic: [`Pixel::to_f32`], subnormals read as zero for
    /// FLOAT32.
    #[inline(always)]
    fn operand(self) -> f32 {
        if Self::FLUSH {
            flush(self.to_f32())
        } else {
            self.to_f32()
        }
    }
}

/// TensorFlow runs its CPU kernels with subnormal floats flushed to zero, on input and on
/// output of every operation (the x86 FTZ and DAZ modes, ARM's flush-to-zero): a subnormal
/// becomes a zero of the same sign. Rust leaves the CPU's default (no flushing), so the float
/// image kernels flush explicitly.
#[inline(always)]
pub fn flush(x: f32) -> f32 {
    if x.abs() < f32::MIN_POSITIVE {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// Round half to even for `0 <= v <= 2^22`: adding 2^23 leaves no fraction bits, and the
/// default rounding mode rounds ties to even; subtracting it again is exact. Vectorizes, unlike
/// `round_ties_even` on CPUs without SSE4.1.
#[inline(always)]
pub fn round_small(v: f32) -> f32 {
    const MAGIC: f32 = 8_388_608.0;
    (v + MAGIC) - MAGIC
}

macro_rules! integer_pixel {
    ($t:ty, $ty:expr) => {
        impl Pixel for $t {
            const TYPE: ElementType = $ty;
            #[inline(always)]
            fn to_f32(self) -> f32 {
                self as f32
            }
            #[inline(always)]
            fn from_f32(v: f32) -> Self {
                v as $t
            }
            #[inline(always)]
            fn round(v: f32) -> f32 {
                // NaN cannot occur (finite inputs, finite weights); `max`/`min` would map it to a
                // bound anyway.
                v.round_ties_even()
                    .max(<$t>::MIN as f32)
                    .min(<$t>::MAX as f32)
            }
        }
    };
}

impl Pixel for u8 {
    const TYPE: ElementType = ElementType::Uint8;
    #[inline(always)]
    fn to_f32(self) -> f32 {
        f32::from(self)
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v as u8
    }
    #[inline(always)]
    fn round(v: f32) -> f32 {
        // Clamping first keeps the value where `round_small` is exact; the bounds are integers,
        // so clamp-then-round equals round-then-clamp.
        #[allow(clippy::manual_clamp)]
        let clamped = v.max(0.0).min(255.0);
        round_small(clamped)
    }
}

integer_pixel!(i8, ElementType::Int8);
integer_pixel!(i16, ElementType::Int16);
integer_pixel!(i32, ElementType::Int32);
integer_pixel!(i64, ElementType::Int64);

impl Pixel for f32 {
    const TYPE: ElementType = ElementType::Float32;
    const FLUSH: bool = true;
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v
    }
    #[inline(always)]
    fn round(v: f32) -> f32 {
        v
    }
}
