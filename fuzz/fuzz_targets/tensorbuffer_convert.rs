//! Differential fuzzing of the TensorBuffer conversion kernels (`tensorbridge::lite`) against a
//! naive per-element reference written from the spec's rules (Java semantics: clamp in double,
//! then truncate; NaN -> 0), over random lengths, byte orders and misaligned destinations. Also
//! checks that bytes around the target region are never touched and that a wrong length is an
//! error, not a partial write.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensorbridge::lite::{ByteOrder, ElementType, load_f32, load_i32, store_f32, store_i32};

const GUARD: u8 = 0xA5;

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let ty = ElementType::ALL[usize::from(data[0]) % ElementType::ALL.len()];
    let order = if data[1] & 1 == 0 {
        ByteOrder::Little
    } else {
        ByteOrder::Big
    };
    let misalign = usize::from(data[1] >> 1) % 8;
    let op = data[2] % 4;
    let payload = &data[3..];
    let size = ty.size();
    match op {
        0 => {
            let src: Vec<f32> = payload
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let mut buf = vec![GUARD; src.len() * size + misalign + 8];
            let region = &mut buf[misalign..misalign + src.len() * size];
            store_f32(&src, ty, order, region).expect("exact length");
            for (i, &f) in src.iter().enumerate() {
                let got = read_raw(&buf[misalign + i * size..], ty, order);
                assert_eq!(
                    got,
                    reference_store_float(ty, f),
                    "{ty:?} {order:?} store {f}"
                );
            }
            check_guards(&buf, misalign, src.len() * size);
            let mut short = vec![0u8; (src.len() * size).saturating_sub(1)];
            if !src.is_empty() {
                assert!(store_f32(&src, ty, order, &mut short).is_err());
            }
        }
        1 => {
            let src: Vec<i32> = payload
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let mut buf = vec![GUARD; src.len() * size + misalign + 8];
            let region = &mut buf[misalign..misalign + src.len() * size];
            store_i32(&src, ty, order, region).expect("exact length");
            for (i, &v) in src.iter().enumerate() {
                let got = read_raw(&buf[misalign + i * size..], ty, order);
                assert_eq!(
                    got,
                    reference_store_int(ty, v),
                    "{ty:?} {order:?} store {v}"
                );
            }
            check_guards(&buf, misalign, src.len() * size);
        }
        2 => {
            let count = payload.len() / size;
            let src = &payload[..count * size];
            let mut out = vec![f32::NAN; count];
            load_f32(src, ty, order, &mut out).expect("exact length");
            for i in 0..count {
                let raw = read_raw(&src[i * size..], ty, order);
                let want = reference_read_float(ty, raw);
                assert_eq!(
                    out[i].to_bits(),
                    want.to_bits(),
                    "{ty:?} {order:?} read {raw}"
                );
            }
            let mut one_more = vec![0f32; count + 1];
            assert!(load_f32(src, ty, order, &mut one_more).is_err());
        }
        _ => {
            let count = payload.len() / size;
            let src = &payload[..count * size];
            let mut out = vec![i32::MIN; count];
            load_i32(src, ty, order, &mut out).expect("exact length");
            for i in 0..count {
                let raw = read_raw(&src[i * size..], ty, order);
                assert_eq!(
                    out[i],
                    reference_read_int(ty, raw),
                    "{ty:?} {order:?} read {raw}"
                );
            }
        }
    }
});

fn check_guards(buf: &[u8], start: usize, len: usize) {
    assert!(
        buf[..start].iter().all(|&b| b == GUARD),
        "bytes before the region changed"
    );
    assert!(
        buf[start + len..].iter().all(|&b| b == GUARD),
        "bytes after the region changed"
    );
}

/// The stored element as i64 (FLOAT32: its raw bits), decoded byte by byte.
fn read_raw(bytes: &[u8], ty: ElementType, order: ByteOrder) -> i64 {
    let size = ty.size();
    let mut value: u64 = 0;
    for k in 0..size {
        let byte = match order {
            ByteOrder::Big => bytes[k],
            ByteOrder::Little => bytes[size - 1 - k],
        };
        value = (value << 8) | u64::from(byte);
    }
    // Sign-extend the signed types.
    match ty {
        ElementType::Int8 => i64::from(value as u8 as i8),
        ElementType::Int16 => i64::from(value as u16 as i16),
        ElementType::Int32 => i64::from(value as u32 as i32),
        ElementType::Int64 => value as i64,
        ElementType::Uint8 | ElementType::Float32 => value as i64,
    }
}

/// Java `(int)`/`(long)` of a double: NaN -> 0, truncate, saturate at [lo, hi].
fn java_truncate(d: f64, lo: i64, hi: i64) -> i64 {
    if d.is_nan() {
        0
    } else if d <= lo as f64 {
        lo
    } else if d >= hi as f64 {
        hi
    } else {
        d.trunc() as i64
    }
}

fn reference_store_float(ty: ElementType, f: f32) -> i64 {
    let d = f64::from(f);
    match ty {
        ElementType::Float32 => i64::from(f.to_bits()),
        ElementType::Uint8 => java_truncate(d, 0, 255),
        ElementType::Int8 => java_truncate(d, -128, 127),
        ElementType::Int16 => java_truncate(d, -32768, 32767),
        ElementType::Int32 => java_truncate(d, i64::from(i32::MIN), i64::from(i32::MAX)),
        ElementType::Int64 => {
            // (long) f: the bounds as doubles are exactly ±2^63.
            if d.is_nan() {
                0
            } else if d >= 9.223_372_036_854_775_808e18 {
                i64::MAX
            } else if d <= -9.223_372_036_854_775_808e18 {
                i64::MIN
            } else {
                d.trunc() as i64
            }
        }
    }
}

fn reference_store_int(ty: ElementType, v: i32) -> i64 {
    let v64 = i64::from(v);
    match ty {
        ElementType::Float32 => i64::from((v as f32).to_bits()),
        ElementType::Uint8 => v64.max(0).min(255),
        ElementType::Int8 => v64.max(-128).min(127),
        ElementType::Int16 => v64.max(-32768).min(32767),
        ElementType::Int32 | ElementType::Int64 => v64,
    }
}

fn reference_read_float(ty: ElementType, raw: i64) -> f32 {
    match ty {
        ElementType::Float32 => f32::from_bits(raw as u32),
        _ => raw as f32,
    }
}

fn reference_read_int(ty: ElementType, raw: i64) -> i32 {
    match ty {
        ElementType::Float32 => java_truncate(
            f64::from(f32::from_bits(raw as u32)),
            i64::from(i32::MIN),
            i64::from(i32::MAX),
        ) as i32,
        _ => raw.max(i64::from(i32::MIN)).min(i64::from(i32::MAX)) as i32,
    }
}
