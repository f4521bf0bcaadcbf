//! The fused pipeline against the one-op-at-a-time path on random chains, hand-computed cases and
//! the error rules. TensorFlow's own numbers are checked by `tests/image_vectors.rs`.

use super::pipeline::{run, run_keeping};
use super::{Geometry, ImageShape, ResizeMethod, output_shape};
use crate::ErrorKind;
use crate::lite::ops::{self, Step};
use crate::lite::{ByteOrder, ElementType};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn dim(&mut self) -> usize {
        if self.below(4) == 0 {
            1 + self.below(60) as usize
        } else {
            1 + self.below(9) as usize
        }
    }
}

fn random_image(rng: &mut Rng, ty: ElementType, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * ty.size());
    for _ in 0..n {
        let z = rng.next();
        match ty {
            ElementType::Uint8 => out.push(z as u8),
            ElementType::Int8 => out.push(z as u8),
            ElementType::Int16 => out.extend((z as i16).to_ne_bytes()),
            ElementType::Int32 => out.extend((z as i32).to_ne_bytes()),
            ElementType::Int64 => out.extend((z as i64).to_ne_bytes()),
            ElementType::Float32 => {
                // Mostly ordinary values, some subnormals, infinities and NaNs.
                let v = match z % 50 {
                    0 => f32::INFINITY,
                    1 => f32::NEG_INFINITY,
                    // Miri picks NaN payloads at random, so byte comparisons leave NaN out there.
                    2 if !cfg!(miri) => f32::NAN,
                    3 => f32::from_bits((z >> 40) as u32 & 0x007F_FFFF),
                    _ => ((z >> 40) as i64 - (1 << 23)) as f32 / 4096.0,
                };
                out.extend(v.to_ne_bytes());
            }
        }
    }
    out
}

fn random_step(rng: &mut Rng, gray_ok: bool) -> Geometry {
    match rng.below(if gray_ok { 5 } else { 4 }) {
        0 => Geometry::Resize {
            height: rng.dim(),
            width: rng.dim(),
            method: ResizeMethod::Bilinear,
        },
        1 => Geometry::Resize {
            height: rng.dim(),
            width: rng.dim(),
            method: ResizeMethod::NearestNeighbor,
        },
        2 => Geometry::CropOrPad {
            height: rng.dim(),
            width: rng.dim(),
        },
        3 => Geometry::Rot90 {
            k: rng.below(11) as i32 - 5,
        },
        _ => Geometry::Grayscale,
    }
}

