//! Expected values come from the conversion tables of docs/contracts/tensorbuffer.md#numeric-conversions
//! (rows observed with TFLite Support, and the project's rows for the extra integer types).

use super::*;

const BOTH: [ByteOrder; 2] = [ByteOrder::Little, ByteOrder::Big];

fn store_f(src: &[f32], ty: ElementType, order: ByteOrder) -> Vec<u8> {
    let mut out = vec![0xAA; src.len() * ty.size()];
    store_f32(src, ty, order, &mut out).expect("lengths match");
    out
}

fn store_i(src: &[i32], ty: ElementType, order: ByteOrder) -> Vec<u8> {
    let mut out = vec![0xAA; src.len() * ty.size()];
    store_i32(src, ty, order, &mut out).expect("lengths match");
    out
}

/// Round trip through the buffer, read back as ints.
fn via_ints(bytes: &[u8], ty: ElementType, order: ByteOrder) -> Vec<i32> {
    let mut out = vec![i32::MIN; bytes.len() / ty.size()];
    load_i32(bytes, ty, order, &mut out).expect("lengths match");
    out
}

fn via_floats(bytes: &[u8], ty: ElementType, order: ByteOrder) -> Vec<f32> {
    let mut out = vec![f32::NAN; bytes.len() / ty.size()];
    load_f32(bytes, ty, order, &mut out).expect("lengths match");
    out
}

#[test]
fn float_into_uint8_clamps_then_truncates() {
    // Upstream row `float[] -> UINT8`.
    let src = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
        -0.9,
        0.9,
        1.5,
        2.5,
        127.5,
        254.99,
        255.5,
        1e10,
        -1e10,
        500.1,
        4.2,
    ];
    let want: [u8; 15] = [0, 255, 0, 0, 0, 0, 1, 2, 127, 254, 255, 255, 0, 255, 4];
    for order in BOTH {
        assert_eq!(store_f(&src, ElementType::Uint8, order), want);
    }
}

#[test]
fn int_into_uint8_clamps() {
    let src = [i32::MIN, -1, 0, 255, 256, 500, i32::MAX];
    assert_eq!(
        store_i(&src, ElementType::Uint8, ByteOrder::NATIVE),
        [0, 0, 0, 255, 255, 255, 255]
    );
}

#[test]
fn uint8_reads_are_unsigned() {
    let bytes: Vec<u8> = (0..=255).collect();
    let ints = via_ints(&bytes, ElementType::Uint8, ByteOrder::NATIVE);
    let floats = via_floats(&bytes, ElementType::Uint8, ByteOrder::NATIVE);
    for v in 0..=255usize {
        assert_eq!(ints[v], v as i32);
        assert_eq!(floats[v], v as f32);
    }
}

#[test]
fn int_into_float32_rounds_to_nearest_even() {
    for order in BOTH {
        let bytes = store_i(&[16_777_217, i32::MAX, -3], ElementType::Float32, order);
        assert_eq!(
            via_floats(&bytes, ElementType::Float32, order),
            [16_777_216.0, 2_147_483_648.0, -3.0]
        );
    }
}

#[test]
fn float32_to_int_truncates_and_saturates() {
    // Upstream row `FLOAT32 -> int`, plus NaN -> 0.
    let src = [400.32, 255.5, 500.1, -2.7, 1e10, -1e10, f32::NAN];
    for order in BOTH {
        let bytes = store_f(&src, ElementType::Float32, order);
        assert_eq!(
            via_ints(&bytes, ElementType::Float32, order),
            [400, 255, 500, -2, i32::MAX, i32::MIN, 0]
        );
    }
}

#[test]
fn float32_bits_survive_both_orders() {
    let src = [
        500.1f32,
        -0.0,
        f32::from_bits(0x7FC0_1234),
        f32::MIN_POSITIVE / 2.0,
    ];
    for order in BOTH {
        let bytes = store_f(&src, ElementType::Float32, order);
        let back = via_floats(&bytes, ElementType::Float32, order);
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&back), bits(&src));
    }
    // The encoding itself follows the order: 1.0f is 3F 80 00 00.
    assert_eq!(
        store_f(&[1.0], ElementType::Float32, ByteOrder::Big),
        [0x3F, 0x80, 0, 0]
    );
    assert_eq!(
        store_f(&[1.0], ElementType::Float32, ByteOrder::Little),
        [0, 0, 0x80, 0x3F]
    );
}

