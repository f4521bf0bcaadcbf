//! Rust element types of each dtype, and the borrowed element windows kernels work on.
//!
//! Numeric elements are read from the byte buffer with `bytemuck` (no copies); `bool` goes
//! through a checked cast because only the bytes 0 and 1 are valid `bool`s. `string` elements
//! are byte strings (`Vec<u8>`, like `tstring` they may hold any bytes).
//!
//! Types TensorFlow implements in C++ classes of its own (quantized, float8, 4- and 2-bit) are
//! transparent newtypes over the stored byte(s); converting them to numbers is left to the code
//! that needs it (e.g. summaries).

use bytemuck::{Pod, Zeroable};
use half::{bf16, f16};
use num_complex::Complex;

use crate::dtype::DataType;

use super::opaque::{ResourceHandle, STRING_ELEMENT_BYTES, Variant};

/// A borrowed window of a tensor's elements: bytes for byte-backed dtypes, objects otherwise.
#[derive(Debug, Clone, Copy)]
pub enum Elements<'a> {
    /// The raw bytes of a memcpy-able dtype, in native layout.
    Bytes(&'a [u8]),
    /// One byte string per `string` element.
    Strings(&'a [Vec<u8>]),
    /// One handle per `resource` element.
    Resources(&'a [ResourceHandle]),
    /// One value per `variant` element.
    Variants(&'a [Variant]),
}

/// The writable form of [`Elements`].
#[derive(Debug)]
pub enum ElementsMut<'a> {
    /// The raw bytes of a memcpy-able dtype, in native layout.
    Bytes(&'a mut [u8]),
    /// One byte string per `string` element.
    Strings(&'a mut [Vec<u8>]),
    /// One handle per `resource` element.
    Resources(&'a mut [ResourceHandle]),
    /// One value per `variant` element.
    Variants(&'a mut [Variant]),
}

/// A Rust type that can view tensor elements.
pub trait TensorElement: Sized + 'static {
    /// The dtype whose elements this type is (`DataTypeToEnum<T>::value`).
    const DTYPE: DataType;
    /// `sizeof(T)` as upstream's bit-cast checks see it (24 for strings).
    const SIZE: usize;
    /// Reinterpret a window; `None` if the storage kind differs, the bytes are not aligned for
    /// `Self`, or (for `bool`) a byte is neither 0 nor 1.
    fn from_elements(e: Elements<'_>) -> Option<&[Self]>;
    /// The writable counterpart of `from_elements`, failing in the same cases.
    fn from_elements_mut(e: ElementsMut<'_>) -> Option<&mut [Self]>;
}

macro_rules! pod_element {
    ($($t:ty => $dt:ident),* $(,)?) => {$(
        impl TensorElement for $t {
            const DTYPE: DataType = DataType::$dt;
            const SIZE: usize = std::mem::size_of::<$t>();
            fn from_elements(e: Elements<'_>) -> Option<&[Self]> {
                match e {
                    // An empty window may sit at a dangling, byte-aligned address.
                    Elements::Bytes([]) => Some(&[]),
                    Elements::Bytes(b) => bytemuck::try_cast_slice(b).ok(),
                    _ => None,
                }
            }
            fn from_elements_mut(e: ElementsMut<'_>) -> Option<&mut [Self]> {
                match e {
                    ElementsMut::Bytes([]) => Some(&mut []),
                    ElementsMut::Bytes(b) => bytemuck::try_cast_slice_mut(b).ok(),
                    _ => None,
                }
            }
        }
    )*};
}

macro_rules! byte_newtypes {
    ($($(#[$doc:meta])* $name:ident($inner:ty) => $dt:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[repr(transparent)]
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Pod, Zeroable)]
        pub struct $name(pub $inner);
        pod_element!($name => $dt);
    )*};
}

byte_newtypes! {
    /// `qint8`: quantized signed 8-bit value.
    QInt8(i8) => QInt8,
    /// `quint8`: quantized unsigned 8-bit value.
    QUInt8(u8) => QUInt8,
    /// `qint16`: quantized signed 16-bit value.
    QInt16(i16) => QInt16,
    /// `quint16`: quantized unsigned 16-bit value.
    QUInt16(u16) => QUInt16,
    /// `qint32`: quantized signed 32-bit value.
    QInt32(i32) => QInt32,
    /// `float8_e5m2` bit pattern.
    Float8E5M2(u8) => Float8E5M2,
    /// `float8_e4m3fn` bit pattern.
    Float8E4M3FN(u8) => Float8E4M3FN,
    /// `float8_e4m3fnuz` bit pattern.
    Float8E4M3FNUZ(u8) => Float8E4M3FNUZ,
    /// `float8_e4m3b11fnuz` bit pattern.
    Float8E4M3B11FNUZ(u8) => Float8E4M3B11FNUZ,
    /// `float8_e5m2fnuz` bit pattern.
    Float8E5M2FNUZ(u8) => Float8E5M2FNUZ,
    /// `int4`: one value per byte, as stored.
    Int4(i8) => Int4,
    /// `uint4`: one value per byte, as stored.
    UInt4(u8) => UInt4,
    /// `int2`: one value per byte, as stored.
    Int2(i8) => Int2,
    /// `uint2`: one value per byte, as stored.
    UInt2(u8) => UInt2,
    /// `float4_e2m1fn` bit pattern, one per byte.
    Float4E2M1FN(u8) => Float4E2M1FN,
}

pod_element! {
    f32 => Float,
    f64 => Double,
    i32 => Int32,
    u8 => UInt8,
    i16 => Int16,
    i8 => Int8,
    Complex<f32> => Complex64,
    i64 => Int64,
    bf16 => BFloat16,
    u16 => UInt16,
    Complex<f64> => Complex128,
    f16 => Half,
    u32 => UInt32,
    u64 => UInt64,
}

impl TensorElement for bool {
    const DTYPE: DataType = DataType::Bool;
    const SIZE: usize = 1;
    fn from_elements(e: Elements<'_>) -> Option<&[Self]> {
        match e {
            Elements::Bytes(b) => bytemuck::checked::try_cast_slice(b).ok(),
            _ => None,
        }
    }
    fn from_elements_mut(e: ElementsMut<'_>) -> Option<&mut [Self]> {
        match e {
            ElementsMut::Bytes(b) => bytemuck::checked::try_cast_slice_mut(b).ok(),
            _ => None,
        }
    }
}

macro_rules! object_element {
    ($t:ty => $dt:ident, $variant:ident, $size:expr) => {
        impl TensorElement for $t {
            const DTYPE: DataType = DataType::$dt;
            const SIZE: usize = $size;
            fn from_elements(e: Elements<'_>) -> Option<&[Self]> {
                match e {
                    Elements::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn from_elements_mut(e: ElementsMut<'_>) -> Option<&mut [Self]> {
                match e {
                    ElementsMut::$variant(v) => Some(v),
                    _ => None,
                }
            }
        }
    };
}

object_element!(Vec<u8> => String, Strings, STRING_ELEMENT_BYTES);
object_element!(ResourceHandle => Resource, Resources, super::opaque::RESOURCE_HANDLE_BYTES);
object_element!(Variant => Variant, Variants, super::opaque::VARIANT_BYTES);

#[cfg(test)]
mod tests {
    use super::*;

    /// Each Rust type names a TensorFlow dtype (docs/contracts/tensor.md#data-types) and has that dtype's byte size.
    #[test]
    fn element_dtypes_and_sizes() {
        fn check<T: TensorElement>(dt: i32, size: usize) {
            assert_eq!(T::DTYPE.as_i32(), dt);
            assert_eq!(T::SIZE, size);
        }
        check::<f32>(1, 4);
        check::<f64>(2, 8);
        check::<i32>(3, 4);
        check::<u8>(4, 1);
        check::<i16>(5, 2);
        check::<i8>(6, 1);
        check::<Vec<u8>>(7, 24);
        check::<Complex<f32>>(8, 8);
        check::<i64>(9, 8);
        check::<bool>(10, 1);
        check::<QInt8>(11, 1);
        check::<QUInt8>(12, 1);
        check::<QInt32>(13, 4);
        check::<bf16>(14, 2);
        check::<QInt16>(15, 2);
        check::<QUInt16>(16, 2);
        check::<u16>(17, 2);
        check::<Complex<f64>>(18, 16);
        check::<f16>(19, 2);
        check::<u32>(22, 4);
        check::<u64>(23, 8);
        check::<Float8E5M2>(24, 1);
        check::<Float8E4M3FN>(25, 1);
        check::<Float8E4M3FNUZ>(26, 1);
        check::<Float8E4M3B11FNUZ>(27, 1);
        check::<Float8E5M2FNUZ>(28, 1);
        check::<Int4>(29, 1);
        check::<UInt4>(30, 1);
        check::<Int2>(31, 1);
        check::<UInt2>(32, 1);
        check::<Float4E2M1FN>(33, 1);
        assert_eq!(ResourceHandle::DTYPE, DataType::Resource);
        assert_eq!(Variant::DTYPE, DataType::Variant);
    }

    #[test]
    fn bool_rejects_bytes_other_than_0_and_1() {
        assert_eq!(
            bool::from_elements(Elements::Bytes(&[0, 1, 1])),
            Some(&[false, true, true][..])
        );
        assert_eq!(bool::from_elements(Elements::Bytes(&[0, 2])), None);
    }

    #[test]
    fn kinds_do_not_mix() {
        let strings = vec![b"a".to_vec()];
        assert!(f32::from_elements(Elements::Strings(&strings)).is_none());
        assert!(<Vec<u8>>::from_elements(Elements::Bytes(&[0; 24])).is_none());
    }
}