/// Each geometry step by itself (materialized in the image's type), then the elementwise steps
/// by `ops::run`: the path the Java ops take one by one.
fn step_by_step(
    src: &[u8],
    ty: ElementType,
    shape: ImageShape,
    program: &[Geometry],
    steps: &[Step<'_>],
    dst_ty: ElementType,
) -> (Vec<u8>, Vec<u8>, ImageShape) {
    let mut image = src.to_vec();
    let mut shape = shape;
    for g in program {
        let next = output_shape(shape, std::slice::from_ref(g)).unwrap();
        let mut out = vec![0u8; next.len() * ty.size()];
        run(
            &image,
            ty,
            ByteOrder::NATIVE,
            shape,
            std::slice::from_ref(g),
            &[],
            &mut out,
            ty,
        )
        .unwrap();
        image = out;
        shape = next;
    }
    if steps.is_empty() && dst_ty == ty {
        // No op at all: the image itself (as ElementwiseOps returns its input).
        return (image.clone(), image, shape);
    }
    let mut dst = vec![0u8; shape.len() * dst_ty.size()];
    ops::run(&image, ty, ByteOrder::NATIVE, steps, &mut dst, dst_ty).unwrap();
    (dst, image, shape)
}

#[test]
fn fused_chains_equal_the_steps_one_by_one() {
    let mut rng = Rng(7);
    let types = [
        ElementType::Uint8,
        ElementType::Float32,
        ElementType::Int8,
        ElementType::Int16,
        ElementType::Int32,
        ElementType::Int64,
    ];
    let mean = [127.5f32, 3.0, -1.0];
    let std = [127.5f32, 0.5, 2.0];
    let mut checked = 0;
    for round in 0..600 {
        let ty = types[round % types.len()];
        let gray_ok = matches!(ty, ElementType::Uint8 | ElementType::Float32);
        let channels = if gray_ok && rng.below(2) == 0 {
            3
        } else {
            [1, 2, 3, 4][rng.below(4) as usize]
        };
        let shape = ImageShape::new(rng.dim(), rng.dim(), channels).unwrap();
        let program: Vec<Geometry> = (0..rng.below(6))
            .map(|_| random_step(&mut rng, gray_ok && channels == 3))
            .collect();
        let Ok(out) = output_shape(shape, &program) else {
            continue;
        };
        let src = random_image(&mut rng, ty, shape.len());
        let per_channel = out.channels == 3 && rng.below(2) == 0;
        let (m, s): (&[f32], &[f32]) = if per_channel {
            (&mean, &std)
        } else {
            (&mean[..1], &std[..1])
        };
        let steps: Vec<Step<'_>> = match rng.below(4) {
            0 => vec![],
            1 => vec![Step::Normalize { mean: m, stddev: s }],
            2 => vec![Step::Normalize { mean: m, stddev: s }, Step::ToUint8],
            _ => vec![Step::ToUint8, Step::Normalize { mean: m, stddev: s }],
        };
        let dst_ty = match steps.last() {
            None => ty,
            Some(Step::ToUint8) => ElementType::Uint8,
            Some(_) => ElementType::Float32,
        };
        let (want, want_image, want_shape) =
            step_by_step(&src, ty, shape, &program, &steps, dst_ty);
        assert_eq!(want_shape, out);
        let mut got = vec![0u8; out.len() * dst_ty.size()];
        let mut kept = vec![0u8; out.len() * ty.size()];
        run_keeping(
            &src,
            ty,
            ByteOrder::NATIVE,
            shape,
            &program,
            &steps,
            &mut got,
            dst_ty,
            Some(&mut kept),
        )
        .unwrap();
        assert!(
            same_image(&got, &want, dst_ty),
            "round {round}: {ty:?} {shape:?} {program:?} {} steps",
            steps.len()
        );
        assert!(
            same_image(&kept, &want_image, ty),
            "round {round}: geometry result of {program:?}"
        );
        checked += 1;
    }
    assert!(checked > 400, "only {checked} chains applied");
}

fn u8_run(shape: (usize, usize, usize), program: &[Geometry], src: &[u8]) -> Vec<u8> {
    let shape = ImageShape::new(shape.0, shape.1, shape.2).unwrap();
    let out = output_shape(shape, program).unwrap();
    let mut dst = vec![0u8; out.len()];
    run(
        src,
        ElementType::Uint8,
        ByteOrder::NATIVE,
        shape,
        program,
        &[],
        &mut dst,
        ElementType::Uint8,
    )
    .unwrap();
    dst
}

#[test]
fn rot90_turns_counter_clockwise_for_any_k() {
    // 1 2 3
    // 4 5 6
    let src = [1, 2, 3, 4, 5, 6];
    let one = [3, 6, 2, 5, 1, 4];
    let two = [6, 5, 4, 3, 2, 1];
    let three = [4, 1, 5, 2, 6, 3];
    for (k, want) in [
        (1, &one),
        (2, &two),
        (3, &three),
        (-1, &three),
        (-3, &one),
        (5, &one),
        (-6, &two),
    ] {
        assert_eq!(
            &u8_run((2, 3, 1), &[Geometry::Rot90 { k }], &src)[..],
            &want[..],
            "k = {k}"
        );
    }
    assert_eq!(u8_run((2, 3, 1), &[Geometry::Rot90 { k: -4 }], &src), src);
}