#[test]
fn int8_and_int16_clamp_float_and_int_inputs() {
    // Project rows for the extra types: float input clamped then truncated (NaN -> 0), int input
    // clamped.
    let floats = [
        -128.9,
        -129.0,
        127.9,
        128.0,
        0.5,
        -0.5,
        0.9,
        -0.9,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
    ];
    let b = store_f(&floats, ElementType::Int8, ByteOrder::NATIVE);
    assert_eq!(
        via_ints(&b, ElementType::Int8, ByteOrder::NATIVE),
        [-128, -128, 127, 127, 0, 0, 0, 0, 0, 127, -128, 0]
    );
    let ints = [-129, -128, 127, 128, i32::MIN, i32::MAX];
    let b = store_i(&ints, ElementType::Int8, ByteOrder::NATIVE);
    assert_eq!(
        via_ints(&b, ElementType::Int8, ByteOrder::NATIVE),
        [-128, -128, 127, 127, -128, 127]
    );

    let floats = [-32768.5, -32769.0, 32767.5, 32768.0, 1.9, -1.9, f32::NAN];
    for order in BOTH {
        let b = store_f(&floats, ElementType::Int16, order);
        assert_eq!(
            via_ints(&b, ElementType::Int16, order),
            [-32768, -32768, 32767, 32767, 1, -1, 0]
        );
        let b = store_i(&[-32769, -32768, 32767, 32768], ElementType::Int16, order);
        assert_eq!(
            via_floats(&b, ElementType::Int16, order),
            [-32768.0, -32768.0, 32767.0, 32767.0]
        );
    }
    assert_eq!(
        store_i(&[0x0102], ElementType::Int16, ByteOrder::Big),
        [1, 2]
    );
}

#[test]
fn int32_and_int64_from_floats_saturate() {
    let floats = [2.5e9, -2.5e9, f32::NAN, -0.9, 9.3e18, -9.3e18];
    for order in BOTH {
        let b = store_f(&floats, ElementType::Int32, order);
        assert_eq!(
            via_ints(&b, ElementType::Int32, order),
            [i32::MAX, i32::MIN, 0, 0, i32::MAX, i32::MIN]
        );
        let b = store_f(&floats, ElementType::Int64, order);
        // INT64 -> int saturates (project rule), INT64 -> float rounds to nearest.
        assert_eq!(
            via_ints(&b, ElementType::Int64, order),
            [i32::MAX, i32::MIN, 0, 0, i32::MAX, i32::MIN]
        );
        assert_eq!(
            via_floats(&b, ElementType::Int64, order),
            [2.5e9, -2.5e9, 0.0, 0.0, 9.223372e18, -9.223372e18]
        );
    }
}

#[test]
fn int_into_int64_sign_extends() {
    let b = store_i(&[-1, i32::MIN], ElementType::Int64, ByteOrder::Big);
    assert_eq!(b[..8], [0xFF; 8]);
    assert_eq!(b[8..], [0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0]);
}

#[test]
fn int32_reads_as_float_round_to_nearest_even() {
    let b = store_i(
        &[16_777_217, 16_777_219, i32::MIN],
        ElementType::Int32,
        ByteOrder::Big,
    );
    assert_eq!(
        via_floats(&b, ElementType::Int32, ByteOrder::Big),
        [16_777_216.0, 16_777_220.0, -2_147_483_648.0]
    );
}

#[test]
fn length_mismatch_is_an_error_not_a_partial_copy() {
    for ty in ElementType::ALL {
        let mut short = vec![0u8; 3 * ty.size() - 1];
        let err = store_f32(&[1.0, 2.0, 3.0], ty, ByteOrder::Little, &mut short).unwrap_err();
        assert_eq!(err.kind, crate::ErrorKind::InvalidArgument);
        assert!(store_i32(&[1, 2, 3], ty, ByteOrder::Little, &mut short).is_err());
        let mut three = [0f32; 3];
        assert!(load_f32(&short, ty, ByteOrder::Big, &mut three).is_err());
        let mut ints = [0i32; 3];
        assert!(load_i32(&short, ty, ByteOrder::Big, &mut ints).is_err());
    }
}

#[test]
fn tflite_codes_round_trip_and_reject_string_and_bool() {
    for ty in ElementType::ALL {
        assert_eq!(ElementType::from_tflite_code(ty.tflite_code()), Ok(ty));
    }
    for code in [0, 5, 6, 8, 10, -1, i32::MAX] {
        assert!(ElementType::from_tflite_code(code).is_err());
    }
}

#[test]
fn single_element_conversions_are_the_bulk_rules() {
    // Java's (int) f: NaN to 0, truncation toward zero, saturation.
    assert_eq!(f32_to_i32(f32::NAN), 0);
    assert_eq!(f32_to_i32(-2.7), -2);
    assert_eq!(f32_to_i32(3.0e9), i32::MAX);
    assert_eq!(f32_to_i32(f32::NEG_INFINITY), i32::MIN);
    // 2^24 + 1 is the first int a float cannot hold; ties go to even (2^24).
    assert_eq!(i32_to_f32(16_777_217), 16_777_216.0);
    assert_eq!(i64_to_f32((1 << 40) + 1), 1_099_511_627_776.0);
    // The extra-type rule: INT64 saturates into the int range.
    assert_eq!(i64_to_i32(1 << 40), i32::MAX);
    assert_eq!(i64_to_i32(-(1 << 40)), i32::MIN);
    assert_eq!(i64_to_i32(-5), -5);
    // The bulk loop gives the same value for the same element.
    let mut out = [0i32; 1];
    load_i32(&(1i64 << 40).to_ne_bytes(), ElementType::Int64, ByteOrder::NATIVE, &mut out).unwrap();
    assert_eq!(out[0], i64_to_i32(1 << 40));
}
