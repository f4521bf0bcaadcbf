//! Replays the image golden vectors recorded from TensorFlow 2.21
//! (`tests/vectors/image/image_ops.jsonl`, made by `tests/vectors/image/image_gen.py`): every op
//! by itself, and chains of ops plus a normalisation run as one fused program.

use serde_json::Value;
use sha2::{Digest, Sha256};
use tensorbridge::lite::image::{Geometry, ImageShape, ResizeMethod, pipeline};
use tensorbridge::lite::ops::Step;
use tensorbridge::lite::{ByteOrder, ElementType};

const VECTORS: &str = include_str!("vectors/image/image_ops.jsonl");

/// splitmix64's output for the state `seed + (i + 1) * GAMMA`, as the generator computes it.
fn splitmix(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add((i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator's pixels: the top byte (UINT8) or (top 24 bits - 2^23) / 2^15 (FLOAT32), in
/// little-endian bytes.
fn pixels(seed: u64, ty: ElementType, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * ty.size());
    for i in 0..n as u64 {
        let z = splitmix(seed, i);
        match ty {
            ElementType::Uint8 => out.push((z >> 56) as u8),
            _ => out.extend(((((z >> 40) as i64 - (1 << 23)) as f32) / 32768.0).to_le_bytes()),
        }
    }
    out
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn usizes(v: &Value) -> Vec<usize> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect()
}

fn geometry(op: &str, args: &[Value]) -> Geometry {
    let n = |i: usize| args[i].as_i64().unwrap();
    match op {
        "resize_bilinear" | "resize_nearest" => Geometry::Resize {
            height: n(0) as usize,
            width: n(1) as usize,
            method: if op == "resize_bilinear" {
                ResizeMethod::Bilinear
            } else {
                ResizeMethod::NearestNeighbor
            },
        },
        "crop_or_pad" => Geometry::CropOrPad {
            height: n(0) as usize,
            width: n(1) as usize,
        },
        "rot90" => Geometry::Rot90 { k: n(0) as i32 },
        "grayscale" => Geometry::Grayscale,
        other => panic!("unknown op {other}"),
    }
}

/// Runs one case; returns a description of the mismatch, if any.
fn check(case: &Value) -> Result<(), String> {
    let ty = match case["dtype"].as_str().unwrap() {
        "uint8" => ElementType::Uint8,
        _ => ElementType::Float32,
    };
    let s = usizes(&case["shape"]);
    let shape = ImageShape::new(s[0], s[1], s[2]).unwrap();
    let input = match (&case["input"]["seed"], &case["input"]["hex"]) {
        (Value::Number(seed), _) => pixels(seed.as_u64().unwrap(), ty, shape.len()),
        (_, Value::String(h)) => hex(h),
        _ => panic!("no input"),
    };
    let op = case["op"].as_str().unwrap();
    let mut program = Vec::new();
    let mut norm = None;
    if op == "chain" {
        for step in case["args"].as_array().unwrap() {
            let step = step.as_array().unwrap();
            match step[0].as_str().unwrap() {
                "normalize" => {
                    norm = Some((
                        step[1].as_f64().unwrap() as f32,
                        step[2].as_f64().unwrap() as f32,
                    ))
                }
                name => program.push(geometry(name, &step[1..])),
            }
        }
    } else {
        program.push(geometry(op, case["args"].as_array().unwrap()));
    }
    let (mean, std) = norm.map(|(m, s)| ([m], [s])).unwrap_or(([0.0], [1.0]));
    let steps: Vec<Step<'_>> = match norm {
        Some(_) => vec![Step::Normalize {
            mean: &mean,
            stddev: &std,
        }],
        None => vec![],
    };
    let dst_ty = if norm.is_some() {
        ElementType::Float32
    } else {
        ty
    };
    let o = usizes(&case["out_shape"]);
    let out_len = o.iter().product::<usize>();
    let mut out = vec![0u8; out_len * dst_ty.size()];
    let got_shape = pipeline::run(
        &input,
        ty,
        ByteOrder::Little,
        shape,
        &program,
        &steps,
        &mut out,
        dst_ty,
    )
    .map_err(|e| format!("error {e:?}"))?;
    if [got_shape.height, got_shape.width, got_shape.channels] != o[..] {
        return Err(format!("shape {got_shape:?}, expected {o:?}"));
    }
    match (&case["output"]["hex"], &case["output"]["sha256"]) {
        (Value::String(h), _) => {
            let want = hex(h);
            if want != out {
                let first = want.iter().zip(&out).position(|(a, b)| a != b).unwrap_or(0);
                return Err(format!("bytes differ from byte {first} of {}", want.len()));
            }
        }
        (_, Value::String(h)) => {
            let got: String = Sha256::digest(&out)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            if &got != h {
                return Err("sha256 differs".into());
            }
        }
        _ => panic!("no output"),
    }
    Ok(())
}

#[test]
fn every_vector_matches_tensorflow() {
    let mut failures = Vec::new();
    let mut count = 0;
    for line in VECTORS.lines().filter(|l| !l.is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        count += 1;
        if let Err(e) = check(&case) {
            failures.push(format!(
                "{} {} {:?} {} -> {}: {e}",
                case["op"],
                case["dtype"],
                case["shape"].to_string(),
                case["args"],
                case["out_shape"]
            ));
        }
    }
    assert!(count > 700, "only {count} vectors");
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