#[test]
fn crop_or_pad_centres_with_the_floor_offset() {
    // Padding 1x2 into 4x3: offsets (4-1)/2 = 1 row, (3-2)/2 = 0 columns.
    let got = u8_run(
        (1, 2, 1),
        &[Geometry::CropOrPad {
            height: 4,
            width: 3,
        }],
        &[7, 8],
    );
    assert_eq!(got, [0, 0, 0, 7, 8, 0, 0, 0, 0, 0, 0, 0]);
    // Cropping 3x4 to 2x1: offsets (3-2)/2 = 0, (4-1)/2 = 1.
    let src: Vec<u8> = (1..=12).collect();
    assert_eq!(
        u8_run(
            (3, 4, 1),
            &[Geometry::CropOrPad {
                height: 2,
                width: 1
            }],
            &src
        ),
        [2, 6]
    );
}

#[test]
fn uint8_bilinear_rounds_half_to_even() {
    // 1x2 -> 1x4: coordinates -0.25, 0.25, 0.75, 1.25; weights on [0, 3]: 0, .25, .75, 1 -> 0,
    // 0.75, 2.25, 3 -> 0, 1, 2, 3.
    let resize = [Geometry::Resize {
        height: 1,
        width: 4,
        method: ResizeMethod::Bilinear,
    }];
    assert_eq!(u8_run((1, 2, 1), &resize, &[0, 3]), [0, 1, 2, 3]);
    // [0, 2]: 0, 0.5, 1.5, 2 -> 0, 0 (half to even), 2 (half to even), 2.
    assert_eq!(u8_run((1, 2, 1), &resize, &[0, 2]), [0, 0, 2, 2]);
    // [1, 3]: 1, 1.5, 2.5, 3 -> 1, 2, 2, 3.
    assert_eq!(u8_run((1, 2, 1), &resize, &[1, 3]), [1, 2, 2, 3]);
}

#[test]
fn nearest_uses_float32_coordinates() {
    // 2 -> 41: scale = float32(2/41); exact arithmetic puts output 20 at (20.5 * 2 / 41) = 1.0
    // (source 1); the float32 product is just below 1, so TensorFlow picks source 0.
    let resize = [Geometry::Resize {
        height: 1,
        width: 41,
        method: ResizeMethod::NearestNeighbor,
    }];
    let got = u8_run((1, 2, 1), &resize, &[10, 20]);
    let scale = 2f32 / 41f32;
    let want: Vec<u8> = (0..41)
        .map(|i| {
            if (((i as f32) + 0.5) * scale).floor() >= 1.0 {
                20
            } else {
                10
            }
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(
        got[20], 10,
        "the float32 coordinate of output 20 rounds below 1"
    );
}

/// Native-order f32 bytes, bit for bit, except that any NaN equals any NaN: the sign and payload
/// of a NaN result are not part of the contract (x86 vector and scalar code propagate different
/// NaN bits depending on operand order, and Miri picks them at random).
fn assert_same_floats(got: &[u8], want: &[u8]) {
    assert!(same_floats(got, want), "{got:?} vs {want:?}");
}

fn same_floats(got: &[u8], want: &[u8]) -> bool {
    got.len() == want.len()
        && got.chunks(4).zip(want.chunks(4)).all(|(g, w)| {
            let (g, w) = (
                f32::from_ne_bytes(g.try_into().unwrap()),
                f32::from_ne_bytes(w.try_into().unwrap()),
            );
            g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan())
        })
}

/// Equal image bytes of type `ty` (FLOAT32 by [`same_floats`]).
fn same_image(got: &[u8], want: &[u8], ty: ElementType) -> bool {
    if ty == ElementType::Float32 {
        same_floats(got, want)
    } else {
        got == want
    }
}

#[test]
fn big_endian_and_misaligned_sources_read_the_same_values() {
    let mut rng = Rng(3);
    let shape = ImageShape::new(5, 7, 3).unwrap();
    let src = random_image(&mut rng, ElementType::Float32, shape.len());
    let program = [
        Geometry::Rot90 { k: 1 },
        Geometry::Resize {
            height: 9,
            width: 4,
            method: ResizeMethod::Bilinear,
        },
    ];
    let out = output_shape(shape, &program).unwrap();
    let mut want = vec![0u8; out.len() * 4];
    run(
        &src,
        ElementType::Float32,
        ByteOrder::NATIVE,
        shape,
        &program,
        &[],
        &mut want,
        ElementType::Float32,
    )
    .unwrap();
    let swapped: Vec<u8> = src
        .chunks(4)
        .flat_map(|c| c.iter().rev().copied().collect::<Vec<_>>())
        .collect();
    let other = if ByteOrder::NATIVE == ByteOrder::Little {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };
    let mut got = vec![0u8; want.len()];
    run(
        &swapped,
        ElementType::Float32,
        other,
        shape,
        &program,
        &[],
        &mut got,
        ElementType::Float32,
    )
    .unwrap();
    assert_same_floats(&got, &want);
    let mut shifted = vec![0u8; src.len() + 1];
    shifted[1..].copy_from_slice(&src);
    run(
        &shifted[1..],
        ElementType::Float32,
        ByteOrder::NATIVE,
        shape,
        &program,
        &[],
        &mut got,
        ElementType::Float32,
    )
    .unwrap();
    assert_same_floats(&got, &want);
}

#[test]
fn wide_integers_move_exactly() {
    let shape = ImageShape::new(2, 2, 1).unwrap();
    let values = [i64::MAX, i64::MIN, (1 << 53) + 1, -3];
    let src: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let mut dst = vec![0u8; 32];
    run(
        &src,
        ElementType::Int64,
        ByteOrder::NATIVE,
        shape,
        &[Geometry::Rot90 { k: 2 }],
        &[],
        &mut dst,
        ElementType::Int64,
    )
    .unwrap();
    let got: Vec<i64> = dst
        .chunks(8)
        .map(|c| i64::from_ne_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(got, [-3, (1 << 53) + 1, i64::MIN, i64::MAX]);
}

#[test]
fn errors_name_the_rule() {
    let shape = ImageShape::new(2, 2, 4).unwrap();
    let err = output_shape(shape, &[Geometry::Grayscale]).unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidArgument);
    assert!(err.message.contains("3 channels"), "{}", err.message);
    assert_eq!(
        ImageShape::new(0, 2, 3).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        ImageShape::new(1 << 20, 1 << 20, 3).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    let resize0 = [Geometry::Resize {
        height: 0,
        width: 3,
        method: ResizeMethod::Bilinear,
    }];
    assert_eq!(
        output_shape(shape, &resize0).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    let rgb = ImageShape::new(1, 1, 3).unwrap();
    let mut dst = [0u8; 2];
    let err = run(
        &[0u8; 6],
        ElementType::Int16,
        ByteOrder::NATIVE,
        rgb,
        &[Geometry::Grayscale],
        &[],
        &mut dst,
        ElementType::Int16,
    )
    .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unimplemented);
    // Wrong source and destination lengths.
    let mut dst = [0u8; 3];
    assert_eq!(
        run(
            &[0u8; 2],
            ElementType::Uint8,
            ByteOrder::NATIVE,
            rgb,
            &[],
            &[],
            &mut dst,
            ElementType::Uint8
        )
        .unwrap_err()
        .kind,
        ErrorKind::InvalidArgument
    );
    let mut short = [0u8; 2];
    assert_eq!(
        run(
            &[0u8; 3],
            ElementType::Uint8,
            ByteOrder::NATIVE,
            rgb,
            &[],
            &[],
            &mut short,
            ElementType::Uint8
        )
        .unwrap_err()
        .kind,
        ErrorKind::InvalidArgument
    );
}
